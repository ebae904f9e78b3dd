// The access matrix: every endpoint of the OpenAPI document, called as each kind of caller, answers
// the status of its row. "user" owns every resource a call names by id (ads, photos, phones,
// sessions), so the "other" column is a signed-in stranger trying someone else's resource, and the
// staff columns show what a role adds. A new endpoint without a row fails the test.
import { randomInt, randomUUID } from "node:crypto";
import { REFRESH_COOKIE } from "@unaa/contracts";
import { asc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  catalogComplectations,
  catalogGenerations,
  catalogMarks,
  catalogModels,
  contactMessages,
  payments,
  plans,
  users,
} from "../db/schema/index.ts";
import {
  callAs,
  createPublished,
  pickCatalog,
  pickPlaces,
  setSetting,
  validBodies,
} from "../modules/ads/ads-test-kit.ts";
import {
  chromeAgent,
  desktop,
  GOOD_PASSWORD,
  nextEmail,
  nextIp,
  nextPhone,
  nextUsername,
  readLatestCode,
  signInWithPassword,
  signUpUser,
  type TestClient,
  waitOutResendLimit,
} from "../modules/auth/auth-test-kit.ts";
import { credit, readBalance, spend } from "../modules/money/ledger.ts";
import { authHeaders, type PersonaName, personaNames, signUpPersona } from "./personas.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { multipartBody } from "./upload-kit.ts";

type Account = TestClient & { login: string; password: string };

/** What a call sends besides its method and the caller's token. */
interface Call {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

interface Row {
  /** The call made by `caller` (null for a guest); the resources it names are the owner's. */
  call: (caller: Account | null, name: PersonaName) => Promise<Call>;
  expect: Record<PersonaName, number>;
  /** The call ends the caller's session or account: each caller is a new account of its kind. */
  isFresh?: true;
}

// ---- expected statuses: the common shapes of a row ----

type Statuses = Record<PersonaName, number>;
/** Anyone; a blocked user's token is refused on every call (decision 029). */
const open = (status: number): Statuses => ({
  guest: status,
  user: status,
  other: status,
  editor: status,
  moderator: status,
  admin: status,
  blocked: 403,
});
/** Signed-in callers, each on their own account. */
const signedIn = (status: number): Statuses => ({ ...open(status), guest: 401 });
/** The owner's resource: anyone else, staff included, is told it does not exist. */
const ownerOnly = (status: number): Statuses => ({ ...open(404), guest: 401, user: status });
/** Catalogue staff (editor, moderator, admin); the role check answers 404 (decision 029). */
const catalogStaff = (status: number): Statuses => ({
  ...open(status),
  guest: 401,
  user: 404,
  other: 404,
});
/** A dashboard section moderators and admins write (product.md section 1); the rest: no such route. */
const dashboardModerators = (status: number): Statuses => ({
  ...catalogStaff(404),
  moderator: status,
  admin: status,
});
/** A broadcast to admins only (the job is not run here). */
const accessBroadcast = {
  title: { ky: "Текшерүү", ru: "Проверка", en: "Access matrix" },
  text: { ky: "Кабар", ru: "Рассылка", en: "A broadcast" },
  channels: { inApp: true, email: false, push: false },
  segment: { role: "admin" },
};
/** Moderators and admins acting on the owner's ad. */
const moderators = (status: number): Statuses => ({ ...ownerOnly(404), moderator: status, admin: status });

let harness: TestApp;
let personas: Record<PersonaName, Account | null>;
let owner: Account;
let spare: Account;
let bodies: Awaited<ReturnType<typeof validBodies>>;
let catalog: { markSlug: string; modelSlug: string; generationSlug: string; complectationSlug: string };
let car: Awaited<ReturnType<typeof pickCatalog>>;
let mainPhoneId: number;
let secondPhoneId: number;
let sharedActiveAdId: number;
let sharedDraftAdId: number;
let image: Buffer;
let places: Awaited<ReturnType<typeof pickPlaces>>;

const asOwner = () => callAs(harness, owner);

async function newDraftAd(): Promise<number> {
  const response = await asOwner()("POST", "/api/ads", bodies.car);
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

async function newActiveAd(): Promise<number> {
  return (await createPublished(harness, owner, bodies.car)).id;
}

async function newPhoto(): Promise<number> {
  const { payload, contentType } = multipartBody([
    { field: "file", filename: "car.png", type: "image/png", data: image },
  ]);
  const response = await harness.app.inject({
    method: "POST",
    url: "/api/photos",
    headers: { ...authHeaders(owner), "content-type": contentType },
    payload,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

/** A banner campaign on the home page (uploaded and created by an admin). */
async function newBanner(): Promise<{ id: number; body: Record<string, unknown> }> {
  const staff = personas.admin as Account;
  const { payload, contentType } = multipartBody([
    { field: "file", filename: "banner.png", type: "image/png", data: image },
  ]);
  const upload = await harness.app.inject({
    method: "POST",
    url: "/api/dashboard/banners/images?slot=home-top",
    headers: { ...authHeaders(staff), "content-type": contentType },
    payload,
  });
  if (upload.statusCode !== 201) throw new Error(upload.body);
  const body = {
    title: "Access matrix",
    image: upload.json<{ image: string }>().image,
    link: "/cars",
    slot: "home-top",
    startsOn: "2026-01-01",
    endsOn: "2026-01-02",
    locales: ["ru"],
    weight: 1,
    isActive: false,
  };
  const created = await harness.app.inject({
    method: "POST",
    url: "/api/dashboard/banners",
    headers: authHeaders(staff),
    payload: body,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  return { id: created.json<{ id: number }>().id, body };
}

/** A confirmed phone added to the owner's account (the code from the outbox). */
async function addOwnerPhone(): Promise<number> {
  const phone = nextPhone();
  const call = asOwner();
  const requested = await call("POST", "/api/user/request-phone", { phone });
  if (requested.statusCode !== 200) throw new Error(requested.body);
  const code = await readLatestCode(harness, phone);
  const confirmed = await call("POST", "/api/user/confirm-phone", { phone, code });
  if (confirmed.statusCode !== 200) throw new Error(confirmed.body);
  const me = await call("GET", "/api/user/me");
  const found = me
    .json<{ phones: { id: number; phone: string }[] }>()
    .phones.find((row) => row.phone === phone);
  if (!found) throw new Error(`phone ${phone} not on the account`);
  return found.id;
}

/** A chat a spare account opened about a new ad of the owner: its id. */
async function newOwnerChat(): Promise<number> {
  const response = await callAs(harness, spare)("POST", "/api/chats", { adId: await newActiveAd() });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

let ownerChatId: number | undefined;
/** One chat of the owner, opened by the spare account. */
async function sharedOwnerChat(): Promise<number> {
  ownerChatId ??= await newOwnerChat();
  return ownerChatId;
}

/** A new message of the spare account in the shared chat (the owner may have deleted the chat for themselves). */
async function newSpareMessage(): Promise<{ chatId: number; messageId: number }> {
  const chatId = await sharedOwnerChat();
  const sent = await callAs(harness, spare)("POST", `/api/chats/${chatId}/messages`, { text: "For sale?" });
  if (sent.statusCode !== 201) throw new Error(sent.body);
  return { chatId, messageId: sent.json<{ id: number }>().id };
}

/** A photo the spare account sent in the shared chat: the file name of its main size. */
async function newSparePhotoFile(): Promise<string> {
  const { payload, contentType } = multipartBody([
    { field: "file", filename: "car.png", type: "image/png", data: image },
  ]);
  const uploaded = await harness.app.inject({
    method: "POST",
    url: "/api/photos?for=chat",
    headers: { ...authHeaders(spare), "content-type": contentType },
    payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(uploaded.body);
  const photo = uploaded.json<{ id: number; src: string }>();
  const chatId = await sharedOwnerChat();
  const sent = await callAs(harness, spare)("POST", `/api/chats/${chatId}/messages`, {
    photoIds: [photo.id],
  });
  if (sent.statusCode !== 201) throw new Error(sent.body);
  return photo.src.slice(photo.src.lastIndexOf("/") + 1);
}

/** Filters no other call saved: a new saved search each time. */
const uniqueSearchQuery = () => `q=matrix${randomInt(1, 1_000_000_000)}`;

/** A new saved search of the owner: its id. */
async function newOwnerSavedSearch(): Promise<number> {
  const response = await asOwner()("POST", "/api/saved-searches", {
    vertical: "car",
    query: uniqueSearchQuery(),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

/** A new account older than a day (the usual new-chat limit). */
async function newOldAccount(): Promise<Account> {
  const account = await signUpUser(harness);
  await harness.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(users.id, account.userId));
  return account;
}

/** `buyer` chats with `seller` about a new ad of the seller, and both write: a review may follow. */
async function exchangeMessages(buyer: Account, seller: Account): Promise<void> {
  const ad = await createPublished(harness, seller, bodies.car);
  const opened = await callAs(harness, buyer)("POST", "/api/chats", { adId: ad.id });
  if (opened.statusCode !== 201) throw new Error(opened.body);
  const chatId = opened.json<{ id: number }>().id;
  for (const writer of [buyer, seller]) {
    const sent = await callAs(harness, writer)("POST", `/api/chats/${chatId}/messages`, { text: "Hello" });
    if (sent.statusCode !== 201) throw new Error(sent.body);
  }
}

const reviewText = "A fair seller, the car was as described.";

/** A new review of `seller` by `author` after a chat: its id. */
async function newReview(author: Account, seller: Account): Promise<number> {
  await exchangeMessages(author, seller);
  const response = await callAs(harness, author)("POST", "/api/reviews", {
    sellerId: seller.userId,
    stars: 5,
    text: reviewText,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

/** One review per row of the matrix, made when the row first asks (every caller then names it). */
const rowReviews = new Map<string, Promise<number>>();
function reviewOf(row: string, make: () => Promise<number>): Promise<number> {
  let id = rowReviews.get(row);
  if (!id) {
    id = make();
    rowReviews.set(row, id);
  }
  return id;
}
/** A review of the owner by a new account. */
const reviewOfOwner = (row: string) => reviewOf(row, async () => newReview(await newOldAccount(), owner));
/** A review by the owner of a new seller. */
const reviewByOwner = (row: string) => reviewOf(row, async () => newReview(owner, await newOldAccount()));

/** A valid business body with a link no other call took. */
const businessBody = () => ({
  link: uniqueSlug("matrix"),
  name: "Matrix Motors",
  kind: "dealer",
  regionId: places.regionId,
});

/** The owner's one business (made again when a row deleted it): its id and link. */
async function ownerBusiness(): Promise<{ id: number; link: string }> {
  const mine = await asOwner()("GET", "/api/businesses/mine");
  const found = mine.json<{ business: { id: number; link: string } | null }>().business;
  if (found) return found;
  const created = await asOwner()("POST", "/api/businesses", businessBody());
  if (created.statusCode !== 201) throw new Error(created.body);
  return created.json<{ id: number; link: string }>();
}

/** A new session of the owner; its id from the access token's claims. */
/** A pending sandbox top-up of the owner, written directly (the API allows 5 unfinished at once). */
async function newOwnerPayment(): Promise<string> {
  const id = randomUUID();
  await harness.database.db
    .insert(payments)
    .values({ id, userId: owner.userId, provider: "sandbox", amount: 50_000 });
  return id;
}

async function newOwnerSessionId(): Promise<string> {
  const { client } = await signInWithPassword(harness, owner.login, owner.password);
  const claims = JSON.parse(Buffer.from(client.accessToken.split(".")[1] ?? "", "base64url").toString());
  return claims.sid as string;
}

/** An active ad of the owner and the money for one raise of it. */
/**
 * A new ad of the owner's, and a balance of exactly one raise (50 som): the row runs once per
 * caller, and a balance left to grow would let the owner buy a plan in the plan rows.
 */
async function newOwnerAdWithRaiseMoney(): Promise<number> {
  const raisePrice = 5_000;
  await harness.database.db.transaction(async (tx) => {
    const missing = raisePrice - (await readBalance(tx, owner.userId));
    if (missing > 0) await credit(tx, owner.userId, missing, { kind: "adjustment", reason: "access matrix" });
  });
  return newActiveAd();
}

/** A new plan renewal of the owner's (100 tyiyn, credited first): its ledger entry, for a staff refund. */
async function newOwnerPurchaseEntry(): Promise<number> {
  const entry = await harness.database.db.transaction(async (tx) => {
    await credit(tx, owner.userId, 100, { kind: "adjustment", reason: "access matrix" });
    return spend(tx, owner.userId, 100, "plan_renewal", "plan:access-matrix");
  });
  return entry.id;
}

const uniqueSlug = (prefix: string) => `${prefix}-${randomInt(1, 1_000_000_000)}`;

type CatalogLevelPath = "marks" | "models" | "generations" | "complectations";

/** A new catalogue entry of that level, created by the admin. */
async function newCatalogEntry(level: CatalogLevelPath): Promise<number> {
  const response = await callAs(harness, personas.admin)(
    "POST",
    `/api/catalog/staff/${level}`,
    catalogInput(level),
  );
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<{ id: number }>().id;
}

function catalogInput(level: CatalogLevelPath) {
  const base = { slug: uniqueSlug("matrix"), name: `Matrix ${randomInt(1, 1_000_000)}` };
  switch (level) {
    case "marks":
      return { ...base, kind: "car", nameCyrillic: "Матрица" };
    case "models":
      return { ...base, markId: car.markId, yearFrom: 2001, yearTo: null };
    case "generations":
      return { ...base, modelId: car.modelId, yearFrom: 2001, yearTo: null };
    case "complectations":
      return {
        ...base,
        generationId: car.generationId,
        body: "sedan",
        fuel: "petrol",
        gearbox: "automatic",
        drive: "front",
      };
  }
}

const device = { device: desktop, source: chromeAgent };
const refreshCookie = (caller: Account | null): Record<string, string> =>
  caller?.refreshToken ? { [REFRESH_COOKIE]: caller.refreshToken } : {};
const fixed =
  (url: string, payload?: unknown): Row["call"] =>
  async () => ({ url, ...(payload === undefined ? {} : { payload }) });

const catalogLevels: CatalogLevelPath[] = ["marks", "models", "generations", "complectations"];
const catalogStaffLists: Record<string, Row> = {
  "GET /api/catalog/staff/marks": {
    call: fixed("/api/catalog/staff/marks?kind=car"),
    expect: catalogStaff(200),
  },
  "GET /api/catalog/staff/marks/{id}/models": {
    call: async () => ({ url: `/api/catalog/staff/marks/${car.markId}/models` }),
    expect: catalogStaff(200),
  },
  "GET /api/catalog/staff/models/{id}/generations": {
    call: async () => ({ url: `/api/catalog/staff/models/${car.modelId}/generations` }),
    expect: catalogStaff(200),
  },
};
const catalogStaffRows: Record<string, Row> = Object.fromEntries(
  catalogLevels.flatMap((level) => {
    return [
      [
        `GET /api/catalog/staff/${level}/{id}`,
        {
          call: async () => ({ url: `/api/catalog/staff/${level}/${await newCatalogEntry(level)}` }),
          expect: catalogStaff(200),
        },
      ],
      [
        `PATCH /api/catalog/staff/${level}/{id}`,
        {
          call: async () => ({
            url: `/api/catalog/staff/${level}/${await newCatalogEntry(level)}`,
            payload: level === "complectations" ? { seats: 5 } : { aliases: ["matrix"] },
          }),
          expect: catalogStaff(200),
        },
      ],
      [
        `POST /api/catalog/staff/${level}`,
        {
          call: async () => ({ url: `/api/catalog/staff/${level}`, payload: catalogInput(level) }),
          expect: catalogStaff(201),
        },
      ],
      [
        `POST /api/catalog/staff/${level}/{id}/merge`,
        {
          call: async () => {
            const [id, intoId] = [await newCatalogEntry(level), await newCatalogEntry(level)];
            return { url: `/api/catalog/staff/${level}/${id}/merge`, payload: { intoId } };
          },
          expect: catalogStaff(204),
        },
      ],
    ];
  }),
);

/** One row per endpoint of the OpenAPI document, keyed `METHOD /path/{param}` as it names them. */
const matrix: Record<string, Row> = {
  "POST /api/auth/sign-request": {
    call: async () => ({
      url: "/api/auth/sign-request",
      payload: { purpose: "sign-up", login: nextPhone() },
    }),
    expect: open(200),
  },
  "POST /api/auth/sign-up": {
    call: async () => ({
      url: "/api/auth/sign-up",
      payload: {
        login: nextPhone(),
        code: "000000",
        username: nextUsername(),
        password: GOOD_PASSWORD,
        ...device,
      },
    }),
    expect: open(400),
  },
  "POST /api/auth/sign-in": {
    call: async () => ({
      url: "/api/auth/sign-in",
      payload: { login: spare.login, password: spare.password, ...device },
    }),
    expect: open(200),
  },
  // Each caller for their own account, a minute after its last code (the resend limit).
  "POST /api/auth/send-reset-password-code": {
    call: async (caller) => {
      waitOutResendLimit();
      return { url: "/api/auth/send-reset-password-code", payload: { login: (caller ?? spare).login } };
    },
    expect: open(200),
  },
  "POST /api/auth/reset-password": {
    call: async () => ({
      url: "/api/auth/reset-password",
      payload: { login: spare.login, code: "000000", password: GOOD_PASSWORD, ...device },
    }),
    expect: open(400),
  },
  "POST /api/auth/google-login": {
    call: fixed("/api/auth/google-login", { idToken: "not-a-token", ...device }),
    expect: open(401),
  },
  "POST /api/auth/refresh": {
    call: async (caller) => ({
      url: "/api/auth/refresh",
      cookies: refreshCookie(caller),
    }),
    expect: { ...open(200), guest: 403 },
    isFresh: true,
  },
  "POST /api/auth/token": { call: fixed("/api/auth/token"), expect: signedIn(200) },
  "DELETE /api/auth/token/all": { call: fixed("/api/auth/token/all"), expect: signedIn(204) },
  "DELETE /api/auth/token/{id}": {
    call: async () => ({ url: `/api/auth/token/${await newOwnerSessionId()}` }),
    expect: ownerOnly(204),
  },
  "POST /api/auth/logout": {
    call: async (caller) => ({
      url: "/api/auth/logout",
      cookies: refreshCookie(caller),
    }),
    expect: open(204),
    isFresh: true,
  },
  "GET /api/user/me": { call: fixed("/api/user/me"), expect: signedIn(200) },
  "DELETE /api/user/me": {
    call: fixed("/api/user/me", { password: GOOD_PASSWORD }),
    expect: signedIn(204),
    isFresh: true,
  },
  "GET /api/user/{id}": { call: async () => ({ url: `/api/user/${owner.userId}` }), expect: open(200) },
  "POST /api/user/avatar": {
    call: async () => {
      const { payload, contentType } = multipartBody([
        { field: "file", filename: "me.png", type: "image/png", data: image },
      ]);
      return { url: "/api/user/avatar", payload, headers: { "content-type": contentType } };
    },
    expect: signedIn(200),
  },
  "DELETE /api/user/avatar": { call: fixed("/api/user/avatar"), expect: signedIn(200) },
  "POST /api/user/request-phone": {
    call: async () => ({ url: "/api/user/request-phone", payload: { phone: nextPhone() } }),
    expect: signedIn(200),
  },
  "POST /api/user/confirm-phone": {
    call: async () => ({ url: "/api/user/confirm-phone", payload: { phone: nextPhone(), code: "000000" } }),
    expect: signedIn(400),
  },
  "PATCH /api/user/phone/{id}/main": {
    call: async () => ({ url: `/api/user/phone/${mainPhoneId}/main` }),
    expect: ownerOnly(200),
  },
  "DELETE /api/user/phone/{id}": {
    call: async () => ({ url: `/api/user/phone/${secondPhoneId}` }),
    expect: ownerOnly(200),
  },
  "POST /api/user/request-email": {
    call: async () => ({ url: "/api/user/request-email", payload: { email: nextEmail() } }),
    expect: signedIn(200),
  },
  "PATCH /api/user/confirm-email": {
    call: async () => ({ url: "/api/user/confirm-email", payload: { email: nextEmail(), code: "000000" } }),
    expect: signedIn(400),
  },
  "PATCH /api/user/password": {
    call: fixed("/api/user/password", { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD }),
    expect: signedIn(204),
  },
  "PATCH /api/user/locale": {
    call: async () => ({ url: "/api/user/locale", payload: { locale: "ky" } }),
    expect: signedIn(204),
  },
  "PATCH /api/user/username": {
    call: async () => ({ url: "/api/user/username", payload: { username: nextUsername() } }),
    expect: signedIn(200),
  },
  "GET /api/health": { call: fixed("/api/health"), expect: open(200) },
  "GET /api/configs": { call: fixed("/api/configs"), expect: open(200) },
  "GET /api/configs/{version}": { call: fixed("/api/configs/any-version"), expect: open(200) },
  "GET /api/catalog/marks": { call: fixed("/api/catalog/marks?kind=car"), expect: open(200) },
  "GET /api/catalog/marks/{mark}/models": {
    call: async () => ({ url: `/api/catalog/marks/${catalog.markSlug}/models?kind=car` }),
    expect: open(200),
  },
  "GET /api/catalog/marks/{mark}/models/{model}/generations": {
    call: async () => ({
      url: `/api/catalog/marks/${catalog.markSlug}/models/${catalog.modelSlug}/generations?kind=car`,
    }),
    expect: open(200),
  },
  "GET /api/catalog/marks/{mark}/models/{model}/generations/{generation}/complectations": {
    call: async () => ({
      url: `/api/catalog/marks/${catalog.markSlug}/models/${catalog.modelSlug}/generations/${catalog.generationSlug}/complectations?kind=car`,
    }),
    expect: open(200),
  },
  "GET /api/catalog/marks/{mark}/models/{model}/generations/{generation}/complectations/{complectation}": {
    call: async () => ({
      url: `/api/catalog/marks/${catalog.markSlug}/models/${catalog.modelSlug}/generations/${catalog.generationSlug}/complectations/${catalog.complectationSlug}?kind=car`,
    }),
    expect: open(200),
  },
  "GET /api/catalog/search": { call: fixed("/api/catalog/search?q=toy"), expect: open(200) },
  ...catalogStaffLists,
  ...catalogStaffRows,
  "GET /api/ads": { call: fixed("/api/ads?vertical=car"), expect: open(200) },
  "POST /api/ads": { call: async () => ({ url: "/api/ads", payload: bodies.car }), expect: signedIn(201) },
  "GET /api/ads/urgent": { call: fixed("/api/ads/urgent"), expect: open(200) },
  "GET /api/ads/cars-summary": {
    call: async () => ({ url: `/api/ads/cars-summary?mark=${car.markId}` }),
    expect: open(200),
  },
  "GET /api/users/me/ads": { call: fixed("/api/users/me/ads?status=draft"), expect: signedIn(200) },
  "GET /api/users/{id}/ads": {
    call: async () => ({ url: `/api/users/${owner.userId}/ads?tab=adds` }),
    expect: open(200),
  },
  // A draft: its owner and moderators see it, nobody else learns it exists.
  "GET /api/ads/{id}": {
    call: async () => ({ url: `/api/ads/${sharedDraftAdId}` }),
    expect: { ...moderators(200), guest: 404, user: 200 },
  },
  "PUT /api/ads/{id}": {
    call: async () => ({ url: `/api/ads/${sharedDraftAdId}`, payload: bodies.car }),
    expect: ownerOnly(200),
  },
  "DELETE /api/ads/{id}": {
    call: async () => ({ url: `/api/ads/${await newDraftAd()}` }),
    expect: ownerOnly(204),
  },
  "GET /api/ads/{id}/price-history": {
    call: async () => ({ url: `/api/ads/${sharedDraftAdId}/price-history` }),
    expect: { ...moderators(200), guest: 404, user: 200 },
  },
  "GET /api/ads/{id}/similar": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/similar` }),
    expect: open(200),
  },
  "POST /api/ads/{id}/publish": {
    call: async () => ({ url: `/api/ads/${await newDraftAd()}/publish` }),
    expect: ownerOnly(200),
  },
  "POST /api/ads/{id}/archive": {
    call: async () => ({ url: `/api/ads/${await newActiveAd()}/archive` }),
    expect: ownerOnly(200),
  },
  "POST /api/ads/{id}/sold": {
    call: async () => ({ url: `/api/ads/${await newActiveAd()}/sold` }),
    expect: ownerOnly(200),
  },
  // Not in its last days yet: the owner hears why, anyone else that there is no such ad.
  "POST /api/ads/{id}/extend": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/extend` }),
    expect: ownerOnly(409),
  },
  "POST /api/ads/{id}/view": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/view` }),
    expect: open(200),
  },
  "PUT /api/ads/{id}/favorite": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/favorite` }),
    expect: signedIn(200),
  },
  "DELETE /api/ads/{id}/favorite": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/favorite` }),
    expect: signedIn(200),
  },
  "GET /api/favorites": { call: fixed("/api/favorites"), expect: signedIn(200) },
  "POST /api/favorites/merge": {
    call: async () => ({ url: "/api/favorites/merge", payload: { adIds: [sharedActiveAdId] } }),
    expect: signedIn(200),
  },
  "GET /api/ads/cards": {
    call: async () => ({ url: `/api/ads/cards?ids=${sharedActiveAdId}` }),
    expect: open(200),
  },
  "POST /api/ads/{id}/phones": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/phones` }),
    expect: open(200),
  },
  // Not about one's own ad: the owner is told there is no such ad to complain about.
  "POST /api/ads/{id}/complaints": {
    call: async () => ({ url: `/api/ads/${await newActiveAd()}/complaints`, payload: { reason: "fraud" } }),
    expect: { ...signedIn(201), user: 404 },
  },
  // Active already: a moderator hears the state conflict, anyone else that there is no such route.
  "POST /api/ads/{id}/approve": {
    call: async () => ({ url: `/api/ads/${sharedActiveAdId}/approve` }),
    expect: { ...moderators(409), user: 404 },
  },
  "POST /api/ads/{id}/remove": {
    call: async () => ({ url: `/api/ads/${await newActiveAd()}/remove` }),
    expect: { ...moderators(200), user: 404 },
  },
  "POST /api/ads/{id}/reject": {
    call: async () => ({
      url: `/api/ads/${await newActiveAd()}/reject`,
      payload: { reason: "prohibited", note: "" },
    }),
    expect: { ...moderators(200), user: 404 },
  },
  "POST /api/photos": {
    call: async () => {
      const { payload, contentType } = multipartBody([
        { field: "file", filename: "car.png", type: "image/png", data: image },
      ]);
      return { url: "/api/photos", payload, headers: { "content-type": contentType } };
    },
    expect: signedIn(201),
  },
  "DELETE /api/photos/{id}": {
    call: async () => ({ url: `/api/photos/${await newPhoto()}` }),
    expect: ownerOnly(204),
  },
  // Chats: "user" is the seller in a chat a spare account opened about one of their ads.
  "GET /api/chats": { call: fixed("/api/chats"), expect: signedIn(200) },
  // About the owner's ad: the owner cannot write to themselves.
  "POST /api/chats": {
    call: async () => ({ url: "/api/chats", payload: { adId: await newActiveAd() } }),
    expect: { ...signedIn(201), user: 400 },
  },
  "GET /api/chats/blocks": { call: fixed("/api/chats/blocks"), expect: signedIn(200) },
  "PUT /api/chats/blocks/{userId}": {
    call: async () => ({ url: `/api/chats/blocks/${spare.userId}` }),
    expect: signedIn(200),
  },
  "DELETE /api/chats/blocks/{userId}": {
    call: async () => ({ url: `/api/chats/blocks/${spare.userId}` }),
    expect: signedIn(200),
  },
  "GET /api/chats/{id}": {
    call: async () => ({ url: `/api/chats/${await sharedOwnerChat()}` }),
    expect: ownerOnly(200),
  },
  "DELETE /api/chats/{id}": {
    call: async () => ({ url: `/api/chats/${await sharedOwnerChat()}` }),
    expect: ownerOnly(204),
  },
  "GET /api/chats/{id}/messages": {
    call: async () => ({ url: `/api/chats/${await sharedOwnerChat()}/messages` }),
    expect: ownerOnly(200),
  },
  "POST /api/chats/{id}/messages": {
    call: async () => ({
      url: `/api/chats/${await sharedOwnerChat()}/messages`,
      payload: { text: "Hello" },
    }),
    expect: ownerOnly(201),
  },
  "POST /api/chats/{id}/read": {
    call: async () => {
      const { chatId, messageId } = await newSpareMessage();
      return { url: `/api/chats/${chatId}/read`, payload: { messageId } };
    },
    expect: ownerOnly(200),
  },
  "PUT /api/chats/{id}/mute": {
    call: async () => ({ url: `/api/chats/${await sharedOwnerChat()}/mute`, payload: { muted: true } }),
    expect: ownerOnly(200),
  },
  // A chat photo is served by token or session cookie to the chat's members; anyone else, a guest
  // included, is told it does not exist.
  "GET /api/chats/photos/{file}": {
    call: async () => ({ url: `/api/chats/photos/${await newSparePhotoFile()}` }),
    expect: { ...open(404), user: 200 },
  },
  "POST /api/chats/{id}/report": {
    call: async () => ({ url: `/api/chats/${await newOwnerChat()}/report`, payload: { reason: "spam" } }),
    expect: ownerOnly(201),
  },
  // Notifications: "user" owns the notification a call names.
  "GET /api/notifications": { call: fixed("/api/notifications"), expect: signedIn(200) },
  "GET /api/notifications/unread": { call: fixed("/api/notifications/unread"), expect: signedIn(200) },
  "POST /api/notifications/read-all": { call: fixed("/api/notifications/read-all"), expect: signedIn(200) },
  "POST /api/notifications/{id}/read": {
    call: async () => {
      const created = await harness.app.notifications.notify(owner.userId, "adApproved", {
        adId: sharedActiveAdId,
        title: "Toyota",
        link: `/car/${sharedActiveAdId}`,
      });
      return { url: `/api/notifications/${created?.id ?? 0}/read` };
    },
    expect: ownerOnly(200),
  },
  "GET /api/notifications/preferences": {
    call: fixed("/api/notifications/preferences"),
    expect: signedIn(200),
  },
  "PUT /api/notifications/preferences": {
    call: async () => ({ url: "/api/notifications/preferences", payload: { chatMessage: { push: true } } }),
    expect: signedIn(200),
  },
  "GET /api/notifications/push/key": { call: fixed("/api/notifications/push/key"), expect: open(200) },
  "POST /api/notifications/push": {
    call: async () => ({
      url: "/api/notifications/push",
      payload: {
        endpoint: `https://push.invalid/${randomInt(1e9)}`,
        keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
      },
    }),
    expect: signedIn(201),
  },
  "DELETE /api/notifications/push": {
    call: async () => ({
      url: "/api/notifications/push",
      payload: { endpoint: "https://push.invalid/none" },
    }),
    expect: signedIn(204),
  },
  // Reviews: "user" is the seller of the reviews a row names (or, to change one, their author).
  "GET /api/reviews": { call: fixed("/api/reviews?rating=5&vertical=car"), expect: open(200) },
  "GET /api/reviews/sellers/{sellerId}": {
    call: async () => ({ url: `/api/reviews/sellers/${owner.userId}` }),
    expect: open(200),
  },
  "GET /api/reviews/sellers/{sellerId}/eligibility": {
    call: async () => ({ url: `/api/reviews/sellers/${owner.userId}/eligibility` }),
    expect: open(200),
  },
  // Each signed-in caller chatted with the owner first; the owner cannot review themselves (409).
  "POST /api/reviews": {
    call: async (caller, name) => {
      if (caller && name !== "user" && name !== "blocked") await exchangeMessages(caller, owner);
      return { url: "/api/reviews", payload: { sellerId: owner.userId, stars: 4, text: reviewText } };
    },
    expect: { ...signedIn(201), user: 409 },
  },
  "PATCH /api/reviews/{id}": {
    call: async () => ({ url: `/api/reviews/${await reviewByOwner("edit")}`, payload: { stars: 4 } }),
    expect: ownerOnly(200),
  },
  "POST /api/reviews/{id}/reply": {
    call: async () => ({
      url: `/api/reviews/${await reviewOfOwner("reply")}/reply`,
      payload: { text: "Thanks" },
    }),
    expect: ownerOnly(201),
  },
  "PATCH /api/reviews/{id}/reply": {
    call: async () => {
      const id = await reviewOf("edit-reply", async () => {
        const created = await reviewOfOwner("edit-reply-review");
        const replied = await asOwner()("POST", `/api/reviews/${created}/reply`, { text: "Thanks" });
        if (replied.statusCode !== 201) throw new Error(replied.body);
        return created;
      });
      return { url: `/api/reviews/${id}/reply`, payload: { text: "Thank you!" } };
    },
    expect: ownerOnly(200),
  },
  "POST /api/reviews/{id}/report": {
    call: async () => ({
      url: `/api/reviews/${await reviewOfOwner("report")}/report`,
      payload: { reason: "fake" },
    }),
    expect: signedIn(201),
  },
  // Moderators and admins; anyone else is told there is no such route (decision 029).
  "POST /api/reviews/{id}/hide": {
    call: async () => ({
      url: `/api/reviews/${await reviewOfOwner("hide")}/hide`,
      payload: { reason: "Spam" },
    }),
    expect: moderators(200),
  },
  "POST /api/reviews/{id}/restore": {
    call: async () => ({
      url: `/api/reviews/${await reviewOfOwner("restore")}/restore`,
      payload: { reason: "Checked" },
    }),
    expect: moderators(200),
  },
  // Saved searches: each caller saves filters of its own; the id rows name one of the owner's.
  // Businesses: "user" owns one business (made again after the delete row).
  "GET /api/businesses": { call: fixed("/api/businesses?kind=dealer"), expect: open(200) },
  "GET /api/businesses/mine": { call: fixed("/api/businesses/mine"), expect: signedIn(200) },
  "GET /api/businesses/by-link/{link}": {
    call: async () => ({ url: `/api/businesses/by-link/${(await ownerBusiness()).link}` }),
    expect: open(200),
  },
  // Each caller a new account of its kind: one business per user.
  "POST /api/businesses": {
    call: async () => ({ url: "/api/businesses", payload: businessBody() }),
    expect: signedIn(201),
    isFresh: true,
  },
  "PUT /api/businesses/{id}": {
    call: async () => {
      const { id, link } = await ownerBusiness();
      return { url: `/api/businesses/${id}`, payload: { ...businessBody(), link } };
    },
    expect: ownerOnly(200),
  },
  "DELETE /api/businesses/{id}": {
    call: async () => ({ url: `/api/businesses/${(await ownerBusiness()).id}` }),
    expect: ownerOnly(204),
  },
  "POST /api/businesses/{id}/phones": {
    call: async () => ({ url: `/api/businesses/${(await ownerBusiness()).id}/phones` }),
    expect: open(200),
  },
  "PUT /api/businesses/{id}/verification": {
    call: async () => ({
      url: `/api/businesses/${(await ownerBusiness()).id}/verification`,
      payload: { isVerified: true },
    }),
    expect: moderators(200),
  },
  "GET /api/saved-searches": { call: fixed("/api/saved-searches"), expect: signedIn(200) },
  "POST /api/saved-searches": {
    call: async () => ({
      url: "/api/saved-searches",
      payload: { vertical: "car", query: uniqueSearchQuery() },
    }),
    expect: signedIn(201),
  },
  "PATCH /api/saved-searches/{id}": {
    call: async () => ({
      url: `/api/saved-searches/${await newOwnerSavedSearch()}`,
      payload: { mode: "daily" },
    }),
    expect: ownerOnly(200),
  },
  "POST /api/saved-searches/{id}/viewed": {
    call: async () => ({ url: `/api/saved-searches/${await newOwnerSavedSearch()}/viewed` }),
    expect: ownerOnly(200),
  },
  "DELETE /api/saved-searches/{id}": {
    call: async () => ({ url: `/api/saved-searches/${await newOwnerSavedSearch()}` }),
    expect: ownerOnly(204),
  },
  // Money (decision 061): each caller's own wallet and top-ups; the id rows name one of the owner's.
  "GET /api/balance": { call: fixed("/api/balance"), expect: signedIn(200) },
  "GET /api/balance/ledger": { call: fixed("/api/balance/ledger"), expect: signedIn(200) },
  "GET /api/payments": { call: fixed("/api/payments"), expect: signedIn(200) },
  "POST /api/payments": {
    call: async () => ({ url: "/api/payments", payload: { amount: 50_000, provider: "sandbox" } }),
    expect: signedIn(201),
  },
  "GET /api/payments/{id}": {
    call: async () => ({ url: `/api/payments/${await newOwnerPayment()}` }),
    expect: ownerOnly(200),
  },
  "POST /api/payments/{id}/sandbox": {
    call: async () => ({
      url: `/api/payments/${await newOwnerPayment()}/sandbox`,
      payload: { decision: "decline" },
    }),
    expect: ownerOnly(202),
  },
  // Providers' notices carry no session: an unsigned one is refused whoever sends it; Freedom Pay
  // is not configured in this app, so its address answers 404.
  "POST /api/payments/webhooks/sandbox": {
    call: async () => ({ url: "/api/payments/webhooks/sandbox", payload: { paymentId: "x" } }),
    expect: open(400),
  },
  "POST /api/payments/webhooks/freedompay/result": {
    call: async () => ({
      url: "/api/payments/webhooks/freedompay/result",
      payload: "pg_order_id=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    expect: open(404),
  },
  // Dashboard → payments: admins write, moderators read (product.md section 1).
  "POST /api/payments/adjustments": {
    call: async () => ({
      url: "/api/payments/adjustments",
      payload: { userId: owner.userId, amount: 100, reason: "Access matrix" },
    }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 201 },
  },
  // Dashboard moderation sections (decision 066): moderators and admins write; anyone else: no such route.
  "GET /api/dashboard/ads": {
    call: fixed("/api/dashboard/ads?tab=search&status=active"),
    expect: dashboardModerators(200),
  },
  "GET /api/dashboard/ads/{id}": {
    call: async () => ({ url: `/api/dashboard/ads/${sharedActiveAdId}` }),
    expect: dashboardModerators(200),
  },
  "POST /api/dashboard/ads/approve": {
    call: async () => ({ url: "/api/dashboard/ads/approve", payload: { ids: [sharedActiveAdId] } }),
    expect: dashboardModerators(200),
  },
  "GET /api/dashboard/photos": { call: fixed("/api/dashboard/photos"), expect: dashboardModerators(200) },
  "POST /api/dashboard/photos/approve": {
    call: async () => ({ url: "/api/dashboard/photos/approve", payload: { ids: [999_999] } }),
    expect: dashboardModerators(200),
  },
  "POST /api/dashboard/photos/{id}/reject": {
    call: async () => ({ url: "/api/dashboard/photos/999999/reject", payload: { reason: "quality" } }),
    expect: dashboardModerators(404),
  },
  "GET /api/dashboard/complaints": {
    call: fixed("/api/dashboard/complaints"),
    expect: dashboardModerators(200),
  },
  "POST /api/dashboard/complaints/{kind}/{objectId}/resolve": {
    call: async () => ({
      url: "/api/dashboard/complaints/ad/999999/resolve",
      payload: { outcome: "dismiss" },
    }),
    expect: dashboardModerators(404),
  },
  "GET /api/payments/users/{userId}/ledger": {
    call: async () => ({ url: `/api/payments/users/${owner.userId}/ledger` }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 200, admin: 200 },
  },
  // Dashboard → notification (decision 070): editors, moderators and admins write.
  "GET /api/dashboard/notifications/broadcasts": {
    call: fixed("/api/dashboard/notifications/broadcasts"),
    expect: catalogStaff(200),
  },
  "POST /api/dashboard/notifications/preview": {
    call: async () => ({ url: "/api/dashboard/notifications/preview", payload: accessBroadcast }),
    expect: catalogStaff(200),
  },
  "POST /api/dashboard/notifications/broadcasts": {
    call: async () => ({ url: "/api/dashboard/notifications/broadcasts", payload: accessBroadcast }),
    expect: catalogStaff(202),
  },
  // Dashboard → advertising (decision 071): editors, moderators and admins write.
  "GET /api/dashboard/banners": { call: fixed("/api/dashboard/banners"), expect: catalogStaff(200) },
  "POST /api/dashboard/banners/images": {
    call: async () => {
      const { payload, contentType } = multipartBody([
        { field: "file", filename: "banner.png", type: "image/png", data: image },
      ]);
      return {
        url: "/api/dashboard/banners/images?slot=ad-page",
        payload,
        headers: { "content-type": contentType },
      };
    },
    expect: catalogStaff(201),
  },
  "POST /api/dashboard/banners": {
    call: async () => ({ url: "/api/dashboard/banners", payload: (await newBanner()).body }),
    expect: catalogStaff(201),
  },
  "PUT /api/dashboard/banners/{id}": {
    call: async () => {
      const { id, body } = await newBanner();
      return { url: `/api/dashboard/banners/${id}`, payload: { ...body, weight: 2 } };
    },
    expect: catalogStaff(200),
  },
  "DELETE /api/dashboard/banners/{id}": {
    call: async () => ({ url: `/api/dashboard/banners/${(await newBanner()).id}` }),
    expect: catalogStaff(204),
  },
  // The site's banner slots: public.
  "GET /api/banners": { call: fixed("/api/banners?slot=home-top&locale=ru"), expect: open(200) },
  "POST /api/banners/events": {
    call: async () => ({ url: "/api/banners/events", payload: { impressions: [999_999] } }),
    expect: open(204),
  },
  "GET /api/banners/{id}/click": { call: fixed("/api/banners/999999/click"), expect: open(302) },
  // The dashboard's own endpoints (decision 065): each by its section of product.md's matrix.
  "GET /api/dashboard/overview": {
    call: async () => ({ url: "/api/dashboard/overview" }),
    expect: catalogStaff(200),
  },
  "GET /api/dashboard/history": {
    call: async () => ({ url: "/api/dashboard/history" }),
    expect: catalogStaff(200),
  },
  "GET /api/dashboard/users": {
    call: async () => ({ url: "/api/dashboard/users?q=matrix" }),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  "GET /api/dashboard/users/{id}": {
    call: async () => ({ url: `/api/dashboard/users/${owner.userId}` }),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  // A new account for each caller: blocking the owner would end the other rows.
  "POST /api/dashboard/users/{id}/block": {
    call: async () => ({
      url: `/api/dashboard/users/${(await signUpUser(harness)).userId}/block`,
      payload: { reason: "Access matrix" },
    }),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  "POST /api/dashboard/users/{id}/unblock": {
    call: async () => ({
      url: `/api/dashboard/users/${(await signUpUser(harness)).userId}/unblock`,
      payload: { reason: "Access matrix" },
    }),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  "PUT /api/dashboard/users/{id}/roles": {
    call: async () => ({
      url: `/api/dashboard/users/${(await signUpUser(harness)).userId}/roles`,
      payload: { roles: ["editor"] },
    }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 200 },
  },
  // Site content (decision 072): the contact form is anyone's; the content section is all staff's.
  "POST /api/contact": {
    call: async () => ({
      url: "/api/contact",
      payload: { name: "Matrix", contact: nextEmail(), message: "A message from the access matrix." },
    }),
    expect: open(200),
  },
  "GET /api/dashboard/content": {
    call: async () => ({ url: "/api/dashboard/content" }),
    expect: catalogStaff(200),
  },
  "PUT /api/dashboard/content/pages/{page}": {
    call: async () => ({
      url: "/api/dashboard/content/pages/contact",
      payload: { ru: "Пишите нам.", ky: "Бизге жазыңыз.", en: "Write to us." },
    }),
    expect: catalogStaff(200),
  },
  "PUT /api/dashboard/content/faq": {
    call: async () => {
      const text = { ru: "Вопрос?", ky: "Суроо?", en: "Question?" };
      return {
        url: "/api/dashboard/content/faq",
        payload: { topics: [{ title: text, questions: [{ question: text, answer: text }] }] },
      };
    },
    expect: catalogStaff(200),
  },
  "GET /api/dashboard/content/messages": {
    call: async () => ({ url: "/api/dashboard/content/messages?status=new" }),
    expect: catalogStaff(200),
  },
  "POST /api/dashboard/content/messages/{id}/handled": {
    call: async () => {
      const [message] = await harness.database.db
        .insert(contactMessages)
        .values({
          name: "Matrix",
          contact: "matrix@mail.kg",
          message: "Matrix message",
          topic: "general",
          locale: "en",
        })
        .returning({ id: contactMessages.id });
      return { url: `/api/dashboard/content/messages/${message?.id}/handled` };
    },
    expect: catalogStaff(200),
  },
  // Codes log, code access and regions (decision 067). No persona is granted the codes log.
  "GET /api/dashboard/codes": {
    call: async () => ({ url: "/api/dashboard/codes" }),
    expect: { ...catalogStaff(404), moderator: 404, admin: 200 },
  },
  "GET /api/dashboard/code-access": {
    call: async () => ({ url: "/api/dashboard/code-access" }),
    expect: { ...catalogStaff(404), moderator: 404, admin: 200 },
  },
  "PUT /api/dashboard/code-access/{id}": {
    call: async () => ({
      url: `/api/dashboard/code-access/${((await signUpPersona(harness, "moderator")) as Account).userId}`,
      payload: { granted: true },
    }),
    expect: { ...catalogStaff(404), moderator: 404, admin: 200 },
  },
  "GET /api/dashboard/regions": { call: fixed("/api/dashboard/regions"), expect: catalogStaff(200) },
  "GET /api/dashboard/stats": { call: fixed("/api/dashboard/stats"), expect: catalogStaff(200) },
  "GET /api/dashboard/stats.csv": { call: fixed("/api/dashboard/stats.csv"), expect: catalogStaff(200) },
  "PUT /api/dashboard/regions/{id}": {
    call: async () => ({
      url: "/api/dashboard/regions/999999",
      payload: { name: { ky: "А", ru: "А", en: "A" }, position: 0, hidden: false },
    }),
    expect: catalogStaff(404),
  },
  "PUT /api/dashboard/towns/{id}": {
    call: async () => ({
      url: "/api/dashboard/towns/999999",
      payload: { name: { ky: "А", ru: "А", en: "A" }, position: 0, hidden: false },
    }),
    expect: catalogStaff(404),
  },
  "POST /api/dashboard/regions/{id}/towns": {
    call: async () => ({
      url: `/api/dashboard/regions/${places.regionId}/towns`,
      payload: {
        slug: `matrix-${randomInt(1_000_000_000)}`,
        kind: "village",
        name: { ky: "А", ru: "А", en: "A" },
      },
    }),
    expect: catalogStaff(200),
  },
  // Site settings (decision 069): admins only.
  "GET /api/dashboard/settings": {
    call: async () => ({ url: "/api/dashboard/settings" }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 200 },
  },
  "PUT /api/dashboard/settings/{key}": {
    call: async () => ({ url: "/api/dashboard/settings/adLifetimeDays", payload: { value: 30 } }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 200 },
  },
  // Dashboard → payments and subscribes (decision 068): admins write, moderators read.
  "GET /api/dashboard/payments": {
    call: fixed("/api/dashboard/payments?kind=adjustment"),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  "POST /api/dashboard/payments/adjustments": {
    call: async () => ({
      url: "/api/dashboard/payments/adjustments",
      payload: { userId: owner.userId, amount: 100, reason: "Access matrix" },
    }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 201 },
  },
  "POST /api/dashboard/payments/{entryId}/refund": {
    call: async () => ({
      url: `/api/dashboard/payments/${await newOwnerPurchaseEntry()}/refund`,
      payload: { amount: 1, reason: "Access matrix" },
    }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 201 },
  },
  "GET /api/dashboard/subscribes/plans": {
    call: fixed("/api/dashboard/subscribes/plans"),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  // The plan's own values written back: the plan rows above buy it at its price.
  "PUT /api/dashboard/subscribes/plans/{code}": {
    call: async () => {
      const [plan] = await harness.database.db.select().from(plans).orderBy(asc(plans.id)).limit(1);
      if (!plan) throw new Error("no plan");
      const { names, price, adLimits, raiseCredits, isActive } = plan;
      return {
        url: `/api/dashboard/subscribes/plans/${plan.code}`,
        payload: { names, price, adLimits, raiseCredits, isActive },
      };
    },
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 200 },
  },
  "GET /api/dashboard/subscribes": {
    call: fixed("/api/dashboard/subscribes"),
    expect: { ...catalogStaff(404), moderator: 200, admin: 200 },
  },
  "POST /api/dashboard/subscribes/{id}/cancel": {
    call: fixed("/api/dashboard/subscribes/999999/cancel"),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 404 },
  },
  // Paid services (decision 063): the owner's ad only — anyone else, a guest too, is told it does
  // not exist; prices are the admins'.
  "GET /api/services/{type}/{id}": {
    call: async () => ({ url: `/api/services/car/${sharedActiveAdId}` }),
    expect: { ...ownerOnly(200), guest: 404 },
  },
  "POST /api/services/{type}/{id}": {
    call: async () => ({
      url: `/api/services/car/${await newOwnerAdWithRaiseMoney()}`,
      payload: { service: "raise" },
    }),
    expect: ownerOnly(201),
  },
  "GET /api/services/prices": {
    call: fixed("/api/services/prices"),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 200 },
  },
  "PUT /api/services/prices": {
    call: async () => ({
      url: "/api/services/prices",
      payload: { items: [{ vertical: "uslugi", service: "autoRaise", days: null, price: 2_500 }] },
    }),
    expect: { ...catalogStaff(404), editor: 404, moderator: 404, admin: 200 },
  },
  // Plans (decision 064): the list is public; each caller's own subscription (none, and no balance:
  // a purchase is refused for the money, cancel and resume find nothing); staff read the list.
  "GET /api/plans": { call: fixed("/api/plans"), expect: open(200) },
  "GET /api/subscriptions/me": { call: fixed("/api/subscriptions/me"), expect: signedIn(200) },
  "POST /api/subscriptions": {
    call: async () => ({ url: "/api/subscriptions", payload: { plan: "start" } }),
    expect: signedIn(409),
  },
  "POST /api/subscriptions/me/cancel": { call: fixed("/api/subscriptions/me/cancel"), expect: signedIn(404) },
  "POST /api/subscriptions/me/resume": { call: fixed("/api/subscriptions/me/resume"), expect: signedIn(404) },
  "GET /api/subscriptions": {
    call: fixed("/api/subscriptions?status=active"),
    expect: { ...catalogStaff(404), editor: 404, moderator: 200, admin: 200 },
  },
};

beforeAll(async () => {
  harness = await createTestApp();
  await setSetting(harness, "moderationMode", "post");
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  const entries = await Promise.all(
    personaNames.map(async (name) => [name, (await signUpPersona(harness, name)) as Account | null] as const),
  );
  personas = Object.fromEntries(entries) as Record<PersonaName, Account | null>;
  owner = personas.user as Account;
  spare = await signUpUser(harness);
  // Older than a day: the spare account opens more chats than a new account may in an hour.
  await harness.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(users.id, spare.userId));
  bodies = await validBodies(harness);
  car = await pickCatalog(harness, "car", "toyota");
  places = await pickPlaces(harness);
  const db = harness.database.db;
  const [entry] = await db
    .select({
      markSlug: catalogMarks.slug,
      modelSlug: catalogModels.slug,
      generationSlug: catalogGenerations.slug,
      complectationSlug: catalogComplectations.slug,
    })
    .from(catalogComplectations)
    .innerJoin(catalogGenerations, eq(catalogGenerations.id, catalogComplectations.generationId))
    .innerJoin(catalogModels, eq(catalogModels.id, catalogGenerations.modelId))
    .innerJoin(catalogMarks, eq(catalogMarks.id, catalogModels.markId))
    .where(eq(catalogMarks.kind, "car"))
    .orderBy(asc(catalogComplectations.id))
    .limit(1);
  if (!entry) throw new Error("no car complectation in the catalogue");
  catalog = entry;
  image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c05028" } })
    .png()
    .toBuffer();
  const me = await asOwner()("GET", "/api/user/me");
  mainPhoneId = me.json<{ phones: { id: number }[] }>().phones[0]?.id ?? 0;
  secondPhoneId = await addOwnerPhone();
  sharedActiveAdId = await newActiveAd();
  sharedDraftAdId = await newDraftAd();
}, 180_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await harness?.close();
});

function openApiKeys(): string[] {
  const document = harness.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** The owner acts last, so the others try the resource before its owner changes it. */
const callOrder: PersonaName[] = ["guest", "other", "editor", "moderator", "admin", "blocked", "user"];

describe("access matrix: every endpoint × guest, user, other user, editor, moderator, admin, blocked", () => {
  it("has one row for each endpoint of the OpenAPI document, and none for an endpoint it lacks", () => {
    expect(Object.keys(matrix).sort()).toEqual(openApiKeys().sort());
  });

  for (const [key, row] of Object.entries(matrix)) {
    it(`${key} answers each caller with the status of its row`, async () => {
      const method = key.split(" ")[0] as InjectOptions["method"];
      const answered = {} as Statuses;
      for (const name of callOrder) {
        const caller =
          row.isFresh && name !== "guest"
            ? ((await signUpPersona(harness, name)) as Account)
            : personas[name];
        const call = await row.call(caller, name);
        const response = await harness.app.inject({
          method,
          url: call.url,
          remoteAddress: nextIp(),
          headers: { ...authHeaders(caller), ...call.headers },
          cookies: call.cookies ?? {},
          ...(call.payload === undefined ? {} : { payload: call.payload as InjectOptions["payload"] }),
        });
        answered[name] = response.statusCode;
      }
      expect(answered).toEqual(row.expect);
    });
  }
});
