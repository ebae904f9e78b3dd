import {
  savedSearchCreateInputSchema,
  savedSearchIdParamsSchema,
  savedSearchListResponseSchema,
  savedSearchSchema,
  savedSearchUpdateInputSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import type { SavedSearchesService } from "./saved-searches.service.ts";

const notFound = errors("`SAVED_SEARCH_NOT_FOUND`: no such saved search, or not one of yours");

/**
 * Saved searches (issue 14, decision 055): the signed-in user's followed searches. Someone else's
 * search answers 404 like a missing one.
 */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{
  savedSearchesService: SavedSearchesService;
}> = async (app, { savedSearchesService }) => {
  const tags = ["saved-searches"];
  const security = [{ bearer: [] }];
  app.addHook("preHandler", requireUser);

  app.get(
    "/saved-searches",
    {
      schema: {
        tags,
        summary: "The user's saved searches, with their new-match counts",
        security,
        response: { 200: savedSearchListResponseSchema, 401: unauthorized },
      },
    },
    async (request) => savedSearchesService.listSavedSearches(currentUser(request).id),
  );

  app.post(
    "/saved-searches",
    {
      schema: {
        tags,
        summary: "Follow a search: save a list page's filters",
        description:
          "201 with the new saved search; 200 with the one saved before when the user already follows " +
          "the same filters (whatever their order, sort or page). At most 30 per user.",
        security,
        body: savedSearchCreateInputSchema,
        response: {
          200: savedSearchSchema,
          201: savedSearchSchema,
          400: errors("`VALIDATION_FAILED`: a bad filter is named `query.<filter>`"),
          401: unauthorized,
          409: errors("`SAVED_SEARCH_LIMIT_REACHED`"),
        },
      },
    },
    async (request, reply) => {
      const { savedSearch, created } = await savedSearchesService.createSavedSearch(
        currentUser(request).id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(savedSearch);
    },
  );

  app.patch(
    "/saved-searches/:id",
    {
      schema: {
        tags,
        summary: "Change a saved search's label, alert mode, digest hour or channels",
        security,
        params: savedSearchIdParamsSchema,
        body: savedSearchUpdateInputSchema,
        response: { 200: savedSearchSchema, 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request) =>
      savedSearchesService.updateSavedSearch(currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/saved-searches/:id/viewed",
    {
      schema: {
        tags,
        summary: "The user opened the search: its new-match count starts again",
        security,
        params: savedSearchIdParamsSchema,
        response: { 200: savedSearchSchema, 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request) => savedSearchesService.markSavedSearchViewed(currentUser(request).id, request.params.id),
  );

  app.delete(
    "/saved-searches/:id",
    {
      schema: {
        tags,
        summary: "Stop following a search",
        security,
        params: savedSearchIdParamsSchema,
        response: { 204: z.null(), 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request, reply) => {
      await savedSearchesService.deleteSavedSearch(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
