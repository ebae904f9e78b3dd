import {
  dashboardAdjustmentInputSchema,
  dashboardAdjustmentSchema,
  dashboardPaymentParamsSchema,
  dashboardPaymentsPageSchema,
  dashboardPaymentsQuerySchema,
  dashboardRefundInputSchema,
  dashboardRefundSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import { listDashboardPayments } from "./dashboard-payments.ts";
import type { MoneyService } from "./money.service.ts";

/** The dashboard's payments section (issue 17, decision 068): admins write, moderators read. */
export const dashboardPaymentsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  moneyService: MoneyService;
}> = async (app, { db, moneyService }) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];

  const read = section("payments", "R");
  app.get(
    "/dashboard/payments",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "Every balance movement, newest first (keyset pages), with filters",
        security,
        querystring: dashboardPaymentsQuerySchema,
        response: { 200: dashboardPaymentsPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => listDashboardPayments(db, request.query),
  );

  const write = section("payments", "W");
  app.post(
    "/dashboard/payments/adjustments",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Credit or debit a user's balance with a reason; audited with the balance before and after",
        security,
        body: dashboardAdjustmentInputSchema,
        response: {
          201: dashboardAdjustmentSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`NOT_FOUND` (no such user); `ROUTE_NOT_FOUND` when the section is not writable"),
          409: errors("`BALANCE_INSUFFICIENT`: the debit would take the balance below zero"),
        },
      },
    },
    async (request, reply) => {
      const entry = await moneyService.adjustBalance(currentUser(request).id, request.body, request.ip);
      return reply.status(201).send({
        entryId: entry.id,
        balanceBefore: entry.balanceAfter - entry.amount,
        balanceAfter: entry.balanceAfter,
      });
    },
  );

  app.post(
    "/dashboard/payments/:entryId/refund",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary:
          "Give back part or all of a purchase or plan renewal to the buyer's balance with a reason; audited",
        security,
        params: dashboardPaymentParamsSchema,
        body: dashboardRefundInputSchema,
        response: {
          201: dashboardRefundSchema,
          400: badInput,
          401: unauthorized,
          404: errors(
            "`NOT_FOUND` (no such entry, or not a purchase); `ROUTE_NOT_FOUND` when the section is not writable",
          ),
          409: errors("`REFUND_EXCEEDS_PURCHASE`: more than what is still refundable for the purchase"),
        },
      },
    },
    async (request, reply) => {
      const refund = await moneyService.refundPurchase(
        currentUser(request).id,
        request.params.entryId,
        request.body,
        request.ip,
      );
      return reply.status(201).send(refund);
    },
  );
};
