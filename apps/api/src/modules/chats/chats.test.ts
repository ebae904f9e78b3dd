import {
  type Chat,
  chatBlocksResponseSchema,
  chatListResponseSchema,
  chatMessageSchema,
  chatMessagesResponseSchema,
  chatMessageTextMax,
  chatReadResponseSchema,
  chatSchema,
  notificationListResponseSchema,
  type ServerToClientEvents,
  SOCKET_PATH,
} from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adPhotos, chatReports, users } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  insertPhotoRows,
  pickCatalog,
  pickPlaces,
  setSetting,
} from "../ads/ads-test-kit.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { deleteUnattachedPhotoRows } from "../photos/photos.repository.ts";
import { findExchangedAdChat, findUnreadChatIds } from "./chats.repository.ts";
import { chatMessagesPerMinute, newChatsPerHourYoung } from "./chats.service.ts";

let harness: TestApp;
let seller: TestClient & { password: string };
let buyer: TestClient;
let third: TestClient;
let toyota: CatalogPick;
let regionId: number;
let adId: number;

const DAY = 24 * 3_600_000;

async function makeOld(client: TestClient) {
  await harness.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * DAY) })
    .where(eq(users.id, client.userId));
}

async function publishAd(owner: TestClient = seller): Promise<number> {
  const ad = await createPublished(harness, owner, carBody(toyota, regionId));
  expect(ad.status).toBe("active");
  return ad.id;
}

beforeAll(async () => {
  harness = await createTestApp();
  [seller, buyer, third] = await Promise.all([signUpUser(harness), signUpUser(harness), signUpUser(harness)]);
  await Promise.all([makeOld(seller), makeOld(buyer), makeOld(third)]);
  toyota = await pickCatalog(harness, "car", "toyota");
  ({ regionId } = await pickPlaces(harness));
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  adId = await publishAd();
});
afterAll(async () => {
  await harness.close();
});

const call = (client: TestClient | null) => callAs(harness, client);

async function openChat(client: TestClient, body: Record<string, unknown>): Promise<Chat> {
  const response = await call(client)("POST", "/api/chats", body);
  expect([200, 201], response.body).toContain(response.statusCode);
  return chatSchema.parse(response.json());
}

async function send(client: TestClient, chatId: number, text: string, photoIds: number[] = []) {
  const response = await call(client)("POST", `/api/chats/${chatId}/messages`, { text, photoIds });
  expect(response.statusCode, response.body).toBe(201);
  return chatMessageSchema.parse(response.json());
}

async function listChats(client: TestClient, query = "") {
  const response = await call(client)("GET", `/api/chats${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return chatListResponseSchema.parse(response.json());
}

async function getChat(client: TestClient, chatId: number) {
  const response = await call(client)("GET", `/api/chats/${chatId}`);
  expect(response.statusCode, response.body).toBe(200);
  return chatSchema.parse(response.json());
}

async function history(client: TestClient, chatId: number, query = "") {
  const response = await call(client)("GET", `/api/chats/${chatId}/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return chatMessagesResponseSchema.parse(response.json());
}

/** A fresh buyer (old enough for the usual new-chat limit) with a chat about a new ad of the seller. */
async function freshPair() {
  const client = await signUpUser(harness);
  await makeOld(client);
  const chat = await openChat(client, { adId: await publishAd() });
  return { client, chat };
}

describe("opening a chat", () => {
  it("opens a chat about an ad once, then resumes it; the seller sees it from the first message", async () => {
    const opened = await call(buyer)("POST", "/api/chats", { adId });
    expect(opened.statusCode, opened.body).toBe(201);
    const chat = chatSchema.parse(opened.json());
    expect(chat).toMatchObject({
      subject: "ad",
      isMyAd: false,
      other: { id: seller.userId, isDeleted: false },
      ad: { id: adId, status: "active" },
      lastMessage: null,
      unreadCount: 0,
      canWrite: true,
    });
    const again = await call(buyer)("POST", "/api/chats", { adId });
    expect(again.statusCode).toBe(200);
    expect(chatSchema.parse(again.json()).id).toBe(chat.id);

    expect((await listChats(seller)).items.map((item) => item.id)).not.toContain(chat.id);
    await send(buyer, chat.id, "Здравствуйте, машина ещё продаётся?");
    const sellers = await listChats(seller);
    expect(sellers.items[0]).toMatchObject({
      id: chat.id,
      isMyAd: true,
      unreadCount: 1,
      other: { id: buyer.userId },
    });

    // A review of the seller needs both to have written (decision 058; tested in reviews.test.ts).
    expect(await findExchangedAdChat(harness.database.db, buyer.userId, seller.userId)).toBeUndefined();

    // The ad's "chats started" counter, in the owner's list.
    const mine = await call(seller)("GET", "/api/users/me/ads");
    expect(mine.json().items.find((item: { id: number }) => item.id === adId)?.chats).toBe(1);
  });

  it("refuses one's own ad, an unknown ad, and a new chat about an ad that is not active", async () => {
    const own = await call(seller)("POST", "/api/chats", { adId });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ code: "CHAT_SELF", errors: [{ path: "adId" }] });
    expect((await call(buyer)("POST", "/api/chats", { adId: 2_000_000_000 })).json().code).toBe(
      "AD_NOT_FOUND",
    );

    const archived = await publishAd();
    const { client } = await freshPair();
    const early = await openChat(client, { adId: archived });
    expect((await call(seller)("POST", `/api/ads/${archived}/archive`)).statusCode).toBe(200);
    const late = await call(third)("POST", "/api/chats", { adId: archived });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("CHAT_AD_UNAVAILABLE");
    // A chat that exists goes on.
    expect((await openChat(client, { adId: archived })).id).toBe(early.id);
  });

  it("opens a chat with a user's profile, the same one from either side", async () => {
    const chat = await openChat(third, { userId: seller.userId });
    expect(chat).toMatchObject({ subject: "profile", ad: null, isMyAd: false });
    expect((await openChat(seller, { userId: third.userId })).id).toBe(chat.id);
    const self = await call(third)("POST", "/api/chats", { userId: third.userId });
    expect(self.json()).toMatchObject({ code: "CHAT_SELF", errors: [{ path: "userId" }] });
    expect((await call(third)("POST", "/api/chats", { userId: 2_000_000_000 })).statusCode).toBe(404);
  });
});

describe("bad input answers 4xx with field errors, never 500", () => {
  it.each([
    ["POST", "/api/chats", {}, "adId"],
    ["POST", "/api/chats", { adId: 1, userId: 2 }, "adId"],
    ["POST", "/api/chats", { adId: "x" }, "adId"],
    ["POST", "/api/chats", { adId: 1, extra: true }, ""],
    ["GET", "/api/chats?limit=0", undefined, "limit"],
    ["GET", "/api/chats?cursor=not-a-cursor", undefined, "cursor"],
    ["GET", "/api/chats/abc", undefined, "id"],
    ["GET", "/api/chats/1/messages?before=0", undefined, "before"],
    ["GET", "/api/chats/1/messages?limit=1000", undefined, "limit"],
    ["POST", "/api/chats/1/messages", {}, "text"],
    ["POST", "/api/chats/1/messages", { text: "a".repeat(chatMessageTextMax + 1) }, "text"],
    ["POST", "/api/chats/1/messages", { text: "bad \u0000 text" }, "text"],
    ["POST", "/api/chats/1/messages", { text: "x", photoIds: [1, 1] }, "photoIds"],
    ["POST", "/api/chats/1/messages", { photoIds: Array.from({ length: 11 }, (_, i) => i + 1) }, "photoIds"],
    ["POST", "/api/chats/1/read", { messageId: "x" }, "messageId"],
    ["POST", "/api/chats/1/report", { reason: "boring" }, "reason"],
    ["POST", "/api/chats/1/report", { reason: "other" }, "text"],
    ["PUT", "/api/chats/blocks/0", undefined, "userId"],
    ["PUT", "/api/chats/1/mute", {}, "muted"],
    ["PUT", "/api/chats/1/mute", { muted: "yes" }, "muted"],
  ] as const)("%s %s → 400 naming %s (%#)", async (method, url, payload, path) => {
    const response = await call(buyer)(method, url, payload);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: string; errors?: { path: string }[] };
    expect(body.code).toBe("VALIDATION_FAILED");
    if (path) expect(body.errors?.map((error) => error.path)).toContain(path);
  });

  it("guests get 401", async () => {
    expect((await call(null)("GET", "/api/chats")).statusCode).toBe(401);
    expect((await call(null)("POST", "/api/chats", { adId })).statusCode).toBe(401);
  });
});

describe("access", () => {
  it("a third user gets 404 for someone else's chat, its messages and its photos", async () => {
    const chat = await openChat(buyer, { adId });
    const [photoId] = await insertPhotoRows(harness, buyer.userId, 1, "chat-photos");
    const sent = await send(buyer, chat.id, "", [photoId as number]);
    expect(sent.photos.map((photo) => photo.id)).toEqual([photoId]);
    expect((await history(seller, chat.id)).items.at(-1)?.photos[0]?.id).toBe(photoId);

    for (const [method, url, payload] of [
      ["GET", `/api/chats/${chat.id}`, undefined],
      ["GET", `/api/chats/${chat.id}/messages`, undefined],
      ["POST", `/api/chats/${chat.id}/messages`, { text: "hi" }],
      ["POST", `/api/chats/${chat.id}/read`, { messageId: sent.id }],
      ["POST", `/api/chats/${chat.id}/report`, { reason: "spam" }],
      ["DELETE", `/api/chats/${chat.id}`, undefined],
    ] as const) {
      const response = await call(third)(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe("CHAT_NOT_FOUND");
    }
    expect((await listChats(third)).items.map((item) => item.id)).not.toContain(chat.id);
    // The photo is the message's now: nobody can take it into a message or an ad, or delete it.
    const thirdsChat = await openChat(third, { adId });
    const reused = await call(third)("POST", `/api/chats/${thirdsChat.id}/messages`, { photoIds: [photoId] });
    expect(reused.json()).toMatchObject({ code: "AD_PHOTO_INVALID", errors: [{ path: "photoIds.0" }] });
    expect((await call(third)("DELETE", `/api/photos/${photoId}`)).statusCode).toBe(404);
    expect((await call(buyer)("DELETE", `/api/photos/${photoId}`)).statusCode).toBe(404);
    const again = await call(buyer)("POST", `/api/chats/${chat.id}/messages`, { photoIds: [photoId] });
    expect(again.json().code).toBe("AD_PHOTO_INVALID");
    // Nor does the sweep of photos left without an ad take it.
    await deleteUnattachedPhotoRows(harness.database.db, new Date(Date.now() + DAY));
    const kept = await harness.database.db
      .select()
      .from(adPhotos)
      .where(eq(adPhotos.id, photoId as number));
    expect(kept.map((row) => row.chatMessageId)).toEqual([sent.id]);
  });
});

describe("messages", () => {
  it("pages the history by keyset, oldest first within a page", async () => {
    const { client, chat } = await freshPair();
    const sent = [];
    for (let index = 1; index <= 5; index += 1) sent.push(await send(client, chat.id, `message ${index}`));
    const last = await history(client, chat.id, "?limit=2");
    expect(last.items.map((item) => item.text)).toEqual(["message 4", "message 5"]);
    const middle = await history(client, chat.id, `?limit=2&before=${last.nextBefore}`);
    expect(middle.items.map((item) => item.text)).toEqual(["message 2", "message 3"]);
    const first = await history(client, chat.id, `?limit=2&before=${middle.nextBefore}`);
    expect(first.items.map((item) => item.text)).toEqual(["message 1"]);
    expect(first.nextBefore).toBeNull();
    expect(last.items.every((item) => item.isMine && item.senderId === client.userId)).toBe(true);
  });

  it("counts unread messages and gives read receipts", async () => {
    const { client, chat } = await freshPair();
    await send(client, chat.id, "one");
    const second = await send(client, chat.id, "two");
    const mine = await getChat(seller, chat.id);
    expect(mine.unreadCount).toBe(2);
    expect(mine.lastMessage?.text).toBe("two");

    const read = await call(seller)("POST", `/api/chats/${chat.id}/read`, { messageId: second.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(chatReadResponseSchema.parse(read.json())).toEqual({
      chatId: chat.id,
      lastReadMessageId: second.id,
      unreadCount: 0,
    });
    expect((await getChat(client, chat.id)).otherLastReadMessageId).toBe(second.id);
    expect((await getChat(seller, chat.id)).unreadCount).toBe(0);

    // A message of another chat is not this chat's.
    const other = await freshPair();
    const foreign = await send(other.client, other.chat.id, "elsewhere");
    const wrong = await call(seller)("POST", `/api/chats/${chat.id}/read`, { messageId: foreign.id });
    expect(wrong.json()).toMatchObject({ code: "CHAT_MESSAGE_NOT_FOUND", errors: [{ path: "messageId" }] });
  });

  it("shows the receiver the safety warnings of a message, not the sender", async () => {
    const { client, chat } = await freshPair();
    const sent = await send(seller, chat.id, "Предоплата 50%, карта 4276 3800 1234 5679, пиши в ватсап");
    expect(sent.warnings).toEqual([]);
    const seen = (await history(client, chat.id)).items.at(-1);
    expect(seen?.warnings).toEqual(["prepayment", "card-number", "messenger"]);
    const plain = await send(seller, chat.id, "Предоплата не нужна, приезжайте посмотреть");
    expect((await history(client, chat.id)).items.find((item) => item.id === plain.id)?.warnings).toEqual([]);
  });

  it("deleting a chat for oneself hides its history for oneself only; a new message brings it back", async () => {
    const { client, chat } = await freshPair();
    await send(client, chat.id, "old question");
    await send(seller, chat.id, "old answer");
    expect((await call(client)("DELETE", `/api/chats/${chat.id}`)).statusCode).toBe(204);
    expect((await listChats(client)).items.map((item) => item.id)).not.toContain(chat.id);
    expect((await history(client, chat.id)).items).toEqual([]);
    expect((await history(seller, chat.id)).items.map((item) => item.text)).toEqual([
      "old question",
      "old answer",
    ]);

    await send(seller, chat.id, "still interested?");
    const back = (await listChats(client)).items.find((item) => item.id === chat.id);
    expect(back).toMatchObject({ unreadCount: 1, lastMessage: { text: "still interested?" } });
    expect((await history(client, chat.id)).items.map((item) => item.text)).toEqual(["still interested?"]);
  });

  it("lists chats by latest activity in keyset pages", async () => {
    const { client, chat: first } = await freshPair();
    const second = await openChat(client, { adId: await publishAd() });
    const third_ = await openChat(client, { adId: await publishAd() });
    await send(client, second.id, "b");
    await send(client, third_.id, "c");
    await send(client, first.id, "a");
    const page1 = await listChats(client, "?limit=2");
    expect(page1.items.map((item) => item.id)).toEqual([first.id, third_.id]);
    const page2 = await listChats(client, `?limit=2&cursor=${page1.nextCursor}`);
    expect(page2.items.map((item) => item.id)).toEqual([second.id]);
    expect(page2.nextCursor).toBeNull();
  });
});

describe("mute", () => {
  async function chatNotifications(client: TestClient, chatId: number) {
    const response = await call(client)("GET", "/api/notifications?limit=50");
    expect(response.statusCode).toBe(200);
    return notificationListResponseSchema
      .parse(response.json())
      .items.filter((item) => item.kind === "chatMessage" && item.payload.chatId === chatId);
  }

  it("[P9] a muted chat notifies nothing and leaves the header's unread ids; the inbox still counts it", async () => {
    const { client, chat } = await freshPair();
    await send(client, chat.id, "first");
    expect(await chatNotifications(seller, chat.id)).toHaveLength(1);
    expect(await findUnreadChatIds(harness.database.db, seller.userId)).toContain(chat.id);

    const muted = await call(seller)("PUT", `/api/chats/${chat.id}/mute`, { muted: true });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(chatSchema.parse(muted.json())).toMatchObject({ id: chat.id, isMuted: true, unreadCount: 1 });
    expect(await findUnreadChatIds(harness.database.db, seller.userId)).not.toContain(chat.id);

    await send(client, chat.id, "second");
    expect(await chatNotifications(seller, chat.id)).toHaveLength(1);
    expect(await getChat(seller, chat.id)).toMatchObject({ isMuted: true, unreadCount: 2 });
    expect(await findUnreadChatIds(harness.database.db, seller.userId)).not.toContain(chat.id);
    // Muting is the member's own: the other side is not muted.
    expect((await getChat(client, chat.id)).isMuted).toBe(false);

    const unmuted = await call(seller)("PUT", `/api/chats/${chat.id}/mute`, { muted: false });
    expect(chatSchema.parse(unmuted.json()).isMuted).toBe(false);
    expect(await findUnreadChatIds(harness.database.db, seller.userId)).toContain(chat.id);
    await send(client, chat.id, "third");
    expect(await chatNotifications(seller, chat.id)).toHaveLength(2);

    const foreign = await call(third)("PUT", `/api/chats/${chat.id}/mute`, { muted: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("CHAT_NOT_FOUND");
    expect((await call(null)("PUT", `/api/chats/${chat.id}/mute`, { muted: true })).statusCode).toBe(401);
  });
});

describe("blocks and reports", () => {
  it("a block stops messages both ways until it is lifted", async () => {
    const { client, chat } = await freshPair();
    const blocked = await call(seller)("PUT", `/api/chats/blocks/${client.userId}`);
    expect(blocked.json()).toEqual({ userId: client.userId, isBlocked: true });
    for (const writer of [client, seller]) {
      const refused = await call(writer)("POST", `/api/chats/${chat.id}/messages`, { text: "hello?" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("CHAT_BLOCKED");
    }
    expect(await getChat(seller, chat.id)).toMatchObject({ isBlockedByMe: true, canWrite: false });
    expect(await getChat(client, chat.id)).toMatchObject({ isBlockedByMe: false, canWrite: false });
    const newChat = await call(client)("POST", "/api/chats", { adId: await publishAd() });
    expect(newChat.json().code).toBe("CHAT_BLOCKED");
    const blocks = chatBlocksResponseSchema.parse((await call(seller)("GET", "/api/chats/blocks")).json());
    expect(blocks.items.map((item) => item.user.id)).toContain(client.userId);

    expect((await call(seller)("DELETE", `/api/chats/blocks/${client.userId}`)).json().isBlocked).toBe(false);
    await send(client, chat.id, "hello again");
  });

  it("reports a chat once, into the moderators' queue", async () => {
    const { client, chat } = await freshPair();
    const report = await call(client)("POST", `/api/chats/${chat.id}/report`, {
      reason: "fraud",
      text: "asks for money",
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json()).toMatchObject({ chatId: chat.id, reason: "fraud", text: "asks for money" });
    const twice = await call(client)("POST", `/api/chats/${chat.id}/report`, { reason: "spam" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("CHAT_REPORT_EXISTS");
    const rows = await harness.database.db.select().from(chatReports).where(eq(chatReports.chatId, chat.id));
    expect(rows.map((row) => [row.userId, row.status])).toEqual([[client.userId, "new"]]);
  });
});

describe("a deleted account", () => {
  it("shows as a deleted user and the other side keeps the history", async () => {
    const leaver = await signUpUser(harness);
    await makeOld(leaver);
    const chat = await openChat(leaver, { adId });
    await send(leaver, chat.id, "I'll think about it");
    const deleted = await harness.app.inject({
      method: "DELETE",
      url: "/api/user/me",
      headers: { authorization: `Bearer ${leaver.accessToken}` },
      payload: { password: leaver.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const seen = await getChat(seller, chat.id);
    expect(seen.other).toEqual({ id: leaver.userId, name: "", avatar: null, isDeleted: true });
    expect(seen.canWrite).toBe(false);
    expect((await history(seller, chat.id)).items.map((item) => item.text)).toEqual(["I'll think about it"]);
    const refused = await call(seller)("POST", `/api/chats/${chat.id}/messages`, { text: "still there?" });
    expect(refused.json().code).toBe("CHAT_USER_DELETED");
  });
});

describe("rate limits", () => {
  it(`allows ${chatMessagesPerMinute} messages a minute, then 429`, async () => {
    const { client, chat } = await freshPair();
    for (let index = 0; index < chatMessagesPerMinute; index += 1) await send(client, chat.id, `m${index}`);
    const refused = await call(client)("POST", `/api/chats/${chat.id}/messages`, { text: "one more" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("CHAT_MESSAGES_TOO_FAST");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it(`allows an account younger than a day ${newChatsPerHourYoung} new chats an hour`, async () => {
    const young = await signUpUser(harness);
    const others = await Promise.all(
      Array.from({ length: newChatsPerHourYoung + 1 }, () => signUpUser(harness)),
    );
    for (const other of others.slice(0, newChatsPerHourYoung))
      await openChat(young, { userId: other.userId });
    const last = others.at(-1) as TestClient;
    const refused = await call(young)("POST", "/api/chats", { userId: last.userId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("CHAT_NEW_CHATS_LIMIT");
    // Resuming an existing chat is not a new one.
    expect((await call(young)("POST", "/api/chats", { userId: others[0]?.userId })).statusCode).toBe(200);
    await makeOld(young);
    expect((await call(young)("POST", "/api/chats", { userId: last.userId })).statusCode).toBe(201);
  });
});

describe("realtime", () => {
  type ClientSocket = Socket<ServerToClientEvents, { "chat:typing": (payload: unknown) => void }>;
  let baseUrl: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    await harness.app.listen({ port: 0, host: "127.0.0.1" });
    const address = harness.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
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

  it("[S4.9] sends the real unread chat ids on connect, and a message reaches the receiver's socket", async () => {
    const { client, chat } = await freshPair();
    await send(client, chat.id, "are you there?");
    const sellerSocket = open(seller);
    // Both connect-time events come on their own; listening starts after both have arrived.
    const [onConnect] = await Promise.all([
      next(sellerSocket, "unreadedChatIds"),
      next(sellerSocket, "notifications:unread"),
    ]);
    expect(onConnect.ids).toContain(chat.id);
    const heard: string[] = [];
    sellerSocket.onAny((event: string) => heard.push(event));

    const arrived = next(sellerSocket, "message:new");
    const sent = await send(client, chat.id, "Пиши в телегу, скину номер карты");
    const event = await arrived;
    expect(event).toMatchObject({ chatId: chat.id, message: { id: sent.id, isMine: false } });
    expect(event.message.warnings).toEqual(["messenger"]);

    const buyerSocket = open(client);
    await next(buyerSocket, "unreadedChatIds");
    const receipt = next(buyerSocket, "chat:read");
    const afterRead = next(sellerSocket, "unreadedChatIds");
    await call(seller)("POST", `/api/chats/${chat.id}/read`, { messageId: sent.id });
    expect(await receipt).toEqual({ chatId: chat.id, readerId: seller.userId, lastReadMessageId: sent.id });
    expect((await afterRead).ids).not.toContain(chat.id);

    // The first message after the read makes the chat unread again: the list changes and is sent.
    const unreadAgain = next(sellerSocket, "unreadedChatIds");
    await send(client, chat.id, "still there?");
    expect((await unreadAgain).ids).toContain(chat.id);
    // A message to a chat already unread changes no list: none is sent (events keep their order).
    expect(heard).toEqual(["message:new", "chat:read", "unreadedChatIds", "message:new", "unreadedChatIds"]);
  });

  it("relays typing to the other member and ignores bad payloads", async () => {
    const { client, chat } = await freshPair();
    const sellerSocket = open(seller);
    await next(sellerSocket, "unreadedChatIds");
    const buyerSocket = open(client);
    await next(buyerSocket, "unreadedChatIds");
    const typing = next(sellerSocket, "chat:typing");
    buyerSocket.emit("chat:typing", { chatId: "nope" });
    buyerSocket.emit("chat:typing", null);
    buyerSocket.emit("chat:typing", { chatId: chat.id });
    expect(await typing).toEqual({ chatId: chat.id, userId: client.userId });
  });
});
