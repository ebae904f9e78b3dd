import type { Ad, AdInput } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `PUT /api/ads/{id}`: the owner's edit. Silent: the ad form shows the errors beside their fields. */
export function updateAd(id: number, input: AdInput): Promise<Ad> {
  return api.put<Ad>(`/api/ads/${id}`, input, { silent: true });
}
