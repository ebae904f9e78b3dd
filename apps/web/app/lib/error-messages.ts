/**
 * The API's error messages in the interface language, loaded on demand: one language's chunk
 * (`loadErrorMessages`), fetched when a form that may show them mounts or when an error happens,
 * so no page carries the messages of all three languages on its first load (decision 042).
 */
import { type ErrorCode, type Locale, loadErrorMessages } from "@unaa/contracts";
import { useEffect, useSyncExternalStore } from "react";
import { useLocale } from "./use-locale.ts";

export type ErrorMessages = Record<ErrorCode, string>;

const loaded = new Map<Locale, ErrorMessages>();
const pending = new Map<Locale, Promise<ErrorMessages>>();
const listeners = new Set<() => void>();

/** A locale's messages, loaded once; a failed load is tried again on the next call. */
export function ensureErrorMessages(locale: Locale): Promise<ErrorMessages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(locale);
  if (!promise) {
    promise = loadErrorMessages(locale).then((messages) => {
      loaded.set(locale, messages);
      for (const listener of listeners) listener();
      return messages;
    });
    promise.catch(() => pending.delete(locale));
    pending.set(locale, promise);
  }
  return promise;
}

/** A locale's messages if they are loaded already. */
export function errorMessagesOf(locale: Locale): ErrorMessages | undefined {
  return loaded.get(locale);
}

/** The message of a code in a locale, when the code is one of the API's and the messages are loaded. */
export function errorMessage(locale: Locale, code: string): string | undefined {
  const messages = loaded.get(locale);
  return messages && Object.hasOwn(messages, code) ? messages[code as ErrorCode] : undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The interface language's messages, loading them when the component mounts: undefined until they
 * arrive (and on the server), then the component renders again.
 */
export function useErrorMessages(): ErrorMessages | undefined {
  const locale = useLocale();
  const messages = useSyncExternalStore(
    subscribe,
    () => loaded.get(locale),
    () => undefined,
  );
  useEffect(() => {
    ensureErrorMessages(locale).catch(() => undefined);
  }, [locale]);
  return messages;
}
