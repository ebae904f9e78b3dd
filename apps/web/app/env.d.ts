/** Set by the build (vite.config.ts): "dev" in development. */
declare const __BUILD_ID__: string;
