import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../../errors.ts";
import type { FileStorage } from "../../lib/storage.ts";

const contentTypes: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

/**
 * `GET /uploads/<key>`: uploaded files from the local storage. Every upload gets a new name, so
 * a file never changes: browsers and proxies may keep it for a year.
 */
export const uploadsRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get<{ Params: { "*": string } }>("/uploads/*", { schema: { hide: true } }, async (request, reply) => {
    const key = request.params["*"];
    const extension = key.slice(key.lastIndexOf(".") + 1);
    const contentType = contentTypes[extension];
    const file = contentType ? await storage.open(key) : null;
    if (!file || !contentType) throw new AppError("NOT_FOUND");
    return reply
      .header("content-type", contentType)
      .header("content-length", file.size)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(file.stream);
  });
};
