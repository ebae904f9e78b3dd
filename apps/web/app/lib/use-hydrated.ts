import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs the page. Forms keep their
 * submit button disabled until then: a native submit before hydration would send the password in
 * the address (a GET to the page itself).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
