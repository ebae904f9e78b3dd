export * from "./ads.ts";
export * from "./catalog.ts";
export * from "./codes.ts";
export * from "./outbox.ts";
export * from "./regions.ts";
export * from "./sessions.ts";
export * from "./settings.ts";
export * from "./users.ts";
