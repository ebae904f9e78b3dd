import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationReadAllResponseSchema,
  notificationSchema,
  notificationUnreadSchema,
  pushKeySchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  pushUnsubscribeInputSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import type { NotificationsService } from "./notifications.service.ts";

/**
 * Notifications (issue 14, decision 054): the user's notification centre, their preferences per
 * kind and channel, their browsers' web push subscriptions (staff broadcasts: `broadcasts.routes.ts`).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notificationsService: NotificationsService;
}> = async (app, { notificationsService: service }) => {
  const tags = ["notifications"];
  const security = [{ bearer: [] }];

  app.get(
    "/notifications",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "The user's notifications, newest first (keyset pages)",
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request) => service.list(currentUser(request).id, request.query),
  );

  app.get(
    "/notifications/unread",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "How many notifications the user has not read (also sent as `notifications:unread`)",
        security,
        response: { 200: notificationUnreadSchema, 401: unauthorized },
      },
    },
    async (request) => ({ count: await service.unreadCount(currentUser(request).id) }),
  );

  app.post(
    "/notifications/read-all",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Mark every notification read",
        security,
        response: { 200: notificationReadAllResponseSchema, 401: unauthorized },
      },
    },
    async (request) => service.markAllRead(currentUser(request).id),
  );

  app.post(
    "/notifications/:id/read",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Mark one notification read",
        security,
        params: notificationIdParamsSchema,
        response: {
          200: notificationSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`NOTIFICATION_NOT_FOUND`: no such notification, or not one of yours"),
        },
      },
    },
    async (request) => service.markRead(currentUser(request).id, request.params.id),
  );

  app.get(
    "/notifications/preferences",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Which channels (in-app, email, push) each kind of notification uses",
        security,
        response: { 200: notificationPreferencesSchema, 401: unauthorized },
      },
    },
    async (request) => service.getPreferences(currentUser(request).id),
  );

  app.put(
    "/notifications/preferences",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Turn channels on or off; kinds and channels left out stay as they are",
        security,
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request) => service.updatePreferences(currentUser(request).id, request.body),
  );

  app.get(
    "/notifications/push/key",
    {
      schema: {
        tags,
        summary: "The VAPID public key browsers subscribe with (`applicationServerKey`)",
        response: { 200: pushKeySchema },
      },
    },
    async () => ({ publicKey: service.pushPublicKey() }),
  );

  app.post(
    "/notifications/push",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Subscribe this browser to web push (its `PushSubscription.toJSON()`)",
        description:
          "Push texts are written in the request's `X-Lang`. Subscribing an endpoint again updates it.",
        security,
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request, reply) => {
      const subscription = await service.subscribePush(currentUser(request).id, request.body, {
        userAgent: request.headers["user-agent"] ?? null,
        locale: request.locale,
      });
      return reply.status(201).send(subscription);
    },
  );

  app.delete(
    "/notifications/push",
    {
      preValidation: requireUser,
      schema: {
        tags,
        summary: "Unsubscribe a browser (by its endpoint); one that is not the user's is left alone",
        security,
        body: pushUnsubscribeInputSchema,
        response: { 204: z.null(), 400: badInput, 401: unauthorized },
      },
    },
    async (request, reply) => {
      await service.unsubscribePush(currentUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
