/**
 * The unfinished create form, kept in local storage per user and vertical, so a reload, a closed
 * tab or a lost connection does not lose it. Cleared once the ad is published.
 */
import type { Vertical } from "@unaa/contracts";
import type { StorageLike } from "../../../lib/client-state.ts";
import { type AdFormStep, type AdFormValues, adFormSteps, emptyAdFormValues } from "./ad-form-values.ts";

/** Bumped when the stored shape changes: an older draft is then dropped, not misread. */
const draftVersion = 1;

export interface AdDraft {
  values: AdFormValues;
  step: AdFormStep;
  /** The server's draft ad, once created: publishing again updates it instead of making another. */
  adId: number | null;
}

interface StoredDraft extends AdDraft {
  version: number;
  savedAt: string;
}

type DraftStorage = StorageLike & { removeItem(key: string): void };

export function draftKey(userId: number, vertical: Vertical): string {
  return `unaa-ad-draft:${userId}:${vertical}`;
}

export function saveDraft(storage: DraftStorage, userId: number, draft: AdDraft, now = new Date()): void {
  const stored: StoredDraft = { ...draft, version: draftVersion, savedAt: now.toISOString() };
  try {
    storage.setItem(draftKey(userId, draft.values.vertical), JSON.stringify(stored));
  } catch {
    // Full or disabled storage: the form goes on without a saved copy.
  }
}

/** The saved draft, or null when there is none or it cannot be read (another version, damaged). */
export function loadDraft(storage: DraftStorage, userId: number, vertical: Vertical): AdDraft | null {
  let stored: Partial<StoredDraft>;
  try {
    stored = JSON.parse(storage.getItem(draftKey(userId, vertical)) ?? "null") ?? {};
  } catch {
    return null;
  }
  const values = stored.values;
  if (stored.version !== draftVersion || values?.vertical !== vertical) return null;
  return {
    // Fields the definition gained since the draft was saved start empty.
    values: { ...values, fields: { ...emptyAdFormValues(vertical).fields, ...values.fields } },
    step: adFormSteps.includes(stored.step as AdFormStep) ? (stored.step as AdFormStep) : "main",
    adId: typeof stored.adId === "number" ? stored.adId : null,
  };
}

export function clearDraft(storage: DraftStorage, userId: number, vertical: Vertical): void {
  try {
    storage.removeItem(draftKey(userId, vertical));
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}
