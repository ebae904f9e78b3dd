import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { meSchema } from "@unaa/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { decompressionBomb, multipartBody, photoWithGps } from "../../test/upload-kit.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let dataDir: string;
let user: TestClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "unaa-avatar-"));
  harness = await createTestApp({ DATA_DIR: dataDir });
  user = await signUpUser(harness);
});
afterAll(async () => {
  await harness.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  data: Buffer,
  options: { filename?: string; type?: string; field?: string; client?: TestClient | null } = {},
) {
  const body = multipartBody([
    {
      field: options.field ?? "file",
      filename: options.filename ?? "photo.jpg",
      type: options.type ?? "image/jpeg",
      data,
    },
  ]);
  const client = options.client === undefined ? user : options.client;
  return harness.app.inject({
    method: "POST",
    url: "/api/user/avatar",
    headers: { ...(client ? bearer(client) : {}), "content-type": body.contentType },
    payload: body.payload,
  });
}

describe("POST /api/user/avatar", () => {
  it("[S7.20] re-encodes a JPEG to a 512 px square WebP without EXIF or GPS, served for a year", async () => {
    const photo = await photoWithGps();
    const original = await sharp(photo).metadata();
    expect(original.exif?.toString("latin1")).toContain("Camera 1");

    const response = await upload(photo);
    expect(response.statusCode, response.body).toBe(200);
    const me = meSchema.parse(response.json());
    expect(me.avatar).toMatch(new RegExp(`^/uploads/avatars/${user.userId}-[0-9a-f]{16}\\.webp$`));

    const served = await harness.app.inject({ url: me.avatar ?? "" });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("Camera 1"))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from("Exif"))).toBe(false);
  });

  it("accepts PNG and WebP by content whatever the name, and replaces the old file", async () => {
    const before = (await harness.app.inject({ url: "/api/user/me", headers: bearer(user) })).json().avatar;
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: "#3355ff" } })
      .png()
      .toBuffer();
    const fromPng = await upload(png, { filename: "avatar.gif", type: "application/octet-stream" });
    expect(fromPng.statusCode).toBe(200);
    const webp = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#00aa00" } })
      .webp()
      .toBuffer();
    const fromWebp = await upload(webp, { filename: "a", type: "image/webp" });
    expect(fromWebp.statusCode).toBe(200);
    const url = fromWebp.json().avatar;
    expect(url).not.toBe(fromPng.json().avatar);
    expect((await harness.app.inject({ url: fromPng.json().avatar })).statusCode).toBe(404);
    if (before) expect((await harness.app.inject({ url: before })).statusCode).toBe(404);
    expect((await harness.app.inject({ url })).statusCode).toBe(200);
  });

  it("refuses a text file named .jpg (415 IMAGE_UNSUPPORTED)", async () => {
    const response = await upload(Buffer.from("just some text, not a photo\n".repeat(20)), {
      filename: "photo.jpg",
      type: "image/jpeg",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe("IMAGE_UNSUPPORTED");
  });

  it("refuses a file with a JPEG signature that is not a JPEG, and an undecodable HEIC", async () => {
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expect((await upload(fakeJpeg)).json().code).toBe("IMAGE_UNSUPPORTED");
    const fakeHeic = Buffer.concat([
      Buffer.from("\0\0\0\x18ftypheic\0\0\0\0mif1heic", "latin1"),
      Buffer.alloc(500),
    ]);
    const heic = await upload(fakeHeic, { filename: "IMG_0001.HEIC", type: "image/heic" });
    expect(heic.statusCode).toBe(415);
    expect(heic.json().code).toBe("IMAGE_UNSUPPORTED");
  });

  it("refuses a 30 MB image with 413 PAYLOAD_TOO_LARGE", async () => {
    const huge = Buffer.alloc(30 * 1024 * 1024, 1);
    huge.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const response = await upload(huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a decompression bomb (a small PNG declaring 50000 × 50000) without decoding it", async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(2000);
    const started = performance.now();
    const response = await upload(bomb, { filename: "bomb.png", type: "image/png" });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("IMAGE_TOO_LARGE");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses a 1000 × 50000 PNG (under the pixel limit, over the longest side) without decoding it", async () => {
    const started = performance.now();
    const response = await upload(decompressionBomb(1000, 50_000), {
      filename: "tall.png",
      type: "image/png",
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe("IMAGE_TOO_LARGE");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("needs the field `file`, a multipart body and a signed-in user", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await upload(png, { field: "photo" })).json().code).toBe("FILE_REQUIRED");
    const json = await harness.app.inject({
      method: "POST",
      url: "/api/user/avatar",
      headers: bearer(user),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe("FILE_REQUIRED");
    expect((await upload(png, { client: null })).statusCode).toBe(401);
  });
});

describe("DELETE /api/user/avatar", () => {
  it("[S7.21] removes the avatar and its file", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const url = (await upload(png)).json().avatar;
    const response = await harness.app.inject({
      method: "DELETE",
      url: "/api/user/avatar",
      headers: bearer(user),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().avatar).toBeNull();
    expect((await harness.app.inject({ url })).statusCode).toBe(404);
    expect((await harness.app.inject({ method: "DELETE", url: "/api/user/avatar" })).statusCode).toBe(401);
  });

  it("serves nothing outside the uploads folder", async () => {
    for (const url of [
      "/uploads/../secret",
      "/uploads/avatars/%2e%2e/%2e%2e/secret",
      "/uploads/avatars/x.txt",
    ]) {
      const response = await harness.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
