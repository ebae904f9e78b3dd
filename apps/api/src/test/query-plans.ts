import { type SQL, sql, TransactionRollbackError } from "drizzle-orm";
import { type Database, prepareStatement } from "../db/client.ts";

/**
 * The plan PostgreSQL makes for `query` (its `sql.placeholder`s filled from `values`) when `index`
 * and the primary key are the only indexes of `ads` and sequential and bitmap scans are off, in a
 * transaction rolled back. A test table is tiny, and any index may look as good there as the one a
 * statement is meant to read: this shows whether that index alone holds every column it needs.
 */
export async function planWithOnlyIndex(
  db: Database,
  index: string,
  query: SQL,
  values: Record<string, unknown>,
): Promise<string> {
  let plan = "";
  let isRolledBack = false;
  await db
    .transaction(async (tx) => {
      const others = (await tx.execute(
        sql`select indexname as name from pg_indexes where tablename = 'ads' and indexname not in (${index}, 'ads_pkey')`,
      )) as unknown as { rows: { name: string }[] };
      for (const { name } of others.rows) await tx.execute(sql`drop index ${sql.identifier(name)}`);
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const explain = prepareStatement<Record<string, string>>(tx, sql`explain ${query}`, undefined);
      plan = (await explain.execute(values)).map((line) => Object.values(line).join(" ")).join("\n");
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
      isRolledBack = true;
    });
  // The dropped indexes must come back: `tx.rollback()` ends the transaction by throwing.
  if (!isRolledBack) throw new Error("the transaction of the plan was not rolled back");
  return plan;
}
