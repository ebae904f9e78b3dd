/**
 * Favourite ads in the browser (issue 5, spec S3.1): the ids live in the client state — a signed-in
 * user's `favoriteAds`, a guest's list in localStorage (at most `adFavoritesMax`). A user's toggle
 * shows at once and is rolled back when the API refuses it; a guest's list joins the account at
 * sign-in (`startSession`).
 */
import { type AdFavoriteResponse, adFavoritesMax } from "@unaa/contracts";
import { useSyncExternalStore } from "react";
import { api, clientState, guestStorage } from "./app-state.ts";
import { type AuthUser, loadGuestFavorites, saveGuestFavorites } from "./client-state.ts";

const quiet = { silent: true } as const;
const none: readonly number[] = Object.freeze([]);

/** The favourite ids; empty in the server's HTML (it knows no guest list), filled after hydration. */
export function useFavoriteIds(): readonly number[] {
  return useSyncExternalStore(
    clientState.subscribe,
    () => clientState.getSnapshot().favorites,
    () => none,
  );
}

export function useIsFavorite(adId: number): boolean {
  return useFavoriteIds().includes(adId);
}

/** The list with the id added (newest first) or taken out, leaving every other id where it is. */
function withFavorite(ids: readonly number[], adId: number, isFavorite: boolean): number[] {
  const rest = ids.filter((id) => id !== adId);
  return isFavorite ? [adId, ...rest] : rest;
}

export type FavoriteToggle =
  /** Done; `favorites` is the ad's new favourite count when the API told it (signed-in users). */
  | { kind: "done"; isFavorite: boolean; favorites: number | null }
  /** A guest's list is full. */
  | { kind: "full" }
  /** The API refused or could not be reached; the change was rolled back. */
  | { kind: "failed"; error: unknown };

/** Adds or removes one favourite. */
export async function setFavorite(adId: number, isFavorite: boolean): Promise<FavoriteToggle> {
  const { auth, favorites } = clientState.getSnapshot();
  if (favorites.includes(adId) === isFavorite) return { kind: "done", isFavorite, favorites: null };
  if (!auth) {
    if (isFavorite && favorites.length >= adFavoritesMax) return { kind: "full" };
    clientState.setFavorites(withFavorite(favorites, adId, isFavorite));
    return { kind: "done", isFavorite, favorites: null };
  }
  clientState.setFavorites(withFavorite(favorites, adId, isFavorite));
  const path = `/api/ads/${adId}/favorite`;
  try {
    const answer = await (isFavorite
      ? api.put<AdFavoriteResponse>(path, undefined, quiet)
      : api.del<AdFavoriteResponse>(path, quiet));
    return { kind: "done", isFavorite, favorites: answer.favorites };
  } catch (error) {
    // Only this ad goes back: other toggles made meanwhile stay as they are.
    if (clientState.getSnapshot().auth?.id === auth.id) {
      clientState.setFavorites(withFavorite(clientState.getSnapshot().favorites, adId, !isFavorite));
    }
    return { kind: "failed", error };
  }
}

/**
 * How long a sign-in waits for a guest's favourites to join the account: past it, the sign-in goes on
 * and the local list stays for the next one (a request without an answer must not hold the sign-in).
 */
export const FAVORITES_MERGE_WAIT_MS = 10_000;

/** The answer of POST /api/favorites/merge (`adFavoriteIdsResponseSchema`). */
interface MergeAnswer {
  favoriteAds: number[];
}

/**
 * A sign-in's session, stored once a guest's favourites from this browser have joined the account
 * (sent with the new token): the account's list (the answer) replaces the client's, and the local
 * list is emptied. Stored after, not before: whatever follows the session (the login page leaves for
 * its redirect as soon as it sees one, `/favorites` among them) reads the merged list. A failed merge
 * keeps the local list for the next sign-in; it never fails the sign-in.
 */
export async function startSession(user: AuthUser, accessToken: string): Promise<void> {
  const merged = await mergeGuestFavorites(accessToken);
  clientState.setSession(user, accessToken);
  if (merged) clientState.setFavorites(merged);
}

async function mergeGuestFavorites(accessToken: string): Promise<number[] | null> {
  const guestIds = loadGuestFavorites(guestStorage);
  if (guestIds.length === 0) return null;
  const waited = new AbortController();
  const timer = setTimeout(() => waited.abort(), FAVORITES_MERGE_WAIT_MS);
  try {
    const answer = await api.post<MergeAnswer>(
      "/api/favorites/merge",
      { adIds: guestIds.slice(0, adFavoritesMax) },
      { ...quiet, headers: { Authorization: `Bearer ${accessToken}` }, signal: waited.signal },
    );
    saveGuestFavorites(guestStorage, []);
    return answer.favoriteAds;
  } catch (error) {
    console.warn("Could not merge guest favourites", error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
