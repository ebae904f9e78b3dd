import type { DashboardUsersQuery, HistoryQuery } from "@unaa/contracts";
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  adComplaints,
  ads,
  auditEntries,
  chatReports,
  chats,
  ledgerEntries,
  reviewReports,
  reviews,
  sessions,
  userPhones,
  users,
} from "../../db/schema/index.ts";
import { bishkekDayEnd, bishkekDayStart } from "../../lib/bishkek-day.ts";
import { idKeyset } from "../../lib/id-keyset.ts";
import { escapeLike } from "../../lib/like.ts";

// ---- history -------------------------------------------------------------------------------------

export type AuditRow = typeof auditEntries.$inferSelect & { staffName: string | null };

/** One page of audit entries, newest first, one row more than `limit` when there are more. */
export async function findAuditEntries(
  db: Database,
  query: HistoryQuery,
  onlyStaffId: number | null,
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (onlyStaffId !== null) conditions.push(eq(auditEntries.staffId, onlyStaffId));
  if (query.staffId) conditions.push(eq(auditEntries.staffId, query.staffId));
  if (query.action) conditions.push(eq(auditEntries.action, query.action));
  if (query.objectType) conditions.push(eq(auditEntries.objectType, query.objectType));
  if (query.objectId) conditions.push(eq(auditEntries.objectId, query.objectId));
  if (query.from) conditions.push(gte(auditEntries.createdAt, bishkekDayStart(query.from)));
  if (query.to) conditions.push(lt(auditEntries.createdAt, bishkekDayEnd(query.to)));
  const keyset = idKeyset(auditEntries.id, query);
  if (keyset.after) conditions.push(keyset.after);
  const rows = await db
    .select({ entry: auditEntries, username: users.username, deletedAt: users.deletedAt })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.staffId))
    .where(and(...conditions))
    .orderBy(keyset.orderBy)
    .limit(query.limit + 1);
  return rows.map(({ entry, username, deletedAt }) => ({ ...entry, staffName: deletedAt ? "" : username }));
}

// ---- users ---------------------------------------------------------------------------------------

export type UserListRow = Pick<
  typeof users.$inferSelect,
  "id" | "username" | "email" | "roles" | "blockedAt" | "deletedAt" | "createdAt"
> & { phone: string | null };

/**
 * Accounts matching `q` — the id, any part of a phone's digits, of the email or of the username —
 * newest first, one row more than `limit` when there are more.
 */
export async function findUsers(db: Database, query: DashboardUsersQuery): Promise<UserListRow[]> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const text = `%${escapeLike(q.toLowerCase())}%`;
    const matches: SQL[] = [sql`lower(${users.username}) like ${text}`, sql`${users.email} like ${text}`];
    if (/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647) matches.push(eq(users.id, Number(q)));
    const digits = q.replace(/[\s()+-]/g, "");
    if (/^\d{3,15}$/.test(digits)) {
      matches.push(
        sql`exists (select 1 from ${userPhones} where ${userPhones.userId} = ${users.id} and ${userPhones.phone} like ${`%${digits}%`})`,
      );
    }
    conditions.push(or(...matches) as SQL);
  }
  const keyset = idKeyset(users.id, query);
  if (keyset.after) conditions.push(keyset.after);
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      roles: users.roles,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
      phone: userPhones.phone,
    })
    .from(users)
    .leftJoin(userPhones, and(eq(userPhones.userId, users.id), eq(userPhones.isMain, true)))
    .where(and(...conditions))
    .orderBy(keyset.orderBy)
    .limit(query.limit + 1);
}

export async function findPhonesOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ phone: userPhones.phone })
    .from(userPhones)
    .where(eq(userPhones.userId, userId))
    .orderBy(desc(userPhones.isMain), userPhones.id);
  return rows.map((row) => row.phone);
}

/** How many of the user's ads there are by status, and how many wait for moderation. */
export async function countAdsOf(
  db: Database,
  userId: number,
): Promise<{ total: number; active: number; pending: number }> {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${ads.status} = 'active')`.mapWith(Number),
      pending:
        sql<number>`count(*) filter (where ${ads.status} = 'pending' or ${ads.pendingRevision} is not null)`.mapWith(
          Number,
        ),
    })
    .from(ads)
    .where(eq(ads.userId, userId));
  return { total: row?.total ?? 0, active: row?.active ?? 0, pending: row?.pending ?? 0 };
}

/** The user's live sessions, then the latest ended ones: `limit` in all. */
export async function findSessionsOf(db: Database, userId: number, limit: number) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(sql`${sessions.endedAt} is null desc`, desc(sessions.lastUsedAt))
    .limit(limit);
}

/** Reports about the user's ads, about chats with them (by the other member), and about their reviews. */
export async function countComplaintsAgainst(db: Database, userId: number) {
  const [adsRow] = await db
    .select({ n: count() })
    .from(adComplaints)
    .innerJoin(ads, eq(ads.id, adComplaints.adId))
    .where(eq(ads.userId, userId));
  const [chatsRow] = await db
    .select({ n: count() })
    .from(chatReports)
    .innerJoin(chats, eq(chats.id, chatReports.chatId))
    .where(
      and(or(eq(chats.sellerId, userId), eq(chats.buyerId, userId)), sql`${chatReports.userId} <> ${userId}`),
    );
  const [reviewsRow] = await db
    .select({ n: count() })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(eq(reviews.authorId, userId));
  return { ads: adsRow?.n ?? 0, chats: chatsRow?.n ?? 0, reviews: reviewsRow?.n ?? 0 };
}

// ---- overview ------------------------------------------------------------------------------------

/** Ads and edits waiting for a moderator. */
export async function countPendingAds(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ads)
    .where(or(eq(ads.status, "pending"), sql`${ads.pendingRevision} is not null`));
  return row?.n ?? 0;
}

export async function countOpenComplaints(db: Database) {
  const [adsRow] = await db.select({ n: count() }).from(adComplaints).where(eq(adComplaints.status, "new"));
  const [chatsRow] = await db.select({ n: count() }).from(chatReports).where(eq(chatReports.status, "new"));
  const [reviewsRow] = await db
    .select({ n: countDistinct(reviewReports.reviewId) })
    .from(reviewReports)
    .where(eq(reviewReports.status, "new"));
  return { adComplaints: adsRow?.n ?? 0, chatReports: chatsRow?.n ?? 0, reportedReviews: reviewsRow?.n ?? 0 };
}

export async function countCreatedSince(db: Database, since: Date): Promise<{ ads: number; users: number }> {
  const [adsRow] = await db.select({ n: count() }).from(ads).where(gte(ads.createdAt, since));
  const [usersRow] = await db
    .select({ n: count() })
    .from(users)
    .where(and(gte(users.createdAt, since), isNull(users.deletedAt)));
  return { ads: adsRow?.n ?? 0, users: usersRow?.n ?? 0 };
}

/** What balances paid for services and plans since `since`, in tyiyn. */
export async function sumRevenueSince(db: Database, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(-sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(
      and(inArray(ledgerEntries.kind, ["purchase", "plan_renewal"]), gte(ledgerEntries.createdAt, since)),
    );
  return row?.total ?? 0;
}
