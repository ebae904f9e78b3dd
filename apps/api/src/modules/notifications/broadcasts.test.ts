import type { Broadcast, BroadcastPage, BroadcastPreview, Notification } from "@unaa/contracts";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, regions, users } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  setAdColumns,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import type { BroadcastJob } from "./broadcasts.service.ts";
import { notificationJobs } from "./notifications.service.ts";

let harness: TestApp;
let toyota: CatalogPick;
let regionIds: number[];

// Jobs are queued, not worked: each test runs the job it expects itself.
beforeAll(async () => {
  harness = await createTestApp({ JOB_WORKERS: "false" });
  toyota = await pickCatalog(harness, "car", "toyota");
  regionIds = (
    await harness.database.db.select({ id: regions.id }).from(regions).orderBy(asc(regions.id))
  ).map((row) => row.id);
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  await setSetting(harness, "moderationMode", "post");
});
afterAll(async () => {
  await harness?.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

function body(segment: Record<string, unknown> = {}, change: Record<string, unknown> = {}) {
  return {
    title: { ky: "Жаңылык", ru: "Новость", en: "News" },
    text: { ky: "Сайт түнү эс алат", ru: "Сайт отдыхает ночью", en: "The site rests tonight" },
    link: "/about",
    channels: { inApp: true, email: false, push: false },
    segment,
    ...change,
  };
}

async function preview(staff: TestClient, segment: Record<string, unknown>): Promise<number> {
  const response = await as(staff)("POST", "/api/dashboard/notifications/preview", body(segment));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BroadcastPreview>().recipients;
}

/** A user with a published car ad in the region (its status changed when asked). */
async function seller(regionId: number, status?: string) {
  const account = await signUpUser(harness);
  const ad = await createPublished(harness, account, carBody(toyota, regionId));
  if (status) await setAdColumns(harness, ad.id, { status });
  return account;
}

async function noticesOf(client: TestClient): Promise<Notification[]> {
  const response = await as(client)("GET", "/api/notifications");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Notification[] }>().items;
}

describe("[S2.8] broadcasts: segments and preview", () => {
  it("counts live accounts by region, role and active ads, combined; renders each language", async () => {
    const editor = (await signUpPersona(harness, "editor")) as TestClient;
    const region = regionIds.at(-1) as number;
    const before = {
      region: await preview(editor, { regionId: region }),
      regionActive: await preview(editor, { regionId: region, hasActiveAds: true }),
      regionEditors: await preview(editor, { regionId: region, role: "editor" }),
      editors: await preview(editor, { role: "editor" }),
      all: await preview(editor, {}),
    };
    await seller(region);
    await seller(region, "archived");
    const blocked = await seller(region);
    await harness.database.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.id, blocked.userId));
    await signUpPersona(harness, "editor");

    expect(await preview(editor, { regionId: region })).toBe(before.region + 2);
    expect(await preview(editor, { regionId: region, hasActiveAds: true })).toBe(before.regionActive + 1);
    expect(await preview(editor, { regionId: region, role: "user", hasActiveAds: true })).toBe(
      before.regionActive + 1,
    );
    expect(await preview(editor, { regionId: region, role: "editor" })).toBe(before.regionEditors);
    expect(await preview(editor, { role: "editor" })).toBe(before.editors + 1);
    // Three sellers (one blocked) and an editor.
    expect(await preview(editor, {})).toBe(before.all + 3);

    const response = await as(editor)("POST", "/api/dashboard/notifications/preview", body());
    expect(response.json<BroadcastPreview>().notices).toEqual({
      ky: { title: "Жаңылык", body: "Сайт түнү эс алат" },
      ru: { title: "Новость", body: "Сайт отдыхает ночью" },
      en: { title: "News", body: "The site rests tonight" },
    });
  });

  it("refuses bad input with field errors: every language, a same-origin link, a channel", async () => {
    const moderator = (await signUpPersona(harness, "moderator")) as TestClient;
    const bad = body(
      { role: "nobody" },
      {
        title: { ky: "", ru: "Новость", en: "x".repeat(121) },
        link: "//evil.example/path",
        channels: { inApp: false, email: false, push: false },
      },
    );
    for (const url of ["/api/dashboard/notifications/preview", "/api/dashboard/notifications/broadcasts"]) {
      const response = await as(moderator)("POST", url, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(
        response
          .json()
          .errors.map((error: { path: string }) => error.path)
          .sort(),
      ).toEqual(["channels.inApp", "link", "segment.role", "title.en", "title.ky"]);
    }
    for (const link of ["https://evil.example/", "javascript:alert(1)", "/a b", "/ok\\..\\x"]) {
      const response = await as(moderator)(
        "POST",
        "/api/dashboard/notifications/preview",
        body({}, { link }),
      );
      expect(response.statusCode, link).toBe(400);
    }
    const { text: _text, ...withoutText } = body();
    expect(
      (await as(moderator)("POST", "/api/dashboard/notifications/broadcasts", withoutText)).statusCode,
    ).toBe(400);
  });

  it("is the notification section's: plain users are told there is no such route", async () => {
    const user = await signUpUser(harness);
    expect((await as(user)("POST", "/api/dashboard/notifications/preview", body())).statusCode).toBe(404);
    expect((await as(user)("GET", "/api/dashboard/notifications/broadcasts")).statusCode).toBe(404);
    expect((await as(null)("GET", "/api/dashboard/notifications/broadcasts")).statusCode).toBe(401);
  });
});

describe("[S2.8] broadcasts: sending", () => {
  it("queues one job; the job gives each account of the segment one notice in its language", async () => {
    const editor = (await signUpPersona(harness, "editor")) as TestClient;
    const region = regionIds.at(-2) as number;
    const [kySeller, enSeller, ruSeller] = [await seller(region), await seller(region), await seller(region)];
    const outside = await seller(regionIds.at(-3) as number);
    const db = harness.database.db;
    await db.update(users).set({ locale: "ky" }).where(eq(users.id, kySeller.userId));
    await db.update(users).set({ locale: "en" }).where(eq(users.id, enSeller.userId));
    await db.update(users).set({ locale: null }).where(eq(users.id, ruSeller.userId));

    const response = await as(editor)(
      "POST",
      "/api/dashboard/notifications/broadcasts",
      body({ regionId: region, hasActiveAds: true }),
    );
    expect(response.statusCode, response.body).toBe(202);
    const sent = response.json<Broadcast>();
    expect(sent).toMatchObject({ status: "queued", recipients: 3, sentCount: 0, link: "/about" });

    const [entry] = await db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.action, "notification.broadcast"), eq(auditEntries.objectId, String(sent.id))),
      );
    expect(entry).toMatchObject({ staffId: editor.userId, objectType: "notification" });
    expect(entry?.after).toMatchObject({ recipients: 3, segment: { regionId: region, hasActiveAds: true } });

    const jobs = (await harness.app.jobs.boss.findJobs<BroadcastJob>(notificationJobs.broadcast))
      .map((job) => job.data)
      .filter((job) => job.broadcastId === sent.id);
    expect(jobs).toHaveLength(1);
    await harness.app.broadcasts.run(jobs[0] as BroadcastJob);
    // A second run (a retry) sends nobody a second notice.
    await harness.app.broadcasts.run(jobs[0] as BroadcastJob);

    const expected: [TestClient, string, string][] = [
      [kySeller, "Жаңылык", "Сайт түнү эс алат"],
      [enSeller, "News", "The site rests tonight"],
      [ruSeller, "Новость", "Сайт отдыхает ночью"],
    ];
    for (const [client, title, text] of expected) {
      expect(await noticesOf(client)).toMatchObject([
        { kind: "staffBroadcast", payload: { title, text, link: "/about" } },
      ]);
    }
    expect(await noticesOf(outside)).toEqual([]);

    const page = (await as(editor)("GET", "/api/dashboard/notifications/broadcasts")).json<BroadcastPage>();
    expect(page.items.find((item) => item.id === sent.id)).toMatchObject({
      status: "sent",
      recipients: 3,
      sentCount: 3,
      staff: { id: editor.userId },
    });
    expect(page.items.find((item) => item.id === sent.id)?.sentAt).not.toBeNull();
  });

  it("keeps to the chosen channels: in-app off writes no notice", async () => {
    const admin = (await signUpPersona(harness, "admin")) as TestClient;
    const region = regionIds.at(-4) as number;
    const target = await seller(region);
    const response = await as(admin)(
      "POST",
      "/api/dashboard/notifications/broadcasts",
      body({ regionId: region }, { channels: { inApp: false, email: true, push: false } }),
    );
    expect(response.statusCode, response.body).toBe(202);
    await harness.app.broadcasts.run({ broadcastId: response.json<Broadcast>().id });
    expect(await noticesOf(target)).toEqual([]);
  });

  it("allows a few broadcasts an hour per staff member, then 429", async () => {
    const moderator = (await signUpPersona(harness, "moderator")) as TestClient;
    const other = (await signUpPersona(harness, "moderator")) as TestClient;
    const send = (client: TestClient) =>
      as(client)("POST", "/api/dashboard/notifications/broadcasts", body({ role: "admin" }));
    for (let i = 0; i < 3; i += 1) expect((await send(moderator)).statusCode).toBe(202);
    const refused = await send(moderator);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect((await send(other)).statusCode).toBe(202);
  });
});
