export * from "./regions.ts";
export * from "./settings.ts";
