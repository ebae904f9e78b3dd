// Chat photos are served to the chat's members only (decision 059): uploaded `for=chat` into a
// private folder, never at `/uploads`, read through the chat's route by token or session cookie.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type AdPhoto,
  adPhotoSchema,
  type Chat,
  chatMessageSchema,
  chatSchema,
  SESSION_COOKIE,
} from "@unaa/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adPhotos } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { multipartBody } from "../../test/upload-kit.ts";
import {
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let dataDir: string;
let seller: TestClient;
let buyer: TestClient;
let third: TestClient;
let chat: Chat;

const call = (client: TestClient | null) => callAs(harness, client);

async function upload(client: TestClient, query: string): Promise<AdPhoto> {
  const data = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2255aa" } })
    .jpeg()
    .toBuffer();
  const body = multipartBody([{ field: "file", filename: "IMG_0002.jpg", type: "image/jpeg", data }]);
  const response = await harness.app.inject({
    method: "POST",
    url: `/api/photos${query}`,
    headers: { ...bearer(client), "content-type": body.contentType },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return adPhotoSchema.parse(response.json());
}

function get(url: string, options: { client?: TestClient; cookie?: string } = {}) {
  return harness.app.inject({
    method: "GET",
    url,
    headers: options.client ? bearer(options.client) : {},
    ...(options.cookie ? { cookies: { [SESSION_COOKIE]: options.cookie } } : {}),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "unaa-chat-photos-"));
  harness = await createTestApp({ DATA_DIR: dataDir });
  [seller, buyer, third] = await Promise.all([signUpUser(harness), signUpUser(harness), signUpUser(harness)]);
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  const toyota = await pickCatalog(harness, "car", "toyota");
  const { regionId } = await pickPlaces(harness);
  const ad = await createPublished(harness, seller, carBody(toyota, regionId));
  const opened = await call(buyer)("POST", "/api/chats", { adId: ad.id });
  chat = chatSchema.parse(opened.json());
});
afterAll(async () => {
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function baseOf(photoId: number): Promise<string> {
  const [row] = await harness.database.db.select().from(adPhotos).where(eq(adPhotos.id, photoId));
  return row?.base ?? "";
}

describe("chat photos", () => {
  it("[P7] a third user and a guest get 404 for someone else's chat photo; members get it, private", async () => {
    const photo = await upload(buyer, "?for=chat");
    const url = `/api/chats/photos/${photo.id}-800.webp`;
    expect(photo.src).toBe(url);
    // The uploader sees it before it is sent (the composer's preview); nobody else does.
    expect((await get(url, { client: buyer })).statusCode).toBe(200);
    expect((await get(url, { client: seller })).statusCode).toBe(404);

    const sent = await call(buyer)("POST", `/api/chats/${chat.id}/messages`, { photoIds: [photo.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(chatMessageSchema.parse(sent.json()).photos[0]?.src).toBe(url);

    for (const member of [buyer, seller]) {
      const response = await get(url, { client: member });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toBe("private, max-age=86400");
      expect(response.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
    }
    // An <img> carries no token: the signed-in browser's session cookie names the member.
    const byCookie = await get(url, { cookie: seller.sessionCookie });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers["cache-control"]).toBe("private, max-age=86400");

    for (const stranger of [
      { client: third },
      { cookie: third.sessionCookie },
      {},
      { cookie: "forged.value" },
    ]) {
      const response = await get(url, stranger);
      expect(response.statusCode, JSON.stringify(stranger)).toBe(404);
      expect(response.json().code).toBe("AD_PHOTO_NOT_FOUND");
    }
    // The file is at no public address.
    const base = await baseOf(photo.id);
    expect(base.startsWith("chat-photos/")).toBe(true);
    expect((await get(`/uploads/${base}-800.webp`)).statusCode).toBe(404);
    // Another size of the photo that exists, and ones that do not.
    expect((await get(`/api/chats/photos/${photo.id}-320.webp`, { client: seller })).statusCode).toBe(200);
    expect((await get(`/api/chats/photos/${photo.id}-1600.webp`, { client: seller })).statusCode).toBe(404);
    expect((await get(`/api/chats/photos/${photo.id}-800.png`, { client: seller })).statusCode).toBe(400);
    expect((await get("/api/chats/photos/3899392628-800.webp", { client: seller })).statusCode).toBe(404);
  });

  it("a member who deleted the chat for themselves no longer gets its earlier photos", async () => {
    const photo = await upload(buyer, "?for=chat");
    await call(buyer)("POST", `/api/chats/${chat.id}/messages`, { photoIds: [photo.id] });
    const url = `/api/chats/photos/${photo.id}-800.webp`;
    expect((await get(url, { client: seller })).statusCode).toBe(200);
    expect((await call(seller)("DELETE", `/api/chats/${chat.id}`)).statusCode).toBe(204);
    expect((await get(url, { client: seller })).statusCode).toBe(404);
    expect((await get(url, { client: buyer })).statusCode).toBe(200);
  });

  it("a message takes only photos uploaded for a chat, and an ad never takes those", async () => {
    const adPhoto = await upload(buyer, "");
    const refused = await call(buyer)("POST", `/api/chats/${chat.id}/messages`, { photoIds: [adPhoto.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "AD_PHOTO_INVALID", errors: [{ path: "photoIds.0" }] });
    expect(adPhoto.src.startsWith("/uploads/ad-photos/")).toBe(true);
    expect((await get(adPhoto.src)).statusCode).toBe(200);

    const chatPhoto = await upload(seller, "?for=chat");
    const toyota = await pickCatalog(harness, "car", "toyota");
    const { regionId } = await pickPlaces(harness);
    const ad = await call(seller)("POST", "/api/ads", {
      ...carBody(toyota, regionId),
      photoIds: [chatPhoto.id],
    });
    expect(ad.statusCode).toBe(400);
    expect(ad.json()).toMatchObject({ code: "AD_PHOTO_INVALID", errors: [{ path: "photoIds.0" }] });

    const badPurpose = await harness.app.inject({
      method: "POST",
      url: "/api/photos?for=avatar",
      headers: bearer(seller),
    });
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "for" }] });
  });
});
