import {
  businessDirectoryQuerySchema,
  businessDirectoryResponseSchema,
  businessIdParamsSchema,
  businessInputSchema,
  businessLinkParamsSchema,
  businessPhonesResponseSchema,
  businessSchema,
  businessVerifyInputSchema,
  ownBusinessResponseSchema,
  ownBusinessSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.ts";
import type { BusinessesService } from "./businesses.service.ts";

const notFound = errors("`BUSINESS_NOT_FOUND`: no such business, or not yours");
const badBusiness = errors(
  "`VALIDATION_FAILED`, `BUSINESS_LOCATION_INVALID`, `BUSINESS_PHONE_INVALID`, `BUSINESS_PHOTO_INVALID`, with field errors",
);

/**
 * Businesses (issue 15, decision 057): the directory and pages for everyone, the owner's one
 * business, the staff's verified badge. Another user's business answers 404 like a missing one.
 */
export const businessesRoutes: FastifyPluginAsyncZod<{ businessesService: BusinessesService }> = async (
  app,
  { businessesService },
) => {
  const tags = ["businesses"];
  const security = [{ bearer: [] }];

  app.get(
    "/businesses",
    {
      schema: {
        tags,
        summary: "The business directory: verified first, then by name; text, kind and region filters",
        querystring: businessDirectoryQuerySchema,
        response: { 200: businessDirectoryResponseSchema, 400: badInput },
      },
    },
    async (request) => businessesService.findDirectory(request.query),
  );

  app.get(
    "/businesses/mine",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The signed-in user's business (null when they have none)",
        security,
        response: { 200: ownBusinessResponseSchema, 401: unauthorized },
      },
    },
    async (request) => ({ business: await businessesService.findOwnBusiness(currentUser(request).id) }),
  );

  app.get(
    "/businesses/by-link/:link",
    {
      schema: {
        tags,
        summary: "A business page by its link; `isOpenNow` in Asia/Bishkek",
        params: businessLinkParamsSchema,
        response: { 200: businessSchema, 400: badInput, 404: errors("`BUSINESS_NOT_FOUND`") },
      },
    },
    async (request) => businessesService.findBusinessByLink(request.params.link),
  );

  app.post(
    "/businesses",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Create the user's business (one per user)",
        description:
          "The logo and cover are photos uploaded with `POST /api/photos`; the phones are ids of the " +
          "user's confirmed phones. The link: a-z, 0-9 and hyphens, not a page of the site.",
        security,
        body: businessInputSchema,
        response: {
          201: ownBusinessSchema,
          400: badBusiness,
          401: unauthorized,
          409: errors("`BUSINESS_EXISTS`: the user has one; `BUSINESS_LINK_TAKEN` (field `link`)"),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await businessesService.createBusiness(currentUser(request).id, request.body)),
  );

  app.put(
    "/businesses/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Replace the user's business whole (owner only)",
        security,
        params: businessIdParamsSchema,
        body: businessInputSchema,
        response: {
          200: ownBusinessSchema,
          400: badBusiness,
          401: unauthorized,
          404: notFound,
          409: errors("`BUSINESS_LINK_TAKEN` (field `link`)"),
        },
      },
    },
    async (request) =>
      businessesService.updateBusiness(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/businesses/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Delete the user's business (owner only); its ads stay, as the person's",
        security,
        params: businessIdParamsSchema,
        response: { 204: z.null(), 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request, reply) => {
      await businessesService.deleteBusiness(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/businesses/:id/phones",
    {
      schema: {
        tags,
        summary: "Reveal the business's phones (limited per address and user against scraping)",
        params: businessIdParamsSchema,
        response: {
          200: businessPhonesResponseSchema,
          400: badInput,
          404: errors("`BUSINESS_NOT_FOUND`"),
          429: errors("`RATE_LIMITED`: too many reveals; Retry-After says when to try again"),
        },
      },
    },
    async (request) =>
      businessesService.revealPhones(request.user?.id ?? null, request.ip, request.params.id),
  );

  app.put(
    "/businesses/:id/verification",
    {
      preHandler: requireRole("moderator", "admin"),
      schema: {
        tags,
        summary: "Staff: set or clear the business's verified badge (moderator, admin)",
        security,
        params: businessIdParamsSchema,
        body: businessVerifyInputSchema,
        response: {
          200: businessSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`BUSINESS_NOT_FOUND`; also to anyone not staff (decision 029)"),
        },
      },
    },
    async (request) =>
      businessesService.setVerified(
        currentUser(request).id,
        request.params.id,
        request.body.isVerified,
        request.ip,
      ),
  );
};
