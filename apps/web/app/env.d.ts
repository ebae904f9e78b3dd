/** Set by the build (vite.config.ts): "dev" in development. */
declare const __BUILD_ID__: string;

declare module "virtual:page-chunks" {
  /** What each lazily imported module fetches, by its path under `app/` (vite.config.ts, `pageChunks`). */
  const chunks: Record<string, { js: string[]; css: string[] }>;
  export default chunks;
}

/** One of Tabler's icons, imported for its drawing (components/icon-sprite.tsx). */
declare module "@tabler/icons-react/dist/esm/icons/*.mjs" {
  import type { IconNode } from "@tabler/icons-react";
  export const __iconNode: IconNode;
}
