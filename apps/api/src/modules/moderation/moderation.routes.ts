import {
  adIdParamsSchema,
  complaintObjectParamsSchema,
  complaintResolutionSchema,
  complaintResolveInputSchema,
  dashboardAdDetailSchema,
  dashboardAdsQuerySchema,
  dashboardAdsResponseSchema,
  dashboardComplaintsQuerySchema,
  dashboardComplaintsResponseSchema,
  dashboardPhotosQuerySchema,
  dashboardPhotosResponseSchema,
  moderationBulkInputSchema,
  moderationBulkResultSchema,
  photoRejectInputSchema,
  recordIdParamSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection } from "../../plugins/auth.ts";
import type { ModerationService } from "./moderation.service.ts";

const hidden = "`ROUTE_NOT_FOUND` for callers whose roles do not open the section";

/**
 * The dashboard's moderation sections (issue 17 item 3, decision 066): `adds`, `photos` and
 * `complaints`, written by moderators and admins (product.md section 1); anyone else gets the 404
 * of a missing route (decision 029). Approving, rejecting and removing one ad stay
 * `POST /api/ads/{id}/approve|reject|remove`.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{ moderationService: ModerationService }> = async (
  app,
  { moderationService },
) => {
  const security = [{ bearer: [] }];
  const adds = dashboardSection("adds", "W");
  const photos = dashboardSection("photos", "W");
  const complaints = dashboardSection("complaints", "W");

  app.get(
    "/dashboard/ads",
    {
      preValidation: adds.preValidation,
      schema: {
        ...adds.extension,
        tags: ["dashboard"],
        summary:
          "Dashboard adds: the queue (pending ads and waiting edits, longest waiting first) or a search of all ads " +
          "(by id, text, seller id or phone, status, vertical; newest first), keyset pages",
        security,
        querystring: dashboardAdsQuerySchema,
        response: { 200: dashboardAdsResponseSchema, 400: badInput, 401: unauthorized, 404: errors(hidden) },
      },
    },
    async (request) => moderationService.listAds(request.query),
  );

  app.get(
    "/dashboard/ads/:id",
    {
      preValidation: adds.preValidation,
      schema: {
        ...adds.extension,
        tags: ["dashboard"],
        summary:
          "Dashboard adds: one ad, its waiting edit as a field diff, its photos with copies found, its complaints",
        security,
        params: adIdParamsSchema,
        response: {
          200: dashboardAdDetailSchema,
          400: badInput,
          401: unauthorized,
          404: errors(`\`AD_NOT_FOUND\`; ${hidden}`),
        },
      },
    },
    async (request) => moderationService.getAd(request.params.id),
  );

  app.post(
    "/dashboard/ads/approve",
    {
      preValidation: adds.preValidation,
      schema: {
        ...adds.extension,
        tags: ["dashboard"],
        summary:
          "Dashboard adds: approve several ads of the queue; each is approved (and audited) on its own",
        security,
        body: moderationBulkInputSchema,
        response: { 200: moderationBulkResultSchema, 400: badInput, 401: unauthorized, 404: errors(hidden) },
      },
    },
    async (request) => moderationService.approveAds(currentUser(request).id, request.body.ids, request.ip),
  );

  app.get(
    "/dashboard/photos",
    {
      preValidation: photos.preValidation,
      schema: {
        ...photos.extension,
        tags: ["dashboard"],
        summary:
          "Dashboard photos: ad photos not reviewed yet, copies of another seller's photo first, then oldest first",
        security,
        querystring: dashboardPhotosQuerySchema,
        response: {
          200: dashboardPhotosResponseSchema,
          400: badInput,
          401: unauthorized,
          404: errors(hidden),
        },
      },
    },
    async (request) => moderationService.listPhotos(request.query),
  );

  app.post(
    "/dashboard/photos/approve",
    {
      preValidation: photos.preValidation,
      schema: {
        ...photos.extension,
        tags: ["dashboard"],
        summary: "Dashboard photos: mark photos of the queue reviewed (one or several)",
        security,
        body: moderationBulkInputSchema,
        response: { 200: moderationBulkResultSchema, 400: badInput, 401: unauthorized, 404: errors(hidden) },
      },
    },
    async (request) => moderationService.approvePhotos(currentUser(request).id, request.body.ids, request.ip),
  );

  app.post(
    "/dashboard/photos/:id/reject",
    {
      preValidation: photos.preValidation,
      schema: {
        ...photos.extension,
        tags: ["dashboard"],
        summary: "Dashboard photos: take a photo off its ad with a reason; the owner is told",
        security,
        params: z.object({ id: recordIdParamSchema }),
        body: photoRejectInputSchema,
        response: {
          204: z.null(),
          400: badInput,
          401: unauthorized,
          404: errors(`\`AD_PHOTO_NOT_FOUND\`; ${hidden}`),
        },
      },
    },
    async (request, reply) => {
      await moderationService.rejectPhoto(
        currentUser(request).id,
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/dashboard/complaints",
    {
      preValidation: complaints.preValidation,
      schema: {
        ...complaints.extension,
        tags: ["dashboard"],
        summary: "Dashboard complaints: reports on ads, chats and reviews grouped by object, latest first",
        security,
        querystring: dashboardComplaintsQuerySchema,
        response: {
          200: dashboardComplaintsResponseSchema,
          400: badInput,
          401: unauthorized,
          404: errors(hidden),
        },
      },
    },
    async (request) => moderationService.listComplaints(request.query),
  );

  app.post(
    "/dashboard/complaints/:kind/:objectId/resolve",
    {
      preValidation: complaints.preValidation,
      schema: {
        ...complaints.extension,
        tags: ["dashboard"],
        summary:
          "Dashboard complaints: close an object's open complaints with an outcome (dismiss, warn the owner or " +
          "author, remove the ad or review, block the offender); every reporter is told",
        security,
        params: complaintObjectParamsSchema,
        body: complaintResolveInputSchema,
        response: {
          200: complaintResolutionSchema,
          400: badInput,
          401: unauthorized,
          404: errors(`\`COMPLAINT_NOT_FOUND\`: no open complaint about it; ${hidden}`),
          409: errors("`COMPLAINT_OUTCOME_INVALID`: a chat has nothing to remove"),
        },
      },
    },
    async (request) =>
      moderationService.resolveComplaints(
        currentUser(request),
        request.params.kind,
        request.params.objectId,
        request.body,
        request.ip,
      ),
  );
};
