import { safeRedirectPath } from "@unaa/contracts";
import { redirect } from "react-router";
import type { GateName } from "../route-gates.ts";
import { isStaff } from "./client-state.ts";
import { localeFromPath, localizeHref, localizePath } from "./i18n.ts";
import { notFound } from "./not-found.ts";

export interface GateViewer {
  roles: readonly string[];
  /** Granted the dashboard's codes log in code-access (opens `codes` to a moderator). */
  codeAccess?: boolean;
}

/**
 * Where a guest page (sign-in, password reset) sends a visitor once signed in: its `redirect`
 * target, else home, in the language of that page (a guest who switched language there keeps it).
 */
export function signedInTarget({ pathname, search }: { pathname: string; search: string }): string {
  const target = safeRedirectPath(new URLSearchParams(search).get("redirect"), "/");
  return localizeHref(target, localeFromPath(pathname));
}

/** Where a guest who opened a signed-in page goes: the login page in its language, back here after. */
export function loginTarget({ pathname, search }: { pathname: string; search: string }): string {
  const target = encodeURIComponent(`${pathname}${search}`);
  return `${localizePath("/login", localeFromPath(pathname))}?redirect=${target}`;
}

/**
 * The rules of the three gates (requirements P1), the same on the server (SSR) and in the
 * browser: guest → only signed out; auth → only signed in, else to /login?redirect=…; dashboard →
 * only staff, others get the 404 page so the dashboard is not advertised.
 */
export function applyGate(name: GateName, viewer: GateViewer | null, request: Request): void {
  const url = new URL(request.url);
  switch (name) {
    case "guest":
      if (viewer) throw redirect(signedInTarget(url));
      return;
    case "auth":
      if (!viewer) throw redirect(loginTarget(url));
      return;
    case "dashboard":
      if (!isStaff(viewer)) notFound(url);
      return;
  }
}
