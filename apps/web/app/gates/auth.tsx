import { serverContext } from "#server-context";
import { clientState } from "../lib/app-state.ts";
import { applyGate } from "../lib/gates.ts";
import { whenSessionRestored } from "../lib/session.ts";
import type { Route } from "./+types/auth.ts";

/** The "auth" gate (spec section 6), checked on the server for SSR and in the browser on navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  applyGate("auth", context.get(serverContext).viewer, request);
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // A navigation during the start-up session restore waits for it, or a signed-in visitor would
  // be treated as a guest.
  await whenSessionRestored();
  applyGate("auth", clientState.getSnapshot().auth, request);
  return null;
}

export { SignedInOutlet as default } from "./signed-in-outlet.tsx";
