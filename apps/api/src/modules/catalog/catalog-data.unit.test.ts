import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { carBodies, carDrives, fuels, gearboxes } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import {
  catalogCounts,
  catalogDataDir,
  catalogFirstYear,
  catalogKinds,
  catalogLastYear,
  catalogSlugPattern,
  listCatalogFiles,
  loadCatalogData,
} from "./catalog-data.ts";

// The checks below read the raw files rather than the loader's result: when one file is broken the
// loader throws, and each check should still report its own offenders across all the other files.
interface RawItem {
  slug?: unknown;
  name?: unknown;
  nameCyrillic?: unknown;
  yearFrom?: unknown;
  yearTo?: unknown;
  models?: RawItem[];
  generations?: RawItem[];
  complectations?: RawItem[];
  [key: string]: unknown;
}

interface RawFile {
  label: string;
  kind: (typeof catalogKinds)[number];
  mark: RawItem;
}

/** A file that is not valid JSON reads as an empty mark here; the schema test names it. */
function readRaw(file: string): RawItem {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as RawItem;
  } catch {
    return {};
  }
}

const files: RawFile[] = catalogKinds.flatMap((kind) =>
  listCatalogFiles(catalogDataDir, kind).map((file) => ({
    label: `${kind}/${file.slice(file.lastIndexOf("/") + 1)}`,
    kind,
    mark: readRaw(file),
  })),
);

interface Visited {
  where: string;
  item: RawItem;
  parent: RawItem | undefined;
  level: "mark" | "model" | "generation" | "complectation";
}

/** Every item of every file with a readable location like `car/toyota.json camry/xv70/2-5-at`. */
function visitAll(): Visited[] {
  const out: Visited[] = [];
  for (const { label, mark } of files) {
    out.push({ where: label, item: mark, parent: undefined, level: "mark" });
    for (const model of mark.models ?? []) {
      const mw = `${label} ${String(model.slug)}`;
      out.push({ where: mw, item: model, parent: mark, level: "model" });
      for (const gen of model.generations ?? []) {
        const gw = `${mw}/${String(gen.slug)}`;
        out.push({ where: gw, item: gen, parent: model, level: "generation" });
        for (const c of gen.complectations ?? []) {
          out.push({ where: `${gw}/${String(c.slug)}`, item: c, parent: gen, level: "complectation" });
        }
      }
    }
  }
  return out;
}

function duplicates(items: RawItem[] | undefined): string[] {
  const seen = new Set<unknown>();
  const dup: string[] = [];
  for (const item of items ?? []) {
    if (seen.has(item.slug)) dup.push(String(item.slug));
    seen.add(item.slug);
  }
  return dup;
}

describe("catalogue data files", () => {
  it("has data files", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it("match the schema", () => {
    // The thrown message lists every bad value with its file and path.
    expect(() => loadCatalogData()).not.toThrow();
  });

  it("use well-formed slugs, unique among siblings", () => {
    const bad: string[] = [];
    for (const { where, item } of visitAll()) {
      if (typeof item.slug !== "string" || !catalogSlugPattern.test(item.slug)) {
        bad.push(`${where}: bad slug ${JSON.stringify(item.slug)}`);
      }
    }
    for (const kind of catalogKinds) {
      const markSlugs = files.filter((f) => f.kind === kind).map((f) => f.mark);
      for (const d of duplicates(markSlugs)) bad.push(`${kind}: duplicate mark slug ${d}`);
    }
    for (const { where, item } of visitAll()) {
      for (const d of duplicates(item.models)) bad.push(`${where}: duplicate model slug ${d}`);
      for (const d of duplicates(item.generations)) bad.push(`${where}: duplicate generation slug ${d}`);
      for (const d of duplicates(item.complectations))
        bad.push(`${where}: duplicate complectation slug ${d}`);
    }
    expect(bad).toEqual([]);
  });

  it("name every item", () => {
    const bad = visitAll()
      .filter(({ item, level }) => {
        // A mark always has a Cyrillic name; a model's is optional but never blank.
        const names = [item.name];
        if (level === "mark" || item.nameCyrillic !== undefined) names.push(item.nameCyrillic);
        return names.some((n) => typeof n !== "string" || n.trim() === "");
      })
      .map(({ where }) => where);
    expect(bad).toEqual([]);
  });

  it("keep years inside the covered range with yearFrom <= yearTo", () => {
    const bad: string[] = [];
    const inRange = (y: unknown) =>
      typeof y === "number" && Number.isInteger(y) && y >= catalogFirstYear && y <= catalogLastYear;
    for (const { where, item, level } of visitAll()) {
      if (level !== "model" && level !== "generation") continue;
      if (!inRange(item.yearFrom)) bad.push(`${where}: yearFrom ${String(item.yearFrom)}`);
      if (item.yearTo !== null && !inRange(item.yearTo)) bad.push(`${where}: yearTo ${String(item.yearTo)}`);
      if (
        typeof item.yearTo === "number" &&
        typeof item.yearFrom === "number" &&
        item.yearTo < item.yearFrom
      ) {
        bad.push(`${where}: yearTo ${item.yearTo} < yearFrom ${item.yearFrom}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("keep generations inside their model's span", () => {
    const bad: string[] = [];
    for (const { where, item, parent, level } of visitAll()) {
      if (level !== "generation" || !parent) continue;
      const from = Number(item.yearFrom);
      if (from < Number(parent.yearFrom))
        bad.push(`${where}: starts ${from} before model ${String(parent.yearFrom)}`);
      if (parent.yearTo !== null && (item.yearTo === null || Number(item.yearTo) > Number(parent.yearTo))) {
        bad.push(`${where}: ends ${String(item.yearTo)} after model ${String(parent.yearTo)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("use only the contract's value lists in complectations", () => {
    const lists: Record<string, readonly string[]> = {
      body: carBodies,
      fuel: fuels,
      gearbox: gearboxes,
      drive: carDrives,
    };
    const bad: string[] = [];
    for (const { where, item, level } of visitAll()) {
      if (level !== "complectation") continue;
      for (const [field, values] of Object.entries(lists)) {
        const value = item[field];
        if (typeof value !== "string" || !values.includes(value)) {
          bad.push(`${where}: ${field} ${JSON.stringify(value)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it("keep car engine volumes within 0.1..10 l, none for electric", () => {
    const bad: string[] = [];
    for (const { where, item, level } of visitAll()) {
      if (level !== "complectation" || !where.startsWith("car/")) continue;
      const v = item.engineVolume;
      if (item.fuel === "electric") {
        if (v !== undefined) bad.push(`${where}: electric with engineVolume ${String(v)}`);
      } else if (typeof v !== "number" || v < 0.1 || v > 10) {
        bad.push(`${where}: engineVolume ${String(v)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("meet the coverage minimums", () => {
    const counts = catalogCounts(loadCatalogData());
    const carModels = files.filter((f) => f.kind === "car").flatMap((f) => f.mark.models ?? []);
    const carGenerations = carModels.flatMap((m) => m.generations ?? []);
    const actual = {
      carMarks: counts.car.marks,
      carModels: counts.car.models,
      carModelsWithGenerations: carModels.filter((m) => (m.generations ?? []).length > 0).length,
      carGenerationsWithComplectations: carGenerations.filter((g) => (g.complectations ?? []).length > 0)
        .length,
      commercialMarks: counts.commercial.marks,
      motoMarks: counts.moto.marks,
    };
    const minimums: typeof actual = {
      carMarks: 90,
      carModels: 900,
      carModelsWithGenerations: 200,
      carGenerationsWithComplectations: 100,
      commercialMarks: 40,
      motoMarks: 40,
    };
    // One list of every shortfall, so a single run shows how far each minimum is.
    const short = Object.entries(minimums)
      .filter(([key, min]) => actual[key as keyof typeof actual] < min)
      .map(([key, min]) => `${key}: ${actual[key as keyof typeof actual]} < ${min}`);
    expect(short).toEqual([]);
  });
});

describe("loadCatalogData", () => {
  function withDir(write: (dir: string) => void, run: (dir: string) => void): void {
    const dir = mkdtempSync(join(tmpdir(), "unaa-catalog-"));
    try {
      write(dir);
      run(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const good = {
    slug: "toyota",
    name: "Toyota",
    nameCyrillic: "Тойота",
    country: "jp",
    popularity: 100,
    models: [
      {
        slug: "camry",
        name: "Camry",
        yearFrom: 1982,
        yearTo: null,
        popularity: 100,
        generations: [
          {
            slug: "xv70",
            name: "XV70",
            yearFrom: 2017,
            yearTo: 2021,
            complectations: [
              {
                slug: "2-5-at",
                name: "2.5 AT",
                body: "sedan",
                engineVolume: 2.5,
                powerHp: 181,
                fuel: "petrol",
                gearbox: "automatic",
                drive: "front",
              },
            ],
          },
        ],
      },
    ],
  };

  it("reads every kind and fills the defaults", () => {
    withDir(
      (dir) => {
        mkdirSync(join(dir, "car"));
        writeFileSync(join(dir, "car", "toyota.json"), JSON.stringify(good));
      },
      (dir) => {
        const data = loadCatalogData(dir);
        expect(data).toHaveLength(1);
        expect(data[0]?.kind).toBe("car");
        expect(data[0]?.mark.models[0]?.generations[0]?.restyling).toBe(false);
        expect(catalogCounts(data).car).toEqual({ marks: 1, models: 1, generations: 1, complectations: 1 });
        expect(catalogCounts(data).moto).toEqual({ marks: 0, models: 0, generations: 0, complectations: 0 });
      },
    );
  });

  it("names the file and the path of every bad value", () => {
    const bad = structuredClone(good);
    const generation = bad.models[0]!.generations[0]!;
    generation.yearFrom = 1975;
    generation.complectations[0]!.body = "spaceship";
    withDir(
      (dir) => {
        mkdirSync(join(dir, "car"));
        writeFileSync(join(dir, "car", "toyota.json"), JSON.stringify(bad));
        mkdirSync(join(dir, "moto"));
        writeFileSync(join(dir, "moto", "wrong-name.json"), JSON.stringify(good));
      },
      (dir) => {
        expect(() => loadCatalogData(dir)).toThrow(
          /car\/toyota\.json: models\[0\]\(camry\)\.generations\[0\]\(xv70\)\.complectations\[0\]\(2-5-at\)\.body/,
        );
        expect(() => loadCatalogData(dir)).toThrow(
          /car\/toyota\.json: models\[0\]\(camry\)\.generations\[0\]\(xv70\)\.yearFrom: 1975 is before/,
        );
        expect(() => loadCatalogData(dir)).toThrow(/moto\/wrong-name\.json: slug: "toyota" does not match/);
      },
    );
  });
});
