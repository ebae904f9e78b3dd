import { Outlet } from "react-router";
import { serverContext } from "#server-context";
import { clientState } from "../lib/app-state.ts";
import { applyGate } from "../lib/gates.ts";
import type { Route } from "./+types/guest.ts";

/** The "guest" gate (spec section 6), checked on the server for SSR and in the browser on navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  applyGate("guest", context.get(serverContext).viewer, request);
  return null;
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  applyGate("guest", clientState.getSnapshot().auth, request);
  return null;
}

export default function Gate() {
  return <Outlet />;
}
