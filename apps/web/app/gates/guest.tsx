import { Navigate, Outlet, useLocation } from "react-router";
import { serverContext } from "#server-context";
import { clientState } from "../lib/app-state.ts";
import { applyGate, signedInTarget } from "../lib/gates.ts";
import { useSession, whenSessionRestored } from "../lib/session.ts";
import type { Route } from "./+types/guest.ts";

/** The "guest" gate (spec section 6), checked on the server for SSR and in the browser on navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  applyGate("guest", context.get(serverContext).viewer, request);
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // A navigation during the start-up session restore waits for it, or a signed-in visitor would
  // be treated as a guest.
  await whenSessionRestored();
  applyGate("guest", clientState.getSnapshot().auth, request);
  return null;
}

/** Signing in on the page (login, sign-up, reset, Google) leaves for the `redirect` target. */
export default function Gate() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "signed-in") return <Navigate to={signedInTarget(location)} replace />;
  return <Outlet />;
}
