import { z } from "zod";
import { locales } from "./locales.ts";

export const localizedNameSchema = z.object({ ky: z.string(), ru: z.string(), en: z.string() });
export type LocalizedName = z.infer<typeof localizedNameSchema>;

export const townSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.string(),
  name: localizedNameSchema,
});
export const regionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  code: z.string(),
  name: localizedNameSchema,
  towns: z.array(townSchema),
});
export type Region = z.infer<typeof regionSchema>;

/** `GET /api/configs`: loaded once at app start (spec sections 2 and 7). */
export const publicConfigSchema = z.object({
  apiVersion: z.string().describe("Sent back by the client as `X-Api-Version`"),
  siteName: z.string(),
  publicOrigin: z
    .string()
    .describe(
      "The site's public origin, e.g. https://unaa.kg; empty when not configured (use the page's own)",
    ),
  locales: z.array(z.enum(locales)),
  defaultLocale: z.enum(locales),
  currencies: z.array(z.string()),
  usdRate: z.number().positive().describe("KGS for one USD, used to show prices in the other currency"),
  timeZone: z.string(),
  analytics: z
    .object({
      siteId: z.string(),
      scriptUrl: z.string(),
      options: z.object({
        clickmap: z.boolean(),
        trackLinks: z.boolean(),
        accurateTrackBounce: z.boolean(),
        webvisor: z.boolean(),
      }),
    })
    .nullable()
    .describe("The web-analytics tag (spec section 7); null when not configured"),
  google: z
    .object({ clientId: z.string() })
    .nullable()
    .describe("Sign-in with Google: the OAuth client id, or null when it is not configured"),
  mapTiles: z
    .object({ url: z.string(), attribution: z.string() })
    .describe("The business pages' map: tile URL template ({z}/{x}/{y}, optionally {s}) and its attribution"),
  regions: z.array(regionSchema),
  enum: z.object({
    cars: z
      .record(z.string(), z.array(z.string()))
      .describe("Value lists of every car field, keyed by field"),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    status: z.enum(["up", "down"]),
    driver: z.enum(["pglite", "postgres"]),
    latencyMs: z.number(),
  }),
  uptimeSeconds: z.number(),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
