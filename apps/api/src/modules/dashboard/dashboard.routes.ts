import {
  dashboardOverviewSchema,
  dashboardUserParamsSchema,
  dashboardUserSchema,
  dashboardUsersPageSchema,
  dashboardUsersQuerySchema,
  historyPageSchema,
  historyQuerySchema,
  userBlockInputSchema,
  userRolesInputSchema,
} from "@unaa/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import {
  currentUser,
  requireRole,
  dashboardSection as section,
  sectionExtension,
} from "../../plugins/auth.ts";
import type { DashboardService, StaffCaller } from "./dashboard.service.ts";

const userNotFound = errors(
  "`USER_NOT_FOUND`; `ROUTE_NOT_FOUND` when the caller's roles do not open this section",
);

function callerOf(request: FastifyRequest): StaffCaller {
  const user = currentUser(request);
  return { id: user.id, roles: user.roles, ip: request.ip };
}

/**
 * The staff dashboard's own endpoints (issue 17, decision 065): the audit history, users and the
 * overview. Each is guarded by its section of product.md's matrix; there is no endpoint that changes
 * or deletes an audit entry.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboardService: DashboardService }> = async (
  app,
  { dashboardService },
) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];

  const index = section("index", "R");
  app.get(
    "/dashboard/overview",
    {
      preValidation: index.preValidation,
      schema: {
        ...index.extension,
        tags,
        summary: "The overview: queue counts and today's new ads, users and revenue",
        description: "A count whose section the caller's roles do not open is null.",
        security,
        response: { 200: dashboardOverviewSchema, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => dashboardService.overview(callerOf(request)),
  );

  const history = section("history", "R");
  app.get(
    "/dashboard/history",
    {
      preValidation: history.preValidation,
      schema: {
        ...history.extension,
        tags,
        summary: "The audit history of staff actions, newest first (keyset pages), with filters",
        description: "Editors get only their own entries.",
        security,
        querystring: historyQuerySchema,
        response: { 200: historyPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => dashboardService.history(callerOf(request), request.query),
  );

  const usersRead = section("users", "R");
  app.get(
    "/dashboard/users",
    {
      preValidation: usersRead.preValidation,
      schema: {
        ...usersRead.extension,
        tags,
        summary: "Find accounts by id, phone, email or username; newest first (keyset pages)",
        security,
        querystring: dashboardUsersQuerySchema,
        response: { 200: dashboardUsersPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => dashboardService.listUsers(request.query),
  );

  app.get(
    "/dashboard/users/:id",
    {
      preValidation: usersRead.preValidation,
      schema: {
        ...usersRead.extension,
        tags,
        summary: "An account: profile, roles, block, ads, sessions and complaints against it",
        security,
        params: dashboardUserParamsSchema,
        response: { 200: dashboardUserSchema, 400: badInput, 401: unauthorized, 404: userNotFound },
      },
    },
    async (request) => dashboardService.getUser(request.params.id),
  );

  const usersWrite = section("users", "W");
  const refusals = errors(
    "`STAFF_SELF` (one's own account), `STAFF_BLOCK_STAFF` (a staff account, unless an admin), " +
      "`STAFF_LAST_ADMIN` (the last live admin)",
  );
  app.post(
    "/dashboard/users/:id/block",
    {
      preValidation: usersWrite.preValidation,
      schema: {
        ...usersWrite.extension,
        tags,
        summary: "Block an account with a reason: every call of theirs answers 403 and every session ends",
        security,
        params: dashboardUserParamsSchema,
        body: userBlockInputSchema,
        response: {
          200: dashboardUserSchema,
          400: badInput,
          401: unauthorized,
          404: userNotFound,
          409: refusals,
        },
      },
    },
    async (request) => dashboardService.blockUser(callerOf(request), request.params.id, request.body),
  );

  app.post(
    "/dashboard/users/:id/unblock",
    {
      preValidation: usersWrite.preValidation,
      schema: {
        ...usersWrite.extension,
        tags,
        summary: "Unblock an account, with a reason",
        security,
        params: dashboardUserParamsSchema,
        body: userBlockInputSchema,
        response: {
          200: dashboardUserSchema,
          400: badInput,
          401: unauthorized,
          404: userNotFound,
          409: errors("`STAFF_SELF`"),
        },
      },
    },
    async (request) => dashboardService.unblockUser(callerOf(request), request.params.id, request.body),
  );

  // Roles are admins' only within the users section (product.md section 1): "users:admin".
  app.put(
    "/dashboard/users/:id/roles",
    {
      preValidation: requireRole("admin"),
      schema: {
        [sectionExtension]: "users:admin",
        tags,
        summary: "Set an account's staff roles (admins; nobody changes their own; the last admin stays)",
        security,
        params: dashboardUserParamsSchema,
        body: userRolesInputSchema,
        response: {
          200: dashboardUserSchema,
          400: badInput,
          401: unauthorized,
          404: userNotFound,
          409: errors("`STAFF_SELF`, `STAFF_LAST_ADMIN`"),
        },
      },
    },
    async (request) => dashboardService.setRoles(callerOf(request), request.params.id, request.body.roles),
  );
};
