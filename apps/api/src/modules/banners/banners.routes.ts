import {
  adPhotoMaxBytes,
  bannerEventsInputSchema,
  bannerImageQuerySchema,
  bannerImageSchema,
  bannerInputSchema,
  bannerListQuerySchema,
  bannerPageSchema,
  bannerParamsSchema,
  bannerSchema,
  bannerShownSchema,
  bannerSlotQuerySchema,
} from "@unaa/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import { readUploadedFile } from "../../plugins/multipart.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import type { BannersService } from "./banners.service.ts";

const notFound = errors(
  "`BANNER_NOT_FOUND`; `ROUTE_NOT_FOUND` when the caller's roles do not open this section",
);

function callerOf(request: FastifyRequest): StaffCaller {
  const user = currentUser(request);
  return { id: user.id, roles: user.roles, ip: request.ip };
}

/**
 * Advertising banners (issue 17, decision 071): the dashboard's campaigns (section `advertising`)
 * and the site's public slot answer, impressions and click redirect.
 */
export const bannersRoutes: FastifyPluginAsyncZod<{ bannersService: BannersService }> = async (
  app,
  { bannersService: service },
) => {
  const tags = ["banners"];
  const security = [{ bearer: [] }];
  const read = section("advertising", "R");
  const write = section("advertising", "W");

  app.get(
    "/dashboard/banners",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "Banner campaigns, newest first (keyset pages), with impressions and clicks",
        security,
        querystring: bannerListQuerySchema,
        response: { 200: bannerPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    "/dashboard/banners/images",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Upload a banner image for a slot: multipart/form-data, field `file`",
        description:
          "JPEG, PNG, WebP or HEIC (recognised by content), at most 15 MB; cropped to the slot's size " +
          "and stored as WebP without metadata. Answers the key a campaign's `image` takes.",
        querystring: bannerImageQuerySchema,
        consumes: ["multipart/form-data"],
        security,
        response: {
          201: bannerImageSchema,
          400: errors("`FILE_REQUIRED`; `VALIDATION_FAILED` (`slot`)"),
          401: unauthorized,
          404: sectionHidden,
          413: errors("`IMAGE_TOO_LARGE`"),
          415: errors("`IMAGE_UNSUPPORTED`: not a JPEG, PNG, WebP or HEIC this server can read"),
        },
      },
    },
    async (request, reply) => {
      const data = await readUploadedFile(request, adPhotoMaxBytes, "IMAGE_TOO_LARGE");
      return reply.status(201).send(await service.uploadImage(request.query.slot, data));
    },
  );

  app.post(
    "/dashboard/banners",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Create a banner campaign (audited `banner.create`)",
        security,
        body: bannerInputSchema,
        response: { 201: bannerSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.put(
    "/dashboard/banners/:id",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Change a banner campaign (audited `banner.update`); its counters stay",
        security,
        params: bannerParamsSchema,
        body: bannerInputSchema,
        response: { 200: bannerSchema, 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    "/dashboard/banners/:id",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Delete a banner campaign (audited `banner.delete`)",
        security,
        params: bannerParamsSchema,
        response: { 204: z.null(), 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ---- public: the site's slots --------------------------------------------------------------

  app.get(
    "/banners",
    {
      schema: {
        tags,
        summary: "The banner a slot shows now in a language, chosen by weight; null when none",
        description: "Cacheable for a minute. Fetched by the page after it has rendered.",
        querystring: bannerSlotQuerySchema,
        response: { 200: bannerShownSchema, 400: badInput },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return service.shown(request.query.slot, request.query.locale);
    },
  );

  app.post(
    "/banners/events",
    {
      schema: {
        tags,
        summary: "Count impressions: the ids of the banners shown, a batch at a time",
        body: bannerEventsInputSchema,
        response: { 204: z.null(), 400: badInput },
      },
    },
    async (request, reply) => {
      await service.recordImpressions(request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/banners/:id/click",
    {
      schema: {
        tags,
        summary: "Count a click and redirect (302) to the campaign's stored link; home when it is gone",
        params: bannerParamsSchema,
        response: { 302: z.null(), 400: badInput },
      },
    },
    async (request, reply) => {
      const link = await service.click(request.params.id);
      reply.header("cache-control", "no-store");
      return reply.redirect(link ?? "/", 302);
    },
  );
};
