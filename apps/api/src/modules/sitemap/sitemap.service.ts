import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/**
 * The data behind the sitemap index (decision 062): which files it lists and the addresses in each,
 * as paths without a locale prefix — the web server writes the XML with each path's language
 * alternates. Every file is read by a keyset scan or by index probes, so the cost stays flat at a
 * million ads.
 */

/** A sitemap holds at most 50,000 addresses; each path is listed once per language (3). */
export const ADS_PER_FILE = 16_000;

export interface SitemapEntry {
  /** The page's path without a locale prefix. */
  path: string;
  lastmod?: Date;
}

export interface SitemapFile {
  /** `catalog`, `car-models`, `ads-0`, `businesses-0`, `profiles-0`, … (served as `/sitemaps/<name>.xml`). */
  name: string;
  lastmod?: Date;
}

export interface SitemapService {
  /** The data files of the index, in order (the static pages are the web server's own file). */
  files(): Promise<SitemapFile[]>;
  /** The entries of one file; `null` when there is no such file. */
  entries(name: string): Promise<SitemapEntry[] | null>;
}

/** How long an answer is kept: crawlers ask for the same files again and again. */
const CACHE_TTL_MS = 10 * 60_000;

type Row = Record<string, unknown>;

/** Pages listed in files by id range: the first and last id, and the entries of a range. */
interface RangedKind {
  prefix: string;
  range: SQL;
  entries(from: number, to: number): Promise<SitemapEntry[]>;
}

function asDate(value: unknown): Date | undefined {
  if (value === null || value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function createSitemapService(db: Database): SitemapService {
  const cache = new Map<string, { value: Promise<unknown>; expiresAt: number }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { value, expiresAt: Date.now() + CACHE_TTL_MS });
    value.catch(() => cache.delete(key));
    return value;
  }
  const rows = async (query: ReturnType<typeof sql>): Promise<Row[]> =>
    ((await db.execute(query)) as { rows: Row[] }).rows;

  /**
   * The files listed by id range (`<prefix>-<k>`: ids in (k·16,000, (k+1)·16,000]): the first and last
   * id come from two probes of a primary key, a file from one range scan of it.
   */
  const rangedKinds: RangedKind[] = [
    {
      prefix: "ads",
      range: sql`select (select id from ads where status = 'active' order by id limit 1) as first,
        (select id from ads where status = 'active' order by id desc limit 1) as last`,
      async entries(from, to) {
        const found = await rows(sql`
          select id, vertical, updated_at from ads
          where status = 'active' and id > ${from} and id <= ${to}
          order by id`);
        return found.map((row) => ({ path: `/${row.vertical}/${row.id}`, lastmod: asDate(row.updated_at) }));
      },
    },
    {
      // Businesses of open accounts (a business page of a blocked owner is not one to crawl).
      prefix: "businesses",
      range: sql`select (select id from businesses order by id limit 1) as first,
        (select id from businesses order by id desc limit 1) as last`,
      async entries(from, to) {
        const found = await rows(sql`
          select b.link, b.updated_at from businesses b join users u on u.id = b.owner_id
          where b.id > ${from} and b.id <= ${to} and u.deleted_at is null and u.blocked_at is null
          order by b.id`);
        return found.map((row) => ({ path: `/business/${row.link}`, lastmod: asDate(row.updated_at) }));
      },
    },
    {
      // Profiles of open accounts with active ads: one probe of (user_id, status, id) per account.
      prefix: "profiles",
      range: sql`select (select id from users order by id limit 1) as first,
        (select id from users order by id desc limit 1) as last`,
      async entries(from, to) {
        const found = await rows(sql`
          select u.id from users u
          where u.id > ${from} and u.id <= ${to} and u.deleted_at is null and u.blocked_at is null
            and exists (select 1 from ads a where a.user_id = u.id and a.status = 'active')
          order by u.id`);
        return found.map((row) => ({ path: `/profile/${row.id}` }));
      },
    },
  ];

  /** The car catalogue's visible pages, mark to complectation (hidden and merged entries left out). */
  async function catalogEntries(): Promise<SitemapEntry[]> {
    const found = await rows(sql`
      select concat_ws('/', '/catalog', mk.slug, md.slug, g.slug, c.slug) as path,
             greatest(mk.updated_at, md.updated_at, g.updated_at, c.updated_at) as lastmod
      from catalog_marks mk
      left join catalog_models md
        on md.mark_id = mk.id and not md.is_hidden and md.merged_into_id is null
      left join catalog_generations g
        on g.model_id = md.id and not g.is_hidden and g.merged_into_id is null
      left join catalog_complectations c
        on c.generation_id = g.id and not c.is_hidden and c.merged_into_id is null
      where mk.kind = 'car' and not mk.is_hidden and mk.merged_into_id is null
      order by mk.slug, md.slug nulls first, g.slug nulls first, c.slug nulls first`);
    // The join lists each level once per child: keep every distinct page, parents included.
    const pages = new Map<string, SitemapEntry>();
    for (const row of found) {
      const parts = String(row.path).split("/").filter(Boolean);
      for (let depth = 2; depth <= parts.length; depth++) {
        const path = `/${parts.slice(0, depth).join("/")}`;
        if (!pages.has(path)) pages.set(path, { path, lastmod: asDate(row.lastmod) });
      }
    }
    return [...pages.values()];
  }

  /**
   * `/car/{mark}/{model}` for every visible model with active ads: one probe per model of the
   * (vertical, model, raised_at) index, whose last entry is also the list's last change.
   */
  async function carModelEntries(): Promise<SitemapEntry[]> {
    const found = await rows(sql`
      select mk.slug as mark, md.slug as model,
             (select max(a.raised_at) from ads a
              where a.vertical = 'car' and a.model_id = md.id and a.status = 'active') as lastmod
      from catalog_models md
      join catalog_marks mk on mk.id = md.mark_id
      where mk.kind = 'car' and not mk.is_hidden and mk.merged_into_id is null
        and not md.is_hidden and md.merged_into_id is null
      order by mk.slug, md.slug`);
    return found
      .filter((row) => row.lastmod !== null)
      .map((row) => ({ path: `/car/${row.mark}/${row.model}`, lastmod: asDate(row.lastmod) }));
  }

  /** Never kept: a new ad's (business's, profile's) file is listed at once. */
  async function files(): Promise<SitemapFile[]> {
    const found: SitemapFile[] = [{ name: "catalog" }, { name: "car-models" }];
    for (const kind of rangedKinds) {
      const [range] = await rows(kind.range);
      if (!range || range.first === null || range.last === null) continue;
      const firstChunk = Math.floor((Number(range.first) - 1) / ADS_PER_FILE);
      const lastChunk = Math.floor((Number(range.last) - 1) / ADS_PER_FILE);
      for (let chunk = firstChunk; chunk <= lastChunk; chunk++)
        found.push({ name: `${kind.prefix}-${chunk}` });
    }
    return found;
  }

  return {
    files,
    async entries(name) {
      // The catalogue changes by staff edits: kept. The lists by model change with every ad and cost
      // index probes: read each time.
      if (name === "catalog") return cached(name, catalogEntries);
      if (name === "car-models") return carModelEntries();
      // Only a file the index lists: a file between the first and the last id may be short or empty
      // (its ads archived since), one beyond them is not found. The newest file of each kind is read
      // each time; the older, full ones are kept.
      const listed = await files();
      const index = listed.findIndex((file) => file.name === name);
      const match = /^([a-z]+)-(\d+)$/.exec(name);
      const kind = rangedKinds.find((item) => item.prefix === match?.[1]);
      if (index === -1 || !match || !kind) return null;
      const from = Number(match[2]) * ADS_PER_FILE;
      const read = () => kind.entries(from, from + ADS_PER_FILE);
      const isNewest = !listed[index + 1]?.name.startsWith(`${kind.prefix}-`);
      return isNewest ? read() : cached(name, read);
    },
  };
}
