/**
 * Seeding ads for browser tests over the real HTTP API: users signed up by phone (the code read
 * from the outbox log), photos drawn with sharp and uploaded, ads created and published. Not a
 * test file itself.
 */
import { randomInt } from "node:crypto";
import sharp from "sharp";
import { DEMO_PASSWORD, demoUsers } from "../../api/src/db/seed/users.seed.ts";
import type { ServerLog } from "./test-server.ts";

export interface SessionCookie {
  name: string;
  value: string;
  path: string;
}

export interface SeededUser {
  accessToken: string;
  /** The session cookies of the sign-up answer (the page viewer and the refresh token), for a browser. */
  cookies: SessionCookie[];
  userId: number;
  username: string;
  phone: string;
  password: string;
}

export interface SeedApi {
  baseUrl: string;
  /** The newest code the server's outbox logged for this destination and purpose. */
  readCode(to: string, purpose: string): Promise<string>;
}

const DEVICE = { type: "desktop", label: "Linux Web Desktop" } as const;

/** The newest code the outbox sender logged (`{ outbox: { to, purpose, code } }`), waiting up to 10 s. */
export async function codeFromLog(server: ServerLog, to: string, purpose: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = server.logs
      .flatMap((line) => {
        try {
          const outbox = (JSON.parse(line) as { outbox?: { to: string; purpose: string; code: string } })
            .outbox;
          return outbox?.to === to && outbox.purpose === purpose ? [outbox.code] : [];
        } catch {
          return [];
        }
      })
      .at(-1);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${purpose} code for ${to} in the log`);
}

async function call<T>(
  api: SeedApi,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  ip?: string,
): Promise<{ status: number; data: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  // The test server trusts the proxy header: each seeded user gets its own address, so the
  // per-address code limits (one a minute) do not make seeding wait.
  if (ip) headers["X-Forwarded-For"] = ip;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(`${api.baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  const data = (text ? JSON.parse(text) : undefined) as T;
  return { status: response.status, data, headers: response.headers };
}

/** Calls the API and insists on a 2xx answer. */
export async function apiCall<T>(
  api: SeedApi,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const answer = await call<T>(api, method, path, body, token);
  if (answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.data)}`);
  }
  return answer.data;
}

/** A fresh phone number per call, unlikely to collide across runs. */
export function nextPhoneDigits(): string {
  return `77${String(randomInt(10_000_000)).padStart(7, "0")}`;
}

/** Signs a user up by phone (so the phone is confirmed: ads go live at once); needs TRUST_PROXY. */
export async function signUpByPhone(api: SeedApi, username: string): Promise<SeededUser> {
  const digits = nextPhoneDigits();
  const phone = `+996${digits}`;
  const password = "Talas-Naryn 2026!";
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const request = await call(
    api,
    "POST",
    "/api/auth/sign-request",
    { purpose: "sign-up", login: phone },
    undefined,
    ip,
  );
  if (request.status !== 200) throw new Error(`sign-request failed: ${JSON.stringify(request.data)}`);
  const code = await api.readCode(phone, "sign-up");
  const body = { login: phone, code, username, password, device: DEVICE, source: "e2e seed" };
  const answer = await call<{ accessToken: string; user: { id: number } }>(
    api,
    "POST",
    "/api/auth/sign-up",
    body,
    undefined,
    ip,
  );
  if (answer.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(answer.data)}`);
  return {
    accessToken: answer.data.accessToken,
    cookies: sessionCookies(answer.headers),
    userId: answer.data.user.id,
    username,
    phone,
    password,
  };
}

/** The session cookies a sign-up or sign-in answer sets. */
function sessionCookies(headers: Headers): SessionCookie[] {
  return headers.getSetCookie().map((line) => {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? "/";
    const separator = pair.indexOf("=");
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1), path };
  });
}

/**
 * A staff member with a new session: every e2e server's database holds the demo staff accounts
 * (`global-setup.ts`). Tests act with them but never change them (roles, blocks): they give roles
 * to users of their own.
 */
export async function signInStaff(api: SeedApi, role: "admin" | "moderator" | "editor"): Promise<SeededUser> {
  const demo = demoUsers.find((user) => user.roles.length === 1 && user.roles[0] === role);
  if (!demo) throw new Error(`no demo account is ${role}`);
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const body = { login: demo.phone, password: DEMO_PASSWORD, device: DEVICE, source: "e2e seed" };
  const answer = await call<{ accessToken: string; user: { id: number } }>(
    api,
    "POST",
    "/api/auth/sign-in",
    body,
    undefined,
    ip,
  );
  if (answer.status !== 200) throw new Error(`staff sign-in failed: ${JSON.stringify(answer.data)}`);
  return {
    accessToken: answer.data.accessToken,
    cookies: sessionCookies(answer.headers),
    userId: answer.data.user.id,
    username: demo.username,
    phone: demo.phone,
    password: DEMO_PASSWORD,
  };
}

/**
 * Another session of a seeded user (signed in with the password): browsers that share one
 * session would rotate its refresh token under each other.
 */
export async function signInAgain(api: SeedApi, user: SeededUser): Promise<SessionCookie[]> {
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const body = { login: user.phone, password: user.password, device: DEVICE, source: "e2e seed" };
  const answer = await call(api, "POST", "/api/auth/sign-in", body, undefined, ip);
  if (answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer.data)}`);
  return sessionCookies(answer.headers);
}

/** A 1600×1200 picture: a gradient with a big label, so each photo is told apart at a glance. */
export async function drawPhoto(label: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,30%)"/>
    </linearGradient></defs>
    <rect width="1600" height="1200" fill="url(#g)"/>
    <circle cx="1250" cy="300" r="180" fill="rgba(255,255,255,0.18)"/>
    <text x="800" y="680" font-size="220" font-family="sans-serif" font-weight="700" fill="white" text-anchor="middle">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function uploadPhoto(
  api: SeedApi,
  token: string,
  image: Buffer,
  purpose: "ad" | "chat" = "ad",
): Promise<{ id: number }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "photo.jpg");
  return apiCall(api, "POST", purpose === "chat" ? "/api/photos?for=chat" : "/api/photos", form, token);
}

export interface CarPick {
  markId: number;
  modelId: number;
  generationId: number;
  regionId: number;
  townId: number;
}

/** Toyota Camry XV70 and the first region with a town, from the public API. */
export async function pickCamry(api: SeedApi): Promise<CarPick> {
  const generations = await apiCall<{
    mark: { id: number };
    model: { id: number };
    items: { id: number; slug: string }[];
  }>(api, "GET", "/api/catalog/marks/toyota/models/camry/generations?kind=car");
  const config = await apiCall<{ regions: { id: number; towns: { id: number }[] }[] }>(
    api,
    "GET",
    "/api/configs",
  );
  const region = config.regions.find((item) => item.towns.length > 0);
  const generation = generations.items.find((item) => item.slug === "xv70") ?? generations.items.at(-1);
  if (!region?.towns[0] || !generation) throw new Error("no region or generation to seed with");
  return {
    markId: generations.mark.id,
    modelId: generations.model.id,
    generationId: generation.id,
    regionId: region.id,
    townId: region.towns[0].id,
  };
}

export function carAdBody(pick: CarPick, photoIds: number[], change: Record<string, unknown> = {}) {
  return {
    vertical: "car",
    description:
      "Один хозяин, обслуживалась у официального дилера.\nНе бита, не крашена.\nЗимняя резина в подарок — https://example.com не ссылка.",
    price: 1_850_000,
    currency: "KGS",
    negotiable: true,
    regionId: pick.regionId,
    townId: pick.townId,
    photoIds,
    fields: {
      mark: pick.markId,
      model: pick.modelId,
      generation: pick.generationId,
      year: 2019,
      body: "sedan",
      fuel: "petrol",
      engineVolume: 2.5,
      powerHp: 181,
      gearbox: "automatic",
      drive: "front",
      steering: "left",
      color: "white",
      mileage: 64_000,
      mileageUnit: "km",
      condition: "perfect",
      customs: "cleared",
      registration: "kg",
      availability: "in-stock",
      exchange: "consider",
      vin: "JTNB11HK103456789",
      equipment: [
        "abs",
        "airbags-front",
        "climate-control",
        "heated-seats",
        "navigation",
        "rear-camera",
        "alloy-wheels",
      ],
    },
    ...change,
  };
}

/** The first commercial mark and its first model, from the public API. */
export async function pickTruck(api: SeedApi): Promise<{ markId: number; modelId: number }> {
  const marks = await apiCall<{ items: { slug: string; id: number }[] }>(
    api,
    "GET",
    "/api/catalog/marks?kind=commercial",
  );
  const mark = marks.items[0];
  if (!mark) throw new Error("no commercial mark to seed with");
  const models = await apiCall<{ items: { id: number }[] }>(
    api,
    "GET",
    `/api/catalog/marks/${mark.slug}/models?kind=commercial`,
  );
  const model = models.items[0];
  if (!model) throw new Error("no commercial model to seed with");
  return { markId: mark.id, modelId: model.id };
}

export function commercialAdBody(
  place: Pick<CarPick, "regionId" | "townId">,
  truck: { markId: number; modelId: number },
  photoIds: number[],
  change: Record<string, unknown> = {},
) {
  return {
    vertical: "commercial",
    price: 42_000,
    currency: "USD",
    regionId: place.regionId,
    townId: place.townId,
    photoIds,
    fields: {
      category: "truck",
      mark: truck.markId,
      model: truck.modelId,
      year: 2015,
      fuel: "diesel",
      gearbox: "manual",
      wheelFormula: "6x4",
      steering: "left",
      payloadKg: 20_000,
      condition: "good",
      customs: "cleared",
      availability: "in-stock",
    },
    ...change,
  };
}

export function motoAdBody(
  place: Pick<CarPick, "regionId" | "townId">,
  photoIds: number[],
  change: Record<string, unknown> = {},
) {
  return {
    vertical: "moto",
    price: 350_000,
    currency: "KGS",
    regionId: place.regionId,
    townId: place.townId,
    photoIds,
    fields: {
      category: "motorcycle",
      markText: "Урал",
      modelText: "М-72",
      year: 1975,
      motoType: "classic",
      engineCc: 750,
      engineType: "petrol",
      mileage: 30_000,
      condition: "needs-repair",
      customs: "not-cleared",
    },
    ...change,
  };
}

export function servicesAdBody(pick: CarPick, photoIds: number[], change: Record<string, unknown> = {}) {
  return {
    vertical: "uslugi",
    title: "Эвакуатор по Бишкеку и области круглосуточно",
    description: "Приедем за 30 минут.\nЛегковые, внедорожники, мотоциклы.\nРаботаем без выходных.",
    price: 1500,
    currency: "KGS",
    negotiable: false,
    regionId: pick.regionId,
    townId: pick.townId,
    photoIds,
    videoUrl: "https://youtu.be/dQw4w9WgXcQ",
    fields: {
      category: "tow-truck",
      priceUnit: "per-job",
      address: "ул. Ахунбаева, 119",
      workingHours: "Круглосуточно, без выходных",
      latitude: 42.8412,
      longitude: 74.6018,
    },
    ...change,
  };
}

export interface AdRef {
  id: number;
  vertical: string;
  status: string;
}

/** Creates an ad as a draft and publishes it. */
export async function publishAd(api: SeedApi, token: string, body: Record<string, unknown>): Promise<AdRef> {
  const draft = await apiCall<AdRef>(api, "POST", "/api/ads", body, token);
  return apiCall<AdRef>(api, "POST", `/api/ads/${draft.id}/publish`, undefined, token);
}
