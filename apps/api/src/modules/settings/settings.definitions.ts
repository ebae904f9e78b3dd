import { z } from "zod";

/**
 * Every site setting: its schema and default. Stored values are validated on read, so a bad
 * row falls back to the default instead of breaking a page. Later issues add their settings here.
 */
export const settingDefinitions = {
  usdRate: { schema: z.number().positive(), default: 87.5 },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]["schema"]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };
