import {
  adServicesSchema,
  serviceParamsSchema,
  servicePriceListSchema,
  servicePricesInputSchema,
  servicePurchaseInputSchema,
  servicePurchaseSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.ts";
import type { ServicesService } from "./services.service.ts";

const adNotFound = errors("`AD_NOT_FOUND`: no such ad of this vertical, or not yours");
const adminsOnly = errors("`ROUTE_NOT_FOUND`: not an admin (decision 029)");

/**
 * Paid services for ads (issue 16, decision 063): the owner's page data and purchases, and the
 * prices per vertical for admins (their dashboard screen comes with the dashboard issue).
 */
export const servicesRoutes: FastifyPluginAsyncZod<{ servicesService: ServicesService }> = async (
  app,
  { servicesService },
) => {
  const tags = ["services"];
  const security = [{ bearer: [] }];

  app.get(
    "/services/prices",
    {
      preValidation: requireRole("admin"),
      schema: {
        tags,
        summary: "Prices of paid services per vertical (admins)",
        security,
        response: { 200: servicePriceListSchema, 401: unauthorized, 404: adminsOnly },
      },
    },
    async () => servicesService.listPrices(),
  );

  app.put(
    "/services/prices",
    {
      preValidation: requireRole("admin"),
      schema: {
        tags,
        summary: "Set prices of paid services (admins): each item's price for its vertical, service and days",
        security,
        body: servicePricesInputSchema,
        response: { 200: servicePriceListSchema, 400: badInput, 401: unauthorized, 404: adminsOnly },
      },
    },
    async (request) => servicesService.setPrices(currentUser(request).id, request.body, request.ip),
  );

  app.get(
    "/services/:type/:id",
    {
      schema: {
        tags,
        summary: "The paid services of one of the user's ads: prices, what is in force, forecast, lift",
        description:
          "Only the ad's owner: anyone else, and a guest, is told the ad does not exist (404), as the " +
          "page `/services/{type}/{id}` is. An expired token answers 401 `TOKEN_EXPIRED` (to refresh).",
        security,
        params: serviceParamsSchema,
        response: { 200: adServicesSchema, 400: badInput, 401: unauthorized, 404: adNotFound },
      },
    },
    async (request) => {
      if (!request.user && request.authError?.code === "TOKEN_EXPIRED") throw request.authError;
      return servicesService.getAdServices(request.user?.id, request.params.type, request.params.id);
    },
  );

  app.post(
    "/services/:type/:id",
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Buy a paid service for one of the user's active ads, from the balance",
        description:
          "Timed services start at once, or at the end of the same service still in force. " +
          "`autoRaise` takes `days` (1–30) and `time` (`HH:MM`, Bishkek): one raise a day from the next such time.",
        security,
        params: serviceParamsSchema,
        body: servicePurchaseInputSchema,
        response: {
          201: servicePurchaseSchema,
          400: badInput,
          401: unauthorized,
          404: adNotFound,
          409: errors(
            "`BALANCE_INSUFFICIENT`, `AD_STATE_CONFLICT` (the ad is not active), `SERVICE_PRICE_MISSING`",
          ),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await servicesService.purchase(
            currentUser(request).id,
            request.params.type,
            request.params.id,
            request.body,
          ),
        ),
  );
};
