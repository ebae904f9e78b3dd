import {
  dashboardPlanInputSchema,
  dashboardPlanParamsSchema,
  dashboardPlanSchema,
  dashboardPlansSchema,
  dashboardSubscriptionParamsSchema,
  dashboardSubscriptionRowSchema,
  dashboardSubscriptionsPageSchema,
  dashboardSubscriptionsQuerySchema,
} from "@unaa/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import {
  editPlan,
  listDashboardPlans,
  listDashboardSubscriptions,
  stopAutoRenew,
} from "./dashboard-subscribes.ts";

function callerOf(request: FastifyRequest): StaffCaller {
  const user = currentUser(request);
  return { id: user.id, roles: user.roles, ip: request.ip };
}

/** The dashboard's subscribes section (issue 17, decision 068): admins write, moderators read. */
export const dashboardSubscribesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];
  const read = section("subscribes", "R");
  const write = section("subscribes", "W");

  app.get(
    "/dashboard/subscribes/plans",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "Every plan, on sale or not",
        security,
        response: { 200: dashboardPlansSchema, 401: unauthorized, 404: sectionHidden },
      },
    },
    async () => listDashboardPlans(db),
  );

  app.put(
    "/dashboard/subscribes/plans/:code",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Edit a plan (names, price, limits, raise credits, on sale); audited as `plan.change`",
        description: "A new price applies from the next renewal; paid months keep what they cost.",
        security,
        params: dashboardPlanParamsSchema,
        body: dashboardPlanInputSchema,
        response: {
          200: dashboardPlanSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`PLAN_NOT_FOUND`; `ROUTE_NOT_FOUND` when the section is not writable"),
        },
      },
    },
    async (request) => editPlan(db, callerOf(request), request.params.code, request.body),
  );

  app.get(
    "/dashboard/subscribes",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "Current subscriptions, newest first (keyset pages), optionally of one plan",
        security,
        querystring: dashboardSubscriptionsQuerySchema,
        response: {
          200: dashboardSubscriptionsPageSchema,
          400: badInput,
          401: unauthorized,
          404: sectionHidden,
        },
      },
    },
    async (request) => listDashboardSubscriptions(db, request.query),
  );

  app.post(
    "/dashboard/subscribes/:id/cancel",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Stop a subscription's auto-renewal: it runs to the end of its paid month (audited)",
        security,
        params: dashboardSubscriptionParamsSchema,
        response: {
          200: dashboardSubscriptionRowSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`SUBSCRIPTION_NOT_FOUND`; `ROUTE_NOT_FOUND` when the section is not writable"),
        },
      },
    },
    async (request) => stopAutoRenew(db, callerOf(request), request.params.id),
  );
};
