/**
 * Demo ads for a new development database (`npm start`, `npm run db:seed`): a few thousand ads of
 * every vertical, region and price range, from 30 demo sellers and the demo user, mostly active,
 * some archived, sold or waiting for a moderator, a few promoted, urgent or with a lowered price,
 * each with its own photo rows over a shared pool of generated pictures (demo-photos.ts).
 *
 * Deterministic (one seeded random sequence: the same ads on every machine, apart from times, which
 * follow the clock) and idempotent (a database that has ads gets none). Every ad body is checked by
 * the vertical's input schema and turned into columns by the ads service's own mapping; rows go in
 * by hundreds, so the whole seed takes seconds.
 */
import {
  type AdInput,
  adInputSchema,
  type commercialCategories,
  equipment,
  type motoCategories,
  serviceTypes,
  type Vertical,
} from "@unaa/contracts";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { hashPassword } from "../../lib/passwords.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { adColumns, type CatalogRefs, resolveCatalogRefs } from "../../modules/ads/ads-input.ts";
import { type AdPhotoRow, toStoredAdPhoto } from "../../modules/photos/photos.repository.ts";
import { readSettings } from "../../modules/settings/settings.service.ts";
import type { Database } from "../client.ts";
import {
  adPhotos,
  adPriceHistory,
  ads,
  catalogComplectations,
  catalogGenerations,
  catalogMarks,
  catalogModels,
  regions,
  towns,
  userPhones,
  users,
} from "../schema/index.ts";
import {
  demoSellers,
  type Language,
  serviceSentences,
  serviceTitles,
  streets,
  vehicleOpenings,
  vehicleSentences,
  workingHours,
} from "./demo-ads.texts.ts";
import {
  type CarShapeName,
  carShapeBodies,
  commercialPaints,
  detailKeys,
  motoPaints,
  namedMarks,
  type Paint,
  servicesPictured,
  storeDemoPictures,
  unnamedCars,
} from "./demo-photos.ts";
import { DEMO_PASSWORD, demoUsers } from "./users.seed.ts";

export const demoAdCounts: Record<Vertical, number> = { car: 2500, commercial: 500, moto: 400, uslugi: 600 };

const DAY_MS = 86_400_000;

/** A small, fast, seeded generator (mulberry32): the same sequence from the same seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random = {
    next,
    chance: (probability: number) => next() < probability,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    /** One of the entries, in proportion to its weight. */
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [value, weight] of entries) {
        left -= weight;
        if (left < 0) return value;
      }
      return (entries.at(-1) as readonly [T, number])[0];
    },
    /** `size` distinct items in random order. */
    sample: <T>(list: readonly T[], size: number): T[] => {
      const copy = [...list];
      for (let index = copy.length - 1; index > 0; index--) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
      }
      return copy.slice(0, size);
    },
  };
  return random;
}
type Random = ReturnType<typeof seededRandom>;

// ---------------------------------------------------------------------------------------------
// What the ads are made of: the catalogue, the places, the sellers

interface Mark {
  id: number;
  slug: string;
  name: string;
  nameCyrillic: string | null;
  popularity: number;
  models: Model[];
}
interface Model {
  id: number;
  name: string;
  nameCyrillic: string | null;
  popularity: number;
  yearFrom: number;
  yearTo: number | null;
  body: string | null;
  generations: { id: number; yearFrom: number; yearTo: number | null }[];
}
interface Place {
  regionId: number;
  townId: number | null;
  lat: number | null;
  lon: number | null;
  weight: number;
}

async function loadCatalogue(db: Database): Promise<Record<"car" | "commercial" | "moto", Mark[]>> {
  const markRows = await db
    .select()
    .from(catalogMarks)
    .where(and(eq(catalogMarks.isHidden, false), isNull(catalogMarks.mergedIntoId)))
    .orderBy(asc(catalogMarks.id));
  const modelRows = await db
    .select()
    .from(catalogModels)
    .where(and(eq(catalogModels.isHidden, false), isNull(catalogModels.mergedIntoId)))
    .orderBy(asc(catalogModels.id));
  const generationRows = await db
    .select()
    .from(catalogGenerations)
    .where(and(eq(catalogGenerations.isHidden, false), isNull(catalogGenerations.mergedIntoId)))
    .orderBy(asc(catalogGenerations.id));
  // The body most versions of a model have, where the catalogue knows its versions.
  const bodies = await db
    .select({
      modelId: catalogGenerations.modelId,
      body: sql<string>`mode() within group (order by ${catalogComplectations.body})`,
    })
    .from(catalogComplectations)
    .innerJoin(catalogGenerations, eq(catalogGenerations.id, catalogComplectations.generationId))
    .groupBy(catalogGenerations.modelId);
  const bodyOf = new Map(bodies.map((row) => [row.modelId, row.body]));
  const models = new Map<number, Model[]>();
  const generations = new Map<number, Model["generations"]>();
  for (const row of generationRows) {
    generations.set(row.modelId, [...(generations.get(row.modelId) ?? []), row]);
  }
  for (const row of modelRows) {
    models.set(row.markId, [
      ...(models.get(row.markId) ?? []),
      { ...row, body: bodyOf.get(row.id) ?? null, generations: generations.get(row.id) ?? [] },
    ]);
  }
  const byKind = { car: [] as Mark[], commercial: [] as Mark[], moto: [] as Mark[] };
  for (const row of markRows) {
    const list = models.get(row.id);
    if (list?.length) byKind[row.kind as keyof typeof byKind].push({ ...row, models: list });
  }
  return byKind;
}

/** Share of ads per region (by slug): the capital and Chui first, then Osh. Also used by the benchmark (npm run bench). */
export const regionWeights: Record<string, number> = {
  bishkek: 40,
  chui: 18,
  "osh-city": 10,
  osh: 7,
  "jalal-abad": 8,
  "issyk-kul": 7,
  naryn: 3,
  talas: 4,
  batken: 3,
};

async function loadPlaces(db: Database): Promise<Place[]> {
  const regionRows = await db.select().from(regions).orderBy(asc(regions.position));
  const townRows = await db.select().from(towns).orderBy(asc(towns.position));
  return regionRows.flatMap((region) => {
    const share = regionWeights[region.slug] ?? 1;
    const own = townRows.filter((town) => town.regionId === region.id);
    // The first (largest) towns get most ads; one ad in six names the region only.
    const townWeights = own.map((_, index) => 1 / (index + 1));
    const total = townWeights.reduce((sum, weight) => sum + weight, 0) / 0.83;
    return [
      { regionId: region.id, townId: null, lat: region.lat, lon: region.lon, weight: share * 0.17 },
      ...own.map((town, index) => ({
        regionId: region.id,
        townId: town.id,
        lat: town.lat ?? region.lat,
        lon: town.lon ?? region.lon,
        weight: (share * (townWeights[index] ?? 0)) / total,
      })),
    ];
  });
}

/** The demo sellers, created when missing (the demo password, a confirmed phone each). */
async function ensureSellers(db: Database): Promise<{ id: number; kind: string; username: string }[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const sellers: { id: number; kind: string; username: string }[] = [];
  for (const [index, seller] of demoSellers.entries()) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${seller.username})`);
    if (existing) {
      sellers.push({ id: existing.id, ...seller });
      continue;
    }
    const phone = `+996700000${String(101 + index).padStart(3, "0")}`;
    const created = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: userPhones.id })
        .from(userPhones)
        .where(eq(userPhones.phone, phone));
      const [user] = await tx
        .insert(users)
        .values({
          username: seller.username,
          passwordHash,
          createdAt: new Date(Date.now() - (index + 2) * 97 * DAY_MS),
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`demo seller ${seller.username} was not saved`);
      if (!taken)
        await tx.insert(userPhones).values({ userId: user.id, phone, isMain: true, confirmedAt: new Date() });
      return user;
    });
    sellers.push({ id: created.id, ...seller });
  }
  return sellers;
}

// ---------------------------------------------------------------------------------------------
// The ads

interface DemoAd {
  userId: number;
  input: AdInput;
  /** Picture keys of demo-photos.ts, the cover first. */
  pictures: string[];
  status: "active" | "archived" | "sold" | "pending" | "draft";
  createdAt: Date;
  publishedAt: Date | null;
  raisedAt: Date | null;
  expiresAt: Date | null;
  updatedAt: Date;
  oldPrice: number | null;
  promotion: "premium" | "vip" | "top" | null;
  urgent: boolean;
  highlight: boolean;
  views: number;
  favorites: number;
  phoneReveals: number;
}

interface Context {
  random: Random;
  now: number;
  usdRate: number;
  places: Place[];
  catalogue: Record<"car" | "commercial" | "moto", Mark[]>;
}

const vehicleLanguages: [Language, number][] = [
  ["ru", 65],
  ["ky", 22],
  ["en", 13],
];

function description(
  random: Random,
  language: Language,
  sentences: Record<Language, string[]>,
  opening = "",
) {
  const chosen = random.sample(sentences[language], random.int(2, 4));
  return [opening, ...chosen].filter(Boolean).join(" ");
}

function vehicleDescription(random: Random, name: { latin: string; cyrillic: string | null }): string {
  const language = random.weighted(vehicleLanguages);
  const shown = language !== "en" && name.cyrillic && random.chance(0.6) ? name.cyrillic : name.latin;
  const opening = random.chance(0.7) ? random.pick(vehicleOpenings[language]).replace("{name}", shown) : "";
  return description(random, language, vehicleSentences, opening);
}

function pickPlace(context: Context): Pick<AdInput, "regionId" | "townId" | "abroadCountry"> & Place {
  const place = context.random.weighted(
    context.places.map((candidate) => [candidate, candidate.weight] as const),
  );
  return { ...place, abroadCountry: null };
}

function pickMark(random: Random, marks: Mark[], exponent: number): Mark {
  return random.weighted(marks.map((mark) => [mark, (mark.popularity + 1) ** exponent] as const));
}

/** One of the mark's six most popular models: most ads are of well-known cars. */
function pickModel(random: Random, mark: Mark): Model {
  const popular = [...mark.models].sort((a, b) => b.popularity - a.popularity).slice(0, 6);
  return random.weighted(popular.map((model) => [model, (model.popularity + 1) ** 2] as const));
}

/** A year the model (or one of its generations) was made, 1995 at the earliest. */
function pickYear(
  random: Random,
  model: Model,
  thisYear: number,
): { year: number; generationId: number | null } {
  // One of the four latest generations; 1995 at the earliest unless the model is older.
  const made = model.generations.filter((generation) => (generation.yearTo ?? thisYear) >= 1995).slice(-4);
  const span = made.length
    ? random.pick(made)
    : { id: null, yearFrom: model.yearFrom, yearTo: model.yearTo ?? thisYear };
  const from = (span.yearTo ?? thisYear) >= 1995 ? Math.max(span.yearFrom, 1995) : span.yearFrom;
  const to = Math.max(from, Math.min(span.yearTo ?? thisYear, thisYear));
  // More ads for newer cars within the span.
  return { year: to - Math.floor(random.next() ** 1.4 * (to - from + 1)), generationId: span.id };
}

/** Dollars: `newPrice` when new, about 8 % less a year, ±25 %. */
function priceFor(random: Random, newPrice: number, year: number, thisYear: number): number {
  const value = newPrice * 0.92 ** (thisYear - year) * (0.75 + random.next() * 0.5);
  return Math.max(300, Math.round(value / 100) * 100);
}

/** The price as the seller writes it: three in four vehicle ads in dollars, the rest in soms. */
function sellerPrice(context: Context, usd: number, usdShare = 0.75) {
  if (context.random.chance(usdShare)) return { price: usd, currency: "USD" as const };
  return { price: Math.round((usd * context.usdRate) / 1000) * 1000, currency: "KGS" as const };
}

function mileageFor(random: Random, year: number, thisYear: number, isNew: boolean): number {
  if (isNew) return random.int(0, 40);
  return Math.min(1_900_000, Math.round((thisYear - year + 0.5) * random.int(6_000, 20_000)));
}

const vinLetters = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
function vin(random: Random): string {
  return Array.from({ length: 17 }, () => random.pick([...vinLetters])).join("");
}

/** Which car picture shows a model: one of its mark's named pictures of the same body, else an unnamed one. */
function carPicture(
  random: Random,
  mark: Mark,
  model: Model,
): { key: string; shape: CarShapeName; paint: Paint } {
  const shapeOfBody = (body: string | null): CarShapeName | null => {
    if (!body) return null;
    const found = Object.entries(carShapeBodies).find(([, shapeBody]) => shapeBody === body);
    if (found) return found[0] as CarShapeName;
    if (body.startsWith("suv")) return "suv";
    if (body.startsWith("hatchback") || body === "liftback") return "hatchback";
    if (["compactvan", "van", "microbus"].includes(body)) return "minivan";
    if (["cabriolet", "roadster"].includes(body)) return "coupe";
    return "sedan";
  };
  // A model keeps one body: the catalogue's, else one chosen by its id.
  const shapes: CarShapeName[] = ["sedan", "sedan", "sedan", "suv", "suv", "hatchback", "minivan", "wagon"];
  const shape = shapeOfBody(model.body) ?? (shapes[model.id % shapes.length] as CarShapeName);
  const named = namedMarks.find((candidate) => candidate.slug === mark.slug);
  const own = named?.shapes.filter(([candidate]) => candidate === shape) ?? [];
  if (own.length) {
    const [, paint] = random.pick(own);
    return { key: `car:${shape}:${paint}:${mark.slug}`, shape, paint };
  }
  const paint = random.pick(unnamedCars[shape]);
  return { key: `car:${shape}:${paint}`, shape, paint };
}

/** A few close-ups after the cover, or none. */
function detailPictures(random: Random, from: readonly string[] = detailKeys): string[] {
  return random.sample(from, random.int(0, from.length));
}

function carAd(context: Context): Omit<DemoAd, "userId" | keyof Life> {
  const { random } = context;
  const thisYear = new Date(context.now).getFullYear();
  const mark = pickMark(random, context.catalogue.car, 2.5);
  const model = pickModel(random, mark);
  const { year, generationId } = pickYear(random, model, thisYear);
  const picture = carPicture(random, mark, model);
  const isNew = year >= thisYear - 1 && random.chance(0.4);
  const premium = ["lexus", "mercedes-benz", "bmw", "porsche", "land-rover", "audi", "genesis"].includes(
    mark.slug,
  );
  const budget = ["lada", "daewoo", "ravon", "gaz", "uaz", "zaz"].includes(mark.slug);
  const usd = priceFor(random, premium ? 70_000 : budget ? 15_000 : 34_000, year, thisYear);
  const isSuv = picture.shape === "suv" || picture.shape === "pickup";
  const engineVolume = random.pick(
    isSuv ? [2.4, 2.5, 2.7, 3.0, 3.5, 4.0, 4.6] : [1.3, 1.5, 1.6, 1.8, 2.0, 2.4, 2.5],
  );
  const place = abroadOr(context);
  const input = {
    vertical: "car",
    description: vehicleDescription(random, {
      latin: `${mark.name} ${model.name}`,
      cyrillic: model.nameCyrillic,
    }),
    ...sellerPrice(context, usd),
    negotiable: random.chance(0.35),
    ...place,
    chatOnly: random.chance(0.04),
    fields: {
      mark: mark.id,
      model: model.id,
      generation: generationId,
      year,
      body: carShapeBodies[picture.shape],
      fuel: random.weighted([
        ["petrol", 62],
        ["petrol-gas", 10],
        ["diesel", 9],
        ["hybrid", 11],
        ["gas", 3],
        ["electric", year >= 2018 ? 5 : 0],
      ]),
      engineVolume,
      powerHp: Math.round(engineVolume * random.int(60, 95)),
      gearbox: random.weighted([
        ["automatic", 55],
        ["manual", year < 2010 ? 35 : 12],
        ["tiptronic", 8],
        ["cvt", 10],
        ["robot", 3],
      ]),
      drive: isSuv
        ? random.weighted([
            ["all-full", 60],
            ["all-plug-in", 25],
            ["rear", 10],
            ["front", 5],
          ])
        : random.weighted([
            ["front", 70],
            ["rear", 12],
            ["all-full", 12],
            ["all-plug-in", 6],
          ]),
      steering: random.chance(0.12) ? "right" : "left",
      color: picture.paint,
      mileage: mileageFor(random, year, thisYear, isNew),
      mileageUnit: "km",
      condition: isNew
        ? "new"
        : random.weighted([
            ["good", 55],
            ["perfect", 30],
            ["needs-repair", 10],
            ["damaged", 5],
          ]),
      customs: place.abroadCountry ? "not-cleared" : random.chance(0.93) ? "cleared" : "not-cleared",
      registration: place.abroadCountry
        ? "not-registered"
        : random.weighted([
            ["kg", 88],
            ["kz", 3],
            ["ru", 3],
            ["not-registered", 6],
          ]),
      availability: place.abroadCountry
        ? random.pick(["on-order", "in-transit"])
        : random.chance(0.95)
          ? "in-stock"
          : "in-transit",
      exchange: random.weighted([
        ["none", 40],
        ["consider", 45],
        ["buyer-surcharge", 5],
        ["seller-surcharge", 5],
        ["key-for-key", 5],
      ]),
      installment: random.chance(0.15) ? "yes" : "no",
      vin: random.chance(0.3) ? vin(random) : null,
      equipment: random.sample(equipment, random.int(2, 14)),
    },
  };
  return { input: parse(input), pictures: [picture.key, ...detailPictures(random)] };
}

/** One ad in fifty is a car abroad (on its way from Korea, the Emirates, …). */
function abroadOr(context: Context) {
  if (context.random.chance(0.02)) {
    return {
      regionId: null,
      townId: null,
      abroadCountry: context.random.pick(["kr", "ae", "jp", "us", "de", "ge"]),
    };
  }
  const { regionId, townId, abroadCountry } = pickPlace(context);
  return { regionId, townId, abroadCountry };
}

/** The category of a commercial model: by its name where that tells, else by its make. */
const commercialRules: [(typeof commercialCategories)[number], RegExp][] = [
  [
    "bus",
    /County|Universe|Aero City|Tourismo|O 303|Coaster|Rosa|Granbird|Civilian|Skyliner|Cityliner|^PAZ|^(652|672|3205|677|260|280)$/,
  ],
  [
    "light-commercial",
    /GAZelle|Sobol|Transit|E-Series|Sprinter|Transporter|Crafter|^LT$|Trafic|Master|Movano|Vivaro|J5|Boxer|Expert|Jumper|Jumpy|C25|Ducato|Hiace|Porter|Bongo|Caravan|Daily|2203|452|Profi|2715/,
  ],
  [
    "tractor-unit",
    /^(FH|VNL|XF|XG|95|TGX|Actros|T|C|Magnum|Premium|Cascadia|W900|T680|379|389|579|Anthem|S-Way|5410|54901|R-series|S-series)$/,
  ],
  ["special", /MTZ|Lexion|Jaguar|4020|8R|797|777|D9|3CX|Loadall|930E|75710|T-130|Unimog/],
];
const specialTypes: [RegExp, string][] = [
  [/MTZ|Lexion|Jaguar|4020|8R/, "agricultural"],
  [/D9|T-130/, "bulldozer"],
  [/3CX/, "excavator"],
  [/Loadall/, "loader"],
  [/Unimog/, "municipal"],
];
const trailerMakes = [
  { markText: "Schmitz Cargobull", modelText: "S.KO Cool" },
  { markText: "Krone", modelText: "Profi Liner" },
  { markText: "Kögel", modelText: "Cargo" },
  { markText: "Wielton", modelText: "NS 3" },
];

function commercialAd(context: Context): Omit<DemoAd, "userId" | keyof Life> {
  const { random } = context;
  const thisYear = new Date(context.now).getFullYear();
  const isTrailer = random.chance(0.06);
  const mark = pickMark(random, context.catalogue.commercial, 1.6);
  const model = pickModel(random, mark);
  const category = isTrailer
    ? "trailer"
    : (commercialRules.find(([, rule]) => rule.test(model.name))?.[0] ?? "truck");
  const { year } = pickYear(random, model, thisYear);
  const newPrice = {
    truck: 70_000,
    "tractor-unit": 110_000,
    bus: 90_000,
    "light-commercial": 32_000,
    special: 90_000,
    trailer: 40_000,
  }[category];
  const paint = commercialPaints[category];
  const make = isTrailer
    ? { mark: null, model: null, ...random.pick(trailerMakes) }
    : { mark: mark.id, model: model.id, markText: null, modelText: null };
  const name = isTrailer ? `${make.markText} ${make.modelText}` : `${mark.name} ${model.name}`;
  const engineVolume =
    category === "light-commercial"
      ? random.pick([2.2, 2.5, 2.7, 2.8, 3.0])
      : random.pick([4.5, 6.7, 8.9, 9.7]);
  const input = {
    vertical: "commercial",
    description: vehicleDescription(random, { latin: name, cyrillic: isTrailer ? null : model.nameCyrillic }),
    ...sellerPrice(context, priceFor(random, newPrice, year, thisYear), 0.85),
    negotiable: random.chance(0.4),
    ...abroadOr(context),
    fields: {
      category,
      specialType:
        category === "special"
          ? (specialTypes.find(([rule]) => rule.test(model.name))?.[1] ?? "construction")
          : null,
      ...make,
      year,
      fuel: category === "light-commercial" ? random.pick(["diesel", "petrol", "petrol-gas"]) : "diesel",
      engineVolume: category === "trailer" ? null : engineVolume,
      powerHp: category === "trailer" ? null : Math.round(engineVolume * random.int(35, 50)),
      gearbox: random.chance(0.8) ? "manual" : "automatic",
      drive: null,
      wheelFormula: ["truck", "tractor-unit"].includes(category)
        ? random.pick(["4x2", "6x4", "6x6", "8x4"])
        : null,
      steering: "left",
      mileage:
        category === "special" || category === "trailer"
          ? null
          : Math.min(1_900_000, mileageFor(random, year, thisYear, false) * 2),
      mileageUnit: category === "special" || category === "trailer" ? null : "km",
      engineHours: category === "special" ? random.int(500, 20_000) : null,
      payloadKg: ["truck", "light-commercial", "trailer"].includes(category)
        ? random.pick(category === "light-commercial" ? [1500, 2000, 3500] : [5000, 10_000, 20_000, 25_000])
        : null,
      seats: category === "bus" ? random.pick([18, 22, 35, 45, 52]) : null,
      condition: random.weighted([
        ["good", 60],
        ["perfect", 20],
        ["needs-repair", 15],
        ["new", 5],
      ]),
      customs: random.chance(0.9) ? "cleared" : "not-cleared",
      exchange: random.pick(["none", "consider"]),
      availability: "in-stock",
    },
  };
  const cover = `commercial:${category}:${paint}`;
  return {
    input: parse(input),
    pictures: [cover, ...detailPictures(random, ["detail:dashboard", "detail:wheel"])],
  };
}

const motoRules: [(typeof motoCategories)[number], RegExp][] = [
  [
    "scooter",
    /Dio|PCX|NMAX|Jog|TMAX|Super Cub|Primavera|^PX$|GTS|Sprint|Zip|Liberty|Beverly|MP3|Medley|AK 550|Jupiter$|Ntorq|VP-150|Schwalbe/,
  ],
  ["atv", /Grizzly|Brute Force|Outlander|Renegade|Sportsman/],
  ["buggy", /Maverick|Commander|Defender|RZR|Ranger|General/],
  ["snowmobile", /Ski-Doo|^Buran$/],
];
const motoTypeRules: [string, RegExp][] = [
  ["sport", /Ninja|CBR|YZF|GSX-R|Hayabusa|Panigale|RSV|450SR|Apache|Karizma/],
  ["touring", /Gold Wing|Tracer|Versys|800MT|450MT|K 1600|RT$/],
  ["enduro", /Africa Twin|Tenere|V-Strom|KLR|DR650|XR650|Transalp|NC750X|GS|TRK|Xpulse|DSR|Adventure/],
  ["cross", /CRF250R|YZ|KX|RM-Z|WR450|SX|EXC/],
  ["cruiser", /Rebel|Vulcan|VMAX|Softail|Sportster|Street|Scout|Chief|Avenger|Spyder|Ryker/],
  ["classic", /IZH|Jupiter-3|Planeta|M1|M-62|Bullet|Classic|Interceptor|Z900RS|CB750|Jawa|S51|Minsk/],
];

function motoAd(context: Context): Omit<DemoAd, "userId" | keyof Life> {
  const { random } = context;
  const thisYear = new Date(context.now).getFullYear();
  const isKart = random.chance(0.03);
  const mark = pickMark(random, context.catalogue.moto, 1.8);
  const model = pickModel(random, mark);
  const category = isKart
    ? "karting"
    : (motoRules.find(([, rule]) => rule.test(model.name))?.[0] ?? "motorcycle");
  const { year } = pickYear(random, model, thisYear);
  const engineCc = random.pick(
    (
      {
        motorcycle: [250, 400, 650, 750, 1000, 1200],
        scooter: [50, 110, 125, 150, 300],
        atv: [450, 570, 700, 1000],
        buggy: [800, 1000],
        snowmobile: [600, 850],
        karting: [125, 270],
      } as const
    )[category],
  );
  const paint = random.pick(motoPaints[category]);
  const electric = /Zero|LiveWire/.test(mark.name);
  const make = isKart
    ? {
        mark: null,
        model: null,
        markText: random.pick(["Tony Kart", "CRG", "Birel ART"]),
        modelText: random.pick(["Racer 401", "Road Rebel", "AM29"]),
      }
    : { mark: mark.id, model: model.id, markText: null, modelText: null };
  const isNew = year >= thisYear - 1 && random.chance(0.3);
  const input = {
    vertical: "moto",
    description: vehicleDescription(random, {
      latin: isKart ? `${make.markText}` : `${mark.name} ${model.name}`,
      cyrillic: isKart ? null : model.nameCyrillic,
    }),
    ...sellerPrice(context, priceFor(random, category === "scooter" ? 3_500 : 12_000, year, thisYear), 0.6),
    negotiable: random.chance(0.3),
    ...abroadOr(context),
    fields: {
      category,
      ...make,
      year,
      motoType:
        category === "motorcycle"
          ? (motoTypeRules.find(([, rule]) => rule.test(model.name))?.[0] ?? "naked")
          : null,
      engineCc: electric ? null : engineCc,
      powerHp: Math.round(((electric ? 900 : engineCc) * random.int(8, 16)) / 100),
      engineType: electric ? "electric" : "petrol",
      gearbox: category === "scooter" ? "cvt" : "manual",
      finalDrive:
        category === "motorcycle"
          ? random.weighted([
              ["chain", 80],
              ["belt", 10],
              ["shaft", 10],
            ])
          : null,
      mileage: Math.round(mileageFor(random, year, thisYear, isNew) / 4),
      mileageUnit: "km",
      condition: isNew
        ? "new"
        : random.weighted([
            ["good", 60],
            ["perfect", 30],
            ["needs-repair", 10],
          ]),
      customs: random.chance(0.9) ? "cleared" : "not-cleared",
      color: paint,
    },
  };
  return {
    input: parse(input),
    pictures: [`moto:${category}:${paint}`, ...detailPictures(random, ["detail:wheel"])],
  };
}

/** Service prices in soms, by type and unit. */
const servicePrices: Record<(typeof serviceTypes)[number], [number, number, string]> = {
  repair: [1000, 15_000, "per-job"],
  "body-paint": [5000, 60_000, "per-job"],
  tuning: [3000, 50_000, "per-job"],
  wash: [300, 1500, "per-job"],
  cargo: [800, 2500, "per-hour"],
  taxi: [40, 80, "per-km"],
  "tow-truck": [2000, 6000, "per-job"],
  rental: [2500, 9000, "per-day"],
  keys: [1500, 12_000, "per-job"],
  "driving-school": [15_000, 35_000, "per-job"],
  diagnostics: [800, 3000, "per-job"],
  tyres: [600, 2500, "per-job"],
  parts: [500, 50_000, "per-job"],
  wanted: [0, 0, "per-job"],
  other: [1000, 5000, "per-hour"],
};

function serviceAd(
  context: Context,
  type: (typeof serviceTypes)[number],
): Omit<DemoAd, "userId" | keyof Life> {
  const { random } = context;
  const language = random.weighted(vehicleLanguages);
  const [low, high, unit] = servicePrices[type];
  const place = pickPlace(context);
  const price = high === 0 || random.chance(0.1) ? 0 : Math.round(random.int(low, high) / 100) * 100;
  const input = {
    vertical: "uslugi",
    title: random.pick(serviceTitles[type][language]),
    description: description(random, language, serviceSentences),
    price,
    currency: "KGS",
    negotiable: price === 0,
    regionId: place.regionId,
    townId: place.townId,
    abroadCountry: null,
    fields: {
      category: type,
      priceUnit: price === 0 ? null : unit,
      address: random.chance(0.7) ? `${random.pick(streets)}, ${random.int(1, 240)}` : null,
      workingHours: random.pick(workingHours),
      latitude:
        place.lat === null ? null : Math.round((place.lat + (random.next() - 0.5) * 0.04) * 1e5) / 1e5,
      longitude:
        place.lon === null ? null : Math.round((place.lon + (random.next() - 0.5) * 0.06) * 1e5) / 1e5,
    },
  };
  const cover = `uslugi:${servicesPictured.includes(type) ? type : "repair"}`;
  return { input: parse(input), pictures: [cover] };
}

/** Every demo body passes the same schema as a body sent to the API. */
function parse(body: unknown): AdInput {
  return adInputSchema.parse(body);
}

// ---------------------------------------------------------------------------------------------
// Life: status, times, paid marks, counters

type Life = Pick<
  DemoAd,
  | "status"
  | "createdAt"
  | "publishedAt"
  | "raisedAt"
  | "expiresAt"
  | "updatedAt"
  | "oldPrice"
  | "promotion"
  | "urgent"
  | "highlight"
  | "views"
  | "favorites"
  | "phoneReveals"
>;

function lifeOf(context: Context, price: number, status: DemoAd["status"]): Life {
  const { random, now } = context;
  const at = (msAgo: number) => new Date(now - Math.round(msAgo));
  if (status === "active") {
    // Fresh ads are the most: raised within the 30 days an ad lives, mostly in the last week or two.
    const raisedAgo = random.next() ** 1.7 * 29.5 * DAY_MS;
    const raisedAt = at(raisedAgo);
    const publishedAt = random.chance(0.15) ? at(raisedAgo + random.next() * 20 * DAY_MS) : raisedAt;
    const age = (now - publishedAt.getTime()) / DAY_MS;
    const promotion = random.weighted<DemoAd["promotion"]>([
      ["premium", 1],
      ["vip", 2],
      ["top", 3],
      [null, 94],
    ]);
    return {
      status,
      createdAt: new Date(publishedAt.getTime() - random.int(5, 120) * 60_000),
      publishedAt,
      raisedAt,
      expiresAt: new Date(raisedAt.getTime() + 30 * DAY_MS),
      updatedAt: raisedAt,
      oldPrice:
        price > 0 && random.chance(0.08)
          ? Math.round((price * (1.05 + random.next() * 0.12)) / 100) * 100
          : null,
      promotion,
      urgent: random.chance(0.05),
      highlight: random.chance(0.03),
      views: Math.round(age * random.int(5, 60) + random.int(0, 40)),
      favorites: Math.round(age * random.next() * 2),
      phoneReveals: Math.round(age * random.next() * 4),
    };
  }
  const createdAt = at(random.int(1, 120) * DAY_MS);
  const publishedAt = status === "draft" || status === "pending" ? null : createdAt;
  return {
    status,
    createdAt,
    publishedAt,
    raisedAt: publishedAt,
    expiresAt: null,
    updatedAt:
      status === "archived" || status === "sold"
        ? new Date(createdAt.getTime() + random.int(3, 30) * DAY_MS)
        : createdAt,
    oldPrice: null,
    promotion: null,
    urgent: false,
    highlight: false,
    views: publishedAt ? random.int(20, 900) : 0,
    favorites: publishedAt ? random.int(0, 20) : 0,
    phoneReveals: publishedAt ? random.int(0, 40) : 0,
  };
}

/** The demo ads of every vertical, each with its seller and its life so far. */
function buildDemoAds(
  context: Context,
  counts: Record<Vertical, number>,
  sellers: { id: number; kind: string; username: string }[],
  demoUserId: number | null,
): DemoAd[] {
  const { random } = context;
  const byKind = (kind: string) => sellers.filter((seller) => seller.kind === kind);
  const people = byKind("person");
  const dealers = byKind("dealer");
  const services = byKind("service");
  const status = () =>
    random.weighted<DemoAd["status"]>([
      ["active", 86],
      ["archived", 7],
      ["sold", 5],
      ["pending", 2],
    ]);
  const built: DemoAd[] = [];
  const add = (ad: Omit<DemoAd, "userId" | keyof Life>, userId: number, adStatus = status()) => {
    built.push({ ...ad, userId, ...lifeOf(context, ad.input.price, adStatus) });
  };
  const vehicleSeller = (vertical: Vertical) => {
    const dealer = {
      car: dealers.slice(0, 3),
      commercial: dealers.slice(3, 4),
      moto: dealers.slice(4, 5),
      uslugi: [],
    }[vertical];
    return random.chance(0.35) && dealer.length ? random.pick(dealer) : random.pick(people);
  };
  for (let index = 0; index < counts.car; index++) add(carAd(context), vehicleSeller("car").id);
  for (let index = 0; index < counts.commercial; index++)
    add(commercialAd(context), vehicleSeller("commercial").id);
  for (let index = 0; index < counts.moto; index++) add(motoAd(context), vehicleSeller("moto").id);
  for (let index = 0; index < counts.uslugi; index++) {
    const type = random.weighted(
      serviceTypes.map(
        (candidate) =>
          [
            candidate,
            ["repair", "wash", "cargo", "tow-truck", "tyres", "parts"].includes(candidate) ? 3 : 1,
          ] as const,
      ),
    );
    add(serviceAd(context, type), random.pick(services).id);
  }
  // The demo user's own ads in every state the "my ads" page shows, two live per vertical at most
  // so the free limit still lets them publish.
  if (demoUserId !== null) {
    const own: [() => Omit<DemoAd, "userId" | keyof Life>, DemoAd["status"]][] = [
      [() => carAd(context), "active"],
      [() => carAd(context), "archived"],
      [() => carAd(context), "sold"],
      [() => carAd(context), "draft"],
      [() => motoAd(context), "active"],
      [() => motoAd(context), "pending"],
      [() => serviceAd(context, "repair"), "active"],
    ];
    for (const [make, ownStatus] of own) add(make(), demoUserId, ownStatus);
  }
  return built;
}

// ---------------------------------------------------------------------------------------------
// Into the database

export interface DemoAdsResult {
  ads: number;
  sellers: number;
  pictures: number;
  milliseconds: number;
}

const BATCH = 250;

/**
 * Seeds the demo ads into a database that has no ads yet (otherwise does nothing and answers
 * null). The pictures are stored through `storage` once; every ad gets its own photo rows.
 */
export async function seedDemoAds(
  db: Database,
  storage: FileStorage,
  counts: Record<Vertical, number> = demoAdCounts,
): Promise<DemoAdsResult | null> {
  const started = performance.now();
  const [existing] = await db.select({ value: count() }).from(ads);
  if ((existing?.value ?? 0) > 0) return null;
  const sellers = await ensureSellers(db);
  const demoUser = demoUsers[0]?.username ?? "";
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, demoUser));
  const { usdRate } = await readSettings(db);
  const context: Context = {
    random: seededRandom(2025),
    now: Date.now(),
    usdRate,
    places: await loadPlaces(db),
    catalogue: await loadCatalogue(db),
  };
  // The pictures are encoded off the main thread while the ads are built and checked.
  const storing = storeDemoPictures(db, storage, (sellers[0] as { id: number }).id);
  const built = buildDemoAds(context, counts, sellers, owner?.id ?? null);

  // The catalogue names and spellings each ad's columns need, once per mark/model/generation.
  const refs = new Map<string, CatalogRefs>();
  for (const ad of built) {
    const key = refKey(ad.input);
    if (!refs.has(key)) refs.set(key, await resolveCatalogRefs(db, ad.input));
  }

  const pictures = await storing;
  await db.transaction(async (tx) => {
    for (let from = 0; from < built.length; from += BATCH) {
      await insertBatch(tx, built.slice(from, from + BATCH), { pictures, refs, usdRate });
    }
    // The pool's own rows were only a template; the files stay, each ad's rows point at them.
    await tx.delete(adPhotos).where(
      inArray(
        adPhotos.id,
        [...pictures.values()].map((row) => row.id),
      ),
    );
  });
  return {
    ads: built.length,
    sellers: sellers.length,
    pictures: pictures.size,
    milliseconds: Math.round(performance.now() - started),
  };
}

function refKey(input: AdInput): string {
  const fields = input.fields as Record<string, unknown>;
  return `${input.vertical}:${fields.mark ?? ""}:${fields.model ?? ""}:${fields.generation ?? ""}`;
}

async function insertBatch(
  tx: Database,
  batch: DemoAd[],
  sources: {
    pictures: Map<string, AdPhotoRow>;
    refs: Map<string, CatalogRefs>;
    usdRate: number;
  },
): Promise<void> {
  // Each ad's own photo rows (its seller's, attached below), over the pool's files.
  const photoValues = batch.flatMap((ad) =>
    ad.pictures.map((key) => {
      const picture = sources.pictures.get(key);
      if (!picture) throw new Error(`no demo picture ${key}`);
      const { id: _id, adId: _adId, createdAt: _createdAt, ...files } = picture;
      // Photos of ads a moderator has seen are reviewed; those of pending ads wait in the photos queue.
      const reviewedAt = ad.status === "pending" ? null : ad.createdAt;
      return { ...files, userId: ad.userId, createdAt: ad.createdAt, reviewedAt };
    }),
  );
  const photoRows = await tx.insert(adPhotos).values(photoValues).returning();
  let next = 0;
  const adValues = batch.map((ad) => {
    const photos = photoRows.slice(next, next + ad.pictures.length).map(toStoredAdPhoto);
    next += ad.pictures.length;
    const refs = sources.refs.get(refKey(ad.input));
    if (!refs) throw new Error(`catalogue refs of ${refKey(ad.input)} missing`);
    // Paid marks run for a few more days.
    const paidUntil = (on: boolean) => (on ? new Date(Date.now() + (2 + (ad.views % 6)) * DAY_MS) : null);
    return {
      ...adColumns(ad.input, { ...refs, photos, usdRate: sources.usdRate }),
      userId: ad.userId,
      status: ad.status,
      createdAt: ad.createdAt,
      updatedAt: ad.updatedAt,
      publishedAt: ad.publishedAt,
      raisedAt: ad.raisedAt,
      expiresAt: ad.expiresAt,
      oldPrice: ad.oldPrice,
      premiumUntil: paidUntil(ad.promotion === "premium"),
      vipUntil: paidUntil(ad.promotion === "vip"),
      topUntil: paidUntil(ad.promotion === "top"),
      urgentUntil: paidUntil(ad.urgent),
      highlightUntil: paidUntil(ad.highlight),
      views: ad.views,
      favorites: ad.favorites,
      phoneReveals: ad.phoneReveals,
    };
  });
  const adRows = await tx
    .insert(ads)
    .values(adValues)
    .returning({ id: ads.id, priceKgs: ads.priceKgs, priceUsd: ads.priceUsd });
  // Attach the photo rows to their ads.
  const owners = adRows.flatMap((row, index) => (batch[index] as DemoAd).pictures.map(() => row.id));
  const links = photoRows.map((row, index) => ({ photo: row.id, ad: owners[index] }));
  await tx.execute(
    sql`update ${adPhotos} set ad_id = link.ad from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as link(photo int, ad int) where ${adPhotos.id} = link.photo`,
  );
  // Price history: the first price, and for a lowered one the higher price before it.
  const history = adRows.flatMap((row, index) => {
    const ad = batch[index] as DemoAd;
    const current = {
      adId: row.id,
      price: ad.input.price,
      currency: ad.input.currency,
      priceKgs: row.priceKgs,
      priceUsd: row.priceUsd,
    };
    if (ad.oldPrice === null) return [{ ...current, createdAt: ad.createdAt }];
    const refs = sources.refs.get(refKey(ad.input)) as CatalogRefs;
    const before = adColumns(
      { ...ad.input, price: ad.oldPrice },
      { ...refs, photos: [], usdRate: sources.usdRate },
    );
    return [
      {
        adId: row.id,
        price: ad.oldPrice,
        currency: ad.input.currency,
        priceKgs: before.priceKgs,
        priceUsd: before.priceUsd,
        createdAt: ad.createdAt,
      },
      { ...current, createdAt: new Date(ad.createdAt.getTime() + DAY_MS) },
    ];
  });
  await tx.insert(adPriceHistory).values(history);
}
