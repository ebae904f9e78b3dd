/**
 * How catalogue names are matched by what people type (requirements P11): the API builds its
 * prefix-search index with these functions and the pickers filter their options with the same ones,
 * so "кам" finds Camry in the search box and in a picker alike.
 *
 * People type a mark or model in either script, often phonetically ("лэнд крузер", "kamri"), with or
 * without hyphens ("cx5"), and sometimes on the wrong keyboard layout ("rfvhb" for "камри").
 */

// ё/й/э and the Kyrgyz letters are typed inconsistently (е, и, е, о, у, н), hard and soft signs are
// often left out: fold them to one spelling on both sides of the comparison.
const cyrillicFolds: Record<string, string> = {
  ё: "е",
  й: "и",
  э: "е",
  ъ: "",
  ь: "",
  ө: "о",
  ү: "у",
  ң: "н",
};

/**
 * Lower case, no diacritics (Škoda → skoda, Citroën → citroen), variant Cyrillic letters folded,
 * every run of non-letters/digits one space. The form both the index and the queries use.
 */
export function foldCatalogText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ёйэъьөүң]/g, (letter) => cyrillicFolds[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

const hasLatin = /[a-z]/;
const hasCyrillic = /[а-я]/;

const cyrillicToLatin: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ж: "zh",
  з: "z",
  и: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ы: "y",
  ю: "yu",
  я: "ya",
};

/** "ленд крузер" → "lend kruzer": finds Cyrillic-named entries by a Latin spelling. Input is folded. */
export function transliterateToLatin(folded: string): string {
  return folded.replace(/[а-я]/g, (letter) => cyrillicToLatin[letter] ?? letter);
}

// Longest first, so "sh" wins over "s" + "h".
const latinToCyrillic: [string, string][] = [
  ["sch", "щ"],
  ["sh", "ш"],
  ["ch", "ч"],
  ["zh", "ж"],
  ["kh", "х"],
  ["ts", "ц"],
  ["ya", "я"],
  ["yu", "ю"],
  ["yo", "е"],
  ["ye", "е"],
  ["ph", "ф"],
  ["th", "т"],
  ["qu", "кв"],
  ["ee", "и"],
  ["oo", "у"],
  ["a", "а"],
  ["b", "б"],
  ["d", "д"],
  ["e", "е"],
  ["f", "ф"],
  ["g", "г"],
  ["h", "х"],
  ["i", "и"],
  ["j", "дж"],
  ["k", "к"],
  ["l", "л"],
  ["m", "м"],
  ["n", "н"],
  ["o", "о"],
  ["p", "п"],
  ["q", "к"],
  ["r", "р"],
  ["s", "с"],
  ["t", "т"],
  ["u", "у"],
  ["v", "в"],
  ["w", "в"],
  ["x", "кс"],
  ["y", "и"],
  ["z", "з"],
];
const latinPattern = new RegExp(latinToCyrillic.map(([latin]) => latin).join("|"), "g");
const latinMap = new Map(latinToCyrillic);

/** "camry" → "камри", "rav4" → "рав4": finds Latin-named entries by a Cyrillic spelling. Input is folded. */
export function transliterateToCyrillic(folded: string): string {
  return folded
    .replace(/ck/g, "k")
    .replace(/c(?=[eiy])/g, "s") // "mercedes" is said "мерседес"
    .replace(/c(?!h)/g, "k")
    .replace(latinPattern, (latin) => latinMap.get(latin) ?? latin);
}

const qwerty = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const jcuken = "йцукенгшщзхъфывапролджэячсмитьбюё";

/** The same keys typed on the other layout: "rfvhb" → "камри", "лфьнн" → "kamyy". */
export function switchKeyboardLayout(text: string): string {
  let out = "";
  for (const char of text.toLowerCase()) {
    const latinIndex = qwerty.indexOf(char);
    const cyrillicIndex = jcuken.indexOf(char);
    out += latinIndex >= 0 ? jcuken[latinIndex] : cyrillicIndex >= 0 ? qwerty[cyrillicIndex] : char;
  }
  return out;
}

/** The longest search key kept: names are short, this only guards against a pasted paragraph. */
export const catalogSearchKeyMaxLength = 64;

/** A folded name and its transliteration into the other script. */
function spellings(text: string): string[] {
  const folded = foldCatalogText(text);
  if (folded === "") return [];
  const out = [folded];
  if (hasLatin.test(folded)) out.push(transliterateToCyrillic(folded));
  if (hasCyrillic.test(folded)) out.push(transliterateToLatin(folded));
  return out;
}

/**
 * Every full spelling of a name (folded, both scripts): the strings a query may be a prefix of,
 * together with their later words (see catalogSearchKeys).
 */
export function catalogSpellings(names: readonly (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const name of names) if (name) for (const spelling of spellings(name)) out.add(spelling);
  return [...out];
}

/**
 * The keys a query is matched against as a prefix: each spelling, the same from each later word
 * ("land cruiser prado" → "cruiser prado", "prado") and without spaces ("cx 5" → "cx5").
 */
export function catalogSearchKeys(spellingList: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const spelling of spellingList) {
    const words = spelling.split(" ");
    for (let i = 0; i < words.length; i++) {
      const tail = words.slice(i).join(" ");
      keys.add(tail);
      if (i === 0 && words.length > 1) keys.add(words.join(""));
    }
  }
  return [...keys].filter((key) => key !== "").map((key) => key.slice(0, catalogSearchKeyMaxLength));
}

/** The folded query, or "" when nothing searchable is left. */
export function foldCatalogQuery(query: string): string {
  return foldCatalogText(query).slice(0, catalogSearchKeyMaxLength);
}

/**
 * Whether an option with these names matches what was typed, by the same rules as the API search:
 * the folded query is a prefix of one of the keys (or of the keys typed on the other layout).
 */
export function matchesCatalogQuery(names: readonly (string | null | undefined)[], query: string): boolean {
  const folded = foldCatalogQuery(query);
  if (folded === "") return true;
  const keys = catalogSearchKeys(catalogSpellings(names));
  if (keys.some((key) => key.startsWith(folded))) return true;
  const switched = foldCatalogQuery(switchKeyboardLayout(query));
  return switched !== folded && switched !== "" && keys.some((key) => key.startsWith(switched));
}
