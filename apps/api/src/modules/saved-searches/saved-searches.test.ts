import {
  notificationListResponseSchema,
  type SavedSearch,
  savedSearchesMax,
  savedSearchListResponseSchema,
  savedSearchSchema,
} from "@unaa/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { savedSearches } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import type { DigestGroup, MatchedAd, SavedSearchAlerts } from "./saved-searches.alerts.ts";
import { createSavedSearchesService, digestHourAt, savedSearchMatchJob } from "./saved-searches.service.ts";

let harness: TestApp;
let seller: TestClient;
let buyer: TestClient;
let toyota: CatalogPick;
let other: CatalogPick;
let regionId: number;
let emitted: { userId: number; event: string; payload: unknown }[];

/** Works the queued `saved-search-match` jobs here (the test app runs no workers): the ad ids. */
async function workMatchJobs(): Promise<number[]> {
  const { boss } = harness.app.jobs;
  const jobs = await boss.fetch<{ adId: number }>(savedSearchMatchJob, { batchSize: 50 });
  for (const job of jobs) {
    await harness.app.services.savedSearchesService.matchAd(job.data.adId);
    await boss.complete(savedSearchMatchJob, job.id);
  }
  return jobs.map((job) => job.data.adId);
}

async function save(client: TestClient, body: Record<string, unknown>): Promise<SavedSearch> {
  const response = await callAs(harness, client)("POST", "/api/saved-searches", body);
  if (response.statusCode !== 201) throw new Error(response.body);
  return savedSearchSchema.parse(response.json());
}

async function listOf(client: TestClient) {
  const response = await callAs(harness, client)("GET", "/api/saved-searches");
  expect(response.statusCode).toBe(200);
  return savedSearchListResponseSchema.parse(response.json()).items;
}

const matchEvents = (userId: number) =>
  emitted.filter((call) => call.userId === userId && call.event === "savedSearch:match");

beforeAll(async () => {
  harness = await createTestApp({ JOB_WORKERS: "false" });
  await setSetting(harness, "moderationMode", "post");
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  [seller, buyer] = await Promise.all([signUpUser(harness), signUpUser(harness)]);
  toyota = await pickCatalog(harness, "car", "toyota");
  other = await pickCatalog(harness, "car");
  if (other.markId === toyota.markId) throw new Error("need a second mark");
  ({ regionId } = await pickPlaces(harness));
  vi.spyOn(harness.app.realtime, "emitToUser").mockImplementation((userId, event, ...args) => {
    emitted.push({ userId, event, payload: args[0] });
  });
});

beforeEach(async () => {
  await workMatchJobs();
  emitted = [];
});

afterAll(async () => {
  await harness?.close();
});

describe("saving searches", () => {
  it("saves a list page's filters in the search's own form; the same filters again answer the saved one", async () => {
    const client = await signUpUser(harness);
    const created = await callAs(harness, client)("POST", "/api/saved-searches", {
      vertical: "car",
      query: `?yearFrom=2015&mark=${toyota.markId}&sort=cheap&body=wagon,sedan&limit=20`,
    });
    expect(created.statusCode).toBe(201);
    const saved = savedSearchSchema.parse(created.json());
    expect(saved).toMatchObject({
      vertical: "car",
      query: `body=sedan%2Cwagon&mark=${toyota.markId}&yearFrom=2015`,
      filters: { mark: [toyota.markId], yearFrom: 2015, body: ["wagon", "sedan"] },
      mode: "instant",
      digestHour: 9,
      channels: { inApp: true, email: false, push: false },
      newCount: 0,
    });
    const again = await callAs(harness, client)("POST", "/api/saved-searches", {
      vertical: "car",
      query: `body=sedan&body=wagon&mark=${toyota.markId}&yearFrom=2015&sort=fresh`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<SavedSearch>().id).toBe(saved.id);
    expect((await listOf(client)).map((item) => item.id)).toEqual([saved.id]);
    // The default currency is no filter; a price in USD is another search.
    const kgs = await save(client, { vertical: "car", query: "priceTo=900000&currency=KGS" });
    expect(kgs.query).toBe("priceTo=900000");
    const plain = await callAs(harness, client)("POST", "/api/saved-searches", {
      vertical: "car",
      query: "priceTo=900000",
    });
    expect(plain.json<SavedSearch>().id).toBe(kgs.id);
    const usd = await save(client, { vertical: "car", query: "priceTo=900000&currency=USD" });
    expect(usd.query).toBe("currency=USD&priceTo=900000");
  });

  it("refuses bad input with field errors, never a 500", async () => {
    const call = callAs(harness, buyer);
    const cases: [Record<string, unknown>, string][] = [
      [{ vertical: "boats", query: "" }, "vertical"],
      [{ vertical: "car", query: "yearFrom=old" }, "query.yearFrom"],
      [{ vertical: "car", query: "payloadKg=100" }, "query.payloadKg"],
      [{ vertical: "car", query: "", mode: "weekly" }, "mode"],
      [{ vertical: "car", query: "", digestHour: 24 }, "digestHour"],
      [
        { vertical: "car", query: "", channels: { inApp: "yes", email: false, push: false } },
        "channels.inApp",
      ],
      [{ vertical: "car" }, "query"],
    ];
    for (const [body, path] of cases) {
      const response = await call("POST", "/api/saved-searches", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { code, errors } = response.json<{ code: string; errors: { path: string }[] }>();
      expect(code).toBe("VALIDATION_FAILED");
      expect(errors.map((error) => error.path)).toContain(path);
    }
    const saved = await save(buyer, { vertical: "car", query: "q=bad-input" });
    const empty = await harness.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${saved.id}`,
      headers: { authorization: `Bearer ${buyer.accessToken}` },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const badHour = await harness.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${saved.id}`,
      headers: { authorization: `Bearer ${buyer.accessToken}` },
      payload: { digestHour: -1 },
    });
    expect(badHour.statusCode).toBe(400);
    expect((await call("DELETE", "/api/saved-searches/abc")).statusCode).toBe(400);
  });

  it("updates mode, hour, label and channels; deletes", async () => {
    const saved = await save(buyer, { vertical: "car", query: "q=update-me" });
    const updated = await harness.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${saved.id}`,
      headers: { authorization: `Bearer ${buyer.accessToken}` },
      payload: {
        mode: "daily",
        digestHour: 20,
        label: "Camry",
        channels: { inApp: true, email: true, push: false },
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      mode: "daily",
      digestHour: 20,
      label: "Camry",
      channels: { email: true },
    });
    expect((await callAs(harness, buyer)("DELETE", `/api/saved-searches/${saved.id}`)).statusCode).toBe(204);
    expect((await listOf(buyer)).some((item) => item.id === saved.id)).toBe(false);
  });

  it("answers 404 for another user's search, as for a missing one", async () => {
    const saved = await save(buyer, { vertical: "car", query: "q=mine-only" });
    const stranger = callAs(harness, seller);
    expect((await stranger("DELETE", `/api/saved-searches/${saved.id}`)).json()).toMatchObject({
      code: "SAVED_SEARCH_NOT_FOUND",
    });
    expect((await stranger("POST", `/api/saved-searches/${saved.id}/viewed`)).statusCode).toBe(404);
    const patched = await harness.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${saved.id}`,
      headers: { authorization: `Bearer ${seller.accessToken}` },
      payload: { mode: "off" },
    });
    expect(patched.statusCode).toBe(404);
    expect((await listOf(seller)).some((item) => item.id === saved.id)).toBe(false);
    expect((await callAs(harness, null)("GET", "/api/saved-searches")).statusCode).toBe(401);
  });

  it(`keeps at most ${savedSearchesMax} searches per user`, async () => {
    const client = await signUpUser(harness);
    await harness.database.db.insert(savedSearches).values(
      Array.from({ length: savedSearchesMax }, (_, index) => ({
        userId: client.userId,
        vertical: "car",
        filters: { q: `limit ${index}` },
        query: `q=limit+${index}`,
      })),
    );
    const refused = await callAs(harness, client)("POST", "/api/saved-searches", {
      vertical: "car",
      query: "q=one-more",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "SAVED_SEARCH_LIMIT_REACHED" });
    // Saving one already saved is still answered.
    const same = await callAs(harness, client)("POST", "/api/saved-searches", {
      vertical: "car",
      query: "q=limit 3",
    });
    expect(same.statusCode).toBe(200);
  });
});

describe("matching new ads", () => {
  it("a matching ad triggers exactly one instant alert; a non-matching search none; re-publishing alerts no one again", async () => {
    const follower = await signUpUser(harness);
    const stranger = await signUpUser(harness);
    const matching = await save(follower, { vertical: "car", query: `mark=${toyota.markId}&yearFrom=2015` });
    const tooNew = await save(stranger, { vertical: "car", query: `mark=${toyota.markId}&yearFrom=2020` });
    const otherMark = await save(stranger, { vertical: "car", query: `mark=${other.markId}` });

    const ad = await createPublished(harness, seller, carBody(toyota, regionId, { year: 2018 }));
    expect(await workMatchJobs()).toEqual([ad.id]);
    expect(matchEvents(follower.userId)).toEqual([
      {
        userId: follower.userId,
        event: "savedSearch:match",
        payload: { savedSearchId: matching.id, newCount: 1 },
      },
    ]);
    expect(matchEvents(stranger.userId)).toEqual([]);
    const counts = new Map((await listOf(stranger)).map((item) => [item.id, item.newCount]));
    expect(counts.get(tooNew.id)).toBe(0);
    expect(counts.get(otherMark.id)).toBe(0);

    // Archived and published again: matched once already, so no second alert.
    expect((await callAs(harness, seller)("POST", `/api/ads/${ad.id}/archive`)).statusCode).toBe(200);
    expect((await callAs(harness, seller)("POST", `/api/ads/${ad.id}/publish`)).statusCode).toBe(200);
    expect(await workMatchJobs()).toEqual([ad.id]);
    expect(matchEvents(follower.userId)).toHaveLength(1);
    expect((await listOf(follower))[0]?.newCount).toBe(1);
  });

  it("a match reaches the notification centre on the search's own channels: none when it turned in-app off", async () => {
    const follower = await signUpUser(harness);
    const quiet = await signUpUser(harness);
    const query = `mark=${toyota.markId}&yearFrom=2016`;
    const followed = await save(follower, { vertical: "car", query });
    const muted = await save(quiet, { vertical: "car", query });
    const off = { channels: { inApp: false, email: false, push: false } };
    const muting = await harness.app.inject({
      method: "PATCH",
      url: `/api/saved-searches/${muted.id}`,
      headers: { authorization: `Bearer ${quiet.accessToken}` },
      payload: off,
    });
    expect(muting.statusCode).toBe(200);

    const ad = await createPublished(harness, seller, carBody(toyota, regionId, { year: 2019 }));
    expect(await workMatchJobs()).toEqual([ad.id]);
    const centre = async (client: TestClient) => {
      const response = await callAs(harness, client)("GET", "/api/notifications");
      expect(response.statusCode).toBe(200);
      return notificationListResponseSchema.parse(response.json()).items;
    };
    expect((await centre(follower)).map((item) => [item.kind, item.payload])).toEqual([
      [
        "savedSearchMatch",
        { searchId: followed.id, searchName: ad.title, count: 1, link: `/car?${followed.query}` },
      ],
    ]);
    expect(await centre(quiet)).toEqual([]);
  });

  it("matches free text the way the search reads it (a catalogue nickname), by the search's own SQL", async () => {
    const follower = await signUpUser(harness);
    const byText = await save(follower, {
      vertical: "car",
      query: `q=${encodeURIComponent(toyota.markName)}`,
    });
    const byWord = await save(follower, { vertical: "car", query: "q=zzzqqqxxx" });
    const ad = await createPublished(harness, seller, carBody(toyota, regionId));
    await workMatchJobs();
    expect(matchEvents(follower.userId).map((call) => call.payload)).toEqual([
      { savedSearchId: byText.id, newCount: 1 },
    ]);
    expect(byWord.id).not.toBe(byText.id);
    expect(ad.status).toBe("active");
  });

  it("never matches a user's own ad", async () => {
    const own = await save(seller, { vertical: "car", query: `mark=${toyota.markId}` });
    await createPublished(harness, seller, carBody(toyota, regionId));
    await workMatchJobs();
    expect(matchEvents(seller.userId)).toEqual([]);
    expect((await listOf(seller)).find((item) => item.id === own.id)?.newCount).toBe(0);
  });

  it("an ad approved by a moderator is matched when it goes live, not while it waits", async () => {
    const moderator = await signUpPersona(harness, "moderator");
    const follower = await signUpUser(harness);
    const saved = await save(follower, {
      vertical: "car",
      query: `mark=${toyota.markId}&model=${toyota.modelId}`,
    });
    await setSetting(harness, "moderationMode", "pre");
    try {
      const ad = await createPublished(harness, seller, carBody(toyota, regionId));
      expect(ad.status).toBe("pending");
      expect(await workMatchJobs()).toEqual([]);
      expect((await callAs(harness, moderator)("POST", `/api/ads/${ad.id}/approve`)).statusCode).toBe(200);
      expect(await workMatchJobs()).toEqual([ad.id]);
      expect(matchEvents(follower.userId).map((call) => call.payload)).toEqual([
        { savedSearchId: saved.id, newCount: 1 },
      ]);
    } finally {
      await setSetting(harness, "moderationMode", "post");
    }
  });

  it("opening a search resets its new-match count", async () => {
    const follower = await signUpUser(harness);
    const saved = await save(follower, { vertical: "car", query: `mark=${toyota.markId}&priceTo=99999999` });
    await createPublished(harness, seller, carBody(toyota, regionId));
    await workMatchJobs();
    expect((await listOf(follower))[0]?.newCount).toBe(1);
    const viewed = await callAs(harness, follower)("POST", `/api/saved-searches/${saved.id}/viewed`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({ id: saved.id, newCount: 0 });
    expect((await listOf(follower))[0]?.newCount).toBe(0);
  });
});

describe("daily digests", () => {
  it("groups the day's matches per search, at the search's hour (Asia/Bishkek), and sends them once", async () => {
    const sent: { userId: number; groups: DigestGroup[] }[] = [];
    const instant: { userId: number; ads: MatchedAd[] }[] = [];
    const alerts: SavedSearchAlerts = {
      async instant(userId, _savedSearch, ads) {
        instant.push({ userId, ads });
      },
      async digest(userId, groups) {
        sent.push({ userId, groups });
      },
    };
    const service = createSavedSearchesService(harness.database.db, alerts);
    // 10:00 in Bishkek is 04:00 UTC (UTC+6 all year).
    const at = new Date("2026-11-26T04:00:00Z");
    expect(digestHourAt(at)).toBe(10);
    const follower = await signUpUser(harness);
    const toyotas = await save(follower, {
      vertical: "car",
      query: `mark=${toyota.markId}`,
      mode: "daily",
      digestHour: 10,
    });
    const sedans = await save(follower, {
      vertical: "car",
      query: "body=sedan",
      mode: "daily",
      digestHour: 10,
    });
    const later = await save(follower, {
      vertical: "car",
      query: "body=sedan&yearFrom=2000",
      mode: "daily",
      digestHour: 21,
    });

    const first = await createPublished(harness, seller, carBody(toyota, regionId, { body: "sedan" }));
    const second = await createPublished(
      harness,
      seller,
      carBody(toyota, regionId, { body: "hatchback-5d" }),
    );
    const third = await createPublished(harness, seller, carBody(other, regionId, { body: "sedan" }));
    for (const ad of [first, second, third]) await service.matchAd(ad.id);
    // Other tests' instant searches match these ads too; the follower's are daily.
    expect(instant.filter((alert) => alert.userId === follower.userId)).toEqual([]);

    await service.sendDigests(new Date("2026-11-26T05:00:00Z"));
    expect(sent).toEqual([]);

    await service.sendDigests(at);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.userId).toBe(follower.userId);
    const groups = new Map(
      sent[0]?.groups.map((group) => [group.savedSearch.id, group.ads.map((ad) => ad.id).sort()]),
    );
    expect(groups).toEqual(
      new Map([
        [toyotas.id, [first.id, second.id].sort()],
        [sedans.id, [first.id, third.id].sort()],
      ]),
    );
    expect(groups.has(later.id)).toBe(false);

    await service.sendDigests(at);
    expect(sent).toHaveLength(1);
  });
});
