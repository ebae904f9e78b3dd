/** Queries of public profiles: the account, its active ads per vertical, its response rate and time. */
import { and, count, eq, sql } from "drizzle-orm";
import { type Database, keyRead, preparedPerHandle, prepareStatement } from "../../db/client.ts";
import { ads, userPhones, users } from "../../db/schema/index.ts";

export interface ProfileUserRow {
  id: number;
  username: string;
  avatarKey: string | null;
  createdAt: Date;
  blockedAt: Date | null;
  deletedAt: Date | null;
  hasConfirmedPhone: boolean;
}

const profileUserById = preparedPerHandle((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      avatarKey: users.avatarKey,
      createdAt: users.createdAt,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
      hasConfirmedPhone: sql<boolean>`exists (
        select 1 from ${userPhones}
        where ${userPhones.userId} = ${users.id} and ${userPhones.confirmedAt} is not null
      )`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare(keyRead("profile_user_by_id")),
);

export async function findProfileUser(db: Database, id: number): Promise<ProfileUserRow | undefined> {
  const [row] = await profileUserById(db).execute({ id });
  return row;
}

/**
 * A user's active ads per vertical (placeholder `userId`), from `ads_user_idx` alone: the index holds
 * the vertical, so an ad page's trust card reads no table row for its seller's counts (decision 097).
 */
export const activeAdsByVerticalQuery = (db: Database) =>
  db
    .select({ vertical: ads.vertical, value: count() })
    .from(ads)
    .where(and(eq(ads.userId, sql.placeholder("userId")), eq(ads.status, "active")))
    .groupBy(ads.vertical);

const activeAdsByVertical = preparedPerHandle((db) =>
  activeAdsByVerticalQuery(db).prepare(keyRead("ads_active_by_vertical_of_user")),
);

/** The user's active ads in each vertical (absent verticals: none). */
export async function countActiveAdsByVertical(db: Database, userId: number): Promise<Map<string, number>> {
  const rows = await activeAdsByVertical(db).execute({ userId });
  return new Map(rows.map((row) => [row.vertical, row.value]));
}

export interface ResponseStatsRow {
  /** Chats others opened with the user since `since` and wrote in. */
  chats: number;
  /** Those the user answered within the reply window. */
  answered: number;
  /** Median seconds from the first message to the user's first reply (answered or not); null without replies. */
  medianSeconds: number | null;
}

/**
 * One statement over the chats others opened with the user since `since` (`chats_seller_created_idx`);
 * for each, the other's first message and the user's first reply after it, each one step down
 * `chat_messages_chat_idx`. Chats opened but never written in do not count. A read by a key (decision
 * 098): the user's id leads the one index that serves it, and the date follows it there.
 */
const responseStats = preparedPerHandle((db) =>
  prepareStatement<{ chats: number; answered: number; median_seconds: number | null }>(
    db,
    sql`
      select
        count(*)::int as chats,
        (count(*) filter (where delay <= ${sql.placeholder("replyWithinSeconds")}::float8))::int as answered,
        (percentile_cont(0.5) within group (order by delay) filter (where delay is not null))::float8
          as median_seconds
      from (
        select extract(epoch from reply.created_at - opening.created_at)::float8 as delay
        from chats c
        cross join lateral (
          select m.id, m.created_at from chat_messages m
          where m.chat_id = c.id and m.sender_id = c.buyer_id
          order by m.id limit 1
        ) opening
        left join lateral (
          select m.created_at from chat_messages m
          where m.chat_id = c.id and m.id > opening.id and m.sender_id = c.seller_id
          order by m.id limit 1
        ) reply on true
        where c.seller_id = ${sql.placeholder("userId")}
          and c.created_at >= ${sql.placeholder("since")}::timestamptz
      ) as delays
    `,
    keyRead("response_stats"),
  ),
);

export async function findResponseStats(
  db: Database,
  userId: number,
  since: Date,
  replyWithinSeconds: number,
): Promise<ResponseStatsRow> {
  const [row] = await responseStats(db).execute({
    userId,
    since: since.toISOString(),
    replyWithinSeconds,
  });
  return {
    chats: row?.chats ?? 0,
    answered: row?.answered ?? 0,
    medianSeconds: row?.median_seconds ?? null,
  };
}
