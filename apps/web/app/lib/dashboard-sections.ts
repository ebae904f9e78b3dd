import {
  type DashboardSection,
  dashboardSectionNames,
  type SectionAccess,
  sectionAccess,
} from "@unaa/contracts";
import type { GateViewer } from "./gates.ts";
import { stripLocale } from "./i18n.ts";
import { notFound } from "./not-found.ts";
import { pagePathOf } from "./route-url.ts";

/** The sections with a page of their own under /dashboard (`index` is /dashboard itself, S2.8). */
export const dashboardSectionPages = dashboardSectionNames.filter(
  (section): section is Exclude<DashboardSection, "index"> => section !== "index",
);

/** "code-access" → "page.dashboardCodeAccess.title"; `index` → "page.dashboard.title". */
export function dashboardTitleKey(section: string): string {
  if (section === "index") return "page.dashboard.title";
  const pascal = section.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());
  return `page.dashboard${pascal}.title`;
}

/** "/ky/dashboard/users/12" → "users"; "/dashboard" → "index"; null when not a section. */
export function dashboardSectionOf(pathname: string): DashboardSection | null {
  const segment = stripLocale(pathname).split("/")[2] ?? "index";
  return (dashboardSectionNames as readonly string[]).includes(segment)
    ? (segment as DashboardSection)
    : null;
}

/**
 * The section gate (product.md section 1, decision 065), after the dashboard gate: the page of a
 * section the viewer's roles do not open is the 404 page, as the dashboard is for non-staff.
 * Returns the section and the viewer's access to it ("R": read-only screens). The section is read
 * from the page's path, also when a client-side navigation asks for `/dashboard/stats.data`.
 */
export function applySectionGate(
  viewer: GateViewer | null,
  request: Request,
): { section: DashboardSection; access: SectionAccess } {
  const url = new URL(request.url);
  const section = dashboardSectionOf(pagePathOf(request));
  const access = section && sectionAccess(viewer?.roles, section, { codeAccess: viewer?.codeAccess });
  if (!section || !access) notFound(url);
  return { section, access };
}

/** Read-only for this viewer although staff can write there (payments, subscribes for moderators). */
export function isReadOnlySection(section: DashboardSection, access: SectionAccess | null): boolean {
  return access === "R" && sectionAccess(["admin"], section) === "W";
}
