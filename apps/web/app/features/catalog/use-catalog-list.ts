import { useEffect, useState } from "react";

export interface CatalogListState<T> {
  data: T | undefined;
  isLoading: boolean;
  hasFailed: boolean;
}

/**
 * Loads one catalogue list in the browser when `key` names one (null: nothing to load, e.g. no mark
 * chosen yet). An answer that arrives after the key changed is dropped.
 */
export function useCatalogList<T>(
  key: string | null,
  load: () => Promise<T>,
  initial?: T,
): CatalogListState<T> {
  const [state, setState] = useState<CatalogListState<T> & { key: string | null }>({
    key: initial === undefined ? null : key,
    data: initial,
    isLoading: false,
    hasFailed: false,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` fetches.
  useEffect(() => {
    if (key === null) {
      setState({ key, data: undefined, isLoading: false, hasFailed: false });
      return;
    }
    if (state.key === key && state.data !== undefined) return;
    let isCurrent = true;
    setState({ key, data: undefined, isLoading: true, hasFailed: false });
    load().then(
      (data) => {
        if (isCurrent) setState({ key, data, isLoading: false, hasFailed: false });
      },
      () => {
        if (isCurrent) setState({ key, data: undefined, isLoading: false, hasFailed: true });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [key]);

  return state.key === key ? state : { data: undefined, isLoading: key !== null, hasFailed: false };
}
