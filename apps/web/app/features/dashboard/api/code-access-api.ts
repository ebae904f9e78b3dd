/** `/api/dashboard/code-access` (decision 067): who may read the codes log; admins grant it. */
import { queryOptions } from "@tanstack/react-query";
import type { CodeAccessList } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

export const codeAccessKey = (viewerId: number | undefined) =>
  ["dashboard", viewerId, "code-access"] as const;

export function codeAccessQueryOptions(viewerId: number | undefined) {
  return queryOptions({
    queryKey: codeAccessKey(viewerId),
    queryFn: ({ signal }) => api.get<CodeAccessList>("/api/dashboard/code-access", { signal, silent: true }),
    enabled: viewerId !== undefined,
  });
}

/** Grant or revoke; the answer is the new list. */
export function setCodeAccess(userId: number, granted: boolean): Promise<CodeAccessList> {
  return api.put<CodeAccessList>(`/api/dashboard/code-access/${userId}`, { granted });
}
