import { Outlet } from "react-router";
import { serverContext } from "#server-context";
import { clientState } from "../lib/app-state.ts";
import { applyGate } from "../lib/gates.ts";
import type { Route } from "./+types/dashboard.ts";

/** The "dashboard" gate (spec section 6), checked on the server for SSR and in the browser on navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  applyGate("dashboard", context.get(serverContext).viewer, request);
  return null;
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  applyGate("dashboard", clientState.getSnapshot().auth, request);
  return null;
}

export default function Gate() {
  return <Outlet />;
}
