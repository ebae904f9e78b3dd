import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * multipart/form-data for uploads: one file of at most 10 MB and no other parts worth reading.
 * Routes read the file with `request.file()`; a larger file stops at the limit (413).
 */
export const multipartUploads = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
    });
  },
  { name: "unaa-multipart" },
);
