/**
 * The shared configuration (spec S2.13, S7.6): loaded once when the app starts, never with a page.
 * Its large dictionaries (regions and towns in three languages, value lists) stay out of every
 * page's HTML: the page names the configuration's content-hashed address (`/api/configs/{version}`,
 * cached by the browser for a year), the browser loads it once before hydrating, and components
 * read it from this context. The server renders with the same configuration, in process.
 */
import type { PublicConfig, Region } from "@unaa/contracts";
import { createContext, useContext } from "react";
import { api } from "./app-state.ts";

export const SharedConfigContext = createContext<PublicConfig | null>(null);

/** The address of a configuration version: its content's hash, so it may be cached for good. */
export function sharedConfigPath(version: string): string {
  return `/api/configs/${encodeURIComponent(version)}`;
}

/** The attribute marking the page's preload of its configuration, which names the address. */
export const SHARED_CONFIG_ATTRIBUTE = "data-shared-config";

/**
 * The configuration the page names (its preload link), fetched once per visit; later visits read
 * it from the browser's cache. Null when the page names none or it fails (logged): the page still
 * hydrates, without region names.
 */
export async function loadSharedConfig(document: Document): Promise<PublicConfig | null> {
  const path = document.querySelector(`link[${SHARED_CONFIG_ATTRIBUTE}]`)?.getAttribute("href");
  if (!path) return null;
  try {
    return await api.get<PublicConfig>(path);
  } catch (error) {
    console.error("Failed to load the configuration", error);
    return null;
  }
}

/** The regions with their towns, in the configuration's order (empty until it is loaded). */
export function useRegions(): readonly Region[] {
  return useContext(SharedConfigContext)?.regions ?? [];
}
