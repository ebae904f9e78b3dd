// `patches/drizzle-orm+0.45.4.patch` rewrites how drizzle turns a row of values into a result object
// (`mapResultRow`, every query's every row; decision 093): it must answer exactly as drizzle's own
// code, written out here as the reference, for the selections the app makes — columns, SQL
// fields, nested objects, and left-joined tables whose row is missing.
import { Column, getTableName, is, type SelectedFieldsOrdered, SQL, sql } from "drizzle-orm";
import * as drizzleUtils from "drizzle-orm/utils";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ads } from "./schema/ads.ts";
import { users } from "./schema/users.ts";

type Fields = SelectedFieldsOrdered<Column>;
// Drizzle's internals, left out of its type declarations.
const { mapResultRow, orderSelectedFields } = drizzleUtils as unknown as {
  mapResultRow(columns: Fields, row: unknown[], joins?: Record<string, boolean>): Record<string, unknown>;
  orderSelectedFields(fields: Record<string, unknown>): Fields;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

// drizzle-orm 0.45.4's mapResultRow, as published (its Subquery branch left out: the app selects none).
function drizzleMapResultRow(
  columns: Fields,
  row: unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) {
  const nullifyMap: Record<string, string | false> = {};
  const result = columns.reduce<Record<string, unknown>>((result2, { path, field }, columnIndex: number) => {
    let decoder: Decoder;
    if (is(field, Column)) decoder = field;
    else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
    else decoder = (field as unknown as { sql: { decoder: Decoder } }).sql.decoder;
    let node = result2;
    for (const [pathChunkIndex, pathChunk] of path.entries()) {
      if (pathChunkIndex < path.length - 1) {
        if (!(pathChunk in node)) node[pathChunk] = {};
        node = node[pathChunk] as Record<string, unknown>;
      } else {
        const rawValue = row[columnIndex];
        node[pathChunk] = rawValue === null ? null : decoder.mapFromDriverValue(rawValue);
        const value = node[pathChunk];
        if (joinsNotNullableMap && is(field, Column) && path.length === 2) {
          const objectName = path[0] as string;
          if (!(objectName in nullifyMap)) {
            nullifyMap[objectName] = value === null ? getTableName(field.table) : false;
          } else if (
            typeof nullifyMap[objectName] === "string" &&
            nullifyMap[objectName] !== getTableName(field.table)
          ) {
            nullifyMap[objectName] = false;
          }
        }
      }
    }
    return result2;
  }, {});
  if (joinsNotNullableMap && Object.keys(nullifyMap).length > 0) {
    for (const [objectName, tableName] of Object.entries(nullifyMap)) {
      if (typeof tableName === "string" && !joinsNotNullableMap[tableName]) result[objectName] = null;
    }
  }
  return result;
}

/** Selections as the app writes them, with the joins' nullability a `leftJoin` gives. */
const selections: { name: string; fields: Fields; joins?: Record<string, boolean> }[] = [
  {
    name: "a card's columns and an SQL field",
    fields: orderSelectedFields({
      id: ads.id,
      title: ads.title,
      price: ads.price,
      fields: ads.fields,
      raisedAt: ads.raisedAt,
      premiumUntil: ads.premiumUntil,
      cover: sql<unknown>`${ads.photos} -> 0`.as("cover"),
      part: sql<number>`1`.mapWith(Number),
    }),
  },
  {
    name: "an ad with its seller left-joined",
    fields: orderSelectedFields({
      ad: { id: ads.id, title: ads.title, publishedAt: ads.publishedAt },
      seller: { id: users.id, username: users.username, createdAt: users.createdAt },
      views: ads.views,
    }),
    joins: { ads: true, users: false },
  },
];

/** What PostgreSQL may send for a column (node-postgres's array row mode): often null. */
const cell = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 5 }),
  fc.constant("2026-11-28 10:00:00.123+00"),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

/** A result, or the error a decoder threw on a value not of its column's type: the same either way. */
function outcome(map: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: map() };
  } catch (error) {
    return { error: String(error) };
  }
}

describe("drizzle's result rows, patched (decision 093)", () => {
  for (const { name, fields, joins } of selections) {
    it(`map any row as drizzle does: ${name}`, () => {
      fc.assert(
        fc.property(fc.array(cell, { minLength: fields.length, maxLength: fields.length }), (row) => {
          const patched = outcome(() => mapResultRow(fields, row, joins));
          expect(patched).toEqual(outcome(() => drizzleMapResultRow(fields, row, joins)));
          // Again: the columns' decoders are kept after the first row.
          expect(outcome(() => mapResultRow(fields, row, joins))).toEqual(patched);
        }),
        { numRuns: 1000 },
      );
    });
  }

  it("a left-joined table whose row is missing is null; one with a value is an object", () => {
    const { fields, joins } = selections[1] as (typeof selections)[number];
    const missing = mapResultRow(fields, [1, "Camry", null, null, null, null, 7], joins);
    expect(missing).toEqual({ ad: { id: 1, title: "Camry", publishedAt: null }, seller: null, views: 7 });
    const present = mapResultRow(fields, [1, "Camry", null, 5, "aibek", null, 7], joins) as {
      seller: unknown;
    };
    expect(present.seller).toEqual({ id: 5, username: "aibek", createdAt: null });
  });
});
