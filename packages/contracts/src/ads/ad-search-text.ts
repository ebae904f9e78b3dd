/**
 * Free-text search over ads in any script (requirements P5: "камри" finds Camry, "prado" finds
 * "Прадо", "camr" finds Camry). Text is reduced to a search key: lower case, Cyrillic (with the
 * Kyrgyz ң, ө, ү) transliterated to Latin, and the spellings that sound alike in car names made
 * equal (c/k/q → k, y/й/ы/и → i, w → v, x → ks, ph → f, дж → j, …), so "Toyota Camry" and "Тойота
 * Камри" both read "toiota kamri".
 *
 * The database computes the same key in generated columns (`ads.title_key`, `ads.search_vector`)
 * from `adSearchKeySql`, which is built from the same steps as `adSearchKey`: one definition, run by
 * JavaScript for the query and by PostgreSQL for the stored text. Only `translate()` and `replace()`
 * are used: immutable, and independent of the database's collation (unlike `lower()`).
 */

type Step =
  | { translate: readonly [from: string, to: string] }
  | { replace: readonly [from: string, to: string] };

const lowerLetters = "abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщъыьэюяңөү";

/** In order: each step sees the output of the previous one. */
export const adSearchKeySteps: readonly Step[] = [
  { translate: [lowerLetters.toUpperCase(), lowerLetters] },
  // Latin spellings first. "ch" is parked as "ч" (which becomes "ch" again below), so "c" → "k"
  // does not touch it.
  { replace: ["sch", "ш"] },
  { replace: ["ch", "ч"] },
  { replace: ["ck", "k"] },
  { replace: ["ph", "f"] },
  { replace: ["kh", "h"] },
  { replace: ["th", "t"] },
  // A soft "c" sounds like "с": "mercedes" is "мерседес", "citroen" is "ситроен".
  { replace: ["ce", "se"] },
  { replace: ["ci", "si"] },
  { replace: ["cy", "si"] },
  { replace: ["c", "k"] },
  { replace: ["q", "k"] },
  { replace: ["x", "ks"] },
  { replace: ["w", "v"] },
  { replace: ["ee", "i"] },
  { replace: ["oo", "u"] },
  // Cyrillic letters written with two Latin ones.
  { replace: ["дж", "j"] },
  { replace: ["ж", "zh"] },
  { replace: ["ч", "ch"] },
  { replace: ["ш", "sh"] },
  { replace: ["щ", "sh"] },
  { replace: ["ц", "ts"] },
  { replace: ["х", "h"] },
  { replace: ["ю", "iu"] },
  { replace: ["я", "ia"] },
  // The rest letter by letter; the hard and soft signs go.
  { translate: ["абвгдеёзийклмнопрстуфыэңөүyъь", "abvgdeeziiklmnoprstufienoui"] },
];

function translate(text: string, from: string, to: string): string {
  const fromChars = [...from];
  const toChars = [...to];
  let out = "";
  for (const char of text) {
    const index = fromChars.indexOf(char);
    out += index < 0 ? char : (toChars[index] ?? "");
  }
  return out;
}

/** The search key of a text, as the database computes it for titles and descriptions. */
export function adSearchKey(text: string): string {
  let key = text;
  for (const step of adSearchKeySteps) {
    key = "translate" in step ? translate(key, ...step.translate) : key.replaceAll(...step.replace);
  }
  return key;
}

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The SQL expression of the search key of `expression` (for generated columns). */
export function adSearchKeySql(expression: string): string {
  let sql = expression;
  for (const step of adSearchKeySteps) {
    const [from, to] = "translate" in step ? step.translate : step.replace;
    sql = `${"translate" in step ? "translate" : "replace"}(${sql}, ${literal(from)}, ${literal(to)})`;
  }
  return sql;
}

/** Queries of fewer letters are matched as whole words only: a trigram of one or two letters finds everything. */
export const adSearchSimilarMinLength = 3;
