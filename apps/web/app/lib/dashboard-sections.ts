/** The dashboard's sections (spec S2.8); which roles see each arrives with the dashboard issue. */
export const dashboardSections = [
  "adds",
  "advertising",
  "code-access",
  "codes",
  "complaints",
  "history",
  "notification",
  "payments",
  "photos",
  "regions",
  "services",
  "settings",
  "stats",
  "subscribes",
  "users",
] as const;

/** "code-access" → "page.dashboardCodeAccess.title" */
export function dashboardTitleKey(section: string): string {
  const pascal = section.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());
  return `page.dashboard${pascal}.title`;
}
