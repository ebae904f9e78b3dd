import type { Banner, BannerImage, BannerPage, BannerShown } from "@unaa/contracts";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, banners } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { multipartBody } from "../../test/upload-kit.ts";
import { callAs } from "../ads/ads-test-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { weightedPick } from "./banners.service.ts";

let harness: TestApp;
let editor: TestClient;
let jpeg: Buffer;

beforeAll(async () => {
  harness = await createTestApp();
  editor = (await signUpPersona(harness, "editor")) as TestClient;
  jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#2255aa" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await harness?.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

/** A day in Asia/Bishkek (UTC+6), `offset` days from today. */
function day(offset = 0): string {
  return new Date(Date.now() + 6 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

function uploadImage(slot: string, data: Buffer, client: TestClient = editor) {
  const body = multipartBody([{ field: "file", filename: "banner.jpg", type: "image/jpeg", data }]);
  return harness.app.inject({
    method: "POST",
    url: `/api/dashboard/banners/images?slot=${slot}`,
    headers: { ...bearer(client), "content-type": body.contentType },
    payload: body.payload,
  });
}

async function create(change: Record<string, unknown> = {}): Promise<Banner> {
  const slot = (change.slot as string | undefined) ?? "home-top";
  const image = (await uploadImage(slot, jpeg)).json<BannerImage>().image;
  const response = await as(editor)("POST", "/api/dashboard/banners", {
    title: "Spring tyres",
    image,
    link: "https://tyres.example.kg/spring?utm=unaa",
    slot,
    startsOn: day(-1),
    endsOn: day(1),
    locales: ["ky", "ru", "en"],
    weight: 10,
    isActive: true,
    ...change,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Banner>();
}

async function shown(slot: string, locale: string): Promise<BannerShown["banner"]> {
  const response = await as(null)("GET", `/api/banners?slot=${slot}&locale=${locale}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("public, max-age=60");
  return response.json<BannerShown>().banner;
}

async function lastEntry(id: number) {
  const [row] = await harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, "banner"), eq(auditEntries.objectId, String(id))))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return row;
}

describe("[S2.8] banner campaigns", () => {
  it("creates one from a real image, cropped to the slot's size as WebP, and audits it", async () => {
    const upload = await uploadImage("home-top", jpeg);
    expect(upload.statusCode, upload.body).toBe(201);
    const { image, url } = upload.json<BannerImage>();
    expect(image).toMatch(/^banners\/[0-9a-f]{24}-home-top\.webp$/);
    const served = await harness.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 1200,
      height: 300,
    });

    const banner = await create({ image });
    expect(banner).toMatchObject({ slot: "home-top", weight: 10, impressions: 0, clicks: 0, imageUrl: url });
    expect(await lastEntry(banner.id)).toMatchObject({ staffId: editor.userId, action: "banner.create" });

    const page = (await as(editor)("GET", "/api/dashboard/banners?slot=home-top")).json<BannerPage>();
    expect(page.items[0]).toMatchObject({ id: banner.id, title: "Spring tyres" });

    const changed = await as(editor)("PUT", `/api/dashboard/banners/${banner.id}`, {
      ...banner,
      weight: 40,
      isActive: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await lastEntry(banner.id)).toMatchObject({
      action: "banner.update",
      before: { weight: 10, isActive: true },
      after: { weight: 40, isActive: false },
    });
    expect((await as(editor)("DELETE", `/api/dashboard/banners/${banner.id}`)).statusCode).toBe(204);
    expect(await lastEntry(banner.id)).toMatchObject({ action: "banner.delete", before: { weight: 40 } });
    expect((await as(editor)("DELETE", `/api/dashboard/banners/${banner.id}`)).json().code).toBe(
      "BANNER_NOT_FOUND",
    );
  });

  it("refuses a file that is not an image, and bad fields with field errors", async () => {
    const text = await uploadImage("home-top", Buffer.from("<svg onload=alert(1)></svg>"));
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe("IMAGE_UNSUPPORTED");
    expect((await uploadImage("nowhere", jpeg)).statusCode).toBe(400);

    const image = (await uploadImage("ad-page", jpeg)).json<BannerImage>().image;
    const bad = await as(editor)("POST", "/api/dashboard/banners", {
      title: "",
      image,
      link: "javascript:alert(1)",
      slot: "home-top",
      startsOn: day(2),
      endsOn: day(1),
      locales: ["ky", "ky"],
      weight: 101,
      isActive: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(["endsOn", "link", "locales", "title", "weight"]);
    // An image uploaded for another slot (or never uploaded) is not taken.
    const otherSlot = await as(editor)("POST", "/api/dashboard/banners", {
      title: "x",
      image,
      link: "/cars",
      slot: "home-top",
      startsOn: day(0),
      endsOn: day(0),
      locales: ["ru"],
      weight: 1,
      isActive: true,
    });
    expect(otherSlot.statusCode).toBe(400);
    expect(otherSlot.json().errors).toMatchObject([{ path: "image" }]);
  });

  it("is the advertising section's: plain users are told there is no such route", async () => {
    const user = await signUpUser(harness);
    expect((await as(user)("GET", "/api/dashboard/banners")).statusCode).toBe(404);
    expect((await uploadImage("home-top", jpeg, user)).statusCode).toBe(404);
  });
});

describe("[S2.8] banner slots on the site", () => {
  it("names the slots with a campaign to show, for pages to reserve room for them, renewed when staff change one", async () => {
    const liveSlots = (locale: "ky" | "ru" | "en") => harness.app.services.bannersService.liveSlots(locale);
    const { image } = (await uploadImage("ad-page", jpeg)).json<BannerImage>();
    // Other tests' campaigns aside, the ad page's slot is live only while a campaign of it is.
    expect(await liveSlots("ru")).not.toContain("ad-page");
    const campaign = await create({ slot: "ad-page", locales: ["ru"], image });
    expect(await liveSlots("ru")).toContain("ad-page");
    expect(await liveSlots("en")).not.toContain("ad-page");
    const input = {
      title: campaign.title,
      image,
      link: campaign.link,
      slot: "ad-page",
      startsOn: day(-1),
      endsOn: day(1),
      locales: ["ru"],
      weight: 10,
      isActive: false,
    };
    const paused = await as(editor)("PUT", `/api/dashboard/banners/${campaign.id}`, input);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await liveSlots("ru")).not.toContain("ad-page");
    await as(editor)("PUT", `/api/dashboard/banners/${campaign.id}`, { ...input, isActive: true });
    expect(await liveSlots("ru")).toContain("ad-page");
    expect((await as(editor)("DELETE", `/api/dashboard/banners/${campaign.id}`)).statusCode).toBe(204);
    expect(await liveSlots("ru")).not.toContain("ad-page");
  });

  it("shows only an active campaign of the slot for today and the page's language", async () => {
    expect(await shown("ad-page", "ru")).toBeNull();
    const kyOnly = await create({ slot: "ad-page", locales: ["ky"] });
    await create({ slot: "ad-page", locales: ["ru"], startsOn: day(-3), endsOn: day(-1) });
    await create({ slot: "ad-page", locales: ["ru"], startsOn: day(1), endsOn: day(3) });
    await create({ slot: "ad-page", locales: ["ru"], isActive: false });
    expect(await shown("ad-page", "ru")).toBeNull();
    expect(await shown("ad-page", "en")).toBeNull();
    expect(await shown("ad-page", "ky")).toMatchObject({
      id: kyOnly.id,
      width: 728,
      height: 182,
      clickUrl: `/api/banners/${kyOnly.id}/click`,
    });
    const today = await create({ slot: "ad-page", locales: ["ru", "en"], startsOn: day(0), endsOn: day(0) });
    expect((await shown("ad-page", "ru"))?.id).toBe(today.id);
  });

  it("chooses by weight", async () => {
    const items = [
      { id: 1, weight: 1 },
      { id: 2, weight: 3 },
      { id: 3, weight: 96 },
    ];
    const counts = new Map<number, number>();
    for (let i = 0; i < 100; i += 1) {
      const picked = weightedPick(items, (i + 0.5) / 100)?.id ?? 0;
      counts.set(picked, (counts.get(picked) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 1: 1, 2: 3, 3: 96 });
    expect(weightedPick([], 0.5)).toBeUndefined();

    // Over the API: both campaigns of a slot are shown, the heavy one far more often.
    const light = await create({ slot: "list-sidebar", weight: 1 });
    const heavy = await create({ slot: "list-sidebar", weight: 100 });
    const seen = new Map<number, number>();
    for (let i = 0; i < 40; i += 1) {
      const id = (await shown("list-sidebar", "en"))?.id ?? 0;
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    expect([...seen.keys()].every((id) => id === light.id || id === heavy.id)).toBe(true);
    expect(seen.get(heavy.id) ?? 0).toBeGreaterThan(30);
  });

  it("counts impressions in batches and clicks through a redirect to the stored link only", async () => {
    const banner = await create({ slot: "home-top", link: "/cars?from=banner" });
    const other = await create({ slot: "home-top" });
    const events = await as(null)("POST", "/api/banners/events", {
      impressions: [banner.id, banner.id, other.id, 999_999],
    });
    expect(events.statusCode, events.body).toBe(204);
    expect((await as(null)("POST", "/api/banners/events", { impressions: [] })).statusCode).toBe(400);
    expect(
      (await as(null)("POST", "/api/banners/events", { impressions: Array(21).fill(banner.id) })).statusCode,
    ).toBe(400);

    const click = await as(null)("GET", `/api/banners/${banner.id}/click`);
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe("/cars?from=banner");
    // The redirect takes no target from the request.
    const tricked = await as(null)("GET", `/api/banners/${banner.id}/click?to=https://evil.example`);
    expect(tricked.headers.location).toBe("/cars?from=banner");
    expect((await as(null)("GET", `/api/banners/${other.id}/click`)).headers.location).toBe(
      "https://tyres.example.kg/spring?utm=unaa",
    );
    expect((await as(null)("GET", "/api/banners/999999/click")).headers.location).toBe("/");

    const [row] = await harness.database.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(row).toMatchObject({ impressions: 2, clicks: 2 });
    const listed = (await as(editor)("GET", "/api/dashboard/banners?slot=home-top")).json<BannerPage>();
    expect(listed.items.find((item) => item.id === other.id)).toMatchObject({ impressions: 1, clicks: 1 });
  });
});
