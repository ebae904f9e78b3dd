import { Navigate, Outlet, useLocation } from "react-router";
import { serverContext } from "#server-context";
import { clientState } from "../lib/app-state.ts";
import { applyGate } from "../lib/gates.ts";
import { localeFromPath, localizePath } from "../lib/i18n.ts";
import { useSession, whenSessionRestored } from "../lib/session.ts";
import type { Route } from "./+types/dashboard.ts";

/** The "dashboard" gate (spec section 6), checked on the server for SSR and in the browser on navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  applyGate("dashboard", context.get(serverContext).viewer, request);
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // A navigation during the start-up session restore waits for it, or a signed-in visitor would
  // be treated as a guest.
  await whenSessionRestored();
  applyGate("dashboard", clientState.getSnapshot().auth, request);
  return null;
}

/** In the browser the session can end on the page (sign-out elsewhere, an ended session): to login. */
export default function Gate() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "guest") {
    const target = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <Navigate
        to={`${localizePath("/login", localeFromPath(location.pathname))}?redirect=${target}`}
        replace
      />
    );
  }
  return <Outlet />;
}
