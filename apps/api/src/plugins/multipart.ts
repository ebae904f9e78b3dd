import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";

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

/**
 * The one file of a multipart upload (the part named `file`) as a buffer: `FILE_REQUIRED` without it,
 * `tooLarge` once it passes `maxBytes` (reading stops there), `BAD_REQUEST` for a body that is not
 * well-formed multipart (cut short, no boundary, broken part headers).
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: "IMAGE_TOO_LARGE" | "PAYLOAD_TOO_LARGE",
): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError("FILE_REQUIRED");
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (file?.fieldname !== "file") throw new AppError("FILE_REQUIRED");
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError(tooLarge, { cause: error });
    }
    // The multipart parser's own refusals (too many parts, bad content type) carry a 4xx.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new AppError("BAD_REQUEST", { cause: error });
  }
}
