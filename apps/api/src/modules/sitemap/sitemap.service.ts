import { sql } from "drizzle-orm";
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
  /** `catalog`, `car-models`, `ads-0`, `ads-1`, … (served as `/sitemaps/<name>.xml`). */
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

  /** The first and last id of the active ads: two probes of the primary key. */
  async function activeIdRange(): Promise<{ first: number; last: number } | null> {
    const [range] = await rows(sql`
      select (select id from ads where status = 'active' order by id limit 1) as first,
             (select id from ads where status = 'active' order by id desc limit 1) as last`);
    if (!range || range.first === null || range.last === null) return null;
    return { first: Number(range.first), last: Number(range.last) };
  }

  async function adEntries(chunk: number): Promise<SitemapEntry[]> {
    const from = chunk * ADS_PER_FILE;
    const found = await rows(sql`
      select id, vertical, updated_at from ads
      where status = 'active' and id > ${from} and id <= ${from + ADS_PER_FILE}
      order by id`);
    return found.map((row) => ({ path: `/${row.vertical}/${row.id}`, lastmod: asDate(row.updated_at) }));
  }

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

  /** Two probes of the primary key: never kept, so a new ad's file is listed at once. */
  async function files(): Promise<SitemapFile[]> {
    const range = await activeIdRange();
    const found: SitemapFile[] = [{ name: "catalog" }, { name: "car-models" }];
    if (range) {
      const firstChunk = Math.floor((range.first - 1) / ADS_PER_FILE);
      const lastChunk = Math.floor((range.last - 1) / ADS_PER_FILE);
      for (let chunk = firstChunk; chunk <= lastChunk; chunk++) found.push({ name: `ads-${chunk}` });
    }
    return found;
  }

  return {
    files,
    async entries(name) {
      // The catalogue changes by staff edits: kept. The lists by model and the newest ads file change
      // with every ad and cost index probes: read each time; the older, full ads files are kept.
      if (name === "catalog") return cached(name, catalogEntries);
      if (name === "car-models") return carModelEntries();
      // Only a file the index lists: an ads file between the first and the last active ad may be
      // empty (its ads archived since), one beyond them is not found.
      const listed = await files();
      const index = listed.findIndex((file) => file.name === name);
      if (index === -1) return null;
      const chunk = Number(/^ads-(\d+)$/.exec(name)?.[1]);
      if (!Number.isInteger(chunk)) return null;
      return index === listed.length - 1 ? adEntries(chunk) : cached(name, () => adEntries(chunk));
    },
  };
}
