/**
 * The signed-in user's business, alone in its module: the ad form asks for it ("post as"), and
 * should not load the directory's and pages' queries with it.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnBusinessResponse } from "@unaa/contracts";
import { api } from "../../lib/app-state.ts";

export const businessKeys = {
  mine: (userId: number) => ["businesses", "mine", userId] as const,
};

/** The signed-in user's business (null: none yet). */
export function useOwnBusiness(userId: number | undefined) {
  return useQuery(
    queryOptions({
      queryKey: businessKeys.mine(userId ?? 0),
      queryFn: ({ signal }) => api.get<OwnBusinessResponse>("/api/businesses/mine", { signal }),
      enabled: userId !== undefined,
    }),
  );
}
