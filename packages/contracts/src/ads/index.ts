export * from "./ad-api.ts";
export * from "./ad-definitions.ts";
export * from "./ad-fields.ts";
export * from "./ad-life-cycle.ts";
export * from "./ad-photos.ts";
export * from "./ad-schemas.ts";
export * from "./ad-search-text.ts";
export * from "./ad-title.ts";
