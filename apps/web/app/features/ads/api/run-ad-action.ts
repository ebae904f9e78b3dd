import type { Ad, AdOwnerAction } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/**
 * `POST /api/ads/{id}/{action}`: publish, archive, extend… An error answer shows the client's error
 * toast (S8.2); the ad form passes `silent`, as it shows the API's errors beside its fields.
 */
export function runAdAction(
  id: number,
  action: AdOwnerAction,
  options: { silent?: boolean } = {},
): Promise<Ad> {
  return api.post<Ad>(`/api/ads/${id}/${action}`, undefined, options);
}
