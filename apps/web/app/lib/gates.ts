import { redirect } from "react-router";
import type { GateName } from "../route-gates.ts";
import { isStaff } from "./client-state.ts";
import { localeFromPath, localizePath } from "./i18n.ts";
import { notFound } from "./not-found.ts";

export interface GateViewer {
  roles: readonly string[];
}

/** A `redirect` query target is followed only when it is a path on this site. */
export function safeRedirectTarget(target: string | null, fallback: string): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  return target;
}

/**
 * The rules of the three gates (requirements P1), the same on the server (SSR) and in the
 * browser: guest → only signed out; auth → only signed in, else to /login?redirect=…; dashboard →
 * only staff, others get the 404 page so the dashboard is not advertised.
 */
export function applyGate(name: GateName, viewer: GateViewer | null, request: Request): void {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  switch (name) {
    case "guest":
      if (viewer)
        throw redirect(safeRedirectTarget(url.searchParams.get("redirect"), localizePath("/", locale)));
      return;
    case "auth":
      if (!viewer) {
        const target = encodeURIComponent(`${url.pathname}${url.search}`);
        throw redirect(`${localizePath("/login", locale)}?redirect=${target}`);
      }
      return;
    case "dashboard":
      if (!isStaff(viewer)) notFound(url);
      return;
  }
}
