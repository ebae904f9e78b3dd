import { createHash } from "node:crypto";
import { carEnums, currencies, defaultLocale, locales, type PublicConfig } from "@unaa/contracts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { API_VERSION } from "../../version.ts";
import { findRegionsWithTowns } from "../regions/regions.repository.ts";
import { readSettings } from "../settings/settings.service.ts";

export const SITE_NAME = "Unaa";
const CACHE_TTL_MS = 30_000;

/** The configuration and the hash of its content: its version, which names its cacheable address. */
export interface VersionedConfig {
  config: PublicConfig;
  version: string;
}

export interface ConfigService {
  getPublicConfig(): Promise<PublicConfig>;
  getVersionedConfig(): Promise<VersionedConfig>;
  /** Drop the cached answer (after staff change settings or regions). */
  invalidate(): void;
}

/**
 * The config call's answer, built from settings and regions and kept for a short while, with its
 * version (computed once per build, not per request).
 */
export function createConfigService(db: Database, config: Config): ConfigService {
  let cached: { value: Promise<VersionedConfig>; expiresAt: number } | undefined;

  async function buildVersioned(): Promise<VersionedConfig> {
    const built = await build();
    const version = createHash("sha256").update(JSON.stringify(built)).digest("base64url").slice(0, 16);
    return { config: built, version };
  }

  async function build(): Promise<PublicConfig> {
    const [settings, regions] = await Promise.all([readSettings(db), findRegionsWithTowns(db)]);
    // The dashboard's counter id wins over the environment's (decision 069).
    const analyticsSiteId = settings.analyticsId || config.analyticsSiteId;
    return {
      apiVersion: API_VERSION,
      siteName: SITE_NAME,
      publicOrigin: config.publicOrigin,
      locales: [...locales],
      defaultLocale,
      currencies: [...currencies],
      usdRate: settings.usdRate,
      timeZone: "Asia/Bishkek",
      analytics: analyticsSiteId
        ? {
            siteId: analyticsSiteId,
            scriptUrl: config.analyticsScriptUrl,
            // Click map, link tracking and bounce tracking on; the session recorder stays off.
            options: { clickmap: true, trackLinks: true, accurateTrackBounce: true, webvisor: false },
          }
        : null,
      google: config.google.clientId ? { clientId: config.google.clientId } : null,
      mapTiles: config.mapTiles,
      regions,
      enum: {
        cars: Object.fromEntries(Object.entries(carEnums).map(([field, values]) => [field, [...values]])),
      },
    };
  }

  function getVersionedConfig(): Promise<VersionedConfig> {
    const now = Date.now();
    if (!cached || cached.expiresAt <= now) {
      const value = buildVersioned();
      cached = { value, expiresAt: now + CACHE_TTL_MS };
      value.catch(() => {
        cached = undefined;
      });
    }
    return cached.value;
  }

  return {
    async getPublicConfig() {
      return (await getVersionedConfig()).config;
    },
    getVersionedConfig,
    invalidate() {
      cached = undefined;
    },
  };
}
