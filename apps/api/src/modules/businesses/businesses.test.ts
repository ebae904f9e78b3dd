import {
  adSchema,
  adSearchResponseSchema,
  businessDirectoryResponseSchema,
  businessSchema,
  ownBusinessSchema,
} from "@unaa/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adPhotos, businesses, userPhones } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { multipartBody } from "../../test/upload-kit.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { bearer, nextIp, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { deleteUnattachedPhotoRows } from "../photos/photos.repository.ts";

let harness: TestApp;
let owner: TestClient;
let stranger: TestClient;
let regionId: number;
let townId: number;
let toyota: CatalogPick;

const fieldPaths = (response: { json(): unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((error) => error.path);

/** A body of a valid business; `change` overrides fields. */
function body(change: Record<string, unknown> = {}) {
  return {
    link: `biz-${Math.random().toString(36).slice(2, 10)}`,
    name: "Avto Plus",
    kind: "dealer",
    description: "Cars with a warranty",
    regionId,
    townId,
    address: "Chui avenue 100",
    point: { lat: 42.8746, lng: 74.5698 },
    hours: {
      mon: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
      sat: { open: "10:00", close: "15:00" },
    },
    website: "https://avto-plus.kg",
    socials: { instagram: "@avto.plus", telegram: "avtoplus" },
    ...change,
  };
}

async function uploadPhoto(client: TestClient): Promise<number> {
  const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#2a6" } })
    .jpeg()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { field: "file", filename: "logo.jpg", type: "image/jpeg", data: image },
  ]);
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/photos",
    headers: { ...bearer(client), "content-type": contentType },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return (response.json() as { id: number }).id;
}

async function createBusiness(client: TestClient, change: Record<string, unknown> = {}) {
  const response = await callAs(harness, client)("POST", "/api/businesses", body(change));
  if (response.statusCode !== 201) throw new Error(response.body);
  return ownBusinessSchema.parse(response.json());
}

beforeAll(async () => {
  harness = await createTestApp({ JOB_WORKERS: "false", LOG_LEVEL: "error" });
  await setSetting(harness, "moderationMode", "post");
  [owner, stranger] = await Promise.all([signUpUser(harness), signUpUser(harness)]);
  ({ regionId, townId } = await pickPlaces(harness));
  toyota = await pickCatalog(harness, "car", "toyota");
});

afterAll(async () => {
  await harness?.close();
});

describe("[S1.3] business pages: create, read, edit", () => {
  it("[S1.3] a user creates one business with a logo, hours and a map point; everyone reads it by link", async () => {
    const logoId = await uploadPhoto(owner);
    const created = await createBusiness(owner, { link: "Avto-Plus-One", logoPhotoId: logoId });
    expect(created).toMatchObject({
      link: "avto-plus-one",
      kind: "dealer",
      point: { lat: 42.8746, lng: 74.5698 },
      isVerified: false,
      ownerId: owner.userId,
      socials: { instagram: "avto.plus", telegram: "avtoplus", whatsapp: null },
    });
    expect(created.logo?.id).toBe(logoId);
    expect(created.hours.mon?.breakStart).toBe("13:00");
    expect(created.hours.sun).toBeNull();

    const page = await callAs(harness, null)("GET", "/api/businesses/by-link/avto-plus-one");
    expect(page.statusCode).toBe(200);
    expect(businessSchema.parse(page.json()).name).toBe("Avto Plus");
    // The public page never lists the owner's phone ids or numbers.
    expect(page.json()).not.toHaveProperty("phoneIds");

    // The logo is the business's now: no ad or chat can take it, and the photo sweep leaves it.
    const [photo] = await harness.database.db.select().from(adPhotos).where(eq(adPhotos.id, logoId));
    expect(photo?.businessId).toBe(created.id);
    const asAd = await callAs(harness, owner)("POST", "/api/ads", {
      ...carBody(toyota, regionId),
      photoIds: [logoId],
    });
    expect(asAd.json()).toMatchObject({ code: "AD_PHOTO_INVALID" });
    expect((await callAs(harness, owner)("DELETE", `/api/photos/${logoId}`)).statusCode).toBe(404);
    await deleteUnattachedPhotoRows(harness.database.db, new Date(Date.now() + 3 * 86_400_000));
    expect(await harness.database.db.select().from(adPhotos).where(eq(adPhotos.id, logoId))).toHaveLength(1);

    const mine = await callAs(harness, owner)("GET", "/api/businesses/mine");
    expect(ownBusinessSchema.parse(mine.json().business).id).toBe(created.id);
    expect((await callAs(harness, stranger)("GET", "/api/businesses/mine")).json()).toEqual({
      business: null,
    });
  });

  it("[S1.3] one business per user", async () => {
    const response = await callAs(harness, owner)("POST", "/api/businesses", body());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "BUSINESS_EXISTS" });
  });

  it("[S1.3] a link is unique, whatever its case", async () => {
    const response = await callAs(harness, stranger)(
      "POST",
      "/api/businesses",
      body({ link: "AVTO-PLUS-ONE" }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "BUSINESS_LINK_TAKEN" });
    expect(fieldPaths(response)).toEqual(["link"]);
  });

  it("[S1.3] a link has a shape and may not be a page of the site", async () => {
    const client = await signUpUser(harness);
    for (const link of [
      "ab",
      "1auto",
      "auto--plus",
      "авто",
      "about",
      "settings",
      "business",
      "dashboard",
      "en",
    ]) {
      const response = await callAs(harness, client)("POST", "/api/businesses", body({ link }));
      expect(response.statusCode, link).toBe(400);
      expect(new Set(fieldPaths(response)), link).toEqual(new Set(["link"]));
    }
  });

  it("[S1.3] another user cannot edit, delete or see the owner's business as theirs: 404", async () => {
    const own = ownBusinessSchema.parse(
      (await callAs(harness, owner)("GET", "/api/businesses/mine")).json().business,
    );
    const edit = await callAs(harness, stranger)(
      "PUT",
      `/api/businesses/${own.id}`,
      body({ link: own.link }),
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: "BUSINESS_NOT_FOUND" });
    expect((await callAs(harness, stranger)("DELETE", `/api/businesses/${own.id}`)).statusCode).toBe(404);
    // Staff are no owners either: only the verified badge is theirs.
    const moderator = await signUpPersona(harness, "moderator");
    expect((await callAs(harness, moderator)("PUT", `/api/businesses/${own.id}`, body())).statusCode).toBe(
      404,
    );
    const [row] = await harness.database.db.select().from(businesses).where(eq(businesses.id, own.id));
    expect(row?.name).toBe("Avto Plus");
  });

  it("[S1.3] the owner edits: a new cover, a new link; the old photos go", async () => {
    const own = ownBusinessSchema.parse(
      (await callAs(harness, owner)("GET", "/api/businesses/mine")).json().business,
    );
    const coverId = await uploadPhoto(owner);
    const response = await callAs(harness, owner)(
      "PUT",
      `/api/businesses/${own.id}`,
      body({ link: "avto-plus-two", name: "Avto Plus Bishkek", coverPhotoId: coverId, logoPhotoId: null }),
    );
    expect(response.statusCode).toBe(200);
    const updated = ownBusinessSchema.parse(response.json());
    expect(updated).toMatchObject({ link: "avto-plus-two", name: "Avto Plus Bishkek", logo: null });
    expect(updated.cover?.id).toBe(coverId);
    const rows = await harness.database.db.select().from(adPhotos).where(eq(adPhotos.businessId, own.id));
    expect(rows.map((row) => row.id)).toEqual([coverId]);
    expect((await callAs(harness, null)("GET", "/api/businesses/by-link/avto-plus-one")).statusCode).toBe(
      404,
    );
  });

  it("[S1.3] phones are the owner's confirmed ones, revealed on request", async () => {
    const own = ownBusinessSchema.parse(
      (await callAs(harness, owner)("GET", "/api/businesses/mine")).json().business,
    );
    const [ownPhone] = await harness.database.db
      .select()
      .from(userPhones)
      .where(eq(userPhones.userId, owner.userId));
    const [foreign] = await harness.database.db
      .select()
      .from(userPhones)
      .where(eq(userPhones.userId, stranger.userId));
    if (!ownPhone || !foreign) throw new Error("no phones");
    const refused = await callAs(harness, owner)(
      "PUT",
      `/api/businesses/${own.id}`,
      body({ link: own.link, phoneIds: [ownPhone.id, foreign.id] }),
    );
    expect(refused.json()).toMatchObject({ code: "BUSINESS_PHONE_INVALID" });
    expect(fieldPaths(refused)).toEqual(["phoneIds.1"]);
    const saved = await callAs(harness, owner)(
      "PUT",
      `/api/businesses/${own.id}`,
      body({ link: own.link, phoneIds: [ownPhone.id] }),
    );
    expect(businessSchema.parse(saved.json()).phoneCount).toBe(1);
    const revealed = await harness.app.inject({
      method: "POST",
      url: `/api/businesses/${own.id}/phones`,
      remoteAddress: nextIp(),
    });
    expect(revealed.json()).toEqual({ phones: [ownPhone.phone] });
  });

  it("[S1.3] a stranger's photo cannot be a logo; a town must be of the region", async () => {
    const own = ownBusinessSchema.parse(
      (await callAs(harness, owner)("GET", "/api/businesses/mine")).json().business,
    );
    const foreignPhoto = await uploadPhoto(stranger);
    const photo = await callAs(harness, owner)(
      "PUT",
      `/api/businesses/${own.id}`,
      body({ link: own.link, logoPhotoId: foreignPhoto }),
    );
    expect(photo.json()).toMatchObject({ code: "BUSINESS_PHOTO_INVALID" });
    expect(fieldPaths(photo)).toEqual(["logoPhotoId"]);
    const { foreignTownId } = await pickPlaces(harness);
    const place = await callAs(harness, owner)(
      "PUT",
      `/api/businesses/${own.id}`,
      body({ link: own.link, townId: foreignTownId }),
    );
    expect(place.json()).toMatchObject({ code: "BUSINESS_LOCATION_INVALID" });
    expect(fieldPaths(place)).toEqual(["townId"]);
  });
});

describe("[S1.3] ads posted as a business", () => {
  it("[S1.3] the owner posts an ad as the business; it lists on the business's ads, others cannot use it", async () => {
    const own = ownBusinessSchema.parse(
      (await callAs(harness, owner)("GET", "/api/businesses/mine")).json().business,
    );
    const ad = await createPublished(harness, owner, { ...carBody(toyota, regionId), businessId: own.id });
    expect(ad.businessId).toBe(own.id);
    const plain = await createPublished(harness, owner, carBody(toyota, regionId));

    const list = await callAs(harness, null)("GET", `/api/ads?vertical=car&businessId=${own.id}`);
    const ids = adSearchResponseSchema.parse(list.json()).items.map((item) => item.id);
    expect(ids).toContain(ad.id);
    expect(ids).not.toContain(plain.id);
    // With the vertical's filters too.
    const filtered = await callAs(harness, null)(
      "GET",
      `/api/ads?vertical=car&businessId=${own.id}&mark=${toyota.markId}`,
    );
    expect(adSearchResponseSchema.parse(filtered.json()).items.map((item) => item.id)).toEqual([ad.id]);

    const refused = await callAs(harness, stranger)("POST", "/api/ads", {
      ...carBody(toyota, regionId),
      businessId: own.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "AD_BUSINESS_INVALID" });
    expect(fieldPaths(refused)).toEqual(["businessId"]);
    // The edit keeps it, as the owner sends it.
    const edited = await callAs(harness, owner)("PUT", `/api/ads/${ad.id}`, {
      ...carBody(toyota, regionId),
      businessId: own.id,
      description: "Edited",
    });
    expect(adSchema.parse(edited.json()).businessId).toBe(own.id);
  });
});

describe("[S1.3] the directory", () => {
  it("[S1.3] finds businesses by text, kind and region, verified first, in keyset pages", async () => {
    const clients = await Promise.all([signUpUser(harness), signUpUser(harness), signUpUser(harness)]);
    const marker = `zq${Date.now().toString(36)}`;
    const made = [];
    for (const [index, client] of clients.entries()) {
      made.push(
        await createBusiness(client, {
          name: `Tow ${marker} ${index}`,
          kind: index === 2 ? "parts" : "tow",
          description: index === 0 ? "Эвакуатор 24/7" : "",
        }),
      );
    }
    const admin = await signUpPersona(harness, "admin");
    const verified = await callAs(harness, admin)("PUT", `/api/businesses/${made[1]?.id}/verification`, {
      isVerified: true,
    });
    expect(businessSchema.parse(verified.json()).isVerified).toBe(true);

    const directory = async (query: string) => {
      const response = await callAs(harness, null)("GET", `/api/businesses?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return businessDirectoryResponseSchema.parse(response.json());
    };
    const all = await directory(`q=${marker.toUpperCase()}`);
    expect(all.items.map((item) => item.id)).toEqual([made[1]?.id, made[0]?.id, made[2]?.id]);
    expect((await directory(`q=${marker}&kind=tow`)).items.map((item) => item.id)).toEqual([
      made[1]?.id,
      made[0]?.id,
    ]);
    expect(
      (await directory(`q=${encodeURIComponent("эвакуатор")}&kind=tow`)).items.map((item) => item.id),
    ).toContain(made[0]?.id);
    expect((await directory(`q=${marker}&regionId=${regionId}`)).items).toHaveLength(3);

    const first = await directory(`q=${marker}&limit=2`);
    expect(first.items).toHaveLength(2);
    const second = await directory(`q=${marker}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual([made[2]?.id]);
    expect(second.nextCursor).toBeNull();
    // `%` is a character to find, not a wildcard.
    expect((await directory("q=%25%25%25")).items).toEqual([]);
  });

  it("[S1.3] only staff set the verified badge; others are told the endpoint does not exist", async () => {
    const own = ownBusinessSchema.parse(
      (await callAs(harness, owner)("GET", "/api/businesses/mine")).json().business,
    );
    const response = await callAs(harness, owner)("PUT", `/api/businesses/${own.id}/verification`, {
      isVerified: true,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("[S1.3] bad input: 4xx with field errors, never 500", () => {
  it.each([
    ["name", { name: "" }],
    ["kind", { kind: "bank" }],
    ["regionId", { regionId: "x" }],
    ["point.lat", { point: { lat: 91, lng: 74 } }],
    ["point.lng", { point: { lat: 42.8, lng: 30 } }],
    ["hours.mon.close", { hours: { mon: { open: "18:00", close: "09:00" } } }],
    ["hours.mon.breakEnd", { hours: { mon: { open: "09:00", close: "18:00", breakStart: "13:00" } } }],
    ["hours.funday", { hours: { funday: null } }],
    ["website", { website: "ftp://x" }],
    ["socials.telegram", { socials: { telegram: "<script>" } }],
    ["description", { description: "a\u0000b" }],
    ["logoPhotoId", { logoPhotoId: 2_147_483_648 }],
  ])("[S1.3] refuses %s", async (path, change) => {
    const client = await signUpUser(harness);
    const response = await callAs(harness, client)("POST", "/api/businesses", body(change));
    expect(response.statusCode).toBe(400);
    expect(fieldPaths(response)).toContain(path);
  });

  it("[S1.3] bad ids, cursors and queries", async () => {
    const asOwner = callAs(harness, owner);
    expect((await asOwner("PUT", "/api/businesses/abc", body())).statusCode).toBe(400);
    expect((await asOwner("DELETE", "/api/businesses/0")).statusCode).toBe(400);
    const cursor = await callAs(harness, null)("GET", "/api/businesses?cursor=bad");
    expect(cursor.statusCode).toBe(400);
    expect(fieldPaths(cursor)).toEqual(["cursor"]);
    expect((await callAs(harness, null)("GET", "/api/businesses?kind=bank")).statusCode).toBe(400);
    expect((await callAs(harness, null)("GET", "/api/businesses/by-link/no-such-link")).statusCode).toBe(404);
    // A segment longer than the router reads is no route at all.
    expect(
      (await callAs(harness, null)("GET", `/api/businesses/by-link/${"x".repeat(101)}`)).statusCode,
    ).toBe(404);
    expect((await callAs(harness, null)("POST", "/api/businesses/999999/phones")).statusCode).toBe(404);
    expect((await callAs(harness, null)("POST", "/api/businesses", body())).statusCode).toBe(401);
  });
});

describe("[S1.3] deleting", () => {
  it("[S1.3] the owner deletes the business: its photos go, its ads stay as the person's", async () => {
    const client = await signUpUser(harness);
    const logoId = await uploadPhoto(client);
    const made = await createBusiness(client, { logoPhotoId: logoId });
    const ad = await createPublished(harness, client, { ...carBody(toyota, regionId), businessId: made.id });
    expect((await callAs(harness, client)("DELETE", `/api/businesses/${made.id}`)).statusCode).toBe(204);
    expect(await harness.database.db.select().from(adPhotos).where(eq(adPhotos.id, logoId))).toEqual([]);
    const after = await callAs(harness, client)("GET", `/api/ads/${ad.id}`);
    expect(adSchema.parse(after.json())).toMatchObject({ status: "active", businessId: null });
    // A new one may be made after.
    await createBusiness(client);
  });

  it("[S1.3] deleting the account deletes its business", async () => {
    const client = await signUpUser(harness);
    const made = await createBusiness(client);
    const deleted = await callAs(harness, client)("DELETE", "/api/user/me", { password: client.password });
    expect(deleted.statusCode).toBe(204);
    expect(await harness.database.db.select().from(businesses).where(eq(businesses.id, made.id))).toEqual([]);
  });
});
