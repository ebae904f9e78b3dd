import type { Locale } from "@unaa/contracts";
import { ensureErrorMessages, errorMessage } from "./error-messages.ts";
import type { HttpError } from "./http-client.ts";

/**
 * The text of an error's top-level code in the interface language, else what the API said: the
 * API's `message` is in the request's `X-Lang` already, so until the messages of the language are
 * loaded (error-messages.ts), or when they cannot load, it is the same text.
 */
export function errorCodeText(error: HttpError, locale: Locale): string {
  return errorMessage(locale, error.code) ?? error.message;
}

/** `errorCodeText` after loading the language's messages, for a page that has not loaded them. */
export async function loadErrorCodeText(error: HttpError, locale: Locale): Promise<string> {
  try {
    await ensureErrorMessages(locale);
  } catch {
    // The API's own message is shown.
  }
  return errorCodeText(error, locale);
}
