import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/*
 * The vehicle catalogue: mark → model → generation → complectation (spec section 3), for the three
 * kinds of vehicle. Rows are addressed publicly by their slug path, which is unique per parent.
 *
 * Editorial columns shared by every level:
 * - is_hidden: staff took the entry out of lists, search and pickers (ads keep pointing at it);
 * - merged_into_id: staff found it a duplicate of that entry (same level); old links follow it;
 * - created_by / updated_by: the staff member's user id, NULL for the data import. The import never
 *   overwrites a row a person has edited, so a correction in the dashboard survives the next deploy.
 *   Plain ids without a foreign key: the record of who did it outlives the account.
 */
const editorial = {
  isHidden: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdBy: integer(),
  updatedBy: integer(),
};

export const catalogMarks = pgTable(
  "catalog_marks",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    slug: text().notNull(),
    name: text().notNull(),
    nameCyrillic: text(),
    country: text(),
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    popularity: integer().notNull().default(0),
    mergedIntoId: integer().references((): AnyPgColumn => catalogMarks.id, { onDelete: "set null" }),
    ...editorial,
  },
  (table) => [
    uniqueIndex("catalog_marks_kind_slug_unique").on(table.kind, table.slug),
    check("catalog_marks_kind_check", sql`${table.kind} in ('car', 'commercial', 'moto')`),
    check("catalog_marks_popularity_check", sql`${table.popularity} between 0 and 100`),
  ],
);

export const catalogModels = pgTable(
  "catalog_models",
  {
    id: serial().primaryKey(),
    markId: integer()
      .notNull()
      .references(() => catalogMarks.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    nameCyrillic: text(),
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    yearFrom: integer().notNull(),
    yearTo: integer(),
    popularity: integer().notNull().default(0),
    mergedIntoId: integer().references((): AnyPgColumn => catalogModels.id, { onDelete: "set null" }),
    ...editorial,
  },
  (table) => [
    uniqueIndex("catalog_models_mark_slug_unique").on(table.markId, table.slug),
    check("catalog_models_years_check", sql`${table.yearTo} is null or ${table.yearTo} >= ${table.yearFrom}`),
    check("catalog_models_popularity_check", sql`${table.popularity} between 0 and 100`),
  ],
);

export const catalogGenerations = pgTable(
  "catalog_generations",
  {
    id: serial().primaryKey(),
    modelId: integer()
      .notNull()
      .references(() => catalogModels.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    yearFrom: integer().notNull(),
    yearTo: integer(),
    isRestyling: boolean().notNull().default(false),
    mergedIntoId: integer().references((): AnyPgColumn => catalogGenerations.id, { onDelete: "set null" }),
    ...editorial,
  },
  (table) => [
    uniqueIndex("catalog_generations_model_slug_unique").on(table.modelId, table.slug),
    check(
      "catalog_generations_years_check",
      sql`${table.yearTo} is null or ${table.yearTo} >= ${table.yearFrom}`,
    ),
  ],
);

/** One version of a generation; the specs are typed columns so ads can filter and sort by them. */
export const catalogComplectations = pgTable(
  "catalog_complectations",
  {
    id: serial().primaryKey(),
    generationId: integer()
      .notNull()
      .references(() => catalogGenerations.id, { onDelete: "cascade" }),
    slug: text().notNull(),
    name: text().notNull(),
    /** The order of the data file (the editor's order), then staff additions. */
    position: integer().notNull().default(0),
    body: text().notNull(),
    engineVolume: doublePrecision(),
    powerHp: integer(),
    fuel: text().notNull(),
    gearbox: text().notNull(),
    drive: text().notNull(),
    fuelConsumption: doublePrecision(),
    lengthMm: integer(),
    widthMm: integer(),
    heightMm: integer(),
    seats: integer(),
    mergedIntoId: integer().references((): AnyPgColumn => catalogComplectations.id, {
      onDelete: "set null",
    }),
    ...editorial,
  },
  (table) => [
    uniqueIndex("catalog_complectations_generation_slug_unique").on(table.generationId, table.slug),
    check(
      "catalog_complectations_engine_check",
      sql`${table.engineVolume} is null or ${table.engineVolume} > 0`,
    ),
  ],
);

/**
 * The prefix-search index: one row per search key of a visible mark or model (folded names, aliases,
 * transliterations into the other script, later words, "mark model" pairs; see catalog-search.ts in
 * contracts). `term LIKE 'кам%'` is a range scan of the text_pattern_ops index, whatever the
 * database's collation, so a lookup reads only the matching keys. Rebuilt from the entries by the
 * import and after every staff change; hidden and merged entries have no rows.
 */
export const catalogSearchTerms = pgTable(
  "catalog_search_terms",
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    term: text().notNull(),
    markId: integer()
      .notNull()
      .references(() => catalogMarks.id, { onDelete: "cascade" }),
    modelId: integer().references(() => catalogModels.id, { onDelete: "cascade" }),
    /** The entry's popularity, copied so ranking needs no join before the limit. */
    popularity: integer().notNull(),
  },
  (table) => [
    index("catalog_search_terms_prefix_idx").on(table.kind, table.term.op("text_pattern_ops")),
    index("catalog_search_terms_term_idx").on(table.term.op("text_pattern_ops")),
    index("catalog_search_terms_mark_idx").on(table.markId),
    index("catalog_search_terms_model_idx").on(table.modelId),
  ],
);

/** Every staff change (create, edit, hide, merge): who, when, what. The dashboard's history reads it. */
export const catalogChanges = pgTable(
  "catalog_changes",
  {
    id: serial().primaryKey(),
    level: text().notNull(),
    entryId: integer().notNull(),
    action: text().notNull(),
    userId: integer().notNull(),
    changes: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("catalog_changes_entry_idx").on(table.level, table.entryId)],
);
