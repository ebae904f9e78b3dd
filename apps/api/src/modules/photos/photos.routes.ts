import { adIdParamsSchema, adPhotoMaxBytes, adPhotoSchema, photoUploadQuerySchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import { readUploadedFile } from "../../plugins/multipart.ts";
import { type PhotosService, photoUploadsPerHour, unattachedPhotosMax } from "./photos.service.ts";

export const photosRoutes: FastifyPluginAsyncZod<{ photosService: PhotosService }> = async (
  app,
  { photosService },
) => {
  const tags = ["photos"];
  const security = [{ bearer: [] }];

  app.post(
    "/photos",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Upload a photo for an ad or a chat message: multipart/form-data, field `file`",
        description:
          "JPEG, PNG, WebP or HEIC (recognised by content), at most 15 MB and 50 megapixels. Turned " +
          "upright, stripped of all metadata (EXIF, GPS) and stored as WebP 320/800/1600 px wide (never " +
          "upscaled), AVIF too where it is smaller. The photo belongs to no ad until an ad body lists its " +
          `id in \`photoIds\`; unlisted photos are removed after a day. At most ${photoUploadsPerHour} ` +
          `uploads an hour and ${unattachedPhotosMax} photos without an ad. With \`for=chat\` the photo is for a ` +
          "chat message: its files are served only to the chat's members, and no ad takes it.",
        querystring: photoUploadQuerySchema,
        consumes: ["multipart/form-data"],
        security,
        response: {
          201: adPhotoSchema,
          400: errors("`FILE_REQUIRED`; `VALIDATION_FAILED` (`for`)"),
          401: unauthorized,
          409: errors("`AD_PHOTO_LIMIT_REACHED`: too many photos without an ad"),
          413: errors("`IMAGE_TOO_LARGE`: over 15 MB or 50 megapixels"),
          415: errors("`IMAGE_UNSUPPORTED`: not a JPEG, PNG, WebP or HEIC this server can read"),
          429: errors("`RATE_LIMITED`"),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const data = await readUploadedFile(request, adPhotoMaxBytes, "IMAGE_TOO_LARGE");
      const started = performance.now();
      const photo = await photosService.uploadPhoto(user.id, data, request.query.for);
      request.log.info(
        {
          photoId: photo.id,
          bytes: data.length,
          ms: Math.round(performance.now() - started),
          avif: !!photo.avif,
        },
        "ad photo stored",
      );
      return reply.status(201).send(photo);
    },
  );

  app.delete(
    "/photos/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Delete one's own photo, unattached or on one of one's ads (it leaves the ad)",
        security,
        params: adIdParamsSchema,
        response: {
          204: z.null(),
          401: unauthorized,
          404: errors("`AD_PHOTO_NOT_FOUND`: no such photo, or not yours"),
        },
      },
    },
    async (request, reply) => {
      await photosService.deletePhoto(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
