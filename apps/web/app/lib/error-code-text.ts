import type { Locale } from "@unaa/contracts";
import type { HttpError } from "./http-client.ts";

/**
 * `errorCodeText` (api-errors.ts) fetched when an error happens: a page that only needs it after a
 * failed request keeps the error messages of all three languages off its first load. When that
 * module cannot load, the API's own message is shown: it is in the request's `X-Lang` already.
 */
export async function loadErrorCodeText(error: HttpError, locale: Locale): Promise<string> {
  try {
    const { errorCodeText } = await import("./api-errors.ts");
    return errorCodeText(error, locale);
  } catch {
    return error.message;
  }
}
