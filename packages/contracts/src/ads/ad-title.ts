import type { VerticalDefinition } from "./ad-fields.ts";

/**
 * A vehicle's generated title, "Mark Model Generation, Year" (requirements P3): each part is
 * the first filled field of its choices — a catalogue entry's name from `names`, or a free-text
 * field. Null for a vertical whose title the seller writes.
 */
export function generatedAdTitle(
  definition: VerticalDefinition,
  fields: Readonly<Record<string, unknown>>,
  names: Readonly<Record<string, string>>,
): string | null {
  const rule = definition.title;
  if (rule.kind === "seller") return null;
  const parts = rule.parts.flatMap((choices) => {
    for (const name of choices) {
      const value = names[name] ?? fields[name];
      if (typeof value === "string" && value) return [value];
    }
    return [];
  });
  const year = fields[rule.year];
  return [parts.join(" "), typeof year === "number" ? String(year) : ""].filter(Boolean).join(", ");
}
