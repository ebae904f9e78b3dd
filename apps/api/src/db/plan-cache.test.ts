import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAdById } from "../modules/ads/ads.repository.ts";
import { countActiveAdsByVertical } from "../modules/profiles/profiles.repository.ts";
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
    for (let id = 1; id <= 8; id++) await findAdById(database.db, id);
    const byId = await planCounts(keyRead("plan_counts"), keyRead("ads_by_id"));
    expect(byId?.custom).toBe(5);
    expect(byId?.generic).toBe(3);

    for (let userId = 1; userId <= 7; userId++) await countActiveAdsByVertical(database.db, userId);
    const counts = await planCounts(keyRead("plan_counts"), keyRead("ads_active_by_vertical_of_user"));
    expect(counts?.generic).toBeGreaterThan(0);
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
