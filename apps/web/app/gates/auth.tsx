import { Outlet } from "react-router";
import { serverContext } from "#server-context";
import { clientState } from "../lib/app-state.ts";
import { applyGate } from "../lib/gates.ts";
import type { Route } from "./+types/auth.ts";

/** The "auth" gate (spec section 6), checked on the server for SSR and in the browser on navigation. */
export function loader({ request, context }: Route.LoaderArgs) {
  applyGate("auth", context.get(serverContext).viewer, request);
  return null;
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  applyGate("auth", clientState.getSnapshot().auth, request);
  return null;
}

export default function Gate() {
  return <Outlet />;
}
