import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type Database, keyRead, preparedPerHandle } from "../../db/client.ts";
import { refreshTokens, sessions, users } from "../../db/schema/index.ts";

export type SessionRow = typeof sessions.$inferSelect;

export interface NewSession {
  id: string;
  userId: number;
  deviceType: string;
  deviceLabel: string;
  source: string;
  ip: string;
  expiresAt: Date;
}

export async function insertSession(db: Database, values: NewSession, tokenHash: string): Promise<void> {
  await db.insert(sessions).values(values);
  await db.insert(refreshTokens).values({ tokenHash, sessionId: values.id });
}

/** Every signed-in request reads it: a read by a key (decision 098), prepared once per handle. */
const sessionWithUser = preparedPerHandle((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      endedAt: sessions.endedAt,
      expiresAt: sessions.expiresAt,
      roles: users.roles,
      codesAccessGrantedAt: users.codesAccessGrantedAt,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare(keyRead("session_with_user")),
);

/** The session and its user's state, for checking an access token or an SSR cookie. */
export async function findSessionWithUser(db: Database, sessionId: string) {
  const [row] = await sessionWithUser(db).execute({ sessionId });
  return row;
}

/** A presented refresh token: its session, whether it was already rotated, and its user. */
export async function findRefreshToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      replacedAt: refreshTokens.replacedAt,
      endedAt: sessions.endedAt,
      expiresAt: sessions.expiresAt,
      user: users,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Retires `oldHash`, stores `newHash`, touches the session and drops its tokens retired before
 * `forgetBefore`, in one statement (one round trip, atomic). Returns false when `oldHash` was
 * retired already: a concurrent refresh won, and only one caller ever rotates a token.
 */
export async function rotateRefreshToken(
  db: Database,
  rotation: { sessionId: string; oldHash: string; newHash: string; expiresAt: Date; forgetBefore: Date },
): Promise<boolean> {
  const { sessionId, oldHash, newHash, expiresAt, forgetBefore } = rotation;
  const result = (await db.execute(sql`
    with retired as (
      update ${refreshTokens} set replaced_at = now()
      where token_hash = ${oldHash} and replaced_at is null and session_id = ${sessionId}
      returning session_id
    ), issued as (
      insert into ${refreshTokens} (token_hash, session_id) select ${newHash}, session_id from retired
    ), touched as (
      update ${sessions} set last_used_at = now(), expires_at = ${expiresAt.toISOString()}
      where id in (select session_id from retired)
    ), forgotten as (
      delete from ${refreshTokens}
      where session_id in (select session_id from retired) and replaced_at < ${forgetBefore.toISOString()}
    )
    select count(*)::int as rotated from retired`)) as { rows: { rotated: number }[] };
  return Number(result.rows[0]?.rotated ?? 0) > 0;
}

export async function endSession(db: Database, sessionId: string, reason: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function endSessionOfUser(db: Database, userId: number, sessionId: string, reason: string) {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every active session of the user, except `keepSessionId` when given. */
export async function endSessionsOfUser(
  db: Database,
  userId: number,
  reason: string,
  keepSessionId?: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export async function findActiveSessionsOfUser(db: Database, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}
