/**
 * The dashboard's payments section (issue 17, decision 068): every movement of every balance — the
 * ledger, with the top-up's provider, provider reference and status beside it, and who made a staff
 * adjustment or refund and why, and what of a purchase is still refundable — newest first in keyset
 * pages. Reads only; adjustments go through `MoneyService.adjustBalance` and refunds through
 * `refundPurchase` (the ledger and its audit entry in one transaction).
 */
import type { DashboardPaymentRow, DashboardPaymentsPage, DashboardPaymentsQuery } from "@unaa/contracts";
import { and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import { ledgerEntries, payments, userPhones, users } from "../../db/schema/index.ts";
import { bishkekDayEnd, bishkekDayStart } from "../../lib/bishkek-day.ts";
import { idKeyset } from "../../lib/id-keyset.ts";
import { escapeLike } from "../../lib/like.ts";
import { refundableColumn } from "./staff-refunds.ts";

const staff = alias(users, "staff");

/** The condition "the entry's user is `q`": its id, any part of a phone's digits or of the email. */
function userMatches(q: string): SQL {
  const matches: SQL[] = [sql`${users.email} like ${`%${escapeLike(q.toLowerCase())}%`}`];
  if (/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647) matches.push(eq(users.id, Number(q)));
  const digits = q.replace(/[\s()+-]/g, "");
  if (/^\d{3,15}$/.test(digits)) {
    matches.push(
      sql`exists (select 1 from ${userPhones} where ${userPhones.userId} = ${users.id} and ${userPhones.phone} like ${`%${digits}%`})`,
    );
  }
  return or(...matches) as SQL;
}

const nameOf = (username: string | null, deletedAt: Date | null) => (deletedAt ? "" : (username ?? ""));

export async function listDashboardPayments(
  db: Database,
  query: DashboardPaymentsQuery,
): Promise<DashboardPaymentsPage> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(ledgerEntries.kind, query.kind));
  if (query.user) conditions.push(userMatches(query.user));
  if (query.providerRef) {
    conditions.push(
      sql`lower(${payments.providerPaymentId}) like ${`%${escapeLike(query.providerRef.toLowerCase())}%`}`,
    );
  }
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, bishkekDayStart(query.from)));
  if (query.to) conditions.push(lt(ledgerEntries.createdAt, bishkekDayEnd(query.to)));
  const keyset = idKeyset(ledgerEntries.id, query);
  if (keyset.after) conditions.push(keyset.after);
  const rows = await db
    .select({
      entry: ledgerEntries,
      username: users.username,
      userDeletedAt: users.deletedAt,
      provider: payments.provider,
      providerRef: payments.providerPaymentId,
      status: payments.status,
      staffName: staff.username,
      staffDeletedAt: staff.deletedAt,
      refundable: refundableColumn,
    })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.userId))
    .leftJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .leftJoin(staff, eq(staff.id, ledgerEntries.staffId))
    .where(and(...conditions))
    .orderBy(keyset.orderBy)
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(
    (row): DashboardPaymentRow => ({
      id: row.entry.id,
      user: { id: row.entry.userId, name: nameOf(row.username, row.userDeletedAt) },
      kind: row.entry.kind as DashboardPaymentRow["kind"],
      amount: row.entry.amount,
      balanceAfter: row.entry.balanceAfter,
      reference: row.entry.reference,
      provider: (row.provider as DashboardPaymentRow["provider"]) ?? null,
      providerRef: row.providerRef,
      status: (row.status as DashboardPaymentRow["status"]) ?? null,
      staff:
        row.entry.staffId === null
          ? null
          : { id: row.entry.staffId, name: nameOf(row.staffName, row.staffDeletedAt) },
      reason: row.entry.reason,
      refundable: row.refundable,
      createdAt: row.entry.createdAt.toISOString(),
    }),
  );
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}
