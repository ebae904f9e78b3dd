import {
  adjustmentInputSchema,
  ledgerEntrySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentSchema,
  sandboxDecisionInputSchema,
  sandboxDecisionResponseSchema,
  topUpInputSchema,
  topUpResponseSchema,
  userLedgerParamsSchema,
  userLedgerSchema,
  walletSchema,
} from "@unaa/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FreedomPayConfig } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.ts";
import {
  freedomPayResultPath,
  type PgParams,
  readFreedomPayResult,
  scriptNameOf,
  writeFlatXml,
} from "./freedompay-provider.ts";
import type { MoneyService } from "./money.service.ts";
import { RejectedNotice } from "./payment-provider.ts";
import { readSandboxNotice, sandboxSignatureHeader, sandboxWebhookPath } from "./sandbox-provider.ts";

const paymentNotFound = errors("`PAYMENT_NOT_FOUND`: no such payment, or not one of yours");
const staffOnly = errors("`ROUTE_NOT_FOUND`: not staff of this section (decision 029)");
/** A provider's notice is small; anything larger is no notice. */
const noticeBodyLimit = 16_384;

export interface MoneyRoutesOptions {
  moneyService: MoneyService;
  /** The sandbox's notice key, when the sandbox is on. */
  sandboxSecret: string | undefined;
  freedomPay: FreedomPayConfig | undefined;
}

/** Logs a refused notice: the provider, why, and the payment it named — never a signature or key. */
function logRefusal(log: FastifyBaseLogger, provider: string, error: unknown, paymentId?: string): void {
  log.warn(
    { provider, reason: error instanceof Error ? error.message : "unknown", paymentId },
    "payment notice refused",
  );
}

/**
 * Money (issue 16, decision 061): the wallet, its ledger, top-ups and their payments for the
 * signed-in user; the providers' notices (no session: their signatures are the proof); and the
 * dashboard's payments section (product.md section 1: admins write, moderators read).
 */
export const moneyRoutes: FastifyPluginAsyncZod<MoneyRoutesOptions> = async (app, options) => {
  const { moneyService } = options;
  const tags = ["money"];
  const security = [{ bearer: [] }];

  await app.register(async (scope) => {
    const own = scope.withTypeProvider<ZodTypeProvider>();
    own.addHook("preHandler", requireUser);

    own.get(
      "/balance",
      {
        schema: {
          tags,
          summary: "The user's balance (tyiyn, KGS)",
          security,
          response: { 200: walletSchema, 401: unauthorized },
        },
      },
      async (request) => moneyService.getWallet(currentUser(request).id),
    );

    own.get(
      "/balance/ledger",
      {
        schema: {
          tags,
          summary: "The user's ledger, newest first, by keyset pages",
          security,
          querystring: ledgerQuerySchema,
          response: { 200: ledgerPageSchema, 400: badInput, 401: unauthorized },
        },
      },
      async (request) => moneyService.listLedger(currentUser(request).id, request.query),
    );

    own.get(
      "/payments",
      {
        schema: {
          tags,
          summary: "The user's latest top-ups and the providers available now",
          security,
          querystring: paymentListQuerySchema,
          response: { 200: paymentListSchema, 400: badInput, 401: unauthorized },
        },
      },
      async (request) => moneyService.listPayments(currentUser(request).id, request.query.status),
    );

    own.post(
      "/payments",
      {
        schema: {
          tags,
          summary: "Start a top-up: the payment, and where the payer goes to pay",
          description: `At most 5 unfinished top-ups at once. The balance grows when the provider's signed notice says paid.`,
          security,
          body: topUpInputSchema,
          response: {
            201: topUpResponseSchema,
            400: errors("`VALIDATION_FAILED`, `PAYMENT_PROVIDER_UNAVAILABLE`"),
            401: unauthorized,
            429: errors("`PAYMENTS_PENDING_LIMIT`"),
            502: errors("`PAYMENT_PROVIDER_FAILED`: the provider did not start the payment"),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await moneyService.startTopUp(currentUser(request).id, request.body)),
    );

    own.get(
      "/payments/:id",
      {
        schema: {
          tags,
          summary: "One of the user's top-ups (polled after the checkout until final)",
          security,
          params: paymentIdParamsSchema,
          response: { 200: paymentSchema, 400: badInput, 401: unauthorized, 404: paymentNotFound },
        },
      },
      async (request) => moneyService.getPayment(currentUser(request).id, request.params.id),
    );

    own.post(
      "/payments/:id/sandbox",
      {
        schema: {
          tags,
          summary: "The sandbox checkout's choice: pay or decline (the sandbox provider only)",
          description: "202: the sandbox's signed notice is on its way to the webhook (job queue).",
          security,
          params: paymentIdParamsSchema,
          body: sandboxDecisionInputSchema,
          response: {
            202: sandboxDecisionResponseSchema,
            400: badInput,
            401: unauthorized,
            404: paymentNotFound,
            409: errors("`PAYMENT_NOT_PENDING`: already decided"),
          },
        },
      },
      async (request, reply) => {
        const returnUrl = await moneyService.decideSandboxPayment(
          currentUser(request).id,
          request.params.id,
          request.body.decision,
        );
        return reply.status(202).send({ returnUrl });
      },
    );
  });

  // Providers' notices: read as text, so a signature is checked over the exact bytes sent.
  await app.register(async (scope) => {
    const notices = scope.withTypeProvider<ZodTypeProvider>();
    const asText = { parseAs: "string" as const, bodyLimit: noticeBodyLimit };
    notices.addContentTypeParser("application/json", asText, (_request, body, done) => done(null, body));
    notices.addContentTypeParser("application/x-www-form-urlencoded", asText, (_request, body, done) =>
      done(null, body),
    );

    notices.post(
      sandboxWebhookPath.replace(/^\/api/, ""),
      {
        schema: {
          tags,
          summary: "The sandbox provider's signed notice (HMAC-SHA256)",
          description: `Header \`${sandboxSignatureHeader}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">\`.`,
          body: z.string().max(noticeBodyLimit),
          response: {
            200: z.object({ outcome: z.enum(["applied", "duplicate", "ignored"]) }),
            400: errors("`WEBHOOK_REJECTED`: bad signature, unknown payment, or another amount or currency"),
          },
        },
      },
      async (request) => {
        if (!options.sandboxSecret) throw new AppError("ROUTE_NOT_FOUND");
        const header = request.headers[sandboxSignatureHeader];
        let paymentId: string | undefined;
        try {
          const event = readSandboxNotice(
            options.sandboxSecret,
            request.body,
            typeof header === "string" ? header : undefined,
          );
          paymentId = event.paymentId;
          return { outcome: await moneyService.applyProviderEvent("sandbox", event) };
        } catch (error) {
          if (!(error instanceof RejectedNotice)) throw error;
          logRefusal(request.log, "sandbox", error, paymentId);
          throw new AppError("WEBHOOK_REJECTED");
        }
      },
    );

    notices.post(
      freedomPayResultPath.replace(/^\/api/, ""),
      {
        schema: {
          tags,
          summary: "Freedom Pay's result notice (form post signed with pg_sig)",
          description: "Answers the provider's signed XML: `pg_status` ok, or rejected with a 400.",
          body: z.string().max(noticeBodyLimit),
        },
      },
      async (request, reply) => {
        const config = options.freedomPay;
        if (!config) throw new AppError("ROUTE_NOT_FOUND");
        const params: PgParams = Object.fromEntries(new URLSearchParams(request.body));
        const script = scriptNameOf(freedomPayResultPath);
        const answer = (status: number, pgStatus: "ok" | "rejected", description: string) =>
          reply
            .status(status)
            .type("application/xml; charset=utf-8")
            .send(
              writeFlatXml(script, { pg_status: pgStatus, pg_description: description }, config.secretKey),
            );
        try {
          const event = readFreedomPayResult(config, params);
          const outcome = await moneyService.applyProviderEvent("freedompay", event);
          return answer(200, "ok", outcome);
        } catch (error) {
          if (!(error instanceof RejectedNotice)) throw error;
          logRefusal(request.log, "freedompay", error, params.pg_order_id?.slice(0, 64));
          return answer(400, "rejected", "refused");
        }
      },
    );
  });

  // The dashboard's payments section.
  app.post(
    "/payments/adjustments",
    {
      preValidation: requireRole("admin"),
      schema: {
        tags,
        summary: "Staff adjustment of a user's balance, with a reason (admins)",
        security,
        body: adjustmentInputSchema,
        response: {
          201: ledgerEntrySchema,
          400: badInput,
          401: unauthorized,
          404: errors("`ROUTE_NOT_FOUND` (not an admin), `NOT_FOUND` (no such user)"),
          409: errors("`BALANCE_INSUFFICIENT`: the balance would go below zero"),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await moneyService.adjustBalance(currentUser(request).id, request.body, request.ip)),
  );

  app.get(
    "/payments/users/:userId/ledger",
    {
      preValidation: requireRole("admin", "moderator"),
      schema: {
        tags,
        summary: "A user's balance and ledger (admins and moderators)",
        security,
        params: userLedgerParamsSchema,
        querystring: ledgerQuerySchema,
        response: { 200: userLedgerSchema, 400: badInput, 401: unauthorized, 404: staffOnly },
      },
    },
    async (request) => moneyService.userLedger(request.params.userId, request.query),
  );
};
