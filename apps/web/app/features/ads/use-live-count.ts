import type { AdSearchResponse, Vertical } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { api } from "../../lib/app-state.ts";
import type { ListQuery } from "./ad-list-query.ts";

const COUNT_PAUSE_MS = 350;

export interface LiveCount {
  total: number | null;
  isExact: boolean;
  isLoading: boolean;
}

/**
 * How many ads a set of filters finds, asked of the API (`limit=1`) after a short pause in the
 * changes; a newer question cancels the older one. `known` answers for the filters already shown.
 */
export function useLiveCount(
  vertical: Vertical,
  filters: ListQuery,
  known: { filters: ListQuery; total: number; isExact: boolean },
): LiveCount {
  const key = JSON.stringify(filters);
  const isKnown = key === JSON.stringify(known.filters);
  const [state, setState] = useState<LiveCount & { key: string }>({
    key,
    total: known.total,
    isExact: known.isExact,
    isLoading: false,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `filters`.
  useEffect(() => {
    if (isKnown) {
      setState({ key, total: known.total, isExact: known.isExact, isLoading: false });
      return;
    }
    setState((current) => ({ ...current, key, isLoading: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<AdSearchResponse>("/api/ads", {
          query: { vertical, ...filters, limit: 1 },
          signal: controller.signal,
          silent: true,
          retry: 0,
        })
        .then(
          (page) => setState({ key, total: page.total, isExact: page.totalIsExact, isLoading: false }),
          () => {
            if (!controller.signal.aborted) setState({ key, total: null, isExact: true, isLoading: false });
          },
        );
    }, COUNT_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, vertical, isKnown, known.total, known.isExact]);

  return state;
}
