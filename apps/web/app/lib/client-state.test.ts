import { describe, expect, it, vi } from "vitest";
import {
  type AuthUser,
  createClientState,
  GUEST_FAVORITES_KEY,
  isAdmin,
  isLoggedIn,
  isModeratorLevel,
  isStaff,
  loadGuestFavorites,
  type StorageLike,
  saveGuestFavorites,
} from "./client-state.ts";
import { createToastStore } from "./toast-store.ts";

function createMemoryStorage(
  entries: Record<string, string> = {},
): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    username: "aibek",
    avatar: null,
    email: "aibek@example.kg",
    phones: [
      { id: 1, phone: "+996555123456", isMain: true },
      { id: 2, phone: "+996700654321", isMain: false },
    ],
    roles: [],
    favoriteAds: [10, 20],
    ...overrides,
  };
}

describe("client state", () => {
  it("[S3.1][S3.2][S3.3] starts signed out with empty lists, an empty token and a toast store", () => {
    const state = createClientState();
    expect(state.getSnapshot()).toEqual({
      auth: null,
      accessToken: "",
      favorites: [],
      unreadChatIds: [],
      marks: {},
    });
    expect(state.isSignedIn()).toBe(false);
    expect(state.toasts.getSnapshot()).toEqual([]);
  });

  it("[S3.3] keeps the toast store it is given", () => {
    const toasts = createToastStore();
    expect(createClientState({ toasts }).toasts).toBe(toasts);
  });

  it("[S3.3] a guest starts with the favorites kept in storage", () => {
    const storage = createMemoryStorage({ [GUEST_FAVORITES_KEY]: "[3,4]" });
    expect(createClientState({ storage }).getSnapshot().favorites).toEqual([3, 4]);
  });

  it("[S4.1][S4.4] setSession signs in and replaces user, token and favorites from favoriteAds", () => {
    const storage = createMemoryStorage({ [GUEST_FAVORITES_KEY]: "[3,4]" });
    const state = createClientState({ storage });
    const user = createUser();
    state.setSession(user, "token-1");
    expect(state.isSignedIn()).toBe(true);
    expect(state.getSnapshot()).toMatchObject({ auth: user, accessToken: "token-1", favorites: [10, 20] });

    const refreshed = createUser({ favoriteAds: [30], username: "aibek2" });
    state.setSession(refreshed, "token-2");
    expect(state.getSnapshot()).toMatchObject({ auth: refreshed, accessToken: "token-2", favorites: [30] });
    expect(state.getSnapshot().auth?.phones).toHaveLength(2);
  });

  it("[S3.1][S3.2] clearSession empties the user and the token and restores guest favorites", () => {
    const storage = createMemoryStorage({ [GUEST_FAVORITES_KEY]: "[3]" });
    const state = createClientState({ storage });
    state.setSession(createUser(), "token-1");
    state.setUnreadChatIds([5, 6]);
    state.clearSession();
    expect(state.isSignedIn()).toBe(false);
    expect(state.getSnapshot()).toMatchObject({
      auth: null,
      accessToken: "",
      favorites: [3],
      unreadChatIds: [],
    });
  });

  it("[S4.1] signed in depends on the user, not on the token", () => {
    const state = createClientState();
    state.setAccessToken("orphan-token");
    expect(state.isSignedIn()).toBe(false);
    state.setSession(createUser(), "");
    expect(state.isSignedIn()).toBe(true);
  });

  it("[S3.3] favorites of a guest are persisted, those of a signed-in user are not", () => {
    const storage = createMemoryStorage();
    const state = createClientState({ storage });
    state.setFavorites([1, 2, 2]);
    expect(state.getSnapshot().favorites).toEqual([1, 2]);
    expect(storage.data.get(GUEST_FAVORITES_KEY)).toBe("[1,2]");
    state.setSession(createUser(), "t");
    state.setFavorites([10, 20, 99]);
    expect(state.getSnapshot().favorites).toEqual([10, 20, 99]);
    expect(storage.data.get(GUEST_FAVORITES_KEY)).toBe("[1,2]");
  });

  it("[S3.3] stores unread chat ids and marks", () => {
    const state = createClientState();
    state.setUnreadChatIds([4, 8]);
    state.setMarks({ toyota: { slug: "toyota", name: "Toyota" }, lada: { slug: "lada", name: "Лада" } });
    expect(state.getSnapshot().unreadChatIds).toEqual([4, 8]);
    expect(state.getSnapshot().marks.lada).toEqual({ slug: "lada", name: "Лада" });
  });

  it("[S3.3] snapshots are frozen, new on change and unchanged when nothing changes", () => {
    const state = createClientState();
    const listener = vi.fn();
    state.subscribe(listener);
    const first = state.getSnapshot();
    state.setAccessToken("");
    state.setUnreadChatIds([]);
    state.setFavorites([]);
    expect(state.getSnapshot()).toBe(first);
    expect(listener).not.toHaveBeenCalled();

    state.setUnreadChatIds([1]);
    const second = state.getSnapshot();
    expect(second).not.toBe(first);
    expect(first.unreadChatIds).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(1);
    state.setUnreadChatIds([1]);
    expect(state.getSnapshot()).toBe(second);
    expect(Object.isFrozen(second)).toBe(true);
    expect(() => (second.unreadChatIds as number[]).push(2)).toThrow(TypeError);
  });

  it("stops notifying after unsubscribe", () => {
    const state = createClientState();
    const listener = vi.fn();
    const unsubscribe = state.subscribe(listener);
    state.setAccessToken("a");
    unsubscribe();
    state.setAccessToken("b");
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe("guest favorites storage", () => {
  it("[S3.3] round-trips ids under the unaa-favorites key", () => {
    const storage = createMemoryStorage();
    saveGuestFavorites(storage, [5, 9]);
    expect(storage.data.get("unaa-favorites")).toBe("[5,9]");
    expect(loadGuestFavorites(storage)).toEqual([5, 9]);
  });

  it("reads corrupt or foreign values as no favorites", () => {
    expect(loadGuestFavorites(createMemoryStorage({ [GUEST_FAVORITES_KEY]: "{not json" }))).toEqual([]);
    expect(loadGuestFavorites(createMemoryStorage({ [GUEST_FAVORITES_KEY]: '{"a":1}' }))).toEqual([]);
    expect(loadGuestFavorites(createMemoryStorage({ [GUEST_FAVORITES_KEY]: '[1,"2",-3,4.5,1,6]' }))).toEqual([
      1, 6,
    ]);
    expect(loadGuestFavorites(null)).toEqual([]);
  });

  it("survives a storage that throws", () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(loadGuestFavorites(broken)).toEqual([]);
    expect(() => saveGuestFavorites(broken, [1])).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe("role helpers", () => {
  const withRoles = (...roles: string[]) => createUser({ roles });

  it("[S6.1] staff access is admin, moderator or editor", () => {
    expect(isStaff(withRoles("admin"))).toBe(true);
    expect(isStaff(withRoles("moderator"))).toBe(true);
    expect(isStaff(withRoles("editor"))).toBe(true);
    expect(isStaff(withRoles("user"))).toBe(false);
    expect(isStaff(withRoles())).toBe(false);
    expect(isStaff(null)).toBe(false);
  });

  it("[S6.1] admin-only access is admin alone", () => {
    expect(isAdmin(withRoles("admin"))).toBe(true);
    expect(isAdmin(withRoles("moderator", "editor"))).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it("[S6.1] moderator-level access is admin or moderator", () => {
    expect(isModeratorLevel(withRoles("admin"))).toBe(true);
    expect(isModeratorLevel(withRoles("moderator"))).toBe(true);
    expect(isModeratorLevel(withRoles("editor"))).toBe(false);
    expect(isModeratorLevel({ roles: null })).toBe(false);
  });

  it("[S6.1] logged in means a user exists in the auth state", () => {
    expect(isLoggedIn(withRoles())).toBe(true);
    expect(isLoggedIn(null)).toBe(false);
  });
});
