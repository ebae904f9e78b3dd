import {
  broadcastInputSchema,
  broadcastListQuerySchema,
  broadcastPageSchema,
  broadcastPreviewSchema,
  broadcastSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import type { BroadcastsService } from "./broadcasts.service.ts";

/** Dashboard → notification (issue 17, decision 070): staff broadcasts to a segment of accounts. */
export const broadcastsRoutes: FastifyPluginAsyncZod<{ broadcastsService: BroadcastsService }> = async (
  app,
  { broadcastsService: service },
) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];
  const read = section("notification", "R");
  const write = section("notification", "W");

  app.get(
    "/dashboard/notifications/broadcasts",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "Broadcasts sent, newest first (keyset pages): status, counts, who and when",
        security,
        querystring: broadcastListQuerySchema,
        response: { 200: broadcastPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    "/dashboard/notifications/preview",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "The notice as each language reads it and how many accounts the segment matches",
        security,
        body: broadcastInputSchema,
        response: { 200: broadcastPreviewSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => service.preview(request.body),
  );

  app.post(
    "/dashboard/notifications/broadcasts",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Send a broadcast: queued; each account of the segment gets it in its own language",
        description:
          "Through the chosen channels that the account's preferences for `staffBroadcast` allow. " +
          "Audited `notification.broadcast`.",
        security,
        body: broadcastInputSchema,
        response: {
          202: broadcastSchema,
          400: badInput,
          401: unauthorized,
          404: sectionHidden,
          429: errors("`RATE_LIMITED`: a few broadcasts an hour per staff member"),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const broadcast = await service.send({ id: user.id, roles: user.roles, ip: request.ip }, request.body);
      return reply.status(202).send(broadcast);
    },
  );
};
