import type { Database } from "../../db/client.ts";
import { type SettingKey, type Settings, settingDefinitions } from "./settings.definitions.ts";
import { findAllSettings } from "./settings.repository.ts";

export function defaultSettings(): Settings {
  const entries = Object.entries(settingDefinitions).map(([key, definition]) => [key, definition.default]);
  return Object.fromEntries(entries) as Settings;
}

/** Reads every setting, falling back to the default for missing or invalid values. */
export async function readSettings(db: Database): Promise<Settings> {
  const result = defaultSettings() as Record<SettingKey, unknown>;
  for (const row of await findAllSettings(db)) {
    const definition = settingDefinitions[row.key as SettingKey];
    if (!definition) continue;
    const parsed = definition.schema.safeParse(row.value);
    if (parsed.success) result[row.key as SettingKey] = parsed.data;
  }
  return result as Settings;
}
