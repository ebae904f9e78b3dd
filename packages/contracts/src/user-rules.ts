/** Staff roles and username rules. Schema-free (no zod), so pages can import them without the schemas. */

/** Staff roles (spec section 6). A user without any of them is an ordinary user. */
export const roles = ["admin", "moderator", "editor"] as const;
export type Role = (typeof roles)[number];

type RoleList = readonly string[] | null | undefined;

/** S6.1 staff access (the dashboard): admin, moderator or editor. */
export function isStaff(held: RoleList): boolean {
  return !!held && held.some((role) => role === "admin" || role === "moderator" || role === "editor");
}

/** S6.1 admin-only access. */
export function isAdminOnly(held: RoleList): boolean {
  return !!held && held.includes("admin");
}

/** S6.1 moderator-level access: admin or moderator. */
export function isModeratorLevel(held: RoleList): boolean {
  return !!held && held.some((role) => role === "admin" || role === "moderator");
}

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** Letters of any script, digits, `_` and `.`. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}_.]+$/u;
