import { z } from "zod";

/**
 * Text the database can store and search: no NUL (PostgreSQL's text refuses U+0000) and no lone
 * UTF-16 surrogate (it has no UTF-8 form). Any other character, emoji (surrogate pairs) included.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it refuses.
export const storableTextPattern = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/**
 * The one string schema for input (bodies, queries, path segments): every text field of a request
 * starts here, so NUL and broken Unicode answer 400 with an `invalid_format` field error instead
 * of failing in the database.
 */
export function textInput() {
  return z.string().regex(storableTextPattern, "must not contain NUL characters or broken Unicode");
}
