import { useDebouncedValue } from "@mantine/hooks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdSearchResponse, Vertical } from "@unaa/contracts";
import { useEffect, useRef } from "react";
import { api } from "../../../lib/app-state.ts";
import type { ListQuery } from "../ad-list-query.ts";

/** How long the filters rest before their count is asked. */
const COUNT_PAUSE_MS = 350;

export interface AdCount {
  total: number;
  isExact: boolean;
}

/**
 * How many ads a set of filters finds (`limit=1`). Silent and without a retry: a count follows the
 * filters as they change, and the button it labels just says "Show ads" when it cannot tell.
 */
export async function countAds(
  vertical: Vertical,
  filters: ListQuery,
  signal: AbortSignal,
): Promise<AdCount> {
  const page = await api.get<AdSearchResponse>("/api/ads", {
    query: { vertical, ...filters, limit: 1 },
    signal,
    silent: true,
    retry: 0,
  });
  return { total: page.total, isExact: page.totalIsExact };
}

export function adCountQueryOptions(vertical: Vertical, filters: ListQuery) {
  return queryOptions({
    queryKey: ["ads", "count", vertical, filters],
    queryFn: ({ signal }) => countAds(vertical, filters, signal),
  });
}

export interface LiveCount {
  total: number | null;
  isExact: boolean;
  isLoading: boolean;
}

/**
 * The count of filters being edited (the phone's filter drawer), asked after a short pause in the
 * changes; a newer question cancels the older one (the query's signal). While it is asked, the
 * count shown before stays. `known` answers for the filters the page already shows.
 */
export function useLiveCount(
  vertical: Vertical,
  filters: ListQuery,
  known: { filters: ListQuery; total: number; isExact: boolean },
): LiveCount {
  const key = JSON.stringify(filters);
  const [settledKey] = useDebouncedValue(key, COUNT_PAUSE_MS);
  const isKnown = key === JSON.stringify(known.filters);
  const query = useQuery({
    ...adCountQueryOptions(vertical, JSON.parse(settledKey) as ListQuery),
    enabled: !isKnown && settledKey === key,
  });
  // What the last settled render showed: it stays on the button while the next count is asked.
  const shown = useRef<Omit<LiveCount, "isLoading">>({ total: known.total, isExact: known.isExact });
  const count: LiveCount = isKnown
    ? { total: known.total, isExact: known.isExact, isLoading: false }
    : settledKey !== key
      ? { ...shown.current, isLoading: true }
      : query.isFetching
        ? { ...(query.data ?? shown.current), isLoading: true }
        : { ...(query.data ?? { total: null, isExact: true }), isLoading: false };
  useEffect(() => {
    if (!count.isLoading) shown.current = { total: count.total, isExact: count.isExact };
  });
  return count;
}
