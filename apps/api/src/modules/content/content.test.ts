import type { ContactMessagesPage, Faq, SiteContent } from "@unaa/contracts";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, contactMessages } from "../../db/schema/index.ts";
import { authHeaders, signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { nextEmail, nextIp, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let editor: TestClient;
let moderator: TestClient;
let user: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  editor = (await signUpPersona(harness, "editor")) as TestClient;
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  user = (await signUpPersona(harness, "user")) as TestClient;
});
afterAll(async () => {
  await harness.close();
});

const call = (
  client: TestClient | null,
  method: "GET" | "PUT" | "POST",
  url: string,
  payload?: unknown,
  ip = client?.ip ?? nextIp(),
) =>
  harness.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { ...authHeaders(client), "x-lang": "en" },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function lastAudit(objectId: string) {
  const [entry] = await harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.objectType, "content"), eq(auditEntries.objectId, objectId)))
    .orderBy(desc(auditEntries.id))
    .limit(1);
  return entry;
}

describe("[S2.8] site content", () => {
  it("shows built-in texts in every language until staff save their own", async () => {
    const { contentService } = harness.app.services;
    expect(await contentService.pageText("about", "ky")).toContain("Unaa");
    expect(await contentService.pageText("advert", "en")).toContain("home-top");
    expect((await contentService.faq("ru")).length).toBeGreaterThanOrEqual(3);
    const all = (await call(editor, "GET", "/api/dashboard/content")).json<SiteContent>();
    expect(Object.keys(all.pages).sort()).toEqual([
      "about",
      "advert",
      "agreement-policy",
      "contact",
      "mobile-app",
    ]);
    expect(all.faq.topics.flatMap((topic) => topic.questions).length).toBeGreaterThanOrEqual(9);
  });

  it("an editor saves a page per language; the audit keeps the changed language only", async () => {
    const all = (await call(editor, "GET", "/api/dashboard/content")).json<SiteContent>();
    const body = { ...all.pages.about, ky: "## Биз жөнүндө\nЖаңы текст [байланыш](/contact)." };
    const saved = await call(editor, "PUT", "/api/dashboard/content/pages/about", body);
    expect(saved.statusCode, saved.body).toBe(200);
    const { contentService } = harness.app.services;
    expect(await contentService.pageText("about", "ky")).toBe(body.ky);
    expect(await contentService.pageText("about", "ru")).toBe(all.pages.about.ru);

    const entry = await lastAudit("about");
    expect(entry?.action).toBe("content.edit");
    expect(entry?.staffId).toBe(editor.userId);
    expect(entry?.before).toEqual({ ky: all.pages.about.ky });
    expect(entry?.after).toEqual({ ky: body.ky });
  });

  it("refuses an unsafe link, a missing language or an oversized text with field errors", async () => {
    const all = (await call(editor, "GET", "/api/dashboard/content")).json<SiteContent>();
    const cases: [unknown, string][] = [
      [{ ...all.pages.contact, en: "Click [here](javascript:alert(1))" }, "en"],
      [{ ru: "Текст", ky: "Текст" }, "en"],
      [{ ...all.pages.contact, ru: "x".repeat(20_001) }, "ru"],
    ];
    for (const [payload, field] of cases) {
      const response = await call(editor, "PUT", "/api/dashboard/content/pages/contact", payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(field);
    }
    expect(
      (await call(editor, "PUT", "/api/dashboard/content/pages/nope", all.pages.contact)).statusCode,
    ).toBe(400);
    expect(await harness.app.services.contentService.pageText("contact", "en")).toBe(all.pages.contact.en);
  });

  it("an editor saves the FAQ (audited); an empty answer is a field error", async () => {
    const { faq } = (await call(editor, "GET", "/api/dashboard/content")).json<SiteContent>();
    const changed: Faq = structuredClone(faq);
    const first = changed.topics[0]?.questions[0];
    if (!first) throw new Error("no built-in question");
    first.answer = { ru: "Новый ответ", ky: "Жаңы жооп", en: "A new answer" };
    const saved = await call(editor, "PUT", "/api/dashboard/content/faq", changed);
    expect(saved.statusCode, saved.body).toBe(200);
    const [topic] = await harness.app.services.contentService.faq("ky");
    expect(topic?.questions[0]?.answer).toBe("Жаңы жооп");
    expect((await lastAudit("faq"))?.action).toBe("content.edit");

    first.answer.en = " ";
    const refused = await call(editor, "PUT", "/api/dashboard/content/faq", changed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe("topics.0.questions.0.answer.en");
  });

  it("is the content section's: a user gets 404, a guest 401", async () => {
    expect((await call(user, "GET", "/api/dashboard/content")).statusCode).toBe(404);
    expect((await call(user, "PUT", "/api/dashboard/content/faq", { topics: [] })).statusCode).toBe(404);
    expect((await call(null, "GET", "/api/dashboard/content")).statusCode).toBe(401);
  });
});

describe("[S2.8] contact form", () => {
  const message = (contact = nextEmail()) => ({
    name: "Aibek",
    contact,
    message: "I would like to advertise on the home page.",
    topic: "home-top",
  });

  it("saves a guest's message for staff, who mark it handled (audited)", async () => {
    const sent = message();
    const response = await call(null, "POST", "/api/contact", sent);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true });

    const page = (
      await call(moderator, "GET", "/api/dashboard/content/messages?status=new")
    ).json<ContactMessagesPage>();
    const item = page.items.find((entry) => entry.contact === sent.contact);
    expect(item).toMatchObject({ name: "Aibek", topic: "home-top", status: "new", userId: null });

    const handled = await call(moderator, "POST", `/api/dashboard/content/messages/${item?.id}/handled`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().status).toBe("handled");
    const [entry] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.objectType, "contact-message"), eq(auditEntries.objectId, String(item?.id))),
      );
    expect(entry).toMatchObject({ action: "contact.handle", staffId: moderator.userId });
    const news = (
      await call(moderator, "GET", "/api/dashboard/content/messages?status=new")
    ).json<ContactMessagesPage>();
    expect(news.items.some((entry) => entry.id === item?.id)).toBe(false);
    expect((await call(moderator, "POST", "/api/dashboard/content/messages/999999/handled")).statusCode).toBe(
      404,
    );
  });

  it("keeps a signed-in sender's account", async () => {
    const sent = message();
    expect((await call(user, "POST", "/api/contact", sent)).statusCode).toBe(200);
    const [row] = await harness.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contact, sent.contact));
    expect(row?.userId).toBe(user.userId);
  });

  it("refuses a short message and a contact that is neither email nor phone, by field", async () => {
    const response = await call(null, "POST", "/api/contact", {
      ...message("not a contact"),
      message: "short",
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(["contact", "message"]));
  });

  it("answers a filled honeypot as sent and keeps nothing", async () => {
    const sent = { ...message(), website: "http://spam.example" };
    expect((await call(null, "POST", "/api/contact", sent)).statusCode).toBe(200);
    const rows = await harness.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.contact, sent.contact));
    expect(rows).toEqual([]);
  });

  it("limits messages per IP and per contact: 429 RATE_LIMITED with Retry-After", async () => {
    const ip = nextIp();
    for (let index = 0; index < 5; index += 1) {
      expect((await call(null, "POST", "/api/contact", message(), ip)).statusCode).toBe(200);
    }
    const refused = await call(null, "POST", "/api/contact", message(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);

    const contact = nextEmail();
    for (let index = 0; index < 3; index += 1) {
      expect((await call(null, "POST", "/api/contact", message(contact), nextIp())).statusCode).toBe(200);
    }
    expect(
      (await call(null, "POST", "/api/contact", message(contact.toUpperCase()), nextIp())).statusCode,
    ).toBe(429);
  });
});
