/**
 * A search query read with the catalogue (requirements P5). People type a car by the names they
 * call it ("мерс", "крузак", "прадик", "тойота камри", in either script) and a generation by its
 * number ("камри 70" for the XV70, "прадо 150"). Each whole name of a mark or model the query holds
 * is a *mention*: the ads of that mark or model match as well as those whose text has the words, so
 * an ad written before an alias was added is found too, and a plain word that happens to be a
 * nickname ("пикап") still finds what it found before. A number after a model that one of its
 * generations is called by narrows to that generation. The other words stay text.
 *
 * The names come from the catalogue tables (the data files' aliases, staff edits), kept in memory a
 * few minutes per vehicle kind; reading a query is then a few map look-ups.
 */
import { adSearchKey, type CatalogKind, foldCatalogText } from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import { findCatalogVocabulary } from "../catalog/catalog.repository.ts";

export type CatalogVocabularyRows = Awaited<ReturnType<typeof findCatalogVocabulary>>;

/** The marks and models one spelling names (an alias may name several: "нива", "тройка"). */
export interface NamedEntries {
  markIds: number[];
  modelIds: number[];
}

export interface CatalogVocabulary {
  /** The search key of a whole name, alias or Cyrillic name ("mers", "lend kruzer") → what it names. */
  spellings: Map<string, NamedEntries>;
  /** The most words a spelling has. */
  longest: number;
  /** Per model, its generations by the numbers they are called by ("70" → XV70 and its restyling). */
  generationNumbers: Map<number, Map<string, number[]>>;
}

/** A mark or model the query names, and the words that named it. */
export interface CatalogMention extends NamedEntries {
  words: string;
}

export interface ReadQuery {
  mentions: CatalogMention[];
  /** The generations the query's numbers name; empty: no narrowing. */
  generationIds: number[];
  /** What is left to search as text; empty when every word was read. */
  text: string;
}

const keyOf = (text: string) => adSearchKey(foldCatalogText(text));

/**
 * The numbers a generation goes by, from its name (not the "(restyling)" part) and aliases: the
 * trailing digits of each word ("XV70" → 70, "J200" → 200, "150" → 150, "lancer 10" → 10).
 */
export function generationNumbersOf(name: string, aliases: readonly string[]): string[] {
  const words = [name.replace(/\([^)]*\)/g, " "), ...aliases].flatMap((text) =>
    foldCatalogText(text).split(" "),
  );
  const numbers = words.flatMap((word) => /(\d+)$/.exec(word)?.[1] ?? []);
  return [...new Set(numbers.map((digits) => String(Number(digits))))];
}

export function buildCatalogVocabulary(rows: CatalogVocabularyRows): CatalogVocabulary {
  const spellings = new Map<string, NamedEntries>();
  let longest = 1;
  const add = (names: readonly (string | null)[], entry: (named: NamedEntries) => number[], id: number) => {
    for (const name of names) {
      const key = name === null ? "" : keyOf(name);
      if (key === "") continue;
      const named = spellings.get(key) ?? { markIds: [], modelIds: [] };
      const ids = entry(named);
      if (!ids.includes(id)) ids.push(id);
      spellings.set(key, named);
      longest = Math.max(longest, key.split(" ").length);
    }
  };
  for (const mark of rows.marks) {
    add([mark.name, mark.nameCyrillic, ...mark.aliases], (named) => named.markIds, mark.id);
  }
  for (const model of rows.models) {
    add([model.name, model.nameCyrillic, ...model.aliases], (named) => named.modelIds, model.id);
  }
  const generationNumbers = new Map<number, Map<string, number[]>>();
  for (const generation of rows.generations) {
    const numbers = generationNumbers.get(generation.modelId) ?? new Map<string, number[]>();
    for (const number of generationNumbersOf(generation.name, generation.aliases)) {
      numbers.set(number, [...(numbers.get(number) ?? []), generation.id]);
    }
    generationNumbers.set(generation.modelId, numbers);
  }
  return { spellings, longest, generationNumbers };
}

const isNumber = (word: string) => /^\d+$/.test(word);

/** The search's own syntax: a quoted phrase, an excluded word ("-битая"), "or". */
const searchSyntax = /"|(^|\s)-\S|\sor\s/i;

/**
 * Reads a query: the longest runs of words that are a whole name of a mark or model first, then each
 * number, as a generation of a model the query names (when `withGenerations`: the vertical has
 * them), or else as a name itself ("2107"). A query with nothing to read, or written in the
 * search's own syntax, keeps its text as typed.
 */
export function readQuery(q: string, vocabulary: CatalogVocabulary, withGenerations: boolean): ReadQuery {
  if (searchSyntax.test(q)) return { mentions: [], generationIds: [], text: q };
  const words = foldCatalogText(q).split(" ").filter(Boolean);
  const keys = words.map((word) => adSearchKey(word));
  const read = new Array<boolean>(words.length).fill(false);
  const mentions: CatalogMention[] = [];
  const mention = (start: number, end: number): boolean => {
    const named = vocabulary.spellings.get(keys.slice(start, end).join(" "));
    if (!named) return false;
    mentions.push({ ...named, words: words.slice(start, end).join(" ") });
    read.fill(true, start, end);
    return true;
  };

  for (let start = 0; start < words.length; ) {
    let end = Math.min(words.length, start + vocabulary.longest);
    // A lone number waits: after a model it is a generation rather than another name.
    while (end > start && !(end - start === 1 && isNumber(words[start] ?? "")) && !mention(start, end)) {
      end -= 1;
    }
    start = end > start ? end : start + 1;
  }

  const models = mentions.flatMap((found) => found.modelIds);
  const generationIds = new Set<number>();
  words.forEach((word, index) => {
    if (read[index] || !isNumber(word)) return;
    const generations = withGenerations
      ? models.flatMap((model) => vocabulary.generationNumbers.get(model)?.get(String(Number(word))) ?? [])
      : [];
    if (generations.length > 0) {
      for (const id of generations) generationIds.add(id);
      read[index] = true;
    } else {
      mention(index, index + 1);
    }
  });

  const isUnread = mentions.length === 0 && generationIds.size === 0;
  return {
    mentions,
    generationIds: [...generationIds],
    text: isUnread ? q : words.filter((_, index) => !read[index]).join(" "),
  };
}

/** How long a kind's names are kept: a staff edit of the catalogue shows in searches within this. */
const VOCABULARY_TTL_MS = 600_000;

/** Reads queries with the names of each vehicle kind's catalogue, loaded when first needed. */
export function createQueryReader(db: Database) {
  const vocabularies = createSearchCache<CatalogVocabulary>({ maxEntries: 3, ttlMs: VOCABULARY_TTL_MS });
  return async (kind: CatalogKind, q: string, withGenerations: boolean): Promise<ReadQuery> => {
    const vocabulary = await vocabularies.get(kind, async () =>
      buildCatalogVocabulary(await findCatalogVocabulary(db, kind)),
    );
    return readQuery(q, vocabulary, withGenerations);
  };
}
