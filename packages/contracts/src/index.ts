export * from "./car-values.ts";
export * from "./config.ts";
export * from "./error-codes.ts";
export * from "./error-messages.ts";
export * from "./errors.ts";
export * from "./locales.ts";
export * from "./realtime.ts";
export * from "./verticals.ts";
