import {
  mySubscriptionSchema,
  planListSchema,
  subscribeInputSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.ts";
import type { PlansService } from "./plans.service.ts";

const noSubscription = errors("`SUBSCRIPTION_NOT_FOUND`: no current plan");

/**
 * Seller plans (issue 16, item 4; decision 064): the plans on sale (public), the signed-in user's
 * subscription, and the dashboard's list (admins and moderators read, product.md section 1).
 */
export const plansRoutes: FastifyPluginAsyncZod<{ plansService: PlansService }> = async (
  app,
  { plansService },
) => {
  const tags = ["plans"];
  const security = [{ bearer: [] }];

  app.get(
    "/plans",
    {
      schema: {
        tags,
        summary: "The plans on sale, and the free limits they raise",
        response: { 200: planListSchema },
      },
    },
    async () => plansService.listPlans(),
  );

  await app.register(async (scope) => {
    const own = scope.withTypeProvider<ZodTypeProvider>();
    own.addHook("preHandler", requireUser);

    own.get(
      "/subscriptions/me",
      {
        schema: {
          tags,
          summary: "The user's current plan (or null) and active ads against the limits per vertical",
          security,
          response: { 200: mySubscriptionSchema, 401: unauthorized },
        },
      },
      async (request) => plansService.getMySubscription(currentUser(request).id),
    );

    own.post(
      "/subscriptions",
      {
        schema: {
          tags,
          summary: "Buy a plan: its first month is paid from the balance",
          description:
            "A current plan of another kind is replaced at once: the unused part of its paid month " +
            "goes back to the balance first (pro rata by time), then the new month is paid.",
          security,
          body: subscribeInputSchema,
          response: {
            201: subscriptionSchema,
            400: badInput,
            401: unauthorized,
            404: errors("`PLAN_NOT_FOUND`: no such plan on sale"),
            409: errors("`BALANCE_INSUFFICIENT`, `SUBSCRIPTION_EXISTS` (this plan is already yours)"),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await plansService.subscribe(currentUser(request).id, request.body)),
    );

    own.post(
      "/subscriptions/me/cancel",
      {
        schema: {
          tags,
          summary: "Stop renewing: the plan runs to the end of the paid month",
          security,
          response: { 200: subscriptionSchema, 401: unauthorized, 404: noSubscription },
        },
      },
      async (request) => plansService.cancel(currentUser(request).id),
    );

    own.post(
      "/subscriptions/me/resume",
      {
        schema: {
          tags,
          summary: "Renew again: the next month is bought at the end of this one",
          security,
          response: { 200: subscriptionSchema, 401: unauthorized, 404: noSubscription },
        },
      },
      async (request) => plansService.resume(currentUser(request).id),
    );
  });

  app.get(
    "/subscriptions",
    {
      preValidation: requireRole("admin", "moderator"),
      schema: {
        tags,
        summary: "Subscriptions, newest first (admins and moderators)",
        security,
        querystring: subscriptionListQuerySchema,
        response: {
          200: subscriptionListSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`ROUTE_NOT_FOUND`: not staff of this section (decision 029)"),
        },
      },
    },
    async (request) => ({ items: await plansService.listSubscriptions(request.query.status) }),
  );
};
