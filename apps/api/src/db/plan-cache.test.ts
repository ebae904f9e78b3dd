import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdById } from "../modules/ads/ads.repository.ts";
import { findSessionWithUser } from "../modules/auth/sessions.repository.ts";
import { findModelById } from "../modules/catalog/catalog.repository.ts";
import { countActiveAdsByVertical, findResponseStats } from "../modules/profiles/profiles.repository.ts";
import { readSellerRatings } from "../modules/reviews/reviews.repository.ts";
import { openTestDatabase, usesPostgres } from "../test/test-database.ts";
import { type DatabaseHandle, keyRead, prepareStatement } from "./client.ts";

interface PlanCounts {
  name: string;
  generic: number;
  custom: number;
}

const planCountsQuery = sql`
  select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`;

// PGlite plans every statement afresh (it ignores statement names): PostgreSQL's plan cache only.
describe.runIf(usesPostgres())("PostgreSQL's plans of named statements (decisions 014, 098)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  /**
   * The counts of the connection that ran the statements just before: one at a time, a pool hands
   * out the connection it was last given back.
   */
  async function planCounts(name: string, statement: string): Promise<PlanCounts | undefined> {
    const counts = prepareStatement<PlanCounts>(database.db, planCountsQuery, name);
    return (await counts.execute({})).find((row) => row.name === statement);
  }

  it("reads by a key keep one plan once PostgreSQL has seen it is as good as any value's own", async () => {
    const { db } = database;
    const since = new Date(Date.now() - 90 * 86_400_000);
    const reads: [string, (key: number) => Promise<unknown>][] = [
      ["ads_by_id", (id) => findAdById(db, id)],
      ["ads_active_by_vertical_of_user", (userId) => countActiveAdsByVertical(db, userId)],
      ["seller_rating", (userId) => readSellerRatings(db, [userId])],
      ["response_stats", (userId) => findResponseStats(db, userId, since, 86_400)],
      ["catalog_model_by_id", (id) => findModelById(db, id)],
      [
        "session_with_user",
        (key) => findSessionWithUser(db, `00000000-0000-4000-8000-${String(key).padStart(12, "0")}`),
      ],
    ];
    for (const [name, read] of reads) {
      for (let key = 1; key <= 8; key++) await read(key);
      expect(await planCounts(keyRead("plan_counts"), keyRead(name))).toEqual({
        name: keyRead(name),
        custom: 5,
        generic: 3,
      });
    }
  });

  it("every other named statement is planned with each execution's values", async () => {
    const byIds = prepareStatement(
      database.db,
      sql`select id from ads where id = any(${sql.placeholder("ids")}::int[])`,
      "test_ads_by_ids",
    );
    for (let round = 1; round <= 8; round++) await byIds.execute({ ids: [round, round + 1] });
    expect(await planCounts("test_plan_counts", "test_ads_by_ids")).toEqual({
      name: "test_ads_by_ids",
      custom: 8,
      generic: 0,
    });
  });
});
