import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

/**
 * Every stored setting. The value is read as text and parsed here: the jsonb column type would
 * parse a JSON string a second time (a string "12345" came back as a number).
 */
export async function findAllSettings(db: Database): Promise<{ key: string; value: unknown }[]> {
  const rows = await db
    .select({ key: settings.key, json: sql<string>`${settings.value}::text` })
    .from(settings);
  return rows.map(({ key, json }) => ({ key, value: JSON.parse(json) as unknown }));
}

/** Inserts the keys that are missing; existing values (changed by staff) are kept. */
export async function insertMissingSettings(db: Database, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
}

/** A JSON value as jsonb (a string such as "12345" must stay a string, not be read as a number). */
const asJsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function upsertSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: asJsonb(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: asJsonb(value), updatedAt: sql`now()` } });
}

/**
 * Holds the setting's row (made with `fallback` if missing) until the transaction ends: changes of
 * one setting go one by one.
 */
export async function lockSetting(db: Database, key: string, fallback: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: asJsonb(fallback) })
    .onConflictDoNothing({ target: settings.key });
  await db.select({ key: settings.key }).from(settings).where(eq(settings.key, key)).for("update");
}
