import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../errors.ts";
import { contentTypeOf, type FileStorage } from "../lib/storage.ts";
import { isPrivateKey } from "../lib/storage-keys.ts";

/**
 * `GET /uploads/<key>`: uploaded files (avatars, ad photos) from the storage, chat photos aside. Every upload gets a
 * new name, so a file never changes: browsers and proxies may keep it for a year.
 */
export const uploadsRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get<{ Params: { "*": string } }>("/uploads/*", { schema: { hide: true } }, async (request, reply) => {
    const key = request.params["*"];
    const contentType = contentTypeOf(key);
    // Chat photos are the chat's members' only (decision 059).
    const file = contentType && !isPrivateKey(key) ? await storage.open(key) : null;
    if (!file || !contentType) throw new AppError("NOT_FOUND");
    return reply
      .header("content-type", contentType)
      .header("content-length", file.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(file.stream);
  });
};
