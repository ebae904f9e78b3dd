import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Notification,
  notificationListResponseSchema,
  notificationPreferencesSchema,
  notificationSchema,
  pushMessageSchema,
  type ServerToClientEvents,
  SOCKET_PATH,
} from "@unaa/contracts";
import { and, desc, eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatEmailThrottle, outboxMessages, pushSubscriptions, users } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setAdColumns,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { bearer, nextEmail, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { type DeliveryJob, defaultPreferences, notificationJobs } from "./notifications.service.ts";

let harness: TestApp;
let toyota: CatalogPick;
let regionId: number;

// Jobs are queued, not worked: each test runs the jobs it expects itself.
beforeAll(async () => {
  harness = await createTestApp({ JOB_WORKERS: "false" });
  toyota = await pickCatalog(harness, "car", "toyota");
  ({ regionId } = await pickPlaces(harness));
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  await setSetting(harness, "moderationMode", "post");
});
afterAll(async () => {
  await harness?.close();
});

const call = (client: TestClient | null) => callAs(harness, client);
const emailUser = () => signUpUser(harness, { login: nextEmail() });

async function listOf(client: TestClient, query = ""): Promise<Notification[]> {
  const response = await call(client)("GET", `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return notificationListResponseSchema.parse(response.json()).items;
}

async function unreadOf(client: TestClient): Promise<number> {
  const response = await call(client)("GET", "/api/notifications/unread");
  expect(response.statusCode).toBe(200);
  return response.json<{ count: number }>().count;
}

/** The queued jobs of a queue for one user (the test app works no jobs). */
async function queued<T extends object>(name: string, userId?: number): Promise<T[]> {
  const jobs = await harness.app.jobs.boss.findJobs<T>(name);
  return jobs
    .filter((job) => userId === undefined || (job.data as { userId?: number }).userId === userId)
    .sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime())
    .map((job) => job.data);
}

async function outboxOf(email: string) {
  return harness.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.destination, email), eq(outboxMessages.channel, "email")))
    .orderBy(desc(outboxMessages.id));
}

const adBroadcast = { title: "Hello", text: "Site news", link: null };

describe("notification centre", () => {
  it("lists a user's notifications newest first by keyset pages, counts and marks them read", async () => {
    const user = await signUpUser(harness);
    for (const text of ["one", "two", "three"]) {
      await harness.app.notifications.notify(user.userId, "staffBroadcast", { ...adBroadcast, text });
    }
    expect(await unreadOf(user)).toBe(3);
    const first = await call(user)("GET", "/api/notifications?limit=2");
    const page = notificationListResponseSchema.parse(first.json());
    expect(page.items.map((item) => item.kind === "staffBroadcast" && item.payload.text)).toEqual([
      "three",
      "two",
    ]);
    expect(page.nextCursor).not.toBeNull();
    const rest = await listOf(user, `?limit=2&cursor=${page.nextCursor}`);
    expect(rest.map((item) => item.kind === "staffBroadcast" && item.payload.text)).toEqual(["one"]);

    const target = page.items[0] as Notification;
    const read = await call(user)("POST", `/api/notifications/${target.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(notificationSchema.parse(read.json()).isRead).toBe(true);
    expect(await unreadOf(user)).toBe(2);
    expect((await listOf(user, "?unread=true")).map((item) => item.id)).not.toContain(target.id);

    const all = await call(user)("POST", "/api/notifications/read-all");
    expect(all.json()).toEqual({ marked: 2, unread: 0 });
    expect(await unreadOf(user)).toBe(0);
  });

  it("never shows or marks another user's notifications", async () => {
    const [owner, stranger] = await Promise.all([signUpUser(harness), signUpUser(harness)]);
    const created = await harness.app.notifications.notify(owner.userId, "staffBroadcast", adBroadcast);
    expect(created).not.toBeNull();
    expect(await listOf(stranger)).toEqual([]);
    const response = await call(stranger)("POST", `/api/notifications/${created?.id}/read`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOTIFICATION_NOT_FOUND" });
    expect(await unreadOf(owner)).toBe(1);
    expect((await call(null)("GET", "/api/notifications")).statusCode).toBe(401);
  });

  it("answers bad input with 4xx and field errors", async () => {
    const user = await signUpUser(harness);
    for (const url of [
      "/api/notifications?cursor=abc",
      "/api/notifications?limit=0",
      "/api/notifications?limit=51",
    ]) {
      const response = await call(user)("GET", url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors?.length, url).toBeGreaterThan(0);
    }
    const badId = await call(user)("POST", "/api/notifications/0/read");
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe("id");
  });
});

describe("preferences", () => {
  it("starts from the defaults: in-app on, email for rejections, expiry and offline messages", async () => {
    const user = await signUpUser(harness);
    const response = await call(user)("GET", "/api/notifications/preferences");
    expect(response.statusCode).toBe(200);
    const preferences = notificationPreferencesSchema.parse(response.json());
    expect(preferences).toEqual(defaultPreferences());
    expect(preferences.adRejected).toEqual({ inApp: true, email: true, push: true });
    expect(preferences.adApproved.email).toBe(false);
    expect(preferences.chatMessage.email).toBe(true);
  });

  it("changes only the switches sent, and keeps them", async () => {
    const user = await signUpUser(harness);
    const response = await call(user)("PUT", "/api/notifications/preferences", {
      chatMessage: { email: false },
      staffBroadcast: { inApp: false, push: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const again = notificationPreferencesSchema.parse(
      (await call(user)("GET", "/api/notifications/preferences")).json(),
    );
    expect(again.chatMessage).toEqual({ inApp: true, email: false, push: true });
    expect(again.staffBroadcast).toEqual({ inApp: false, email: false, push: false });
    expect(again.adRejected).toEqual(defaultPreferences().adRejected);
    // In-app off: nothing in the centre.
    expect(await harness.app.notifications.notify(user.userId, "staffBroadcast", adBroadcast)).toBeNull();
    expect(await listOf(user)).toEqual([]);
  });

  it("refuses unknown kinds and channels and non-boolean switches with field errors", async () => {
    const user = await signUpUser(harness);
    const cases: [unknown, string][] = [
      [{ nope: { email: true } }, ""],
      [{ chatMessage: { sms: true } }, "chatMessage"],
      [{ chatMessage: { email: "yes" } }, "chatMessage.email"],
      [{ chatMessage: null }, "chatMessage"],
      [[], ""],
    ];
    for (const [body, path] of cases) {
      const response = await call(user)("PUT", "/api/notifications/preferences", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const { code, errors } = response.json();
      expect(code).toBe("VALIDATION_FAILED");
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0].path.startsWith(path), JSON.stringify(errors)).toBe(true);
    }
    expect((await call(null)("PUT", "/api/notifications/preferences", {})).statusCode).toBe(401);
  });
});

describe("triggers", () => {
  it("a moderator's approval and rejection notify the owner; the rejection carries the reason and is emailed", async () => {
    await setSetting(harness, "moderationMode", "pre");
    try {
      const owner = await emailUser();
      const moderator = await signUpPersona(harness, "moderator");
      const first = await createPublished(harness, owner, carBody(toyota, regionId));
      expect(first.status).toBe("pending");
      expect((await call(moderator)("POST", `/api/ads/${first.id}/approve`)).statusCode).toBe(200);
      const second = await createPublished(harness, owner, carBody(toyota, regionId));
      const rejected = await call(moderator)("POST", `/api/ads/${second.id}/reject`, {
        reason: "bad-photos",
        note: "blurry",
      });
      expect(rejected.statusCode, rejected.body).toBe(200);

      const [rejection, approval] = await listOf(owner);
      expect(approval).toMatchObject({
        kind: "adApproved",
        payload: { adId: first.id, link: `/car/${first.id}` },
      });
      expect(rejection).toMatchObject({
        kind: "adRejected",
        payload: { adId: second.id, reason: "bad-photos", note: "blurry", link: `/car/${second.id}/edit` },
      });
      // Email: on for rejections by default, off for approvals.
      const emails = await queued<DeliveryJob>(notificationJobs.email, owner.userId);
      expect(emails.map((job) => job.kind)).toEqual(["adRejected"]);
      for (const job of emails) await harness.app.notifications.deliverEmail(job);
      const [sent] = await outboxOf(owner.login);
      expect(sent?.subject).toBe("Unaa: Объявление отклонено");
      expect(sent?.body).toContain("Неподходящие фото: blurry");
      expect(sent?.body).toContain(`/car/${second.id}/edit`);
    } finally {
      await setSetting(harness, "moderationMode", "post");
    }
  });

  it("warns the owner once of an ad expiring within 3 days", async () => {
    const owner = await signUpUser(harness);
    const ad = await createPublished(harness, owner, carBody(toyota, regionId));
    await setAdColumns(harness, ad.id, { expiresAt: new Date(Date.now() + 2 * 86_400_000) });
    await harness.app.services.adsService.warnExpiringAds();
    await harness.app.notifications.deliverExpiryWarnings();
    await harness.app.services.adsService.warnExpiringAds();
    await harness.app.notifications.deliverExpiryWarnings();
    const items = await listOf(owner);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "adExpiring", payload: { adId: ad.id, link: "/settings/adds" } });
  });

  it("[P4] an expiry warning whose notification fails stays due, and the job's retry delivers it", async () => {
    await harness.app.notifications.deliverExpiryWarnings();
    const owner = await emailUser();
    const ads = [
      await createPublished(harness, owner, carBody(toyota, regionId)),
      await createPublished(harness, owner, carBody(toyota, regionId)),
    ];
    for (const ad of ads) {
      await setAdColumns(harness, ad.id, { expiresAt: new Date(Date.now() + 2 * 86_400_000) });
    }
    await harness.app.services.adsService.warnExpiringAds();
    // The queue refuses the second warning's email job, once: the batch fails half-way.
    const jobs = harness.app.jobs;
    const send = jobs.send.bind(jobs);
    let calls = 0;
    const failing = vi.spyOn(jobs, "send").mockImplementation(async (...args: Parameters<typeof send>) => {
      calls += 1;
      if (calls === 2) throw new Error("queue down");
      return send(...args);
    });
    try {
      await expect(harness.app.notifications.deliverExpiryWarnings()).rejects.toThrow("queue down");
    } finally {
      failing.mockRestore();
    }
    const warned = async () =>
      (await listOf(owner)).flatMap((item) => (item.kind === "adExpiring" ? [item.payload.adId] : []));
    // The first warning went out whole; the second left nothing behind (no row, no job).
    expect(await warned()).toEqual([ads[0]?.id]);
    expect((await queued<DeliveryJob>(notificationJobs.email, owner.userId)).length).toBe(1);

    expect(await harness.app.notifications.deliverExpiryWarnings()).toBe(1);
    expect((await warned()).sort()).toEqual(ads.map((ad) => ad.id).sort());
    const emails = await queued<DeliveryJob>(notificationJobs.email, owner.userId);
    expect(emails.map((job) => (job.payload as { adId: number }).adId).sort()).toEqual(
      ads.map((ad) => ad.id).sort(),
    );
    expect(await harness.app.notifications.deliverExpiryWarnings()).toBe(0);
  });

  it("a lower price of a favourite notifies those who keep it, through a job; a higher one does not", async () => {
    const [owner, fan, other] = await Promise.all([
      signUpUser(harness),
      signUpUser(harness),
      signUpUser(harness),
    ]);
    const body = { ...carBody(toyota, regionId), price: 10_000, currency: "USD" };
    const ad = await createPublished(harness, owner, body);
    expect((await call(fan)("PUT", `/api/ads/${ad.id}/favorite`)).statusCode).toBe(200);
    const higher = await call(owner)("PUT", `/api/ads/${ad.id}`, { ...body, price: 11_000 });
    expect(higher.statusCode, higher.body).toBe(200);
    const lower = await call(owner)("PUT", `/api/ads/${ad.id}`, { ...body, price: 9_000 });
    expect(lower.statusCode, lower.body).toBe(200);

    const jobs = (await queued<{ adId: number }>(notificationJobs.priceDrop)).filter(
      (job) => job.adId === ad.id,
    );
    expect(jobs).toEqual([{ adId: ad.id, oldPrice: 11_000, price: 9_000, currency: "USD" }]);
    for (const job of jobs) await harness.app.notifications.runPriceDrop(job as never);
    const [drop] = await listOf(fan);
    expect(drop).toMatchObject({
      kind: "favoritePriceDrop",
      payload: { adId: ad.id, oldPrice: 11_000, price: 9_000, currency: "USD", link: `/car/${ad.id}` },
    });
    expect(await listOf(other)).toEqual([]);
    expect(await listOf(owner)).toEqual([]);
  });

  it("an offline receiver gets a chat notification, and at most one email per chat an hour", async () => {
    const [seller, buyer] = await Promise.all([emailUser(), signUpUser(harness)]);
    const ad = await createPublished(harness, seller, carBody(toyota, regionId));
    const opened = await call(buyer)("POST", "/api/chats", { adId: ad.id });
    expect(opened.statusCode, opened.body).toBe(201);
    const chatId = opened.json<{ id: number }>().id;
    const send = async (text: string) =>
      expect((await call(buyer)("POST", `/api/chats/${chatId}/messages`, { text })).statusCode).toBe(201);

    await send("Is it still for sale?");
    await send("Hello?");
    const items = await listOf(seller);
    expect(items.map((item) => item.kind)).toEqual(["chatMessage", "chatMessage"]);
    expect(items[1]).toMatchObject({
      payload: {
        chatId,
        senderName: buyer.username,
        preview: "Is it still for sale?",
        link: `/settings/chats?chat=${chatId}`,
      },
    });
    expect(await queued(notificationJobs.email, seller.userId)).toHaveLength(1);

    // An hour later the chat may email again.
    await harness.database.db
      .update(chatEmailThrottle)
      .set({ sentAt: new Date(Date.now() - 3_600_001) })
      .where(eq(chatEmailThrottle.chatId, chatId));
    await send("Third try");
    const emails = await queued<DeliveryJob>(notificationJobs.email, seller.userId);
    expect(emails).toHaveLength(2);
    for (const job of emails) await harness.app.notifications.deliverEmail(job);
    const sent = await outboxOf(seller.login);
    // Newest first; the sign-up code came before.
    expect(sent.slice(0, 3).map((row) => row.body.split("\n")[0])).toEqual([
      "Third try",
      "Is it still for sale?",
      expect.stringContaining("Unaa: код"),
    ]);
    expect(sent[0]?.subject).toBe(`Unaa: Новое сообщение от ${buyer.username}`);
  });

  it("no chat email when the receiver turned chat emails off", async () => {
    const [seller, buyer] = await Promise.all([emailUser(), signUpUser(harness)]);
    await call(seller)("PUT", "/api/notifications/preferences", { chatMessage: { email: false } });
    const ad = await createPublished(harness, seller, carBody(toyota, regionId));
    const chatId = (await call(buyer)("POST", "/api/chats", { adId: ad.id })).json<{ id: number }>().id;
    expect((await call(buyer)("POST", `/api/chats/${chatId}/messages`, { text: "Hi" })).statusCode).toBe(201);
    expect((await listOf(seller)).map((item) => item.kind)).toEqual(["chatMessage"]);
    expect(await queued(notificationJobs.email, seller.userId)).toEqual([]);
  });
});

describe("realtime", () => {
  type ClientSocket = Socket<ServerToClientEvents>;
  let baseUrl: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    await harness.app.listen({ port: 0, host: "127.0.0.1" });
    const address = harness.app.server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  function open(client: TestClient): ClientSocket {
    const socket: ClientSocket = connect(baseUrl, {
      path: SOCKET_PATH,
      transports: ["websocket"],
      reconnection: false,
      auth: { token: client.accessToken },
    });
    sockets.push(socket);
    return socket;
  }
  function next<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
    return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => {
      socket.once(event as "exception", resolve as never);
    });
  }

  it("sends the unread count on connect, then each new notification and the new count", async () => {
    const user = await signUpUser(harness);
    await harness.app.notifications.notify(user.userId, "staffBroadcast", adBroadcast);
    const socket = open(user);
    expect(await next(socket, "notifications:unread")).toEqual({ count: 1 });
    const arrived = next(socket, "notification:new");
    const count = next(socket, "notifications:unread");
    const created = await harness.app.notifications.notify(user.userId, "staffBroadcast", {
      ...adBroadcast,
      text: "2",
    });
    expect(await arrived).toEqual(created);
    expect(await count).toEqual({ count: 2 });
  });

  it("a receiver with a connected socket gets no chat notification", async () => {
    const [seller, buyer] = await Promise.all([emailUser(), signUpUser(harness)]);
    const ad = await createPublished(harness, seller, carBody(toyota, regionId));
    const chatId = (await call(buyer)("POST", "/api/chats", { adId: ad.id })).json<{ id: number }>().id;
    const socket = open(seller);
    await next(socket, "notifications:unread");
    const message = next(socket, "message:new");
    expect((await call(buyer)("POST", `/api/chats/${chatId}/messages`, { text: "Online?" })).statusCode).toBe(
      201,
    );
    await message;
    expect(await listOf(seller)).toEqual([]);
    expect(await queued(notificationJobs.email, seller.userId)).toEqual([]);
  });
});

// ---- Web push through a fake push service ------------------------------------------------------

interface ReceivedPush {
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A browser's push subscription keys (RFC 8291): the private half stays here, to decrypt. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), auth };
}

/** Decrypts an aes128gcm push message (RFC 8188 with the keys of RFC 8291), one record. */
function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  const end = plain.lastIndexOf(2);
  expect(plain.subarray(end + 1).every((byte) => byte === 0)).toBe(true);
  return plain.subarray(0, end).toString("utf8");
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT for this origin, signed by the key it names. */
function verifyVapid(authorization: string | undefined, origin: string, publicKey: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  expect(match, authorization).not.toBeNull();
  const [, token = "", key = ""] = match ?? [];
  expect(key).toBe(publicKey);
  const [header = "", claims = "", signature = ""] = token.split(".");
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
  const point = Buffer.from(key, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33, 65).toString("base64url"),
  };
  const isValid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  expect(isValid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  expect(payload.aud).toBe(origin);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  expect(payload.sub).toMatch(/^(https:|mailto:)/);
}

describe("web push", () => {
  let server: Server;
  let origin: string;
  const received: ReceivedPush[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = request.url?.startsWith("/gone") ? 410 : 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  async function subscribe(
    client: TestClient,
    keys: ReturnType<typeof browserKeys>,
    path: string,
    lang = "ru",
  ) {
    const endpoint = `https://push.invalid/${path}/${randomBytes(6).toString("hex")}`;
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/notifications/push",
      headers: {
        authorization: `Bearer ${client.accessToken}`,
        "x-lang": lang,
        "user-agent": "Test browser",
      },
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth.toString("base64url") } },
    });
    expect(response.statusCode, response.body).toBe(201);
    // The push service of this test listens locally (browsers' endpoints are https).
    await harness.database.db
      .update(pushSubscriptions)
      .set({ endpoint: `${origin}/${path}/${client.userId}` })
      .where(eq(pushSubscriptions.endpoint, endpoint));
  }

  it("refuses a subscription that is not a browser's (https endpoint, base64url keys)", async () => {
    const user = await signUpUser(harness);
    const bad = await call(user)("POST", "/api/notifications/push", {
      endpoint: "http://insecure.invalid/x",
      keys: { p256dh: "not base64!", auth: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(["endpoint", "keys.auth", "keys.p256dh"]);
    expect((await call(null)("POST", "/api/notifications/push", {})).statusCode).toBe(401);
  });

  it("sends a signed, encrypted message in the subscription's language; a gone subscription is deleted", async () => {
    const publicKey = (await call(null)("GET", "/api/notifications/push/key")).json<{ publicKey: string }>()
      .publicKey;
    const owner = await signUpUser(harness);
    const keys = browserKeys();
    await subscribe(owner, keys, "live", "en");
    await subscribe(owner, browserKeys(), "gone");

    const created = await harness.app.notifications.notify(owner.userId, "adRejected", {
      adId: 7,
      title: "Toyota Camry",
      reason: "wrong-price",
      note: "",
      link: "/car/7/edit",
    });
    const jobs = await queued<DeliveryJob>(notificationJobs.push, owner.userId);
    expect(jobs).toHaveLength(1);
    await harness.app.notifications.deliverPush(jobs[0] as DeliveryJob);

    const live = received.find((push) => push.path === `/live/${owner.userId}`);
    expect(live).toBeDefined();
    if (!live) return;
    expect(live.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(live.headers.ttl)).toBeGreaterThan(0);
    verifyVapid(live.headers.authorization, origin, publicKey);
    const message = pushMessageSchema.parse(JSON.parse(decryptPush(live.body, keys)));
    expect(message).toEqual({
      id: created?.id,
      kind: "adRejected",
      title: "Your ad was rejected",
      body: '"Toyota Camry": Wrong price. Fix it and send it again.',
      link: "/en/car/7/edit",
    });

    const left = await harness.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.userId));
    expect(left.map((row) => row.endpoint)).toEqual([`${origin}/live/${owner.userId}`]);
  });

  it("a deleted account's browsers are unsubscribed", async () => {
    const user = await signUpUser(harness);
    await subscribe(user, browserKeys(), "deleted");
    const deleted = await call(user)("DELETE", "/api/user/me", { password: user.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const left = await harness.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId));
    expect(left).toEqual([]);
  });

  it("unsubscribes a browser: no push job afterwards", async () => {
    const user = await signUpUser(harness);
    const keys = browserKeys();
    const endpoint = `https://push.invalid/u/${randomBytes(6).toString("hex")}`;
    const payload = { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth.toString("base64url") } };
    expect((await call(user)("POST", "/api/notifications/push", payload)).statusCode).toBe(201);
    const gone = await call(user)("DELETE", "/api/notifications/push", { endpoint });
    expect(gone.statusCode).toBe(204);
    await harness.app.notifications.notify(user.userId, "adApproved", {
      adId: 1,
      title: "x",
      link: "/car/1",
    });
    expect(await queued(notificationJobs.push, user.userId)).toEqual([]);
  });
});

describe("the account's language", () => {
  async function localeOf(client: TestClient) {
    const [row] = await harness.database.db
      .select({ locale: users.locale })
      .from(users)
      .where(eq(users.id, client.userId));
    return row?.locale;
  }

  function setLocale(client: TestClient | null, payload: unknown) {
    return harness.app.inject({
      method: "PATCH",
      url: "/api/user/locale",
      headers: client ? bearer(client) : {},
      payload: payload as Record<string, unknown>,
    });
  }

  async function lastSubject(client: TestClient & { login: string }) {
    const job: DeliveryJob = {
      userId: client.userId,
      notificationId: 0,
      kind: "adExpiring",
      payload: {
        adId: 1,
        title: "Toyota Camry",
        expiresAt: new Date().toISOString(),
        link: "/settings/adds",
      },
    };
    await harness.app.notifications.deliverEmail(job);
    return (await outboxOf(client.login))[0]?.subject;
  }

  it("[P9] notification emails are written in the language last used: sign-in, refresh, a switch", async () => {
    const user = await emailUser();
    // Signed up without a language: Russian, the default.
    expect(await localeOf(user)).toBe("ru");
    const russian = await lastSubject(user);

    expect((await setLocale(user, { locale: "en" })).statusCode).toBe(204);
    expect(await localeOf(user)).toBe("en");
    const english = await lastSubject(user);
    expect(english).not.toBe(russian);
    expect(english).toMatch(/^Unaa: [A-Za-z ]+$/);

    // A refresh from a page in Kyrgyz.
    const refreshed = await harness.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      remoteAddress: user.ip,
      headers: { "x-lang": "ky" },
      cookies: { unaa_refresh: user.refreshToken ?? "" },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(await localeOf(user)).toBe("ky");
    const kyrgyz = await lastSubject(user);
    expect([russian, english]).not.toContain(kyrgyz);
  });

  it("refuses an unknown language (400) and a guest (401)", async () => {
    const user = await signUpUser(harness);
    const bad = await setLocale(user, { locale: "fr" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "locale" }] });
    expect((await setLocale(user, {})).statusCode).toBe(400);
    expect((await setLocale(null, { locale: "en" })).statusCode).toBe(401);
  });
});
