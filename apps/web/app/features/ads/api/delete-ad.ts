import { api } from "../../../lib/app-state.ts";

/** `DELETE /api/ads/{id}`. An error answer shows the client's error toast (S8.2). */
export function deleteAd(id: number): Promise<void> {
  return api.del<void>(`/api/ads/${id}`);
}
