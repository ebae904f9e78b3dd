import { Navigate, Outlet, useLocation } from "react-router";
import { loginTarget } from "../lib/gates.ts";
import { useSession } from "../lib/session.ts";

/**
 * The page of a gate for signed-in visitors (auth, dashboard). In the browser the session can end on
 * the page (sign-out elsewhere, an ended session): then to the login page, and back after.
 */
export function SignedInOutlet() {
  const { status } = useSession();
  const location = useLocation();
  if (status === "guest") return <Navigate to={loginTarget(location)} replace />;
  return <Outlet />;
}
