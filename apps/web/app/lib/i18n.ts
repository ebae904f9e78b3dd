import { defaultLocale, isLocale, LOCALE_COOKIE, type Locale } from "@unaa/contracts";
import i18next, { type i18n, type TOptions } from "i18next";

export type Messages = { [key: string]: string | Messages };

// Each locale is a set of JSON files, one per area (common, enums, ads, dashboard, ...), loaded on
// demand: the browser downloads only the language it shows, and only the areas its pages show (a
// guest on a list page needs no dashboard texts). The areas every page may need load with the
// language; a page's own (`PageTexts`) load when its route module asks (`requireTexts`, awaited at
// the module's top level, so before it renders). The server loads every area of a language.
const localeFiles = import.meta.glob<{ default: Messages }>("../locales/*/*.json");
/** Areas only some pages show; every other file of a language is loaded with it. */
export const pageTexts = [
  "ad-form",
  "business",
  "content",
  "dashboard",
  "money",
  "plans",
  "profile",
  "reviews",
  "services",
] as const;
export type PageTexts = (typeof pageTexts)[number];
const requiredTexts = new Set<string>();
const loaded = new Map<Locale, Messages>();
/** The areas merged into each locale's messages. */
const mergedAreas = new Map<Locale, Set<string>>();
/** Each locale's loads, one after another: a page's area asked for while the language loads waits for it. */
const loads = new Map<Locale, Promise<Messages>>();
const instances = new Map<Locale, { i18n: i18n; forget: () => void }>();

/** The area of a file: "../locales/ru/ad-page.json" → "ad-page". */
const areaOf = (file: string) => file.slice(file.lastIndexOf("/") + 1, -".json".length);

function isWanted(area: string): boolean {
  return import.meta.env.SSR || !(pageTexts as readonly string[]).includes(area) || requiredTexts.has(area);
}

export function mergeMessages(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] =
      typeof value === "object" && typeof current === "object" ? mergeMessages({ ...current }, value) : value;
  }
  return target;
}

/** The wanted areas' files the locale's messages do not have yet. */
function missingFiles(locale: Locale) {
  const merged = mergedAreas.get(locale);
  return Object.entries(localeFiles).filter(([file]) => {
    const area = areaOf(file);
    return file.startsWith(`../locales/${locale}/`) && isWanted(area) && !merged?.has(area);
  });
}

/** Loads what the locale lacks of the wanted areas, into its messages and its i18next instance. */
async function loadMissing(locale: Locale): Promise<Messages> {
  const files = missingFiles(locale);
  const modules = await Promise.all(files.map(([, load]) => load()));
  const added = modules.reduce<Messages>((all, module) => mergeMessages(all, module.default), {});
  const messages = mergeMessages(loaded.get(locale) ?? {}, added);
  const merged = mergedAreas.get(locale) ?? new Set<string>();
  for (const [file] of files) merged.add(areaOf(file));
  mergedAreas.set(locale, merged);
  loaded.set(locale, messages);
  const instance = instances.get(locale);
  if (instance && files.length > 0) {
    instance.i18n.addResourceBundle(locale, "translation", added, true, true);
    instance.forget();
  }
  return messages;
}

/** The locale's messages, with every area wanted so far: loaded, or what loads them. */
export function loadMessages(locale: Locale): Promise<Messages> {
  const previous = loads.get(locale);
  const ready = loaded.get(locale);
  if (ready && !previous && missingFiles(locale).length === 0) return Promise.resolve(ready);
  const next = (previous ?? Promise.resolve()).catch(() => undefined).then(() => loadMissing(locale));
  loads.set(locale, next);
  const settle = () => {
    if (loads.get(locale) === next) loads.delete(locale);
  };
  next.then(settle, settle);
  return next;
}

/**
 * A page's own texts, asked for by its route module at its top level (`await requireTexts(...)`):
 * from then on they load with every language, and the languages loaded or loading get them now.
 */
export async function requireTexts(...areas: PageTexts[]): Promise<void> {
  for (const area of areas) requiredTexts.add(area);
  await Promise.all([...new Set([...loaded.keys(), ...loads.keys()])].map((locale) => loadMessages(locale)));
}

/** Loads a locale; a failure is logged and ignored (spec S4.18): the page keeps its language. */
export async function ensureLocale(locale: Locale): Promise<boolean> {
  try {
    await loadMessages(locale);
    return true;
  } catch (error) {
    console.error(`Failed to load locale "${locale}"`, error);
    return false;
  }
}

/** Loads locales ahead of a likely switch (the language menu opened); failures wait for the switch. */
export function preloadLocales(wanted: readonly Locale[]): void {
  for (const locale of wanted) loadMessages(locale).catch(() => undefined);
}

/**
 * One i18next instance per locale, created from loaded messages and never switched to another
 * language, so concurrent server renders in different languages can share them safely.
 */
export function getI18n(locale: Locale): i18n {
  const usable = loaded.has(locale) ? locale : ([...loaded.keys()][0] ?? locale);
  let instance = instances.get(usable)?.i18n;
  if (!instance) {
    instance = i18next.createInstance({
      lng: usable,
      fallbackLng: false,
      resources: { [usable]: { translation: loaded.get(usable) ?? {} } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    void instance.init();
    instances.set(usable, { i18n: instance, forget: memoizePlainLookups(instance) });
  }
  return instance;
}

/**
 * Options that change which text i18next picks or how: calls with any of them go through i18next.
 * A numeric `count` is the kept lookups' own (`memoizePlainLookups`).
 */
const SELECTING_OPTIONS = new Set([
  "context",
  "ordinal",
  "defaultValue",
  "ns",
  "lng",
  "lngs",
  "fallbackLng",
  "keyPrefix",
  "returnObjects",
  "returnDetails",
  "joinArrays",
  "postProcess",
  "interpolation",
  "replace",
  "nsSeparator",
  "keySeparator",
]);
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The text with its `{{name}}` placeholders filled, or undefined where i18next must do it. */
function fillPlaceholders(template: string, values: Record<string, unknown>): string | undefined {
  for (const name of Object.keys(values))
    if (SELECTING_OPTIONS.has(name) || name.startsWith("defaultValue")) return;
  // Nesting, formats (`{{price, number}}`) and unescaped values (`{{- name}}`) are i18next's.
  if (template.includes("$t(")) return;
  let filled = true;
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
    filled = false;
    return "";
  });
  return filled && !text.includes("{{") ? text : undefined;
}

/**
 * `t(key)` without options always gives the same text in an instance that never changes language
 * or messages, so its answers are kept: i18next's own path copies its whole options object on every
 * call, and a list page makes hundreds of lookups (a CPU profile of /car: i18next ~16 % of the
 * server render). Calls that only fill `{{name}}` placeholders with strings and numbers ("today,
 * {{time}}" on every card) fill the kept text, and so do plurals by a numeric `count` ("12 photos" on
 * every card): the language's plural rule picks the kept `_one`/`_few`/`_many`/`_other` text (`_zero`
 * first for 0, where there is one), as i18next picks it, or the key's own text when it has no plural
 * forms ("photo {{current}} of {{count}}"). Others (context, formats, a count whose key has
 * neither its form's text nor one of its own) go through i18next.
 * Messages only ever gain areas (a page's own texts): the returned function forgets the kept answers
 * then, which may have been keys without a text.
 */
function memoizePlainLookups(instance: i18n): () => void {
  const texts = new Map<string, string>();
  const pluralRules = new Intl.PluralRules(instance.language);
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((...args: Parameters<i18n["getFixedT"]>) => {
    const fixed = getFixedT(...args);
    if (args[2] !== undefined && args[2] !== null) return fixed;
    const plain = (key: string) => {
      let text = texts.get(key);
      if (text === undefined) {
        text = fixed(key) as string;
        texts.set(key, text);
      }
      return text;
    };
    /**
     * The kept text of `key`'s plural form for `count`, or of the key itself when it has no plural
     * forms; undefined where it has neither (i18next's then).
     */
    const plural = (key: string, count: number) => {
      const zero = `${key}_zero`;
      const form = count === 0 && plain(zero) !== zero ? zero : `${key}_${pluralRules.select(count)}`;
      const text = plain(form);
      if (text !== form) return text;
      // No plural forms: i18next falls back to the key's own text ("photo {{current}} of {{count}}").
      const own = plain(key);
      return own === key ? undefined : own;
    };
    const memo = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      if (typeof key === "string" && rest.length === 0) {
        if (options === undefined) return plain(key);
        if (typeof options === "object" && options !== null && !Array.isArray(options)) {
          const values = options as Record<string, unknown>;
          const template =
            values.count === undefined
              ? plain(key)
              : typeof values.count === "number"
                ? plural(key, values.count)
                : undefined;
          const text = template === undefined ? undefined : fillPlaceholders(template, values);
          if (text !== undefined) return text;
        }
      }
      return (fixed as unknown as (...all: unknown[]) => unknown)(key, options, ...rest);
    };
    return Object.assign(memo, fixed);
  }) as i18n["getFixedT"];
  // Texts added later (a page's area) replace keys that had no text yet.
  return () => texts.clear();
}

export function translate(locale: Locale, key: string, options?: TOptions): string {
  return getI18n(locale).t(key, options ?? {}) as string;
}

/** The locale of a URL path: its first segment when that is ky, ru or en; otherwise Russian. */
export function localeFromPath(pathname: string): Locale {
  const first = pathname.split("/")[1];
  return isLocale(first) ? first : defaultLocale;
}

/** The path without its locale prefix: "/en/catalog" → "/catalog". */
export function stripLocale(pathname: string): string {
  const first = pathname.split("/")[1];
  if (!isLocale(first)) return pathname || "/";
  const rest = pathname.slice(first.length + 1);
  return rest === "" ? "/" : rest;
}

/** A path in a locale: Russian has no prefix (spec S1.4). */
export function localizePath(path: string, locale: Locale): string {
  const clean = stripLocale(path);
  if (locale === defaultLocale) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

/** An address in a locale, its query and hash kept: "/en/favorites?tab=all" → "/ky/favorites?tab=all". */
export function localizeHref(href: string, locale: Locale): string {
  const end = href.search(/[?#]/);
  return end === -1 ? localizePath(href, locale) : localizePath(href.slice(0, end), locale) + href.slice(end);
}

export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The spec's locale cookie (S9.1): 365 days, path /, SameSite=Lax. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}

/** The remembered locale among a request's cookies (parsed by the server), if it is one of ours. */
export function readLocaleCookie(cookies: Readonly<Record<string, string | undefined>>): Locale | undefined {
  const value = cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : undefined;
}
