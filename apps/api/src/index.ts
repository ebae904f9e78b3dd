// The API package's public surface, used by the web server entry and by tests.
export { type CreateAppOptions, createApp, type WebServices } from "./app.ts";
export { type Config, ConfigError, defaultPublicOrigin, loadConfig, parseConfig } from "./config.ts";
export { type DatabaseHandle, openDatabase } from "./db/client.ts";
export { isDatabaseEmpty, seedDatabase } from "./db/seed/index.ts";
export { AppError } from "./errors.ts";
export { createStorage } from "./lib/storage.ts";
