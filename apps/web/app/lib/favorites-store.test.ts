import { adFavoritesMax } from "@unaa/contracts";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type AuthUser, createClientState, GUEST_FAVORITES_KEY } from "./client-state.ts";

const memory = new Map<string, string>();
const storage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
};
const fake = vi.hoisted(() => ({
  put: vi.fn(),
  del: vi.fn(),
  post: vi.fn(),
  state: null as unknown as ReturnType<typeof createClientState>,
}));

vi.mock("./app-state.ts", () => ({
  api: { put: fake.put, del: fake.del, post: fake.post },
  get clientState() {
    return fake.state;
  },
  guestStorage: storage,
}));

const { FAVORITES_MERGE_WAIT_MS, setFavorite, startSession } = await import("./favorites-store.ts");

const user: AuthUser = {
  id: 7,
  username: "aida",
  avatar: null,
  email: null,
  phones: [],
  roles: [],
  favoriteAds: [3],
};

beforeEach(() => {
  memory.clear();
  vi.resetAllMocks();
  fake.state = createClientState({ storage });
});

describe("guest favourites", () => {
  it("keeps the newest first in local storage and takes one out again", async () => {
    await setFavorite(5, true);
    await setFavorite(9, true);
    expect(fake.state.getSnapshot().favorites).toEqual([9, 5]);
    expect(JSON.parse(memory.get(GUEST_FAVORITES_KEY) ?? "null")).toEqual([9, 5]);
    await setFavorite(9, false);
    expect(JSON.parse(memory.get(GUEST_FAVORITES_KEY) ?? "null")).toEqual([5]);
    expect(fake.put).not.toHaveBeenCalled();
  });

  it(`refuses more than ${adFavoritesMax}`, async () => {
    fake.state.setFavorites(Array.from({ length: adFavoritesMax }, (_, index) => index + 1));
    expect(await setFavorite(100_000, true)).toEqual({ kind: "full" });
    expect(fake.state.getSnapshot().favorites).not.toContain(100_000);
  });
});

describe("a signed-in user's favourites", () => {
  beforeEach(() => fake.state.setSession(user, "token"));

  it("shows the change at once and reports the API's count", async () => {
    let resolve: (value: unknown) => void = () => {};
    fake.put.mockReturnValue(new Promise((done) => (resolve = done)));
    const pending = setFavorite(4, true);
    expect(fake.state.getSnapshot().favorites).toEqual([4, 3]);
    resolve({ adId: 4, isFavorite: true, favorites: 12 });
    expect(await pending).toEqual({ kind: "done", isFavorite: true, favorites: 12 });
    expect(fake.put).toHaveBeenCalledWith("/api/ads/4/favorite", undefined, { silent: true });
    expect(memory.has(GUEST_FAVORITES_KEY)).toBe(false);
  });

  it("rolls back only the refused ad", async () => {
    fake.del.mockRejectedValue(new Error("offline"));
    fake.put.mockResolvedValue({ adId: 8, isFavorite: true, favorites: 1 });
    const removal = setFavorite(3, false);
    await setFavorite(8, true);
    const result = await removal;
    expect(result.kind).toBe("failed");
    expect(fake.state.getSnapshot().favorites).toEqual([3, 8]);
  });
});

describe("merging at sign-in", () => {
  const merge = {
    path: "/api/favorites/merge",
    options: { silent: true, headers: { Authorization: "Bearer token" }, signal: expect.any(AbortSignal) },
  };

  it("sends the guest list with the new token, then stores the session with the account's answer", async () => {
    await setFavorite(11, true);
    await setFavorite(12, true);
    // The session is not shown before the merge has answered: what follows it reads the merged list.
    fake.post.mockImplementation(async () => {
      expect(fake.state.getSnapshot().auth).toBeNull();
      return { favoriteAds: [12, 11, 3] };
    });
    await startSession(user, "token");
    expect(fake.post).toHaveBeenCalledWith(merge.path, { adIds: [12, 11] }, merge.options);
    expect(fake.state.getSnapshot().auth).toEqual(user);
    expect(fake.state.getSnapshot().accessToken).toBe("token");
    expect(fake.state.getSnapshot().favorites).toEqual([12, 11, 3]);
    expect(JSON.parse(memory.get(GUEST_FAVORITES_KEY) ?? "null")).toEqual([]);
  });

  it("keeps the local list when the merge fails, and calls nothing without one", async () => {
    await startSession(user, "token");
    expect(fake.post).not.toHaveBeenCalled();
    expect(fake.state.getSnapshot().favorites).toEqual([3]);
    fake.state.clearSession();
    await setFavorite(11, true);
    fake.post.mockRejectedValue(new Error("offline"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await startSession(user, "token");
    expect(fake.post).toHaveBeenCalledWith(merge.path, { adIds: [11] }, merge.options);
    expect(fake.state.getSnapshot().auth).toEqual(user);
    expect(JSON.parse(memory.get(GUEST_FAVORITES_KEY) ?? "null")).toEqual([11]);
  });

  it("goes on without the merge when it does not answer in time, keeping the local list", async () => {
    await setFavorite(11, true);
    vi.useFakeTimers();
    try {
      // A request that never answers, as fetch does it: it ends only when its signal aborts.
      fake.post.mockImplementation(
        (_path: string, _body: unknown, options: { signal: AbortSignal }) =>
          new Promise((_resolve, reject) => {
            options.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      );
      vi.spyOn(console, "warn").mockImplementation(() => {});
      let started = false;
      const signIn = startSession(user, "token").then(() => {
        started = true;
      });
      await vi.advanceTimersByTimeAsync(FAVORITES_MERGE_WAIT_MS - 1);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await signIn;
      expect(started).toBe(true);
      expect(fake.state.getSnapshot().auth).toEqual(user);
      expect(fake.state.getSnapshot().favorites).toEqual([3]);
      expect(JSON.parse(memory.get(GUEST_FAVORITES_KEY) ?? "null")).toEqual([11]);
    } finally {
      vi.useRealTimers();
    }
  });
});
