import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

export async function findAllSettings(db: Database): Promise<{ key: string; value: unknown }[]> {
  return db.select({ key: settings.key, value: settings.value }).from(settings);
}

/** Inserts the keys that are missing; existing values (changed by staff) are kept. */
export async function insertMissingSettings(db: Database, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value }));
  if (rows.length === 0) return;
  await db.insert(settings).values(rows).onConflictDoNothing({ target: settings.key });
}

export async function upsertSetting(db: Database, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
