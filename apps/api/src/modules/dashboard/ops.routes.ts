import {
  codeAccessInputSchema,
  codeAccessListSchema,
  codeAccessParamsSchema,
  codeLogPageSchema,
  codeLogQuerySchema,
  dashboardRegionsSchema,
  placeEditSchema,
  placeParamsSchema,
  townAddSchema,
} from "@unaa/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import type { StaffCaller } from "./dashboard.service.ts";
import type { OpsService } from "./ops.service.ts";

function callerOf(request: FastifyRequest): StaffCaller {
  const user = currentUser(request);
  return { id: user.id, roles: user.roles, ip: request.ip };
}

/**
 * The dashboard's codes log, code access and regions dictionary (issue 17, decision 067). The
 * codes section opens to moderators granted in code-access as well as to admins.
 */
export const opsRoutes: FastifyPluginAsyncZod<{ opsService: OpsService }> = async (app, { opsService }) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];

  const codes = section("codes", "R", (user) => opsService.hasCodeAccess(user.id));
  app.get(
    "/dashboard/codes",
    {
      preValidation: codes.preValidation,
      schema: {
        ...codes.extension,
        tags,
        summary: "The log of one-time codes sent, newest first (keyset pages), with filters",
        description:
          "Never the code or its hash. The recipient is masked unless the caller is granted in code-access (admins too).",
        security,
        querystring: codeLogQuerySchema,
        response: { 200: codeLogPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => opsService.codes(callerOf(request), request.query),
  );

  const access = section("code-access", "W");
  app.get(
    "/dashboard/code-access",
    {
      preValidation: access.preValidation,
      schema: {
        ...access.extension,
        tags,
        summary: "Moderators and admins, and whether each may read the codes log",
        security,
        response: { 200: codeAccessListSchema, 401: unauthorized, 404: sectionHidden },
      },
    },
    async () => opsService.codeAccess(),
  );

  app.put(
    "/dashboard/code-access/:id",
    {
      preValidation: access.preValidation,
      schema: {
        ...access.extension,
        tags,
        summary: "Grant or revoke a staff member's access to the codes log (audited)",
        security,
        params: codeAccessParamsSchema,
        body: codeAccessInputSchema,
        response: {
          200: codeAccessListSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`USER_NOT_FOUND` (also for a non-staff account); `ROUTE_NOT_FOUND`"),
        },
      },
    },
    async (request) => opsService.setCodeAccess(callerOf(request), request.params.id, request.body.granted),
  );

  const regionsRead = section("regions", "R");
  app.get(
    "/dashboard/regions",
    {
      preValidation: regionsRead.preValidation,
      schema: {
        ...regionsRead.extension,
        tags,
        summary: "Every region with its towns, hidden ones too, in display order",
        security,
        response: { 200: dashboardRegionsSchema, 401: unauthorized, 404: sectionHidden },
      },
    },
    async () => opsService.regions(),
  );

  const regionsWrite = section("regions", "W");
  app.put(
    "/dashboard/regions/:id",
    {
      preValidation: regionsWrite.preValidation,
      schema: {
        ...regionsWrite.extension,
        tags,
        summary: "Edit a region's names, position and visibility (audited; the public configuration follows)",
        security,
        params: placeParamsSchema,
        body: placeEditSchema,
        response: {
          200: dashboardRegionsSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`REGION_NOT_FOUND`; `ROUTE_NOT_FOUND`"),
        },
      },
    },
    async (request) => opsService.editRegion(callerOf(request), request.params.id, request.body),
  );

  app.post(
    "/dashboard/regions/:id/towns",
    {
      preValidation: regionsWrite.preValidation,
      schema: {
        ...regionsWrite.extension,
        tags,
        summary: "Add a town to a region (audited)",
        security,
        params: placeParamsSchema,
        body: townAddSchema,
        response: {
          200: dashboardRegionsSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`REGION_NOT_FOUND`; `ROUTE_NOT_FOUND`"),
          409: errors("`TOWN_SLUG_TAKEN` on `slug`"),
        },
      },
    },
    async (request) => opsService.addTown(callerOf(request), request.params.id, request.body),
  );

  app.put(
    "/dashboard/towns/:id",
    {
      preValidation: regionsWrite.preValidation,
      schema: {
        ...regionsWrite.extension,
        tags,
        summary: "Edit a town's names, position and visibility (audited; ads keep a hidden town)",
        security,
        params: placeParamsSchema,
        body: placeEditSchema,
        response: {
          200: dashboardRegionsSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`TOWN_NOT_FOUND`; `ROUTE_NOT_FOUND`"),
        },
      },
    },
    async (request) => opsService.editTown(callerOf(request), request.params.id, request.body),
  );
};
