/**
 * The staff dashboard's sections, who may read or write each (product.md section 1, decision 065)
 * and the names of audited staff actions. Schema-free (no zod), so pages can import it cheaply.
 */
import type { Role } from "./user-rules.ts";

/** Spec S2.8's sections (`index` is `/dashboard` itself) and the catalogue, beyond the spec. */
export const dashboardSectionNames = [
  "index",
  "adds",
  "photos",
  "complaints",
  "users",
  "codes",
  "code-access",
  "advertising",
  "notification",
  "regions",
  "services",
  "subscribes",
  "payments",
  "history",
  "stats",
  "settings",
  "content",
  "catalogue",
] as const;
export type DashboardSection = (typeof dashboardSectionNames)[number];

/** R: read only; W: read and write. */
export type SectionAccess = "R" | "W";

/**
 * product.md section 1's table: role → section → access; a section a role lacks is hidden (and
 * 404 from the API, decision 029). The moderator's `codes` is "R if granted in code-access": see
 * `sectionAccess`'s `codeAccess`.
 */
export const dashboardMatrix: Record<Role, Partial<Record<DashboardSection, SectionAccess>>> = {
  editor: {
    index: "R",
    advertising: "W",
    notification: "W",
    regions: "W",
    history: "R",
    stats: "R",
    content: "W",
    catalogue: "W",
  },
  moderator: {
    index: "R",
    adds: "W",
    photos: "W",
    complaints: "W",
    users: "W",
    advertising: "W",
    notification: "W",
    regions: "W",
    subscribes: "R",
    payments: "R",
    history: "R",
    stats: "R",
    content: "W",
    catalogue: "W",
  },
  admin: {
    index: "R",
    adds: "W",
    photos: "W",
    complaints: "W",
    users: "W",
    codes: "R",
    "code-access": "W",
    advertising: "W",
    notification: "W",
    regions: "W",
    services: "W",
    subscribes: "W",
    payments: "W",
    history: "R",
    stats: "R",
    settings: "W",
    content: "W",
    catalogue: "W",
  },
};

export interface SectionAccessOptions {
  /** The staff member is granted the codes log in `code-access` (moderators read it then). */
  codeAccess?: boolean;
}

/** The highest access any of `held` gives to `section`, or null (hidden). */
export function sectionAccess(
  held: readonly string[] | null | undefined,
  section: DashboardSection,
  { codeAccess = false }: SectionAccessOptions = {},
): SectionAccess | null {
  let best: SectionAccess | null = null;
  for (const role of held ?? []) {
    const row = dashboardMatrix[role as Role];
    if (!row) continue;
    let access = row[section] ?? null;
    if (!access && section === "codes" && role === "moderator" && codeAccess) access = "R";
    if (access === "W") return "W";
    best = access ?? best;
  }
  return best;
}

/** The sections `held` may open, in the navigation's order. */
export function dashboardSections(
  held: readonly string[] | null | undefined,
  options: SectionAccessOptions = {},
): DashboardSection[] {
  return dashboardSectionNames.filter((section) => sectionAccess(held, section, options) !== null);
}

/** Editors read only their own entries in `history` (product.md section 1: "R (own)"). */
export function historyOwnOnly(held: readonly string[] | null | undefined): boolean {
  return !!held && !held.includes("admin") && !held.includes("moderator") && held.includes("editor");
}

/**
 * Every audited staff action (issue 17 item 2). Callers of `recordStaffAction` use these names;
 * a new kind of staff action adds its name here.
 */
export const staffActions = [
  "ad.approve",
  "ad.reject",
  "ad.remove",
  "photo.approve",
  "photo.reject",
  "complaint.resolve",
  "user.block",
  "user.unblock",
  "user.roles",
  "code-access.grant",
  "code-access.revoke",
  "review.hide",
  "review.restore",
  "business.verification",
  "payment.adjustment",
  "refund",
  "price.change",
  "plan.change",
  "subscription.cancel",
  "setting.change",
  "notification.broadcast",
  "banner.create",
  "banner.update",
  "banner.delete",
  "catalogue.edit",
  "region.edit",
  "town.edit",
  "town.add",
  "content.edit",
  "contact.handle",
] as const;
export type StaffAction = (typeof staffActions)[number];

/** The kinds of object an audit entry is about. */
export const auditObjectTypes = [
  "ad",
  "photo",
  "complaint",
  "user",
  "review",
  "business",
  "payment",
  "price",
  "plan",
  "subscription",
  "setting",
  "notification",
  "banner",
  "catalogue",
  "region",
  "town",
  "content",
  "contact-message",
] as const;
export type AuditObjectType = (typeof auditObjectTypes)[number];
