/**
 * Keyset pages (decision 012): the opaque cursor of a list (its sort, the last row's sort key and
 * id), read back only for the list it belongs to and only when its key fits the sort's column.
 */
import { recordIdMax, recordIdSchema } from "@unaa/contracts";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { AdCardRow } from "./ads.repository.ts";
import { invalidField } from "./ads-errors.ts";

/** Where a later page starts: after the previous page's last row. */
export interface PageCursor {
  value: string | number | null;
  id: number;
}

/** The opaque cursor: the list's sort, the last row's sort key and its id. */
export function encodeCursor(sort: string, value: string | number | null, id: number): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString("base64url");
}

/** How `toISOString` writes a time (the only form a cursor of a time column carries). */
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Whether a cursor's sort value can stand for a value of `column` (else the query would fail). */
function fitsColumn(value: unknown, column: PgColumn): boolean {
  if (value === null) return true;
  if (column.columnType === "PgTimestamp") return typeof value === "string" && isoTime.test(value);
  if (column.columnType === "PgBigInt53") return Number.isSafeInteger(value);
  return Number.isInteger(value) && Math.abs(value as number) <= recordIdMax;
}

/** A cursor of this list (`sort`) whose key fits the sort's column; anything else is refused (400). */
export function decodeCursor(cursor: string, sort: string, column: PgColumn): PageCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort) {
      const [, value, id] = parsed as [string, string | number | null, unknown];
      if (recordIdSchema.safeParse(id).success && fitsColumn(value, column))
        return { value, id: id as number };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw invalidField("VALIDATION_FAILED", "cursor");
}

/** A row's sort key as a cursor carries it. */
export function sortValueOf(row: AdCardRow, key: string): string | number | null {
  const value = (row as unknown as Record<string, unknown>)[key];
  if (value instanceof Date) return value.toISOString();
  return typeof value === "number" ? value : null;
}

/** One keyset page: `rows` holds one more than `limit` when another page follows. */
export function pageOf<R, T>(rows: R[], limit: number, toItem: (row: R) => T, cursorOf: (row: R) => string) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
