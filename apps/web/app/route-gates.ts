/**
 * The spec's three route gates (section 6), by name. A route table entry names its gate; a name
 * that is not registered stops the build with the spec's error (S6.3).
 */
export const gateModules = {
  guest: "gates/guest.tsx",
  auth: "gates/auth.tsx",
  dashboard: "gates/dashboard.tsx",
} as const;

export type GateName = keyof typeof gateModules;

export function gateModule(name: string): string {
  if (!Object.hasOwn(gateModules, name)) throw new Error(`Unknown route middleware: ${name}`);
  return gateModules[name as GateName];
}
