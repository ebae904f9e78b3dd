import type { DashboardListOrder } from "@unaa/contracts";
import { asc, desc, gt, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Keyset pages of a list ordered by its id (the order rows were made): newest or oldest first, the
 * cursor being the last id of the previous page. `after` is the condition of the rows after the
 * cursor (undefined on the first page), `orderBy` the list's order.
 */
export function idKeyset(
  id: PgColumn,
  query: { order: DashboardListOrder; cursor?: string | undefined },
): { after: SQL | undefined; orderBy: SQL } {
  const newest = query.order === "newest";
  const cursor = query.cursor === undefined ? undefined : Number(query.cursor);
  return {
    after: cursor === undefined ? undefined : newest ? lt(id, cursor) : gt(id, cursor),
    orderBy: newest ? desc(id) : asc(id),
  };
}
