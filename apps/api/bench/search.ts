// The ads search part of `npm run bench` (bench.ts): the bench database and its N active car ads,
// and the ads search over HTTP, each case with the bare SQL time of every statement it runs
// (EXPLAIN ANALYZE). Each case runs twice: one URL over and over (after the first, the app answers
// from its few-second answer cache), and a different query each request (every answer from the
// database).
//
// DATABASE_URL names the PostgreSQL database; its name must contain "bench", because its ads are
// replaced (it is created when missing). The ads are generated in the database (INSERT … SELECT from
// generate_series, seeded random): marks, models and generations of the imported catalogue with a
// popularity skew, years 1990 to this year, prices following the year, regions and towns weighted by
// population, descriptions in ru/ky/en, raised over 60 days, a few percent promoted. A later run with
// the same N reuses them (`--reseed` regenerates). The statements each search runs are captured from
// the same app code in this process (Drizzle's logger), never copied by hand.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AdSearchResponse } from "@unaa/contracts";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import sharp from "sharp";
import { type Database, type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import * as schema from "../src/db/schema/index.ts";
import { regionWeights } from "../src/db/seed/demo-ads.seed.ts";
import { seedDatabase } from "../src/db/seed/index.ts";
import { type LoadResult, type LoadSettings, runLoad } from "./load.ts";

const TARGET_P95_MS = 25;
const TARGET_RPS = 1500;
const SEED = 0.4242;
/** Where a distinct run's warm-up starts: far enough on that it never asks what the run asks. */
const WARM_UP_OFFSET = 50_000;

// ---------------------------------------------------------------------------------------------
// The database

/** Creates the bench database when missing; refuses a database that is not meant for it. */
async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/bench/i.test(name)) {
    throw new Error(`DATABASE_URL names "${name}": use a dedicated database with "bench" in its name`);
  }
  const server = new URL(url);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
      console.info(`created database ${name}`);
    }
  } finally {
    await admin.end();
  }
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Weighted values as SQL: an array literal with each value `weight` times, and its length. */
function weightedArray(weights: Record<string, number>): { array: string; length: number } {
  const items = Object.entries(weights).flatMap(([value, weight]) => Array(weight).fill(quote(value)));
  return { array: `(array[${items.join(",")}])`, length: items.length };
}

/** A random pick from weighted values, as SQL. */
function weighted(weights: Record<string, number>): string {
  const { array, length } = weightedArray(weights);
  return `${array}[1 + floor(random() * ${length})::int]`;
}

const currentYear = new Date().getFullYear();
const bodies = weightedArray({
  sedan: 35,
  "suv-5d": 22,
  "hatchback-5d": 10,
  minivan: 8,
  wagon: 5,
  liftback: 4,
  coupe: 3,
  pickup: 3,
  compactvan: 3,
  van: 2,
  "suv-3d": 1,
  "hatchback-3d": 1,
  cabriolet: 1,
  microbus: 1,
});

function sqlArray(items: readonly string[]): string {
  return `array[${items.map(quote).join(",")}]`;
}

/** Sentences sellers write, in the three languages of the site. */
const sentences = {
  ru: [
    "Машина в отличном состоянии, вложений не требует.",
    "Один хозяин, обслуживалась у официального дилера.",
    "Не бита, не крашена, родная краска по кругу.",
    "Двигатель и коробка работают идеально, масло не ест.",
    "Зимняя резина в подарок.",
    "Салон чистый, не курили.",
    "Все ТО по регламенту, есть сервисная книжка.",
    "Торг у капота, обмен не интересует.",
    "Срочно, в связи с переездом.",
    "Кондиционер работает, летом не жарко.",
    "Свежая ходовая, поменяны амортизаторы и рычаги.",
    "Растаможена, на учёте в Бишкеке.",
    "Расход по городу около 9 литров.",
    "Возможен обмен на машину подороже с моей доплатой.",
    "Звоните в любое время, на звонки отвечаю сам.",
    "Пригнана из Кореи, пробег реальный.",
    "Полный комплект ключей, документы в порядке.",
    "Есть мелкие царапины, на фото всё видно.",
    "Капиталка двигателя два года назад.",
    "Рассмотрю рассрочку для надёжного покупателя.",
  ],
  ky: [
    "Унаа абдан жакшы абалда, эч кандай чыгым талап кылбайт.",
    "Бир ээси, дилерде тейленген.",
    "Урулган эмес, боёлгон эмес.",
    "Кыймылдаткыч жана куту мыкты иштейт.",
    "Кышкы дөңгөлөктөр белекке.",
    "Салону таза, тамеки тартылган эмес.",
    "Баасы бир аз түшөт, чалыңыздар.",
    "Шашылыш сатылат, көчүп жатабыз.",
    "Кондиционер иштейт.",
    "Бажыдан өткөн, Бишкекте каттоодо турат.",
    "Документтери толук, эки ачкычы бар.",
    "Алмашууну карайм.",
  ],
  en: [
    "Well kept, no investment needed.",
    "One owner, dealer serviced.",
    "Never crashed, original paint.",
    "Engine and gearbox in perfect order.",
    "Winter tyres included.",
    "Clean interior, non-smoker.",
    "Price slightly negotiable.",
    "Selling because I am moving abroad.",
    "Full service history, two keys.",
    "Imported from Korea, genuine mileage.",
  ],
};

/** Marks priced above or below the market (a factor on the price). */
const markPriceFactors: Record<string, number> = {
  lexus: 1.9,
  "mercedes-benz": 1.7,
  bmw: 1.6,
  porsche: 2.6,
  "land-rover": 2,
  audi: 1.4,
  infiniti: 1.3,
  genesis: 1.5,
  zeekr: 1.6,
  "li-auto": 1.7,
  lada: 0.45,
  daewoo: 0.5,
  ravon: 0.55,
  gaz: 0.5,
  uaz: 0.55,
  zaz: 0.4,
  moskvich: 0.5,
};

async function generatePlaceholders(): Promise<string[]> {
  const colours = ["#8aa4c8", "#c8b48a", "#9ac88a", "#b0b0b8"];
  return Promise.all(
    colours.map(async (colour) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="12"><rect width="16" height="7" fill="${colour}"/><rect y="7" width="16" height="5" fill="#555"/></svg>`;
      const webp = await sharp(Buffer.from(svg)).blur(1).webp({ quality: 40 }).toBuffer();
      return `data:image/webp;base64,${webp.toString("base64")}`;
    }),
  );
}

/**
 * Replaces every ad with `count` active car ads. One transaction: the secondary indexes are dropped
 * before the rows go in and rebuilt after (much faster than keeping them up to date row by row); a
 * failure rolls all of it back, indexes included.
 */
async function seedAds(client: pg.Client, count: number, usdRate: number): Promise<void> {
  const started = performance.now();
  const placeholders = await generatePlaceholders();
  const sellers = Math.max(100, Math.round(count / 200));
  const lang = weighted({ ru: 65, ky: 20, en: 15 });
  await client.query("begin");
  await client.query("set local synchronous_commit = off");
  await client.query("set local maintenance_work_mem = '512MB'");
  await client.query(`select setseed(${SEED})`);
  await client.query("truncate ads, price_history restart identity cascade");
  await client.query("delete from users where username like 'bench\\_seller\\_%'");
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename in ('ads', 'price_history') and indexname not like '%pkey'`,
  );
  for (const { indexname } of indexes.rows)
    await client.query(`drop index ${pg.escapeIdentifier(indexname)}`);

  const firstSeller = await client.query<{ id: number }>(
    `insert into users (username, created_at)
     select 'bench_seller_' || g, now() - random() * interval '5 years' from generate_series(1, ${sellers}) g
     returning id`,
  );
  const sellerBase = Math.min(...firstSeller.rows.map((row) => row.id));

  // Cars to pick from: a row per generation (or per model without generations) sold in 1990 to this year,
  // weighted by the mark's and the model's popularity, split over the generation's years.
  await client.query(`
    create temp table bench_cars on commit drop as
    with rows as (
      select mk.slug as mark_slug, mk.name as mark_name, md.id as model_id, md.name as model_name,
        md.name_cyrillic, mk.id as mark_id, g.id as generation_id, g.name as generation_name,
        -- The catalogue's other spellings, as the ads service writes them for the text search.
        array_to_string(array_remove(array[mk.name_cyrillic] || mk.aliases || array[md.name_cyrillic]
          || md.aliases || coalesce(g.aliases, '{}'::text[]), null), ' ') as search_terms,
        greatest(coalesce(g.year_from, md.year_from), 1990) as year_from,
        least(coalesce(g.year_to, md.year_to, ${currentYear}), ${currentYear}) as year_to,
        (select mode() within group (order by cc.body) from catalog_complectations cc
          join catalog_generations gg on gg.id = cc.generation_id where gg.model_id = md.id) as model_body,
        power(mk.popularity + 1, 2.5) * power(md.popularity + 1, 2) as weight
      from catalog_marks mk
      join catalog_models md on md.mark_id = mk.id and not md.is_hidden and md.merged_into_id is null
      left join catalog_generations g on g.model_id = md.id and not g.is_hidden and g.merged_into_id is null
      where mk.kind = 'car' and not mk.is_hidden and mk.merged_into_id is null
    ), spans as (
      select *, (year_to - year_from + 1) as span,
        sum(year_to - year_from + 1) over (partition by model_id) as model_span
      from rows where year_to >= year_from
    ), weights as (
      select *, weight * span / model_span as share from spans
    )
    select *, sum(share) over (order by model_id, generation_id nulls first rows unbounded preceding)
      / sum(share) over () as cum
    from weights`);
  await client.query("create index on bench_cars (cum)");
  const regionCases = Object.entries(regionWeights)
    .map(([slug, weight]) => `when ${quote(slug)} then ${weight}`)
    .join(" ");
  // Places: the region's share spread over its towns, the first (largest) towns favoured; one in
  // six ads names no town.
  await client.query(`
    create temp table bench_places on commit drop as
    with rows as (
      select r.id as region_id, t.id as town_id,
        (case r.slug ${regionCases} else 1 end)::float8
          * (case when t.id is null then 0.2 else 1.0 / (t.position + 1) end) as weight
      from regions r left join towns t on t.region_id = r.id
      union all
      select r.id, null, (case r.slug ${regionCases} else 1 end)::float8 * 0.2 from regions r
    ), normalized as (
      select region_id, town_id,
        weight / sum(weight) over (partition by region_id)
          * (select (case r.slug ${regionCases} else 1 end) from regions r where r.id = rows.region_id) as share
      from rows
    )
    select *, sum(share) over (order by region_id, town_id nulls first rows unbounded preceding)
      / sum(share) over () as cum
    from normalized`);
  await client.query("create index on bench_places (cum)");
  // Photo lists (as the photos module stores them, the files themselves left out): 256 sets of
  // 0–15 photos, one in twenty ads without any; each ad takes one set.
  await client.query(`
    create temp table bench_photo_sets on commit drop as
    select set, (select coalesce(jsonb_agg(jsonb_build_object('id', set * 20 + i,
        'base', 'bench/car-' || ((set * 7 + i) % 64), 'width', 1600, 'height', 1200,
        'placeholder', (${sqlArray(placeholders)})[1 + (set + i) % ${placeholders.length}],
        'avif', false) order by i), '[]'::jsonb)
      from generate_series(1, case when set % 20 = 0 then 0 else 1 + (set * 37) % 15 end) i) as photos
    from generate_series(0, 255) set`);
  await client.query("create unique index on bench_photo_sets (set)");
  await client.query("analyze bench_cars; analyze bench_places; analyze bench_photo_sets");

  const markFactor = `(case mark_slug ${Object.entries(markPriceFactors)
    .map(([slug, factor]) => `when ${quote(slug)} then ${factor}`)
    .join(" ")} else 1 end)`;
  const insert = (from: number, to: number) => `
    insert into ads (user_id, vertical, status, title, description, price, currency, price_kgs, price_usd,
      negotiable, region_id, town_id, fields, photos, mark_id, model_id, generation_id, year, body, fuel,
      engine_volume, power_hp, gearbox, drive, steering, color, mileage, condition, customs, registration,
      availability, exchange, installment, premium_until, vip_until, top_until, urgent_until,
      highlight_until, views, phone_reveals, favorites, created_at, updated_at, published_at, raised_at,
      expires_at, search_terms, old_price)
    select user_id, 'car', 'active',
      concat_ws(' ', mark_name, model_name, generation_name) || ', ' || year,
      description, price, currency,
      case when currency = 'KGS' then price else round(price * ${usdRate}) end,
      case when currency = 'USD' then price else round(price / ${usdRate}) end,
      random() < 0.3, region_id, town_id,
      jsonb_build_object('mark', mark_id, 'model', model_id, 'generation', generation_id,
        'complectation', null, 'year', year, 'body', body, 'fuel', fuel, 'engineVolume', engine_volume,
        'powerHp', power_hp, 'gearbox', gearbox, 'drive', drive, 'steering', steering, 'color', color,
        'mileage', mileage, 'mileageUnit', 'km', 'condition', condition, 'customs', customs,
        'registration', registration, 'availability', availability, 'exchange', exchange,
        'installment', installment, 'vin', null, 'equipment', '[]'::jsonb),
      photos, mark_id, model_id, generation_id, year, body, fuel, engine_volume, power_hp, gearbox, drive,
      steering, color, mileage, condition, customs, registration, availability, exchange, installment,
      case when promo < 0.005 then now() + interval '5 days' end,
      case when promo >= 0.005 and promo < 0.015 then now() + interval '4 days' end,
      case when promo >= 0.015 and promo < 0.03 then now() + interval '3 days' end,
      case when random() < 0.03 then now() + interval '6 days' end,
      case when random() < 0.02 then now() + interval '2 days' end,
      floor(power(random(), 3) * 3000)::int, floor(power(random(), 4) * 200)::int,
      floor(power(random(), 4) * 60)::int,
      published_at - interval '10 minutes', raised_at, published_at, raised_at,
      now() + interval '1 day' + random() * interval '29 days',
      search_terms, case when g % 10 = 3 then round(price * 1.08, -2) end
    from (
      select *, case when currency = 'USD' then price_usd else round(price_usd * ${usdRate}, -3)::int end as price
      from (
      select *,
        -- Dollars: about 38,000 for a new car of an average mark, 8 % less per year of age.
        greatest(500, round((38000 * ${markFactor} * power(0.92, ${currentYear} - year) * exp(0.25 * noise))::numeric, -2))::int
          as price_usd,
        case when condition = 'new' then floor(random() * 50)::int
          else least(2000000, floor((${currentYear} - year + 0.3) * (6000 + random() * 14000)))::int end as mileage,
        round((engine_volume * (55 + random() * 45))::numeric)::int as power_hp,
        case when lang = 'ru' and name_cyrillic is not null and random() < 0.4
          then 'Продаю ' || name_cyrillic || '. ' else '' end
          || array_to_string(array(
            select sentence from unnest(case lang when 'ru' then ${sqlArray(sentences.ru)}
              when 'ky' then ${sqlArray(sentences.ky)} else ${sqlArray(sentences.en)} end) sentence
            order by random() limit 2 + g % 4), ' ') as description,
        (select photos from bench_photo_sets where bench_photo_sets.set = photo_set) as photos
      from (
        select s.*, c.*, p.*,
          c.year_from + floor(s.r_year * (c.year_to - c.year_from + 1))::int as year,
          ${sellerBase} + floor(power(random(), 2) * ${sellers})::int as user_id,
          ${weighted({ USD: 75, KGS: 25 })} as currency,
          ${lang} as lang,
          -- A model keeps one body: the most common of its catalogue versions, else one drawn by its id.
          coalesce(c.model_body, ${bodies.array}[1 + (c.model_id * 7919) % ${bodies.length}]) as body,
          ${weighted({ petrol: 60, "petrol-gas": 12, diesel: 10, gas: 3, hybrid: 10, "plug-in-hybrid": 2, electric: 3 })} as fuel,
          (array[1.3, 1.5, 1.6, 1.6, 1.8, 2.0, 2.0, 2.4, 2.5, 2.5, 3.0, 3.5, 4.0, 4.6, 5.7])[1 + floor(random() * 15)::int]::float8 as engine_volume,
          ${weighted({ automatic: 55, manual: 25, tiptronic: 8, cvt: 8, robot: 4 })} as gearbox,
          ${weighted({ front: 50, rear: 15, "all-full": 25, "all-plug-in": 10 })} as drive,
          ${weighted({ left: 88, right: 12 })} as steering,
          ${weighted({ white: 25, black: 20, silver: 15, grey: 12, blue: 6, red: 5, beige: 3, burgundy: 2, brown: 2, green: 3, "light-blue": 2, yellow: 1, gold: 1, orange: 1, purple: 1, pink: 1 })} as color,
          case when s.r_year > 0.9 and c.year_to >= ${currentYear - 1} and random() < 0.5 then 'new'
            else ${weighted({ good: 55, perfect: 30, "needs-repair": 10, damaged: 5 })} end as condition,
          ${weighted({ cleared: 92, "not-cleared": 8 })} as customs,
          ${weighted({ kg: 85, "not-registered": 5, kz: 3, ru: 3, am: 2, other: 2 })} as registration,
          ${weighted({ "in-stock": 92, "on-order": 4, "in-transit": 4 })} as availability,
          ${weighted({ none: 40, consider: 45, "buyer-surcharge": 5, "seller-surcharge": 5, "key-for-key": 5 })} as exchange,
          ${weighted({ no: 85, yes: 15 })} as installment,
          floor(random() * 256)::int as photo_set,
          random() as promo,
          date_trunc('milliseconds', now() - random() * interval '60 days') as raised_at
        from (
          select g, random() * 0.999999 as r_car, random() * 0.999999 as r_place, random() as r_year,
            random() + random() + random() + random() - 2 as noise
          from generate_series(${from}, ${to}) g
        ) s
        cross join lateral (select * from bench_cars c where c.cum >= s.r_car order by c.cum limit 1) c
        cross join lateral (select region_id, town_id from bench_places p where p.cum >= s.r_place order by p.cum limit 1) p
      ) picked
      ) described
    ) priced
    cross join lateral (select case when random() < 0.7 then raised_at
      else date_trunc('milliseconds', raised_at - random() * interval '40 days') end as published_at) published`;

  const insertStarted = performance.now();
  const chunk = 100_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await client.query(insert(from, to));
    process.stdout.write(`\rads: ${to.toLocaleString("en")} of ${count.toLocaleString("en")}`);
  }
  process.stdout.write(` in ${((performance.now() - insertStarted) / 1000).toFixed(0)} s\n`);
  // Price history: the first price of every ad; one ad in ten had a higher one before (a drop).
  await client.query(`
    insert into price_history (ad_id, price, currency, price_kgs, price_usd, created_at)
    select id, old_price, currency, round(price_kgs * 1.08, -2), round(price_usd * 1.08), created_at - interval '3 days'
      from ads where old_price is not null
    union all
    select id, price, currency, price_kgs, price_usd, created_at from ads`);
  const indexStarted = performance.now();
  for (const { indexdef } of indexes.rows) await client.query(indexdef);
  console.info(
    `indexes: ${indexes.rows.length} rebuilt in ${((performance.now() - indexStarted) / 1000).toFixed(0)} s`,
  );
  await client.query("commit");
  await client.query("vacuum analyze ads");
  await client.query("vacuum analyze price_history");
  await client.query("vacuum analyze users");
  console.info(
    `seeded ${count.toLocaleString("en")} car ads from ${sellers} sellers in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// The statements a search runs, and their bare time

interface Statement {
  sql: string;
  params: unknown[];
}

/** The app's code in this process, on a Drizzle instance that records every statement. */
async function openRecordingApp(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const recorded: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    casing: "snake_case",
    logger: { logQuery: (query, params) => recorded.push({ sql: query, params }) },
  }) as unknown as Database;
  const database: DatabaseHandle = {
    db,
    driver: "postgres",
    ping: async () => 0,
    close: () => pool.end(),
    jobQueueConnection: { backend: "postgres", connectionString: url, max: 2 },
  };
  // Imported here: the seeding above needs none of the app.
  const { createApp } = await import("../src/app.ts");
  const { parseConfig } = await import("../src/config.ts");
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-bench-search-app-"));
  const config = parseConfig({
    ...process.env,
    NODE_ENV: "development",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    JOB_WORKERS: "false",
  });
  const app = await createApp({ config, database });
  await app.ready();
  return {
    /** The statements one request runs. */
    async statementsOf(requestPath: string): Promise<Statement[]> {
      recorded.length = 0;
      const response = await app.inject({ method: "GET", url: requestPath });
      if (response.statusCode !== 200)
        throw new Error(`${requestPath}: ${response.statusCode} ${response.body}`);
      return [...recorded];
    },
    async close() {
      await app.close();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Timed {
  sql: string;
  planningMs: number;
  executionMs: number;
  plan: string;
}

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Actual Rows"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

/** A one-line outline of a plan: its nodes, with the index used and rows produced. */
function outline(node: PlanNode): string {
  const name = node["Index Name"] ? `${node["Node Type"]} ${node["Index Name"]}` : node["Node Type"];
  const rows = node["Actual Rows"] === undefined ? "" : ` (${node["Actual Rows"]})`;
  const children = (node.Plans ?? []).map(outline);
  return `${name}${rows}${children.length ? ` → [${children.join(", ")}]` : ""}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Planning and execution time of one statement, median of 15 runs after 3 warm ones (EXPLAIN
 * ANALYZE, BUFFERS). The count estimate is itself an EXPLAIN: its time is the planning alone.
 */
async function explain(pool: pg.Pool, statement: Statement): Promise<Timed> {
  const isExplain = /^\s*explain\b/i.test(statement.sql);
  const inner = isExplain ? statement.sql.replace(/^\s*explain\s*(\([^)]*\))?/i, "") : statement.sql;
  const prefix = isExplain ? "explain (summary, format json)" : "explain (analyze, buffers, format json)";
  const planning: number[] = [];
  const execution: number[] = [];
  let plan = "";
  for (let run = 0; run < 18; run++) {
    const result = await pool.query(`${prefix} ${inner}`, statement.params);
    const [root] = result.rows[0]["QUERY PLAN"] as {
      Plan: PlanNode;
      "Planning Time": number;
      "Execution Time"?: number;
    }[];
    if (!root || run < 3) continue;
    planning.push(root["Planning Time"]);
    execution.push(root["Execution Time"] ?? 0);
    const buffers = `shared hit ${root.Plan["Shared Hit Blocks"] ?? 0}, read ${root.Plan["Shared Read Blocks"] ?? 0}`;
    plan = isExplain ? "(estimate: planning only)" : `${outline(root.Plan)}; ${buffers}`;
  }
  return { sql: statement.sql, planningMs: median(planning), executionMs: median(execution), plan };
}

/** The cases: a Camry-class model, a busy region, a mark in a region, a text query (page 50 is added once walked to). */
async function buildCases(client: pg.Client): Promise<SearchCase[]> {
  const camry = await client.query<{ mark_id: number; model_id: number }>(
    `select mk.id as mark_id, md.id as model_id from catalog_models md join catalog_marks mk on mk.id = md.mark_id
     where mk.kind = 'car' and mk.slug = 'toyota' and md.slug = 'camry'`,
  );
  const regions = await client.query<{ id: number; slug: string }>(
    "select id, slug from regions where slug in ('bishkek', 'chui')",
  );
  const regionId = (slug: string) => regions.rows.find((region) => region.slug === slug)?.id;
  const [bishkek, chui] = [regionId("bishkek"), regionId("chui")];
  const { mark_id: markId, model_id: modelId } = camry.rows[0] ?? {};
  if (!markId || !bishkek || !chui) throw new Error("the catalogue or the regions are missing");
  return [
    { name: "first page, no filter", path: "/api/ads?vertical=car", priceFrom: 0 },
    {
      name: "mark+model+price+year, price-asc",
      path: `/api/ads?vertical=car&mark=${markId}&model=${modelId}&priceTo=3000000&yearFrom=2012&yearTo=2020&sort=price-asc`,
      priceFrom: 1_000_000,
    },
    {
      name: "region+body+gearbox, fresh",
      path: `/api/ads?vertical=car&regionId=${bishkek}&body=sedan&gearbox=automatic&sort=fresh`,
      priceFrom: 0,
    },
    {
      name: "mark+region+year, fresh",
      path: `/api/ads?vertical=car&mark=${markId}&regionId=${chui}&yearFrom=2010&yearTo=2018&sort=fresh`,
      priceFrom: 0,
    },
    { name: "text q=камри", path: `/api/ads?vertical=car&q=${encodeURIComponent("камри")}`, priceFrom: 0 },
  ];
}

/** The answer, and its size in bytes as sent before compression. */
async function search(url: string): Promise<AdSearchResponse & { bytes: number }> {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  return { ...(JSON.parse(text) as AdSearchResponse), bytes: Buffer.byteLength(text) };
}

// ---------------------------------------------------------------------------------------------
// The run

export interface SearchCase {
  name: string;
  path: string;
  /** The lowest `priceFrom` of the case's distinct queries (every ad costs more). */
  priceFrom: number;
}

export interface BenchDatabase {
  size: { ads: string; indexes: string };
  cases: SearchCase[];
  /** The ads' ids run from `firstAdId` to `firstAdId + adCount - 1` (the table is refilled from 1). */
  firstAdId: number;
}

/**
 * The bench database with `count` active car ads and the reference data: created when missing,
 * its ads generated when their number differs (or `reseed`), reused otherwise.
 */
export async function prepareBenchDatabase(
  url: string,
  count: number,
  reseed: boolean,
): Promise<BenchDatabase> {
  await ensureDatabase(url);
  const handle = await openDatabase({ url, dataDir: "" });
  await seedDatabase(handle.db, { info() {} });
  await handle.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = await client.query<{ active: number; all: number }>(
      `select count(*) filter (where vertical = 'car' and status = 'active')::int as active,
         count(*)::int as all from ads`,
    );
    const { active = 0, all = 0 } = counts.rows[0] ?? {};
    if (reseed || active !== count || all !== count) {
      const rate = await client.query<{ value: number }>("select value from settings where key = 'usdRate'");
      await seedAds(client, count, Number(rate.rows[0]?.value ?? 87.5));
    } else {
      console.info(
        `reusing the ${count.toLocaleString("en")} ads already in the database (--reseed to regenerate)`,
      );
    }
    const first = await client.query<{ first: number }>("select min(id)::int as first from ads");
    const size = await client.query<{ ads: string; indexes: string }>(
      "select pg_size_pretty(pg_table_size('ads')) as ads, pg_size_pretty(pg_indexes_size('ads')) as indexes",
    );
    return {
      size: size.rows[0] ?? { ads: "?", indexes: "?" },
      cases: await buildCases(client),
      firstAdId: first.rows[0]?.first ?? 1,
    };
  } finally {
    await client.end();
  }
}

export interface SearchResult {
  name: string;
  path: string;
  /** The same URL again and again (answered from the app's few-second answer cache after the first). */
  repeated: LoadResult;
  /** A different query each request (`priceFrom` stepping by one som): every answer from the database. */
  distinct: LoadResult;
  statements: Timed[];
  sqlMs: number;
  total: number;
  /** The JSON answer's size (uncompressed). */
  bytes: number;
}

/** Every case under load, repeated and distinct (a warm-up run before each), then its bare SQL time. */
export async function measureSearches(
  settings: LoadSettings,
  url: string,
  cases: SearchCase[],
): Promise<SearchResult[]> {
  // Page 50: the first page's cursor followed 49 times, then the 50th page asked over and over.
  let pagePath = "/api/ads?vertical=car";
  for (let page = 1; page < 50; page++) {
    const body = await search(settings.baseUrl + pagePath);
    if (!body.nextCursor) throw new Error(`page ${page} has no next page`);
    pagePath = `/api/ads?vertical=car&cursor=${encodeURIComponent(body.nextCursor)}`;
  }
  const allCases = [...cases, { name: "page 50 by keyset, fresh", path: pagePath, priceFrom: 0 }];
  // The statements each case runs, recorded before any load: an app in this process would share
  // its event loop with the benchmark and stretch what it measures.
  const recording = await openRecordingApp(url);
  const recorded = new Map<string, Statement[]>();
  try {
    for (const benchCase of allCases) {
      recorded.set(
        benchCase.name,
        await recording.statementsOf(`${benchCase.path}&priceFrom=${benchCase.priceFrom}`),
      );
    }
  } finally {
    await recording.close();
  }

  // Kept open between the explains of one case and the next (a pool that closed its idle clients
  // may never settle `end()`).
  const explainPool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 0 });
  const results: SearchResult[] = [];
  try {
    for (const benchCase of allCases) {
      const path = `${benchCase.path}&priceFrom=${benchCase.priceFrom}`;
      // The case's own query, then variants with a minimum price a som apart, so no two requests
      // ask the same and none is answered from the cache.
      const variants = { template: `${benchCase.path}&priceFrom={n}`, from: benchCase.priceFrom + 1 };
      const first = await search(settings.baseUrl + path);
      await runLoad({ ...settings, duration: 2, paths: { template: path } });
      const repeated = await runLoad({ ...settings, paths: { template: path } });
      await runLoad({ ...settings, duration: 2, paths: { ...variants, start: WARM_UP_OFFSET } });
      const distinct = await runLoad({ ...settings, paths: variants });
      const statements = [];
      for (const statement of recorded.get(benchCase.name) ?? []) {
        statements.push(await explain(explainPool, statement));
      }
      const sqlMs = statements.reduce((sum, timed) => sum + timed.planningMs + timed.executionMs, 0);
      results.push({
        name: benchCase.name,
        path,
        repeated,
        distinct,
        statements,
        sqlMs,
        total: first.total,
        bytes: first.bytes,
      });
      console.info(
        `measured: ${benchCase.name} — repeated ${Math.round(repeated.perSecond)}/s, p95 ${formatMs(repeated.p95)} ms; ` +
          `distinct ${Math.round(distinct.perSecond)}/s, p95 ${formatMs(distinct.p95)} ms`,
      );
    }
  } finally {
    await explainPool.end();
  }
  return results;
}

/** The searches' lines of the report; a 100k run's distinct p95s are kept for a later 1M run to compare. */
export function reportSearches(results: SearchResult[], adCount: number): string[] {
  const lines = [
    `Search API — targets: p95 ≤ ${TARGET_P95_MS} ms and ≥ ${TARGET_RPS} requests/s per case`,
    "",
  ];
  const previousFile = path.join(tmpdir(), "unaa-bench-search-100000.json");
  const previous: Record<string, number> =
    adCount > 100_000 && existsSync(previousFile) ? JSON.parse(readFileSync(previousFile, "utf8")) : {};
  const verdict = (run: LoadResult) =>
    run.p95 <= TARGET_P95_MS && run.perSecond >= TARGET_RPS && run.non2xx === 0 && run.errors === 0
      ? "PASS"
      : "FAIL";
  for (const result of results) {
    const before = previous[result.name];
    const vs100k = before ? `; distinct p95 ${(result.distinct.p95 / before).toFixed(2)}× the 100k run` : "";
    lines.push(
      `${result.name}  (total ${result.total.toLocaleString("en")}; answer ${result.bytes.toLocaleString("en")} bytes)`,
      `      ${result.path}`,
      `      ${verdict(result.repeated)} repeated: ${formatLoad(result.repeated, "req/s")}`,
      `      ${verdict(result.distinct)} distinct: ${formatLoad(result.distinct, "req/s")}`,
      `      SQL: ${formatMs(result.sqlMs)} ms in ${result.statements.length} statements; ` +
        `distinct p50 / SQL = ${(result.distinct.p50 / result.sqlMs).toFixed(1)}${vs100k}`,
    );
    for (const timed of result.statements) {
      lines.push(
        `        ${formatMs(timed.planningMs)} ms planning + ${formatMs(timed.executionMs)} ms execution: ` +
          `${timed.sql.replace(/\s+/g, " ").slice(0, 110)}…`,
        `          ${timed.plan}`,
      );
    }
  }
  if (adCount === 100_000) {
    writeFileSync(
      previousFile,
      JSON.stringify(Object.fromEntries(results.map((r) => [r.name, r.distinct.p95]))),
    );
  }
  return lines;
}

/** Milliseconds; "—" for a run without answers (its percentiles come back through JSON as null). */
export function formatMs(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return "—";
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
}

export function formatLoad(run: LoadResult, unit: string): string {
  return (
    `${Math.round(run.perSecond)} ${unit}, p50 ${formatMs(run.p50)} ms, p95 ${formatMs(run.p95)} ms, ` +
    `p99 ${formatMs(run.p99)} ms (${run.requests} requests, non-2xx ${run.non2xx}, errors ${run.errors}` +
    (run.serverCpuMs === undefined ? "" : `; server CPU ${formatMs(run.serverCpuMs)} ms a request`) +
    (run.databaseCpuMs === undefined ? ")" : `, PostgreSQL ${formatMs(run.databaseCpuMs)} ms)`)
  );
}
