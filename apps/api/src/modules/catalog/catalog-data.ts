/**
 * The hand-written car catalogue (mark → model → generation → complectation).
 *
 * The data lives in `data/{car,commercial,moto}/<mark-slug>.json` (format in `data/README.md`).
 * No open dataset carries generations, so the files are edited by hand; this schema is what keeps
 * them honest: every value a person can mistype is checked here, and the loader names the file and
 * the exact path of each bad value so a broken edit is fixed in seconds, not hunted for.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CatalogKind,
  carBodies,
  carDrives,
  catalogFirstYear,
  catalogKinds,
  catalogSlugPattern,
  fuels,
  gearboxes,
  catalogLastYear as lastCatalogYear,
} from "@unaa/contracts";
import { z } from "zod";

// The limits are the contract's (the staff endpoints check the same ones); re-exported for the data test.
export { type CatalogKind, catalogFirstYear, catalogKinds, catalogSlugPattern };
export const catalogLastYear = lastCatalogYear();

const slug = z.string().regex(catalogSlugPattern, "must be lower-case latin words joined by '-'");
const name = z.string().trim().min(1, "must not be empty");
const year = z.number().int().min(catalogFirstYear).max(catalogLastYear);
// `null` is an explicit "still produced": a missing key would be ambiguous with "unknown".
const yearTo = year.nullable();
const popularity = z.number().int().min(0).max(100);
const aliases = z.array(name).optional();

/** Lets a cross-field check run even when a nested value failed, so one load lists every problem. */
const always = { when: () => true };

// Complectation ranges are wide enough for trucks and mopeds (the same schema serves all three kinds);
// the car-only bounds of the format (e.g. 0.1..10 l) are checked by the data test.
export const catalogComplectationSchema = z
  .strictObject({
    slug,
    name,
    body: z.enum(carBodies),
    engineVolume: z.number().min(0.04).max(20).optional(),
    // Optional like the other figures: a version is still told apart by engine, gearbox and drive,
    // and a missing power is better than a guessed one.
    powerHp: z.number().int().min(1).max(2000).optional(),
    fuel: z.enum(fuels),
    gearbox: z.enum(gearboxes),
    drive: z.enum(carDrives),
    fuelConsumption: z.number().min(0.5).max(60).optional(),
    lengthMm: z.number().int().min(1000).max(20000).optional(),
    widthMm: z.number().int().min(500).max(3000).optional(),
    heightMm: z.number().int().min(500).max(5000).optional(),
    seats: z.number().int().min(1).max(100).optional(),
  })
  .superRefine((c, ctx) => {
    // An electric car has no displacement; any other engine has one, and the filter needs it.
    if (c.fuel === "electric" && c.engineVolume !== undefined) {
      ctx.addIssue({ code: "custom", path: ["engineVolume"], message: "must be left out for electric" });
    }
    if (c.fuel !== "electric" && c.engineVolume === undefined) {
      ctx.addIssue({ code: "custom", path: ["engineVolume"], message: "is required unless electric" });
    }
  });

export const catalogGenerationSchema = z
  .strictObject({
    slug,
    name,
    yearFrom: year,
    yearTo,
    // Most generations are not facelifts, so the flag may be left out.
    restyling: z.boolean().default(false),
    aliases,
    complectations: z.array(catalogComplectationSchema).default([]),
  })
  .superRefine((g: unknown, ctx) => {
    checkSpan(g, ctx);
    checkUniqueSlugs(g, "complectations", ctx);
  }, always);

export const catalogModelSchema = z
  .strictObject({
    slug,
    name,
    nameCyrillic: name.optional(),
    yearFrom: year,
    yearTo,
    popularity,
    aliases,
    generations: z.array(catalogGenerationSchema).default([]),
  })
  .superRefine((m: unknown, ctx) => {
    checkSpan(m, ctx);
    checkUniqueSlugs(m, "generations", ctx);
    checkGenerationsInsideModel(m, ctx);
  }, always);

export const catalogMarkSchema = z
  .strictObject({
    slug,
    name,
    nameCyrillic: name,
    // ISO 3166-1 alpha-2, lower case ("su" is accepted for Soviet marks).
    country: z.string().regex(/^[a-z]{2}$/, "must be a lower-case two-letter country code"),
    popularity,
    aliases,
    models: z.array(catalogModelSchema).min(1),
  })
  .superRefine((m: unknown, ctx) => checkUniqueSlugs(m, "models", ctx), always);

export type CatalogComplectation = z.infer<typeof catalogComplectationSchema>;
export type CatalogGeneration = z.infer<typeof catalogGenerationSchema>;
export type CatalogModel = z.infer<typeof catalogModelSchema>;
export type CatalogMark = z.infer<typeof catalogMarkSchema>;
export interface CatalogEntry {
  kind: CatalogKind;
  mark: CatalogMark;
}

/*
 * The cross-field checks below also run when a nested value is already bad (`always`), so one load
 * lists every problem. That means they may see a value that does not match the types yet, which is
 * why they read it as `unknown` and skip whatever is not the expected shape (the field check
 * reports that part).
 */
function checkSpan(item: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(item)) return;
  const { yearFrom, yearTo } = item;
  if (typeof yearFrom === "number" && typeof yearTo === "number" && yearTo < yearFrom) {
    ctx.addIssue({ code: "custom", path: ["yearTo"], message: `${yearTo} is before yearFrom ${yearFrom}` });
  }
}

/** Checks the slugs of `parent[key]` (the children of one parent) are unique. */
function checkUniqueSlugs(parent: unknown, key: string, ctx: z.RefinementCtx): void {
  const items = isRecord(parent) ? parent[key] : undefined;
  if (!Array.isArray(items)) return;
  const seen = new Set<unknown>();
  items.forEach((item: unknown, i) => {
    const slugValue = isRecord(item) ? item.slug : undefined;
    if (typeof slugValue !== "string") return;
    if (seen.has(slugValue)) {
      ctx.addIssue({ code: "custom", path: [key, i, "slug"], message: `duplicate slug "${slugValue}"` });
    }
    seen.add(slugValue);
  });
}

/** A generation outside its model's years would show up under the wrong year filter. */
function checkGenerationsInsideModel(model: unknown, ctx: z.RefinementCtx): void {
  if (!isRecord(model) || !Array.isArray(model.generations)) return;
  const { yearFrom, yearTo } = model;
  model.generations.forEach((g: unknown, i) => {
    if (!isRecord(g)) return;
    if (typeof yearFrom === "number" && typeof g.yearFrom === "number" && g.yearFrom < yearFrom) {
      ctx.addIssue({
        code: "custom",
        path: ["generations", i, "yearFrom"],
        message: `${g.yearFrom} is before the model's yearFrom ${yearFrom}`,
      });
    }
    if (
      typeof yearTo === "number" &&
      (g.yearTo === null || (typeof g.yearTo === "number" && g.yearTo > yearTo))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["generations", i, "yearTo"],
        message: `${g.yearTo ?? "null (still produced)"} is after the model's yearTo ${yearTo}`,
      });
    }
  });
}

/** Where the data files live next to this module (the API must not read anything outside the repo). */
export const catalogDataDir = join(import.meta.dirname, "data");

/**
 * Turns a zod path into `models[3](camry).generations[0](xv70).yearTo`: the index finds the spot,
 * the slug tells a person which entry it is without counting.
 */
export function formatCatalogPath(raw: unknown, path: readonly PropertyKey[]): string {
  let out = "";
  let node: unknown = raw;
  for (const key of path) {
    if (typeof key === "number") {
      out += `[${key}]`;
      node = Array.isArray(node) ? node[key] : undefined;
      const slugValue = isRecord(node) ? node.slug : undefined;
      if (typeof slugValue === "string") out += `(${slugValue})`;
    } else {
      const k = String(key);
      out += out === "" ? k : `.${k}`;
      node = isRecord(node) ? node[k] : undefined;
    }
  }
  return out === "" ? "(root)" : out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** Lists the mark files of one kind; a missing kind folder is an empty kind, not an error. */
export function listCatalogFiles(dir: string, kind: CatalogKind): string[] {
  const kindDir = join(dir, kind);
  if (!existsSync(kindDir)) return [];
  return readdirSync(kindDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => join(kindDir, f));
}

/**
 * Reads and validates every mark file. Collects all problems before throwing, so one run shows
 * everything that is wrong instead of one error per edit-and-retry.
 */
export function loadCatalogData(dir: string = catalogDataDir): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  const problems: string[] = [];
  for (const kind of catalogKinds) {
    for (const file of listCatalogFiles(dir, kind)) {
      const label = `${kind}/${file.slice(file.lastIndexOf("/") + 1)}`;
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(file, "utf8"));
      } catch (error) {
        problems.push(`${label}: invalid JSON: ${(error as Error).message}`);
        continue;
      }
      const parsed = catalogMarkSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          problems.push(`${label}: ${formatCatalogPath(raw, issue.path)}: ${issue.message}`);
        }
        continue;
      }
      // The file name is the mark's identity on disk; a mismatch would let two files claim one slug.
      const expected = `${parsed.data.slug}.json`;
      if (!file.endsWith(`/${expected}`)) {
        problems.push(
          `${label}: slug: "${parsed.data.slug}" does not match the file name (expected ${expected})`,
        );
        continue;
      }
      entries.push({ kind, mark: parsed.data });
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid catalogue data (${problems.length} problems):\n${problems.join("\n")}`);
  }
  return entries;
}

export interface CatalogKindCounts {
  marks: number;
  models: number;
  generations: number;
  complectations: number;
}

export function catalogCounts(data: readonly CatalogEntry[]): Record<CatalogKind, CatalogKindCounts> {
  const counts = {} as Record<CatalogKind, CatalogKindCounts>;
  for (const kind of catalogKinds) counts[kind] = { marks: 0, models: 0, generations: 0, complectations: 0 };
  for (const { kind, mark } of data) {
    const c = counts[kind];
    c.marks += 1;
    for (const model of mark.models) {
      c.models += 1;
      for (const generation of model.generations) {
        c.generations += 1;
        c.complectations += generation.complectations.length;
      }
    }
  }
  return counts;
}
