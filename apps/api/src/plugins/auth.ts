import { type DashboardSection, type Role, type SectionAccess, sectionAccess } from "@unaa/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";

/** Who made the call: set from a valid `Authorization: Bearer` access token, else null. */
export interface RequestUser {
  id: number;
  sessionId: string;
  roles: Role[];
}

declare module "fastify" {
  interface FastifyRequest {
    user: RequestUser | null;
    /** Why the presented token was refused (kept for routes that require a user). */
    authError: AppError | null;
  }
}

export interface AuthPluginOptions {
  /**
   * Checks an access token and its session (active, user not blocked). Throws `AppError`:
   * `UNAUTHORIZED`, `TOKEN_EXPIRED`, or `BLOCKED`.
   */
  /** The caller (and, for the socket's sake, when its token expires: not kept on the request). */
  resolveAccessToken(token: string): Promise<RequestUser & { tokenExpiresAt?: number }>;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Reads the access token of every API call. A blocked user is refused (403) on every call that
 * carries their token; an invalid or expired token only matters to routes that need a user
 * (`requireUser`, `requireRole`), so public pages keep working for a client with a stale token.
 */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { resolveAccessToken }) => {
    app.decorateRequest("user", null);
    app.decorateRequest("authError", null);
    app.addHook("onRequest", async (request) => {
      const header = request.headers.authorization;
      if (!header) return;
      const token = BEARER.exec(header)?.[1];
      if (!token) {
        request.authError = new AppError("UNAUTHORIZED");
        return;
      }
      try {
        const { tokenExpiresAt: _, ...user } = await resolveAccessToken(token);
        request.user = user;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === "BLOCKED") throw error;
        request.authError = error;
      }
    });
  },
  { name: "unaa-auth" },
);

/** preHandler: 401 unless signed in (`TOKEN_EXPIRED` when the token only expired). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw request.authError ?? new AppError("UNAUTHORIZED");
}

/**
 * preHandler factory: 401 when not signed in, 404 when the user holds none of `roles` (the
 * product never advertises staff endpoints; 403 is kept for blocked users only).
 */
export function requireRole(...roles: Role[]) {
  return async function checkRole(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const held = request.user?.roles ?? [];
    if (!roles.some((role) => held.includes(role))) throw new AppError("ROUTE_NOT_FOUND");
  };
}

/**
 * preHandler factory for a dashboard endpoint (decision 065): 401 when not signed in, 404
 * `ROUTE_NOT_FOUND` (as `requireRole`, decision 029) unless the caller's roles give `section` at
 * least `level` in product.md's matrix (`sectionAccess`). `codeAccess` tells whether a moderator is
 * granted the codes log (the `codes` section only).
 */
export function requireSection(
  section: DashboardSection,
  level: SectionAccess,
  codeAccess?: (user: RequestUser) => Promise<boolean>,
) {
  return async function checkSection(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const user = currentUser(request);
    const granted = section === "codes" && codeAccess ? await codeAccess(user) : false;
    const access = sectionAccess(user.roles, section, { codeAccess: granted });
    if (!access || (level === "W" && access !== "W")) throw new AppError("ROUTE_NOT_FOUND");
  };
}

/**
 * The OpenAPI extension naming a dashboard endpoint's section and the access it needs: `users:W`
 * (`R`, `W`, or `admin` for admins only). The dashboard access test reads it from the document, so
 * every `/api/dashboard/*` endpoint must declare it.
 */
export const sectionExtension = "x-dashboard-section";

/**
 * A dashboard endpoint's guard and declaration in one: spread `preValidation` into the route's
 * options (checked before the body is read) and `extension` into its schema.
 */
export function dashboardSection(
  section: DashboardSection,
  level: SectionAccess,
  codeAccess?: (user: RequestUser) => Promise<boolean>,
) {
  return {
    preValidation: requireSection(section, level, codeAccess),
    extension: { [sectionExtension]: `${section}:${level}` },
  };
}

/** The signed-in user of a route guarded by `requireUser`/`requireRole`. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError("UNAUTHORIZED");
  return request.user;
}
