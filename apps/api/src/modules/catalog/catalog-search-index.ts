/**
 * The rows of the prefix-search index for one mark and its models (the `catalog_search_terms` table).
 * Pure: the import and the staff service both rebuild a mark's rows with it.
 */
import {
  type CatalogKind,
  catalogSearchKeyMaxLength,
  catalogSearchKeys,
  catalogSpellings,
} from "@unaa/contracts";

export interface IndexedMark {
  id: number;
  kind: CatalogKind | string;
  name: string;
  nameCyrillic: string | null;
  aliases: readonly string[];
  popularity: number;
}

export interface IndexedModel {
  id: number;
  name: string;
  nameCyrillic: string | null;
  aliases: readonly string[];
  popularity: number;
}

export interface SearchTermRow {
  kind: string;
  term: string;
  markId: number;
  modelId: number | null;
  popularity: number;
}

const isLatin = (text: string) => /[a-z]/.test(text) && !/[а-я]/.test(text);
const isCyrillic = (text: string) => /[а-я]/.test(text) && !/[a-z]/.test(text);

/**
 * A mark is found by its names, aliases and their transliterations; a model by the same of its own,
 * and also as "mark model" in one script ("toyota cam", "тойота кам"), the way people type a car.
 */
export function buildSearchTerms(mark: IndexedMark, models: readonly IndexedModel[]): SearchTermRow[] {
  const rows: SearchTermRow[] = [];
  const markSpellings = catalogSpellings([mark.name, mark.nameCyrillic, ...mark.aliases]);
  for (const term of catalogSearchKeys(markSpellings)) {
    rows.push({ kind: mark.kind, term, markId: mark.id, modelId: null, popularity: mark.popularity });
  }
  // Only the mark's own names prefix a model: an alias such as "тоета" would multiply the rows for
  // little gain, and the model alone already matches.
  const markPrefixes = catalogSpellings([mark.name, mark.nameCyrillic]);
  for (const model of models) {
    const modelSpellings = catalogSpellings([model.name, model.nameCyrillic, ...model.aliases]);
    const terms = new Set(catalogSearchKeys(modelSpellings));
    for (const prefix of markPrefixes) {
      for (const spelling of modelSpellings) {
        const sameScript =
          (isLatin(prefix) && !isCyrillic(spelling)) || (isCyrillic(prefix) && !isLatin(spelling));
        if (sameScript) terms.add(`${prefix} ${spelling}`.slice(0, catalogSearchKeyMaxLength));
      }
    }
    for (const term of terms) {
      rows.push({ kind: mark.kind, term, markId: mark.id, modelId: model.id, popularity: model.popularity });
    }
  }
  return rows;
}
