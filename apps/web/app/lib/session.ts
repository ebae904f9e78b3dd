/**
 * The signed-in state as the interface sees it, and session restore at app start (spec S4.1,
 * S4.4): when the server saw a signed-in viewer, the browser asks `POST /api/auth/refresh` once for
 * the user and an access token; a guest never refreshes.
 */
import type { Me } from "@unaa/contracts";
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { api, clientState } from "./app-state.ts";

export type SessionStatus = "restoring" | "signed-in" | "guest";

type RestoreState = "idle" | "pending" | "done";

let restoreState: RestoreState = "idle";
let restorePromise: Promise<void> | null = null;
const restoreListeners = new Set<() => void>();

function setRestoreState(next: RestoreState): void {
  restoreState = next;
  for (const listener of restoreListeners) listener();
}

function subscribeRestore(listener: () => void): () => void {
  restoreListeners.add(listener);
  return () => {
    restoreListeners.delete(listener);
  };
}

/**
 * Restores the session once per page load. A 403 (session ended, blocked) clears it; a network
 * failure leaves the visitor signed out for this page load rather than stuck waiting.
 */
export function restoreSession(): Promise<void> {
  if (!restorePromise) {
    setRestoreState("pending");
    restorePromise = api
      .refresh()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => setRestoreState("done"));
  }
  return restorePromise;
}

/** Resolves once a started restore has finished (at once when none was started). */
export function whenSessionRestored(): Promise<void> {
  return restorePromise ?? Promise.resolve();
}

const noUser = () => null;

/**
 * Every user stored in the client state is a `Me` from the API (sign-in, refresh, profile calls),
 * so the client state's narrower user type is widened back here, in one place.
 */
export function useCurrentUser(): Me | null {
  return useSyncExternalStore(
    clientState.subscribe,
    () => clientState.getSnapshot().auth,
    noUser,
  ) as Me | null;
}

/** Whether the server rendered this page for a signed-in viewer (the root loader tells). */
function useServerSawSession(): boolean {
  const data = useRouteLoaderData("root") as { hasSession?: boolean } | undefined;
  return data?.hasSession === true;
}

export function useSession(): { user: Me | null; status: SessionStatus } {
  const user = useCurrentUser();
  const restore = useSyncExternalStore(
    subscribeRestore,
    () => restoreState,
    () => "idle" as const,
  );
  const serverSawSession = useServerSawSession();
  if (user) return { user, status: "signed-in" };
  if (serverSawSession && restore !== "done") return { user: null, status: "restoring" };
  return { user: null, status: "guest" };
}
