import { carEnums, currencies, defaultLocale, locales, type PublicConfig } from "@unaa/contracts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { API_VERSION } from "../../version.ts";
import { findRegionsWithTowns } from "../regions/regions.repository.ts";
import { readSettings } from "../settings/settings.service.ts";

export const SITE_NAME = "Unaa";
const CACHE_TTL_MS = 30_000;

export interface ConfigService {
  getPublicConfig(): Promise<PublicConfig>;
  /** Drop the cached answer (after staff change settings or regions). */
  invalidate(): void;
}

/** The config call's answer, built from settings and regions and kept for a short while. */
export function createConfigService(db: Database, config: Config): ConfigService {
  let cached: { value: Promise<PublicConfig>; expiresAt: number } | undefined;

  async function build(): Promise<PublicConfig> {
    const [settings, regions] = await Promise.all([readSettings(db), findRegionsWithTowns(db)]);
    return {
      apiVersion: API_VERSION,
      siteName: SITE_NAME,
      publicOrigin: config.publicOrigin,
      locales: [...locales],
      defaultLocale,
      currencies: [...currencies],
      usdRate: settings.usdRate,
      timeZone: "Asia/Bishkek",
      analytics: config.analyticsSiteId
        ? {
            siteId: config.analyticsSiteId,
            scriptUrl: config.analyticsScriptUrl,
            // Click map, link tracking and bounce tracking on; the session recorder stays off.
            options: { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false },
          }
        : null,
      google: config.google.clientId ? { clientId: config.google.clientId } : null,
      regions,
      enum: {
        cars: Object.fromEntries(Object.entries(carEnums).map(([field, values]) => [field, [...values]])),
      },
    };
  }

  return {
    getPublicConfig() {
      const now = Date.now();
      if (!cached || cached.expiresAt <= now) {
        const value = build();
        cached = { value, expiresAt: now + CACHE_TTL_MS };
        value.catch(() => {
          cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
