import { createHash } from "node:crypto";
import {
  type CatalogLevel,
  catalogComplectationInputSchema,
  catalogComplectationParamsSchema,
  catalogComplectationPatchSchema,
  catalogComplectationResponseSchema,
  catalogComplectationsResponseSchema,
  catalogGenerationInputSchema,
  catalogGenerationParamsSchema,
  catalogGenerationPatchSchema,
  catalogGenerationsResponseSchema,
  catalogIdParamsSchema,
  catalogKindQuerySchema,
  catalogMarkInputSchema,
  catalogMarkParamsSchema,
  catalogMarkPatchSchema,
  catalogMarksResponseSchema,
  catalogMergeInputSchema,
  catalogModelInputSchema,
  catalogModelParamsSchema,
  catalogModelPatchSchema,
  catalogModelsResponseSchema,
  catalogSearchQuerySchema,
  catalogSearchResponseSchema,
  catalogStaffComplectationSchema,
  catalogStaffGenerationSchema,
  catalogStaffGenerationsResponseSchema,
  catalogStaffMarkSchema,
  catalogStaffMarksResponseSchema,
  catalogStaffModelSchema,
  catalogStaffModelsResponseSchema,
  errorBodySchema,
} from "@unaa/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireRole } from "../../plugins/auth.ts";
import type { CatalogService } from "./catalog.service.ts";
import type { CatalogActor } from "./catalog-staff.service.ts";

const notModified = z.null().describe("Not modified: the If-None-Match ETag still matches");
const notFound = errorBodySchema.describe("CATALOG_NOT_FOUND: no such entry (or it is hidden)");

/** Catalogue data changes rarely (staff edits): browsers and proxies may reuse it for a while. */
const LIST_CACHE = "public, max-age=300, stale-while-revalidate=3600";
const SEARCH_CACHE = "public, max-age=60";

/**
 * Answers with an ETag of the body and a Cache-Control header; a request that already holds this
 * version (If-None-Match) gets an empty 304.
 */
function sendCacheable<T>(request: FastifyRequest, reply: FastifyReply, body: T, cacheControl: string) {
  const etag = `"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
  reply.header("etag", etag).header("cache-control", cacheControl).header("vary", "accept-encoding");
  const held = request.headers["if-none-match"];
  if (typeof held === "string" && held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return reply.status(304).send(null);
  }
  return reply.send(body);
}

function actorOf(request: FastifyRequest): CatalogActor {
  const user = currentUser(request);
  return { id: user.id, roles: user.roles, ip: request.ip };
}

export const catalogRoutes: FastifyPluginAsyncZod<{ catalogService: CatalogService }> = async (
  app,
  { catalogService },
) => {
  const tags = ["catalog"];

  app.get(
    "/catalog/marks",
    {
      schema: {
        tags,
        summary: "Marks of a vehicle kind: popular first, then A–Z, with model counts",
        querystring: catalogKindQuerySchema,
        response: { 200: catalogMarksResponseSchema, 304: notModified },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, await catalogService.listMarks(request.query.kind), LIST_CACHE),
  );

  app.get(
    "/catalog/marks/:mark/models",
    {
      schema: {
        tags,
        summary: "Models of a mark: popular first, then A–Z, with years",
        params: catalogMarkParamsSchema,
        querystring: catalogKindQuerySchema,
        response: { 200: catalogModelsResponseSchema, 304: notModified, 404: notFound },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        await catalogService.listModels(request.query.kind, request.params),
        LIST_CACHE,
      ),
  );

  app.get(
    "/catalog/marks/:mark/models/:model/generations",
    {
      schema: {
        tags,
        summary: "Generations of a model, oldest first, facelifts marked",
        params: catalogModelParamsSchema,
        querystring: catalogKindQuerySchema,
        response: { 200: catalogGenerationsResponseSchema, 304: notModified, 404: notFound },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        await catalogService.listGenerations(request.query.kind, request.params),
        LIST_CACHE,
      ),
  );

  app.get(
    "/catalog/marks/:mark/models/:model/generations/:generation/complectations",
    {
      schema: {
        tags,
        summary: "Complectations (versions) of a generation with their main specs",
        params: catalogGenerationParamsSchema,
        querystring: catalogKindQuerySchema,
        response: { 200: catalogComplectationsResponseSchema, 304: notModified, 404: notFound },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        await catalogService.listComplectations(request.query.kind, request.params),
        LIST_CACHE,
      ),
  );

  app.get(
    "/catalog/marks/:mark/models/:model/generations/:generation/complectations/:complectation",
    {
      schema: {
        tags,
        summary: "One complectation's specs, with its mark, model and generation",
        params: catalogComplectationParamsSchema,
        querystring: catalogKindQuerySchema,
        response: { 200: catalogComplectationResponseSchema, 304: notModified, 404: notFound },
      },
    },
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        await catalogService.getComplectation(request.query.kind, request.params),
        LIST_CACHE,
      ),
  );

  app.get(
    "/catalog/search",
    {
      schema: {
        tags,
        summary: "Prefix search across marks and models, in Latin or Cyrillic",
        description:
          "Matches the start of any word of a name, an alias, or a transliteration into the other " +
          'script: "кам" finds Camry, "lc" Land Cruiser, "лэнд" Land Cruiser, "прадо" Land Cruiser ' +
          'Prado, "toyota cam" Camry. A query typed on the wrong keyboard layout ("rfv") is retried ' +
          "on the other one when it finds nothing.",
        querystring: catalogSearchQuerySchema,
        response: { 200: catalogSearchResponseSchema, 304: notModified },
      },
    },
    async (request, reply) =>
      sendCacheable(request, reply, await catalogService.search(request.query), SEARCH_CACHE),
  );

  // ---- Staff: editors, moderators and admins (requirements P1) ----

  // Checked before the body is validated: someone without the role learns nothing about the
  // endpoint (a 404), not even which fields it takes.
  const staff = { preValidation: requireRole("admin", "moderator", "editor") };
  const staffTags = ["catalog (staff)"];
  const staffErrors = {
    401: errorBodySchema.describe("Not signed in"),
    404: errorBodySchema.describe("No such entry, or the caller is not staff"),
  };
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

  app.get(
    "/catalog/staff/marks",
    {
      ...staff,
      schema: {
        tags: staffTags,
        security: [{ bearer: [] }],
        summary: "The marks of a kind, hidden ones included (merged ones not): popular first, then A–Z",
        querystring: catalogKindQuerySchema,
        response: { 200: catalogStaffMarksResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return catalogService.listStaffMarks(actorOf(request), request.query.kind);
    },
  );

  app.get(
    "/catalog/staff/marks/:id/models",
    {
      ...staff,
      schema: {
        tags: staffTags,
        security: [{ bearer: [] }],
        summary: "A mark's models, hidden ones included (merged ones not): popular first, then A–Z",
        params: catalogIdParamsSchema,
        response: { 200: catalogStaffModelsResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return catalogService.listStaffModels(actorOf(request), request.params.id);
    },
  );

  app.get(
    "/catalog/staff/models/:id/generations",
    {
      ...staff,
      schema: {
        tags: staffTags,
        security: [{ bearer: [] }],
        summary: "A model's generations, hidden ones included (merged ones not), oldest first",
        params: catalogIdParamsSchema,
        response: { 200: catalogStaffGenerationsResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return catalogService.listStaffGenerations(actorOf(request), request.params.id);
    },
  );

  const levels = [
    {
      level: "mark",
      path: "marks",
      entity: catalogStaffMarkSchema,
      input: catalogMarkInputSchema,
      patch: catalogMarkPatchSchema,
      get: catalogService.getStaffMark,
      create: catalogService.createMark,
      update: catalogService.updateMark,
    },
    {
      level: "model",
      path: "models",
      entity: catalogStaffModelSchema,
      input: catalogModelInputSchema,
      patch: catalogModelPatchSchema,
      get: catalogService.getStaffModel,
      create: catalogService.createModel,
      update: catalogService.updateModel,
    },
    {
      level: "generation",
      path: "generations",
      entity: catalogStaffGenerationSchema,
      input: catalogGenerationInputSchema,
      patch: catalogGenerationPatchSchema,
      get: catalogService.getStaffGeneration,
      create: catalogService.createGeneration,
      update: catalogService.updateGeneration,
    },
    {
      level: "complectation",
      path: "complectations",
      entity: catalogStaffComplectationSchema,
      input: catalogComplectationInputSchema,
      patch: catalogComplectationPatchSchema,
      get: catalogService.getStaffComplectation,
      create: catalogService.createComplectation,
      update: catalogService.updateComplectation,
    },
  ] as const;

  for (const definition of levels) {
    const { level, path, entity } = definition;
    // The four levels share one shape, which TypeScript cannot see through the union of their
    // schemas: each function's input and output are the schemas of its own level (zod checks both).
    const get = definition.get as (actor: CatalogActor, id: number) => Promise<never>;
    const create = definition.create as (actor: CatalogActor, input: unknown) => Promise<never>;
    const update = definition.update as (actor: CatalogActor, id: number, patch: unknown) => Promise<never>;

    app.get(
      `/catalog/staff/${path}/:id`,
      {
        ...staff,
        schema: {
          tags: staffTags,
          security: [{ bearer: [] }],
          summary: `One ${level} by id, hidden or merged ones included, with who changed it and when`,
          params: catalogIdParamsSchema,
          response: { 200: entity, ...staffErrors },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return get(actorOf(request), request.params.id);
      },
    );

    app.post(
      `/catalog/staff/${path}`,
      {
        ...staff,
        schema: {
          tags: staffTags,
          security: [{ bearer: [] }],
          summary: `Create a ${level}`,
          body: definition.input,
          response: {
            201: entity,
            ...staffErrors,
            409: errorBodySchema.describe("CATALOG_SLUG_TAKEN: the slug is taken under this parent"),
          },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return reply.status(201).send(await create(actorOf(request), request.body));
      },
    );

    app.patch(
      `/catalog/staff/${path}/:id`,
      {
        ...staff,
        schema: {
          tags: staffTags,
          security: [{ bearer: [] }],
          summary: `Edit a ${level}; \`isHidden: true\` hides it from lists, search and pickers`,
          params: catalogIdParamsSchema,
          body: definition.patch,
          response: {
            200: entity,
            ...staffErrors,
            409: errorBodySchema.describe("CATALOG_SLUG_TAKEN: the slug is taken under this parent"),
          },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return update(actorOf(request), request.params.id, request.body);
      },
    );

    app.post(
      `/catalog/staff/${path}/:id/merge`,
      {
        ...staff,
        schema: {
          tags: staffTags,
          security: [{ bearer: [] }],
          summary: `Merge a duplicate ${level} into another one of the same kind`,
          description:
            "The entry is marked merged (old addresses lead to the one that stays); its children move " +
            "to the one that stays, or are merged into its children of the same slug.",
          params: catalogIdParamsSchema,
          body: catalogMergeInputSchema,
          response: {
            204: z.null(),
            ...staffErrors,
            400: errorBodySchema.describe("CATALOG_MERGE_INVALID"),
          },
        },
      },
      async (request, reply) => {
        await catalogService.merge(
          actorOf(request),
          level as CatalogLevel,
          request.params.id,
          request.body.intoId,
        );
        return reply.status(204).send(null);
      },
    );
  }
};
