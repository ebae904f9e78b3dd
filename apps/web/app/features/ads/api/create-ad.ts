import type { Ad, AdInput } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `POST /api/ads`: a new ad, a draft until it is published. Silent: the ad form shows the errors. */
export function createAd(input: AdInput): Promise<Ad> {
  return api.post<Ad>("/api/ads", input, { silent: true });
}
