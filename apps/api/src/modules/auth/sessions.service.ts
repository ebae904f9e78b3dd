import { randomUUID } from "node:crypto";
import {
  roles as allRoles,
  type Device,
  type Locale,
  REFRESH_TOKEN_TTL_DAYS,
  type Role,
  type Session,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import {
  type AuthKeys,
  createAccessTokenVerifier,
  createRefreshToken,
  hashRefreshToken,
  signAccessToken,
  successorRefreshToken,
} from "../../lib/tokens.ts";
import type { RequestUser } from "../../plugins/auth.ts";
import { recordUserLocale, type UserRow } from "../users/users.repository.ts";
import {
  endSession,
  endSessionOfUser,
  endSessionsOfUser,
  findActiveSessionsOfUser,
  findRefreshToken,
  findSessionWithUser,
  insertSession,
  rotateRefreshToken,
} from "./sessions.repository.ts";

const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
/**
 * A rotated token presented again within this many seconds is taken for a retry (its answer was
 * lost) or a race (two tabs refreshing at once), not theft: it gets the same successor while that
 * is still the session's token (decision 082). Later, it ends the session.
 */
const REUSE_GRACE_SECONDS = 10;

export interface ClientInfo {
  device: Device;
  source: string;
  ip: string;
  /** The interface language of the sign-in, kept as the account's (decision 059). */
  locale: Locale;
}

/** What a sign-in hands to the route: tokens for the answer and the cookies. */
export interface IssuedSession {
  userId: number;
  /** Also the value of the `unaa_session` cookie, which the route signs. */
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

export type SessionEndReason =
  | "logout"
  | "revoked"
  | "others-revoked"
  | "password"
  | "reset"
  | "reuse"
  | "blocked"
  | "deleted";

export interface SessionsService {
  startSession(db: Database, userId: number, roles: Role[], client: ClientInfo): Promise<IssuedSession>;
  /** Rotates a refresh token. 403 `BLOCKED` or `SESSION_ENDED` when it cannot. */
  refreshSession(refreshToken: string | undefined): Promise<{ session: IssuedSession; user: UserRow }>;
  /**
   * The user of an access token and when the token expires (ms since the epoch); `UNAUTHORIZED`,
   * `TOKEN_EXPIRED` or `BLOCKED` otherwise.
   */
  resolveAccessToken(token: string): Promise<RequestUser & { tokenExpiresAt: number }>;
  /** For SSR: the signed-in viewer of a session (the id from a genuine `unaa_session` cookie), or null. */
  findViewer(sessionId: string | null): Promise<{ id: number; roles: string[]; codeAccess: boolean } | null>;
  /** The session a refresh token belongs to (any state), for logout. */
  findSessionIdByRefreshToken(refreshToken: string): Promise<string | null>;
  listSessions(userId: number, currentSessionId: string): Promise<Session[]>;
  endSession(sessionId: string, reason: SessionEndReason): Promise<void>;
  endSessionOfUser(userId: number, sessionId: string): Promise<boolean>;
  endSessionsOfUser(
    db: Database,
    userId: number,
    reason: SessionEndReason,
    keepSessionId?: string,
  ): Promise<number>;
}

function toRoles(values: string[]): Role[] {
  return values.filter((value): value is Role => (allRoles as readonly string[]).includes(value));
}

export function createSessionsService(deps: {
  db: Database;
  keys: AuthKeys;
  now?: () => number;
}): SessionsService {
  const { db, keys } = deps;
  const now = deps.now ?? (() => Date.now());
  const verifyAccessToken = createAccessTokenVerifier(keys.accessToken);

  async function issue(
    userId: number,
    sessionId: string,
    roles: Role[],
    refreshToken: string,
  ): Promise<IssuedSession> {
    return {
      userId,
      sessionId,
      accessToken: await signAccessToken(keys.accessToken, { userId, sessionId, roles }, now()),
      refreshToken,
    };
  }

  return {
    async startSession(tx, userId, roles, client) {
      const sessionId = randomUUID();
      const refreshToken = createRefreshToken();
      await insertSession(
        tx,
        {
          id: sessionId,
          userId,
          deviceType: client.device.type,
          deviceLabel: client.device.label,
          source: client.source,
          ip: client.ip,
          expiresAt: new Date(now() + REFRESH_TTL_MS),
        },
        hashRefreshToken(refreshToken),
      );
      await recordUserLocale(tx, userId, client.locale);
      return issue(userId, sessionId, roles, refreshToken);
    },

    async refreshSession(refreshToken) {
      if (!refreshToken || refreshToken.length > 200) throw new AppError("SESSION_ENDED");
      const oldHash = hashRefreshToken(refreshToken);
      const found = await findRefreshToken(db, oldHash);
      if (!found) throw new AppError("SESSION_ENDED");
      const { user } = found;
      if (user.blockedAt) throw new AppError("BLOCKED");
      if (found.endedAt || user.deletedAt || found.expiresAt.getTime() <= now()) {
        throw new AppError("SESSION_ENDED");
      }
      if (found.replacedAt) {
        const secondsSince = (now() - found.replacedAt.getTime()) / 1000;
        if (secondsSince > REUSE_GRACE_SECONDS) {
          await endSession(db, found.sessionId, "reuse");
          throw new AppError("SESSION_ENDED");
        }
      }
      const nextToken = successorRefreshToken(keys.refreshSuccessor, refreshToken);
      const newHash = hashRefreshToken(nextToken);
      const rotated =
        !found.replacedAt &&
        (await rotateRefreshToken(db, {
          sessionId: found.sessionId,
          oldHash,
          newHash,
          expiresAt: new Date(now() + REFRESH_TTL_MS),
          forgetBefore: new Date(now() - REFRESH_TTL_MS),
        }));
      if (!rotated) {
        // Rotated already (a retry, or a parallel refresh won the race): the same successor, while
        // it is still the session's token; a successor rotated in turn is not handed out again.
        const successor = await findRefreshToken(db, newHash);
        if (!successor || successor.replacedAt || successor.sessionId !== found.sessionId) {
          throw new AppError("SESSION_ENDED");
        }
      }
      return { session: await issue(user.id, found.sessionId, toRoles(user.roles), nextToken), user };
    },

    async resolveAccessToken(token) {
      const claims = await verifyAccessToken(token);
      const session = await findSessionWithUser(db, claims.sessionId);
      if (!session || session.userId !== claims.userId) throw new AppError("UNAUTHORIZED");
      if (session.blockedAt) throw new AppError("BLOCKED");
      // An ended session's token stops working at once; the client's refresh then gets 403.
      if (session.endedAt || session.deletedAt) throw new AppError("UNAUTHORIZED");
      return {
        id: session.userId,
        sessionId: session.sessionId,
        roles: toRoles(session.roles),
        tokenExpiresAt: claims.expiresAt,
      };
    },

    async findViewer(sessionId) {
      if (!sessionId) return null;
      const session = await findSessionWithUser(db, sessionId);
      if (!session || session.blockedAt || session.deletedAt || session.endedAt) return null;
      if (session.expiresAt.getTime() <= now()) return null;
      const codeAccess = session.codesAccessGrantedAt !== null;
      return { id: session.userId, roles: toRoles(session.roles), codeAccess };
    },

    async findSessionIdByRefreshToken(refreshToken) {
      if (refreshToken.length > 200) return null;
      const found = await findRefreshToken(db, hashRefreshToken(refreshToken));
      return found?.sessionId ?? null;
    },

    async listSessions(userId, currentSessionId) {
      const rows = await findActiveSessionsOfUser(db, userId);
      return rows.map((row) => ({
        id: row.id,
        device: { type: row.deviceType as Device["type"], label: row.deviceLabel },
        source: row.source,
        ip: row.ip,
        city: row.city,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    async endSession(sessionId, reason) {
      await endSession(db, sessionId, reason);
    },

    endSessionOfUser: (userId, sessionId) => endSessionOfUser(db, userId, sessionId, "revoked"),

    endSessionsOfUser: (tx, userId, reason, keepSessionId) =>
      endSessionsOfUser(tx, userId, reason, keepSessionId),
  };
}
