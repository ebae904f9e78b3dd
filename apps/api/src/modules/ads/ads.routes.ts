import { createHash } from "node:crypto";
import {
  adCardsPageSchema,
  adCardsResponseSchema,
  adComplaintInputSchema,
  adComplaintSchema,
  adExtendWindowDays,
  adFavoriteIdsResponseSchema,
  adFavoriteResponseSchema,
  adFavoritesMax,
  adFavoritesMergeInputSchema,
  adFavoritesResponseSchema,
  adIdParamsSchema,
  adInputSchema,
  adPageQuerySchema,
  adPhonesResponseSchema,
  adPriceHistorySchema,
  adPriceSummaryQuerySchema,
  adPriceSummarySchema,
  adRejectInputSchema,
  adSchema,
  adSearchQuerySchema,
  adSearchResponseSchema,
  adViewResponseSchema,
  myAdsQuerySchema,
  myAdsResponseSchema,
  profileAdsQuerySchema,
  userIdParamsSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.ts";
import type { AdsService } from "./ads.service.ts";

const notFound = errors("`AD_NOT_FOUND`: no such ad, or it is not yours");
const badInput = errors(
  "`VALIDATION_FAILED`, `AD_CATALOG_MISMATCH`, `AD_LOCATION_INVALID`, with field errors (`fields.year`, `price`, …)",
);
const conflict = errors(
  "`AD_STATE_CONFLICT`: not possible in the ad's current state; `AD_LIMIT_REACHED`: no free place left; " +
    "`AD_REJECTED_NEEDS_EDIT`: a rejected ad goes back to moderation by an edit, not by publishing it again",
);

/**
 * Lists of cards are the busiest answers, and their cards are built field by field from typed rows
 * (ads-presenters.ts): they are written as they are, not checked card by card against the schema
 * again (decision 045: a 26-card answer takes ~70 µs with JSON.stringify, ~300 µs through the zod
 * serializer, ~220 µs through fast-json-stringify). A search answer is one object for as long as
 * the answer cache keeps it, so it is written once for all the requests it answers.
 */
const written = new WeakMap<object, string>();
const asBuilt = {
  serializerCompiler: () => (data: unknown) => {
    if (typeof data !== "object" || data === null) return JSON.stringify(data);
    let json = written.get(data);
    if (json === undefined) {
      json = JSON.stringify(data);
      written.set(data, json);
    }
    return json;
  },
};

export const adsRoutes: FastifyPluginAsyncZod<{ adsService: AdsService }> = async (app, { adsService }) => {
  const tags = ["ads"];
  const owner = { preHandler: requireUser };
  const security = [{ bearer: [] }];

  app.get(
    "/ads",
    {
      schema: {
        tags,
        summary: "Search the active ads of a vertical: filters of its definition, sorts, keyset pages",
        querystring: adSearchQuerySchema,
        response: { 200: adSearchResponseSchema, 400: badInput },
      },
      ...asBuilt,
    },
    async (request) => adsService.searchAds(request.query),
  );

  app.get(
    "/ads/urgent",
    {
      schema: {
        tags,
        summary: "Active ads with the urgent badge, across verticals, freshest first (keyset pages)",
        querystring: adPageQuerySchema,
        response: { 200: adCardsPageSchema, 400: badInput },
      },
      ...asBuilt,
    },
    async (request) => adsService.listUrgentAds(request.query),
  );

  app.get(
    "/ads/cars-summary",
    {
      schema: {
        tags,
        summary:
          "How many active ads a catalogue mark, model or generation has, and their price range in KGS and USD",
        querystring: adPriceSummaryQuerySchema,
        response: { 200: adPriceSummarySchema, 400: badInput },
      },
    },
    async (request) => adsService.summarizeCatalogEntryAds(request.query),
  );

  app.get(
    "/users/me/ads",
    {
      ...owner,
      schema: {
        tags,
        summary: "The signed-in user's ads in one status, newest first, with counters and counts per status",
        security,
        querystring: myAdsQuerySchema,
        response: { 200: myAdsResponseSchema, 400: badInput, 401: unauthorized },
      },
      ...asBuilt,
    },
    async (request) => adsService.listMyAds(currentUser(request).id, request.query),
  );

  app.get(
    "/users/:id/ads",
    {
      schema: {
        tags,
        summary: "A user's active ads of one profile tab, newest first (keyset pages; spec S2.5)",
        description:
          "`tab`: `default` cars, commercial and moto; `adds` every vertical; `uslugi` services. " +
          "Any id answers: an unknown one has no ads.",
        params: userIdParamsSchema,
        querystring: profileAdsQuerySchema,
        response: { 200: adCardsPageSchema, 400: badInput },
      },
      ...asBuilt,
    },
    async (request) => adsService.listUserAds(request.params.id, request.query),
  );

  app.post(
    "/ads",
    {
      ...owner,
      schema: {
        tags,
        summary: "Create an ad as a draft",
        security,
        body: adInputSchema,
        response: { 201: adSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adsService.createAd(currentUser(request).id, request.body)),
  );

  app.get(
    "/ads/:id",
    {
      schema: {
        tags,
        summary: "One ad: an active ad for anyone, any other state for its owner and moderators only",
        params: adIdParamsSchema,
        response: { 200: adSchema, 404: notFound },
      },
    },
    async (request) => adsService.getAd(request.user, request.params.id),
  );

  app.get(
    "/ads/:id/price-history",
    {
      schema: {
        tags,
        summary: "Every price of an ad, oldest first, in both currencies (seen by whoever may see the ad)",
        params: adIdParamsSchema,
        response: { 200: adPriceHistorySchema, 404: notFound },
      },
    },
    async (request) => adsService.getPriceHistory(request.user, request.params.id),
  );

  app.get(
    "/ads/:id/similar",
    {
      schema: {
        tags,
        summary: "Active ads like this one (same model, or same category/type), freshest first",
        params: adIdParamsSchema,
        response: { 200: adCardsResponseSchema, 404: notFound },
      },
      ...asBuilt,
    },
    async (request) => ({ items: await adsService.findSimilarAds(request.params.id) }),
  );

  app.put(
    "/ads/:id",
    {
      ...owner,
      schema: {
        tags,
        summary:
          "Replace an ad's content (owner only); editing never raises it in search; a rejected ad goes back to moderation",
        security,
        params: adIdParamsSchema,
        body: adInputSchema,
        response: { 200: adSchema, 400: badInput, 401: unauthorized, 404: notFound, 409: conflict },
      },
    },
    async (request) => adsService.updateAd(currentUser(request).id, request.params.id, request.body),
  );

  const actions = [
    {
      path: "publish",
      summary: "Publish a draft or an archived ad: active at once, or pending under pre-moderation",
      run: adsService.publishAd,
    },
    { path: "archive", summary: "Take the ad off the site (archived)", run: adsService.archiveAd },
    { path: "sold", summary: "Mark the ad sold", run: adsService.markAdSold },
    {
      path: "extend",
      summary: `Extend an active ad once, free, in its last ${adExtendWindowDays} days`,
      run: adsService.extendAd,
    },
  ] as const;
  for (const action of actions) {
    app.post(
      `/ads/:id/${action.path}`,
      {
        ...owner,
        schema: {
          tags,
          summary: action.summary,
          security,
          params: adIdParamsSchema,
          response: { 200: adSchema, 401: unauthorized, 404: notFound, 409: conflict },
        },
      },
      async (request) => action.run(currentUser(request).id, request.params.id),
    );
  }

  app.post(
    "/ads/:id/view",
    {
      schema: {
        tags,
        summary: "Count a view of the detail page: once per visitor per day, never the owner's",
        params: adIdParamsSchema,
        response: { 200: adViewResponseSchema, 404: notFound },
      },
    },
    async (request) => {
      // A guest is known by a hash of address and browser: the address itself is never stored.
      const guest = `${request.ip}|${request.headers["user-agent"] ?? ""}`;
      const visitor = request.user
        ? `u:${request.user.id}`
        : `g:${createHash("sha256").update(guest).digest("base64url").slice(0, 32)}`;
      return adsService.countAdView(request.user, visitor, request.params.id);
    },
  );

  for (const [method, summary] of [
    ["PUT", "Keep the ad as a favourite (idempotent; active ads only)"],
    ["DELETE", "Stop keeping the ad as a favourite (idempotent)"],
  ] as const) {
    app.route({
      method,
      url: "/ads/:id/favorite",
      ...owner,
      schema: {
        tags,
        summary,
        security,
        params: adIdParamsSchema,
        response: { 200: adFavoriteResponseSchema, 401: unauthorized, 404: notFound },
      },
      handler: async (request) => {
        const userId = currentUser(request).id;
        return method === "PUT"
          ? adsService.addFavorite(userId, request.params.id)
          : adsService.removeFavorite(userId, request.params.id);
      },
    });
  }

  app.get(
    "/favorites",
    {
      ...owner,
      schema: {
        tags,
        summary: "The signed-in user's favourite ads, newest first",
        security,
        response: { 200: adFavoritesResponseSchema, 401: unauthorized },
      },
      ...asBuilt,
    },
    async (request) => ({ items: await adsService.listFavorites(currentUser(request).id) }),
  );

  app.post(
    "/favorites/merge",
    {
      ...owner,
      schema: {
        tags,
        summary: "Add a guest's favourites (kept in local storage) to the account after sign-in",
        security,
        body: adFavoritesMergeInputSchema,
        response: { 200: adFavoriteIdsResponseSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request) => ({
      favoriteAds: await adsService.mergeFavorites(currentUser(request).id, request.body.adIds),
    }),
  );

  app.get(
    "/ads/cards",
    {
      schema: {
        tags,
        summary:
          "Cards of the given ads, in that order: active, archived or sold ones (a guest's favourites)",
        querystring: z.object({
          ids: z
            .string()
            .regex(new RegExp(`^[1-9]\\d{0,8}(,[1-9]\\d{0,8}){0,${adFavoritesMax - 1}}$`))
            .describe(`Up to ${adFavoritesMax} ad ids, comma-separated`),
        }),
        response: { 200: adCardsResponseSchema, 400: badInput },
      },
      ...asBuilt,
    },
    async (request) => ({
      items: await adsService.findAdCards([...new Set(request.query.ids.split(",").map(Number))]),
    }),
  );

  app.post(
    "/ads/:id/phones",
    {
      schema: {
        tags,
        summary: "Reveal the seller's phones (counted; limited per address and user against scraping)",
        params: adIdParamsSchema,
        response: {
          200: adPhonesResponseSchema,
          404: notFound,
          409: errors("`AD_CHAT_ONLY`: the seller asks to write in the chat"),
          429: errors("`RATE_LIMITED`: too many reveals; Retry-After says when to try again"),
        },
      },
    },
    async (request) => adsService.revealPhones(request.user, request.ip, request.params.id),
  );

  app.post(
    "/ads/:id/complaints",
    {
      ...owner,
      schema: {
        tags,
        summary: "Complain about an ad (once per ad); moderators review complaints",
        security,
        params: adIdParamsSchema,
        body: adComplaintInputSchema,
        response: {
          201: adComplaintSchema,
          400: badInput,
          401: unauthorized,
          404: notFound,
          409: errors("`AD_COMPLAINT_EXISTS`"),
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await adsService.complainAboutAd(currentUser(request).id, request.params.id, request.body)),
  );

  // Moderation (requirements P4); the dashboard pages come later.
  const staff = { preHandler: requireRole("moderator", "admin") };
  const staffTags = ["ads", "staff"];
  const staffNotFound = errors("`AD_NOT_FOUND`, or `ROUTE_NOT_FOUND` for a user who is not a moderator");
  const staffActions = [
    {
      path: "approve",
      summary:
        "Approve a pending ad (it goes live) or an edit waiting for re-moderation (it replaces the live version)",
      run: adsService.approveAd,
    },
  ] as const;
  for (const action of staffActions) {
    app.post(
      `/ads/:id/${action.path}`,
      {
        ...staff,
        schema: {
          tags: staffTags,
          summary: action.summary,
          security,
          params: adIdParamsSchema,
          response: { 200: adSchema, 401: unauthorized, 404: staffNotFound, 409: conflict },
        },
      },
      async (request) => action.run(currentUser(request).id, request.params.id, request.ip),
    );
  }
  app.post(
    "/ads/:id/remove",
    {
      ...staff,
      schema: {
        tags: staffTags,
        summary:
          "Take any ad off the site (after a complaint); an optional reason code and note are kept on the ad " +
          "and told to the owner",
        security,
        params: adIdParamsSchema,
        body: adRejectInputSchema.nullish(),
        response: { 200: adSchema, 400: badInput, 401: unauthorized, 404: staffNotFound, 409: conflict },
      },
    },
    async (request) =>
      adsService.removeAd(currentUser(request).id, request.params.id, request.ip, request.body ?? undefined),
  );
  app.post(
    "/ads/:id/reject",
    {
      ...staff,
      schema: {
        tags: staffTags,
        summary:
          "Reject with a reason code and a note the owner sees: an edit waiting for re-moderation is dropped " +
          "(the ad stays live), otherwise the pending or active ad is rejected",
        security,
        params: adIdParamsSchema,
        body: adRejectInputSchema,
        response: { 200: adSchema, 400: badInput, 401: unauthorized, 404: staffNotFound, 409: conflict },
      },
    },
    async (request) =>
      adsService.rejectAd(currentUser(request).id, request.params.id, request.body, request.ip),
  );

  app.delete(
    "/ads/:id",
    {
      ...owner,
      schema: {
        tags,
        summary: "Delete the ad for good (owner only)",
        security,
        params: adIdParamsSchema,
        response: { 204: z.null(), 401: unauthorized, 404: notFound },
      },
    },
    async (request, reply) => {
      await adsService.deleteAd(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
