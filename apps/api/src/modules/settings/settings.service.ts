import { isDeepStrictEqual } from "node:util";
import type { DashboardSettings, SettingKind } from "@unaa/contracts";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { type SettingKey, type Settings, settingDefinitions } from "./settings.definitions.ts";
import { findAllSettings, lockSetting, upsertSetting } from "./settings.repository.ts";

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

/** What kind of form field a setting's schema asks for (decision 069). */
function kindOf(schema: z.ZodType): { kind: SettingKind; options: string[] } {
  if (schema instanceof z.ZodEnum) return { kind: "enum", options: schema.options.map(String) };
  if (schema instanceof z.ZodNumber) return { kind: "number", options: [] };
  if (schema instanceof z.ZodObject) {
    const members = Object.values(schema.shape as Record<string, z.ZodType>);
    const kind = members.every((member) => member instanceof z.ZodNumber) ? "numbers" : "texts";
    return { kind, options: Object.keys(schema.shape) };
  }
  return { kind: "string", options: [] };
}

/** Every setting with its kind, current value and default, in the definitions' order. */
export async function describeSettings(db: Database): Promise<DashboardSettings> {
  const current = await readSettings(db);
  return {
    items: Object.entries(settingDefinitions).map(([key, definition]) => ({
      key,
      ...kindOf(definition.schema),
      value: current[key as SettingKey],
      default: definition.default,
    })),
  };
}

/** A value that fails the setting's schema: 400 with its field errors under `value`. */
function invalidValue(error: z.ZodError): AppError {
  const errors = error.issues.map((issue) => {
    const { path, message: _message, ...details } = issue as z.core.$ZodIssue & Record<string, unknown>;
    return { ...details, path: ["value", ...path.map(String)].join("."), message: "" };
  });
  return new AppError("VALIDATION_FAILED", { errors });
}

/**
 * An admin changes one setting: validated by its schema, written with its audit entry (before and
 * after) in one transaction. The same value again writes nothing. Readers of settings read them
 * afresh; `onChanged` drops the caches built from them (the public config).
 */
export async function changeSetting(
  db: Database,
  caller: { id: number; ip?: string },
  key: string,
  value: unknown,
): Promise<boolean> {
  if (!Object.hasOwn(settingDefinitions, key)) throw new AppError("NOT_FOUND");
  const settingKey = key as SettingKey;
  const parsed = settingDefinitions[settingKey].schema.safeParse(value);
  if (!parsed.success) throw invalidValue(parsed.error);
  return db.transaction(async (tx) => {
    await lockSetting(tx, settingKey, settingDefinitions[settingKey].default);
    const before = (await readSettings(tx))[settingKey];
    if (isDeepStrictEqual(before, parsed.data)) return false;
    await upsertSetting(tx, settingKey, parsed.data);
    await recordStaffAction(tx, {
      staff: caller.id,
      action: "setting.change",
      object: { type: "setting", id: settingKey },
      before: { value: before },
      after: { value: parsed.data },
      ip: caller.ip ?? null,
    });
    return true;
  });
}
