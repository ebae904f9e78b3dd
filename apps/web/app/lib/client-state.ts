/**
 * The client-held state of spec section 3 (S3.1–S3.3): the signed-in user, the access token, favorites,
 * unread chat ids, marks and the toast store. An external store for useSyncExternalStore: every change
 * produces a new frozen snapshot, a call that changes nothing keeps the old one.
 */
import { createToastStore, type ToastStore } from "./toast-store.ts";

export interface UserPhone {
  id: number;
  phone: string;
  isMain: boolean;
}

export interface AuthUser {
  id: number;
  username: string;
  avatar: string | null;
  email: string | null;
  phones: UserPhone[];
  roles: string[];
  favoriteAds: number[];
}

export interface Mark {
  slug: string;
  name: string;
}

export interface ClientStateSnapshot {
  /** S3.1: the signed-in user, null when signed out. */
  readonly auth: AuthUser | null;
  /** S3.2: "" when signed out. */
  readonly accessToken: string;
  /** Favorite ad ids: the user's favoriteAds when signed in, the guest list otherwise. */
  readonly favorites: readonly number[];
  readonly unreadChatIds: readonly number[];
  readonly marks: Readonly<Record<string, Mark>>;
}

/** The subset of the Web Storage API used here, so tests and SSR can pass a stand-in or nothing. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const GUEST_FAVORITES_KEY = "unaa-favorites";

export const ROLES = { admin: "admin", moderator: "moderator", editor: "editor" } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

type RoleHolder = { roles?: readonly string[] | null } | null | undefined;

function hasAnyRole(user: RoleHolder, roles: readonly Role[]): boolean {
  const held = user?.roles;
  return Array.isArray(held) && roles.some((role) => held.includes(role));
}

/** S6.1 "logged in": a user exists in the auth state. */
export function isLoggedIn(user: RoleHolder): boolean {
  return user != null;
}

/** S6.1 staff access (panel): admin, moderator or editor. */
export function isStaff(user: RoleHolder): boolean {
  return hasAnyRole(user, [ROLES.admin, ROLES.moderator, ROLES.editor]);
}

/** S6.1 admin-only access. */
export function isAdmin(user: RoleHolder): boolean {
  return hasAnyRole(user, [ROLES.admin]);
}

/** S6.1 moderator-level access: admin or moderator. */
export function isModeratorLevel(user: RoleHolder): boolean {
  return hasAnyRole(user, [ROLES.admin, ROLES.moderator]);
}

function normalizeIds(ids: readonly unknown[]): number[] {
  const seen = new Set<number>();
  for (const id of ids) {
    if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) seen.add(id);
  }
  return [...seen];
}

/**
 * Guest favorites from storage. Corrupt JSON, foreign values or a storage that throws (Safari private
 * mode, disabled cookies) all read as "no favorites" instead of breaking the page.
 */
export function loadGuestFavorites(storage: Pick<StorageLike, "getItem"> | null | undefined): number[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(GUEST_FAVORITES_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? normalizeIds(parsed) : [];
  } catch {
    return [];
  }
}

/** Persists guest favorites; a full or unavailable storage only costs persistence, so it is not fatal. */
export function saveGuestFavorites(
  storage: Pick<StorageLike, "setItem"> | null | undefined,
  ids: readonly number[],
): void {
  if (!storage) return;
  try {
    storage.setItem(GUEST_FAVORITES_KEY, JSON.stringify(normalizeIds(ids)));
  } catch (error) {
    console.warn("Could not save guest favorites", error);
  }
}

export interface ClientStateInit {
  auth?: AuthUser | null;
  accessToken?: string;
  /** Defaults to auth.favoriteAds when signed in, otherwise to the guest favorites of `storage`. */
  favorites?: readonly number[];
  unreadChatIds?: readonly number[];
  marks?: Record<string, Mark>;
  toasts?: ToastStore;
  /** Where guest favorites live (localStorage in the browser); null or absent on the server. */
  storage?: StorageLike | null;
}

export interface ClientState {
  /** S3.3: the toast list lives in its own store so toasts do not re-render session consumers. */
  readonly toasts: ToastStore;
  getSnapshot(): ClientStateSnapshot;
  subscribe(listener: () => void): () => void;
  /** S4.4: replaces the user, the token and the favorites (from user.favoriteAds). */
  setSession(user: AuthUser, accessToken: string): void;
  /** Signs out locally: user null, token "", no unread chats, favorites back to the guest list. */
  clearSession(): void;
  setAccessToken(accessToken: string): void;
  /** Replaces the favorites; while signed out they are also saved as guest favorites. */
  setFavorites(ids: readonly number[]): void;
  setUnreadChatIds(ids: readonly number[]): void;
  setMarks(marks: Record<string, Mark>): void;
  /** S4.1: signed in means the auth state is non-empty. */
  isSignedIn(): boolean;
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

function freezeSnapshot(snapshot: ClientStateSnapshot): ClientStateSnapshot {
  return Object.freeze({
    ...snapshot,
    favorites: Object.freeze([...snapshot.favorites]),
    unreadChatIds: Object.freeze([...snapshot.unreadChatIds]),
    marks: Object.freeze({ ...snapshot.marks }),
  });
}

export function createClientState(initial: ClientStateInit = {}): ClientState {
  const storage = initial.storage ?? null;
  const toasts = initial.toasts ?? createToastStore();
  const auth = initial.auth ?? null;
  const listeners = new Set<() => void>();

  let snapshot = freezeSnapshot({
    auth,
    accessToken: initial.accessToken ?? "",
    favorites: normalizeIds(initial.favorites ?? auth?.favoriteAds ?? loadGuestFavorites(storage)),
    unreadChatIds: normalizeIds(initial.unreadChatIds ?? []),
    marks: initial.marks ?? {},
  });

  function update(patch: Partial<ClientStateSnapshot>): void {
    snapshot = freezeSnapshot({ ...snapshot, ...patch });
    for (const listener of [...listeners]) listener();
  }

  return {
    toasts,
    getSnapshot() {
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setSession(user, accessToken) {
      update({ auth: user, accessToken, favorites: normalizeIds(user.favoriteAds ?? []) });
    },
    clearSession() {
      update({ auth: null, accessToken: "", unreadChatIds: [], favorites: loadGuestFavorites(storage) });
    },
    setAccessToken(accessToken) {
      if (accessToken !== snapshot.accessToken) update({ accessToken });
    },
    setFavorites(ids) {
      const favorites = normalizeIds(ids);
      if (snapshot.auth === null) saveGuestFavorites(storage, favorites);
      if (!sameIds(favorites, snapshot.favorites)) update({ favorites });
    },
    setUnreadChatIds(ids) {
      const unreadChatIds = normalizeIds(ids);
      if (!sameIds(unreadChatIds, snapshot.unreadChatIds)) update({ unreadChatIds });
    },
    setMarks(marks) {
      update({ marks });
    },
    isSignedIn() {
      return snapshot.auth !== null;
    },
  };
}
