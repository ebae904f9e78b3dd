import { queryOptions } from "@tanstack/react-query";
import type { AdCard } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";

/** `GET /api/ads/cards`: the cards of these ads. Silent: the favourites page offers a retry itself. */
export async function getAdCards(ids: readonly number[], signal: AbortSignal): Promise<AdCard[]> {
  const answer = await api.get<{ items: AdCard[] }>("/api/ads/cards", {
    query: { ids: ids.join(",") },
    signal,
    silent: true,
  });
  return answer.items;
}

export function adCardsQueryOptions(ids: readonly number[]) {
  return queryOptions({
    queryKey: ["ads", "cards", ids],
    queryFn: ({ signal }) => getAdCards(ids, signal),
  });
}
