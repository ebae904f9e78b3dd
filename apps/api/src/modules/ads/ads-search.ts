/**
 * The search of ads in SQL (requirements P5, decision 013). A search's filters become
 * conditions that name the SQL they add (the search's *shape*: which filters, which sort, first page
 * or later) apart from the values they bind. Every search of one shape runs the same statement text,
 * built once, prepared once per database connection and executed with that search's values: Node
 * builds no SQL per request and PostgreSQL parses it once, then plans it with each search's values
 * (decision 014: a plan cached for any value read thousands of rows where the values' own read ten).
 * Values never enter the text: the vertical and the active status are the only literals, so the
 * plans may use the partial indexes that hold only active ads.
 */
import { createHash } from "node:crypto";
import {
  type AdFilters,
  adSearchKey,
  adSearchSimilarMinLength,
  adSorts,
  type CatalogLevel,
  type FieldDefinition,
  rangeFilterNames,
  type VerticalDefinition,
} from "@unaa/contracts";
import { and, asc, desc, eq, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { type PgColumn, unionAll } from "drizzle-orm/pg-core";
import { type Database, prepareStatement, sqlText } from "../../db/client.ts";
import { ads, adTitleWords } from "../../db/schema/index.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import { type AdCardRow, adCardColumns, filterColumnOf, keysetAfter, keysetOrder } from "./ads.repository.ts";
import { type CatalogMention, createQueryReader, type ReadQuery } from "./ads-query-reader.ts";

/** One part of a search's condition: its SQL (with placeholders) and the values they take. */
interface Condition {
  /** Equal shapes, equal SQL. */
  shape: string;
  sql: SQL;
  values?: Record<string, unknown>;
  /** When `sql` is an `or` of these: a count may read each apart (`BoundSearch.either`). */
  either?: SQL[];
}

/** A search's conditions together. */
export interface BoundSearch {
  shape: string;
  where: SQL;
  values: Record<string, unknown>;
  /**
   * The first condition that is an `or` of parts, apart from the rest of the conditions: its parts
   * may each be read by their own index, where the `or` needs every part's matches whole at once.
   */
  either?: { parts: SQL[]; rest: SQL };
}

const placeholder = sql.placeholder;

/**
 * One of a list: `= $name` for one value (an index on the column then still yields its rows in
 * order), `= any($name)` for several (one statement for lists of any length).
 */
function anyOf(name: string, column: PgColumn, values: readonly unknown[]): Condition {
  if (values.length === 1) {
    return { shape: name, sql: eq(column, placeholder(name)), values: { [name]: values[0] } };
  }
  return { shape: `${name}[]`, sql: sql`${column} = any(${placeholder(name)})`, values: { [name]: values } };
}

function compare(
  name: string,
  column: PgColumn,
  value: unknown,
  operator: "from" | "to",
  shape = name,
): Condition {
  const condition = operator === "from" ? gte(column, placeholder(name)) : lte(column, placeholder(name));
  return { shape, sql: condition, values: { [name]: value } };
}

/** The filter of one field, from the definition: a list, a range or a yes/no. */
function fieldConditions(field: FieldDefinition, filters: AdFilters): Condition[] {
  const column = filterColumnOf(field);
  if (!field.filter || !column) return [];
  if (field.filter === "range") {
    const names = rangeFilterNames(field);
    const from = filters[names.from];
    const to = filters[names.to];
    return [
      ...(typeof from === "number" ? [compare(names.from, column, from, "from")] : []),
      ...(typeof to === "number" ? [compare(names.to, column, to, "to")] : []),
    ];
  }
  const value = filters[field.name];
  if (field.filter === "boolean") {
    return typeof value === "boolean"
      ? [{ shape: field.name, sql: eq(column, placeholder(field.name)), values: { [field.name]: value } }]
      : [];
  }
  return Array.isArray(value) ? [anyOf(field.name, column, value)] : [];
}

/** Words found in the text vector: Russian stemming of them as typed, or their search keys. */
function wordsMatch(name: string, keyName: string, alike: SQL = sql``): SQL {
  return sql`${ads.searchVector} @@ (websearch_to_tsquery('russian', ${placeholder(name)}) || websearch_to_tsquery('simple', ${placeholder(keyName)})${alike})`;
}

/**
 * Free text (requirements P5): Russian stemming of the words as typed, or the words' search
 * keys (any script, transliterated: "камри" finds Camry) among those of title, the catalogue's
 * spellings and description, or — for typos — the title words the query's words resemble
 * (`typos`, a tsquery of them: "camr" → "kamri"). All of it one match of the stored text vector.
 */
export function textCondition(q: string, typos: string | undefined): Condition {
  const alike = typos === undefined ? sql`` : sql` || to_tsquery('simple', ${placeholder("qTypos")})`;
  return {
    shape: typos === undefined ? "q" : "q+typos",
    sql: wordsMatch("q", "qKey", alike),
    values: { q, qKey: adSearchKey(q), ...(typos === undefined ? {} : { qTypos: typos }) },
  };
}

/** The column of a definition's catalogue field of `level` (`mark_id`), if it has one. */
function catalogColumnOf(definition: VerticalDefinition, level: CatalogLevel): PgColumn | undefined {
  const field = definition.fields.find(
    (candidate) => candidate.kind === "catalog" && candidate.level === level,
  );
  return field && filterColumnOf(field);
}

/**
 * A mark or model the query names ("мерс", "крузак"): an ad of it matches, and so does one whose text
 * has the words (ads-query-reader.ts).
 */
function mentionCondition(definition: VerticalDefinition, mention: CatalogMention, index: number): Condition {
  const names = { marks: `qMarks${index}`, models: `qModels${index}`, words: `qWords${index}` };
  const parts: SQL[] = [];
  const values: Record<string, unknown> = {
    [names.words]: mention.words,
    [`${names.words}Key`]: adSearchKey(mention.words),
  };
  const entries = [
    [catalogColumnOf(definition, "mark"), names.marks, mention.markIds],
    [catalogColumnOf(definition, "model"), names.models, mention.modelIds],
  ] as const;
  let shape = `qm${index}`;
  for (const [column, name, ids] of entries) {
    if (!column || ids.length === 0) continue;
    parts.push(sql`${column} = any(${placeholder(name)})`);
    values[name] = ids;
    shape += `:${name}`;
  }
  parts.push(wordsMatch(names.words, `${names.words}Key`));
  return { shape, sql: sql`(${sql.join(parts, sql` or `)})`, values, either: parts };
}

/** The free text of a search as read with the catalogue, and the typos of what stayed text. */
interface SearchText {
  read: ReadQuery;
  typos: string | undefined;
}

/** Every condition of a search of active ads of one vertical. */
function conditionsOf(definition: VerticalDefinition, filters: AdFilters, text: SearchText | undefined) {
  const isUsd = filters.currency === "USD";
  const price = isUsd ? ads.priceUsd : ads.priceKgs;
  const { vertical } = definition;
  const conditions: Condition[] = [
    {
      shape: vertical,
      sql: sql`${ads.vertical} = ${sql.raw(`'${vertical.replaceAll("'", "''")}'`)} and ${ads.status} = 'active'`,
    },
  ];
  if (filters.priceFrom !== undefined) {
    conditions.push(
      compare("priceFrom", price, filters.priceFrom, "from", isUsd ? "priceFromUsd" : "priceFrom"),
    );
  }
  if (filters.priceTo !== undefined) {
    conditions.push(compare("priceTo", price, filters.priceTo, "to", isUsd ? "priceToUsd" : "priceTo"));
  }
  if (filters.regionId) conditions.push(anyOf("regionId", ads.regionId, filters.regionId));
  if (filters.townId) conditions.push(anyOf("townId", ads.townId, filters.townId));
  if (filters.abroad !== undefined) {
    conditions.push(
      filters.abroad
        ? { shape: "abroad", sql: sql`${ads.abroadCountry} is not null` }
        : { shape: "home", sql: sql`${ads.abroadCountry} is null` },
    );
  }
  if (filters.postedWithin !== undefined) {
    conditions.push({
      shape: "postedWithin",
      sql: sql`${ads.publishedAt} >= now() - make_interval(days => ${placeholder("postedWithin")})`,
      values: { postedWithin: filters.postedWithin },
    });
  }
  if (filters.withPhoto) conditions.push({ shape: "withPhoto", sql: sql`${ads.photoCount} > 0` });
  if (filters.urgent) conditions.push({ shape: "urgent", sql: sql`${ads.urgentUntil} > now()` });
  if (filters.businessId !== undefined)
    conditions.push(anyOf("businessId", ads.businessId, [filters.businessId]));
  if (text) {
    const { read, typos } = text;
    if (read.text !== "") conditions.push(textCondition(read.text, typos));
    read.mentions.forEach((mention, index) => {
      conditions.push(mentionCondition(definition, mention, index));
    });
    const generation = catalogColumnOf(definition, "generation");
    if (generation && read.generationIds.length > 0) {
      conditions.push({
        shape: "qGenerations",
        sql: sql`${generation} = any(${placeholder("qGenerations")})`,
        values: { qGenerations: read.generationIds },
      });
    }
  }
  for (const field of definition.fields) conditions.push(...fieldConditions(field, filters));
  return conditions;
}

function bind(conditions: readonly Condition[]): BoundSearch {
  const whereOf = (chosen: readonly Condition[]) =>
    and(...chosen.map((condition) => condition.sql)) ?? sql`true`;
  const split = conditions.find((condition) => (condition.either?.length ?? 0) > 1);
  return {
    shape: conditions.map((condition) => condition.shape).join("&"),
    where: whereOf(conditions),
    values: Object.assign({}, ...conditions.map((condition) => condition.values)),
    ...(split?.either && {
      either: { parts: split.either, rest: whereOf(conditions.filter((condition) => condition !== split)) },
    }),
  };
}

/**
 * How many ads a search finds, reading at most `cap` of them. An `or` of parts ("камри": the model
 * Camry, or the word in an ad's text) is counted part by part, each part without the ads an earlier
 * one counted, and the reading stops once `cap` are found: the first part's own index (the model's)
 * usually finds them all, and the next part is never read. Counted as one `or`, PostgreSQL built
 * the matches of every part whole before reading the first (at a million ads, two bitmaps of 26,000
 * ads each: 15 ms against 0.6).
 */
export function countQueryOf(bound: BoundSearch): SQL {
  const cap = placeholder("cap");
  if (!bound.either) {
    return sql`select count(*)::int as total from (select from ${ads} where ${bound.where} limit ${cap}) as matches`;
  }
  const { parts, rest } = bound.either;
  const reads = parts.map((part, index) => {
    const earlier = parts.slice(0, index);
    const notEarlier = earlier.length === 0 ? sql`` : sql` and (${sql.join(earlier, sql` or `)}) is not true`;
    return sql`(select from ${ads} where ${rest} and ${part}${notEarlier} limit ${cap})`;
  });
  return sql`select count(*)::int as total from (${sql.join(reads, sql` union all `)} limit ${cap}) as matches`;
}

/** The column a sort orders by. */
export function sortColumnOf(sort: keyof typeof adSorts): PgColumn {
  const column = (ads as unknown as Record<string, PgColumn>)[adSorts[sort].key];
  if (!column) throw new Error(`no column for sort ${sort}`);
  return column;
}

/** Where a later page starts: after the previous page's last row. */
export interface SearchCursor {
  value: string | number | null;
  id: number;
}

export interface SearchPage {
  bound: BoundSearch;
  sort: keyof typeof adSorts;
  /** Where a later page starts; a first page also brings the promoted ads. */
  after: SearchCursor | undefined;
  limit: number;
  /** At most this many promoted ads (first page only). */
  promotedLimit: number;
}

export interface AdSearch {
  /** The conditions of these filters (typo look-ups of the query's words included). */
  bind(definition: VerticalDefinition, filters: AdFilters): Promise<BoundSearch>;
  /**
   * One page in keyset order, and above a first page the matching ads with a paid placement in
   * force: premium, then VIP, then TOP (requirements P5), the most recently raised first within
   * each (a paid raise moves an ad up); an ad in several counts in its strongest. One statement.
   */
  findPage(page: SearchPage): Promise<{ rows: AdCardRow[]; promoted: AdCardRow[] }>;
  /** Exact up to `limit`; above it `limit` itself, not exact ("1 000+"): at most `limit + 1` rows read. */
  count(bound: BoundSearch, limit: number): Promise<{ total: number; isExact: boolean }>;
  /** Whether one ad is among the search's ads (a saved search's alert, decision 055). */
  includes(bound: BoundSearch, adId: number): Promise<boolean>;
}

/** Statements kept per process; PostgreSQL keeps the named ones per connection. */
const STATEMENTS_MAX = 500;
/** Query words whose resembling title words are kept, and for how long. */
const TYPO_WORDS_MAX = 5_000;
const TYPO_WORDS_TTL_MS = 600_000;
const TYPO_CANDIDATES = 8;
/** A typo's word keeps at least half of the query word's trigrams ("toita" in "toiota"). */
const TYPO_SHARE_MIN = 0.5;
const TYPO_SPREAD = 0.1;

interface Executable<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

/**
 * Statements by shape, each built on first use. The name PostgreSQL keeps it under is a hash of its
 * text, so a statement built again (after it left this cache) finds its prepared self on the
 * connection. Past `STATEMENTS_MAX` names, statements go unnamed (parsed each time): no filter
 * combination someone makes up can fill the server's memory with plans.
 */
function createStatements() {
  const statements = new Map<string, Executable<unknown>>();
  const names = new Set<string>();
  return {
    get<T>(key: string, build: (name: string | undefined) => Executable<T>, text: () => string) {
      const found = statements.get(key);
      if (found) return found as Executable<T>;
      const name = `ads_${createHash("sha1").update(text()).digest("hex").slice(0, 24)}`;
      const isNamed = names.has(name) || names.size < STATEMENTS_MAX;
      if (isNamed) names.add(name);
      const statement = build(isNamed ? name : undefined);
      statements.set(key, statement as Executable<unknown>);
      if (statements.size > STATEMENTS_MAX) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      return statement;
    },
  };
}

export function createAdSearch(db: Database): AdSearch {
  const statements = createStatements();
  const readWithCatalog = createQueryReader(db);
  const typoWords = createSearchCache<string[]>({ maxEntries: TYPO_WORDS_MAX, ttlMs: TYPO_WORDS_TTL_MS });
  // Candidates by trigram similarity (the index), ranked by how much of the query word they hold.
  const wordShare = sql<number>`word_similarity(${placeholder("word")}::text, ${adTitleWords.word})`;
  const similarWords = db
    .select({ word: adTitleWords.word, share: wordShare })
    .from(adTitleWords)
    .where(sql`${adTitleWords.word} % ${placeholder("word")}::text`)
    .orderBy(desc(wordShare), asc(adTitleWords.word))
    .limit(TYPO_CANDIDATES)
    .prepare("ads_title_words_similar");

  /**
   * The title words a query word may be a typo of, kept a while (the vocabulary grows slowly). A
   * title word itself is no typo: "kamri" is searched as it is, not as Camaro or Kamiq too. Else
   * the closest words that hold most of it ("kamr" → "kamri", "toita" → "toiota"), within
   * `TYPO_SPREAD` of the closest, so a clear match does not bring its distant cousins along.
   */
  const alternativesOf = (word: string) =>
    typoWords.get(word, async () => {
      const rows = await similarWords.execute({ word });
      const best = rows[0];
      if (!best || best.word === word) return [];
      const floor = Math.max(TYPO_SHARE_MIN, best.share - TYPO_SPREAD);
      return rows.filter((row) => row.share >= floor).map((row) => row.word);
    });

  /**
   * The query's words (keys of three letters or more, not numbers) each with the title words it
   * resembles, as a tsquery (`('toita' | 'toiota') & 'kamri'`); undefined when none resembles any.
   */
  async function typoQuery(q: string): Promise<string | undefined> {
    const words = adSearchKey(q)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.replace(/\P{L}/gu, "").length >= adSearchSimilarMinLength);
    const groups = await Promise.all(
      words.map(async (word) => ({ word, alternatives: await alternativesOf(word) })),
    );
    if (groups.every((group) => group.alternatives.length === 0)) return undefined;
    const lexeme = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
    return groups
      .map(({ word, alternatives }) => `(${[word, ...alternatives].map(lexeme).join(" | ")})`)
      .join(" & ");
  }

  return {
    async bind(definition, filters) {
      if (filters.q === undefined) return bind(conditionsOf(definition, filters, undefined));
      // Names of the vertical's catalogue kind are read from the query; services have none.
      const mark = definition.fields.find((field) => field.kind === "catalog" && field.level === "mark");
      const read =
        mark?.kind === "catalog"
          ? await readWithCatalog(
              mark.catalogKind,
              filters.q,
              catalogColumnOf(definition, "generation") !== undefined,
            )
          : { mentions: [], generationIds: [], text: filters.q };
      const typos = read.text === "" ? undefined : await typoQuery(read.text);
      return bind(conditionsOf(definition, filters, { read, typos }));
    },

    async findPage({ bound, sort, after, limit, promotedLimit }) {
      const column = sortColumnOf(sort);
      const { direction } = adSorts[sort];
      const afterShape = after === undefined ? "first" : after.value === null ? "after-null" : "after";
      // `part`: 0 for the page, the promoted tier (1 premium, 2 VIP, 3 TOP) for the block above it.
      const part = (rank: SQL | PgColumn, conditions: (SQL | undefined)[], order: SQL[], size: string) =>
        db
          .select({ ...adCardColumns, part: sql<number>`${rank}`.as("part") })
          .from(ads)
          .where(and(bound.where, ...conditions))
          .orderBy(...order)
          .limit(placeholder(size));
      const query = () => {
        const page = part(
          sql.raw("0"),
          [
            after &&
              keysetAfter(column, direction, {
                isNull: after.value === null,
                value: placeholder("afterValue"),
                id: placeholder("afterId"),
              }),
          ],
          keysetOrder(column, direction),
          "limit",
        );
        if (after) return page;
        // The promoted ads read their own index in the block's order (decision 094). A tier run out
        // since the `promoted-tiers` job last ran keeps its place while a weaker one is in force.
        const inForce = sql`greatest(${ads.premiumUntil}, ${ads.vipUntil}, ${ads.topUntil}) > now()`;
        const promoted = part(
          ads.promotedTier,
          [isNotNull(ads.promotedTier), inForce],
          [asc(ads.promotedTier), desc(ads.raisedAt), desc(ads.id)],
          "promoted",
        );
        return unionAll(page, promoted);
      };
      const statement = statements.get(
        `page|${sort}|${afterShape}|${bound.shape}`,
        (name) => query().prepare(name as string),
        () => query().toSQL().sql,
      );
      const rows = await statement.execute({
        ...bound.values,
        ...(after ? { afterValue: after.value, afterId: after.id } : {}),
        limit,
        promoted: promotedLimit,
      });
      // Each part comes whole and in its order, the page first, then the promoted block.
      return {
        rows: rows.filter((row) => row.part === 0),
        promoted: rows.filter((row) => row.part > 0),
      };
    },

    async count(bound, limit) {
      const countQuery = countQueryOf(bound);
      const counter = statements.get<{ total: number }[]>(
        `count|${bound.shape}`,
        (name) => prepareStatement(db, countQuery, name),
        () => sqlText(countQuery),
      );
      const [counted] = await counter.execute({ ...bound.values, cap: limit + 1 });
      const total = Number(counted?.total ?? 0);
      return total <= limit ? { total, isExact: true } : { total: limit, isExact: false };
    },

    async includes(bound, adId) {
      const includesQuery = sql`select exists (select from ${ads} where ${bound.where} and ${ads.id} = ${placeholder("adId")}) as found`;
      const statement = statements.get<{ found: boolean }[]>(
        `includes|${bound.shape}`,
        (name) => prepareStatement(db, includesQuery, name),
        () => sqlText(includesQuery),
      );
      const [row] = await statement.execute({ ...bound.values, adId });
      return row?.found === true;
    },
  };
}
