import type { BusinessHours, BusinessSocials } from "@unaa/contracts";
import { businessKinds } from "@unaa/contracts";
import { sql } from "drizzle-orm";
import {
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
import type { StoredAdPhoto } from "./ads.ts";
import { regions, towns } from "./regions.ts";
import { users } from "./users.ts";

/**
 * Business pages (issue 15, decision 057): one per user (`owner_id` unique), at `/business/{link}`.
 * The logo and cover are photos of the photo pipeline (`ad_photos` rows marked with the business),
 * copied here as ads copy theirs, so a page or a card needs no join.
 */
export const businesses = pgTable(
  "businesses",
  {
    id: serial().primaryKey(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Lower case, checked for shape and reserved words in contracts (`businessLinkSchema`). */
    link: text().notNull(),
    name: text().notNull(),
    kind: text().notNull(),
    description: text().notNull().default(""),
    logo: jsonb().$type<StoredAdPhoto>(),
    cover: jsonb().$type<StoredAdPhoto>(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: "restrict" }),
    townId: integer().references(() => towns.id, { onDelete: "set null" }),
    address: text().notNull().default(""),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** The owner's confirmed phones shown on the page, in order. */
    phoneIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    hours: jsonb().$type<BusinessHours>().notNull(),
    website: text(),
    socials: jsonb().$type<BusinessSocials>().notNull(),
    /** Set by staff only (`POST /api/businesses/{id}/verification`). */
    isVerified: boolean().notNull().default(false),
    /** Name, description and address in lower case: the directory's text search (`ilike`, trigram index). */
    searchText: text().generatedAlwaysAs(sql`lower(name || ' ' || description || ' ' || address)`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("businesses_owner_unique").on(table.ownerId),
    uniqueIndex("businesses_link_unique").on(table.link),
    check(
      "businesses_kind_check",
      sql`${table.kind} in ${sql.raw(`(${businessKinds.map((kind) => `'${kind}'`).join(", ")})`)}`,
    ),
    check("businesses_point_check", sql`(${table.lat} is null) = (${table.lng} is null)`),
    // The directory's order (verified first, then by name), keyset-paged.
    index("businesses_directory_idx").on(table.isVerified, table.name, table.id),
    index("businesses_search_idx").using("gin", table.searchText.op("gin_trgm_ops")),
  ],
);
