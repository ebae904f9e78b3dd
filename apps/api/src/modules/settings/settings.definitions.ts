import { z } from "zod";

/**
 * Every site setting: its schema and default. Stored values are validated on read, so a bad
 * row falls back to the default instead of breaking a page. Later issues add their settings here.
 */
export const settingDefinitions = {
  usdRate: { schema: z.number().positive(), default: 87.5 },
  /**
   * requirements P4: `pre` — new ads wait for a moderator; `post` — live at once, reviewed
   * after; `auto` — post for users with a confirmed phone, pre for the others.
   */
  moderationMode: { schema: z.enum(["pre", "post", "auto"]), default: "auto" as "pre" | "post" | "auto" },
  /** Days an ad stays active before it is archived (requirements P4). */
  adLifetimeDays: { schema: z.number().int().min(1).max(365), default: 30 },
  /** Active (and pending) ads a private user may have per vertical for free (requirements P4). */
  freeAdLimits: {
    schema: z.object({
      car: z.number().int().min(0),
      commercial: z.number().int().min(0),
      moto: z.number().int().min(0),
      uslugi: z.number().int().min(0),
    }),
    default: { car: 3, commercial: 3, moto: 3, uslugi: 5 },
  },
  /** The site's contact details shown on /contact (decision 072); an empty one is not shown. */
  contactDetails: {
    schema: z.object({
      phone: z.string().trim().max(40),
      email: z.union([z.literal(""), z.email().max(254)]),
      address: z.string().trim().max(300),
    }),
    default: { phone: "", email: "", address: "" },
  },
  /** The app stores' pages of the app, shown on /mobile-app (decision 072); empty: no button. */
  storeLinks: {
    schema: z.object({
      android: z.union([z.literal(""), z.url({ protocol: /^https$/ }).max(500)]),
      ios: z.union([z.literal(""), z.url({ protocol: /^https$/ }).max(500)]),
    }),
    default: { android: "", ios: "" },
  },
  /**
   * The web analytics counter's id (digits); empty: the one from the server's environment, if any.
   */
  analyticsId: {
    schema: z
      .string()
      .trim()
      .regex(/^(\d{4,12})?$/),
    default: "",
  },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]["schema"]>;
export type Settings = { [K in SettingKey]: SettingValue<K> };
