import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** First-level units: 7 oblasts plus the cities of Bishkek and Osh. */
export const regions = pgTable("regions", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  code: text("code").notNull(),
  nameKy: text("name_ky").notNull(),
  nameRu: text("name_ru").notNull(),
  nameEn: text("name_en").notNull(),
  lat: doublePrecision("lat"),
  lon: doublePrecision("lon"),
  position: integer("position").notNull().default(0),
  /** Hidden by staff: gone from the public configuration (pickers, filters); ads keep theirs. */
  hidden: boolean("hidden").notNull().default(false),
});

export const towns = pgTable(
  "towns",
  {
    id: serial("id").primaryKey(),
    regionId: integer("region_id")
      .notNull()
      .references(() => regions.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    kind: text("kind").notNull(),
    nameKy: text("name_ky").notNull(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    position: integer("position").notNull().default(0),
    /** Hidden by staff, as a region's `hidden`. */
    hidden: boolean("hidden").notNull().default(false),
  },
  (table) => [
    uniqueIndex("towns_region_slug_unique").on(table.regionId, table.slug),
    index("towns_region_idx").on(table.regionId),
  ],
);
