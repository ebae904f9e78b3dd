import type { Locale, Notification } from "@unaa/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { getI18n, loadMessages } from "../../lib/i18n.ts";
import { notificationLink, notificationText } from "./notification-text.ts";

const now = new Date("2026-11-26T09:00:00Z");
const timeZone = "Asia/Bishkek";
const base = { id: 1, isRead: false, createdAt: "2026-11-26T08:00:00Z" };

const samples: Notification[] = [
  { ...base, kind: "adApproved", payload: { adId: 7, title: "Toyota Camry 2015", link: "/car/7" } },
  {
    ...base,
    kind: "adRejected",
    payload: { adId: 7, title: "Toyota Camry 2015", reason: "bad-photos", note: "", link: "/car/7" },
  },
  {
    ...base,
    kind: "adExpiring",
    payload: { adId: 7, title: "Toyota Camry 2015", expiresAt: "2026-11-29T10:00:00Z", link: "/car/7" },
  },
  {
    ...base,
    kind: "chatMessage",
    payload: {
      chatId: 3,
      senderName: "aibek",
      preview: "Is it still for sale?",
      link: "/settings/chats?chat=3",
    },
  },
  {
    ...base,
    kind: "savedSearchMatch",
    payload: { searchId: 2, searchName: "Camry under 15000", count: 5, link: "/car?make=toyota" },
  },
  {
    ...base,
    kind: "favoritePriceDrop",
    payload: {
      adId: 9,
      title: "Honda Fit",
      oldPrice: 600000,
      price: 550000,
      currency: "KGS",
      link: "/car/9",
    },
  },
  { ...base, kind: "reviewNew", payload: { reviewId: 4, authorName: "aibek", stars: 4, link: "/profile/5" } },
  { ...base, kind: "reviewReply", payload: { reviewId: 4, sellerName: "", link: "/profile/5" } },
  {
    ...base,
    kind: "staffBroadcast",
    payload: { title: "Maintenance", text: "Tonight 02:00–03:00", link: null },
  },
  {
    ...base,
    kind: "moderationNotice",
    payload: {
      topic: "adRemoved",
      subject: "ad",
      title: "Toyota Camry 2015",
      outcome: null,
      reason: "fraud",
      note: "Fake VIN",
      link: null,
    },
  },
  {
    ...base,
    kind: "planRenewalSoon",
    payload: {
      planNames: { ky: "Старт", ru: "Старт", en: "Start" },
      price: 30_000,
      paidUntil: "2026-11-29T10:00:00Z",
      balance: 12_050,
      link: "/settings/subscribe",
    },
  },
  {
    ...base,
    kind: "moderationNotice",
    payload: {
      topic: "complaintResolved",
      subject: "chat",
      title: "",
      outcome: "block",
      reason: null,
      note: "",
      link: null,
    },
  },
  {
    ...base,
    kind: "planRenewed",
    payload: {
      planNames: { ky: "Про", ru: "Про", en: "Pro" },
      price: 90_000,
      paidUntil: "2026-12-26T10:00:00Z",
      balance: 0,
      link: "/settings/subscribe",
    },
  },
  {
    ...base,
    kind: "planRenewalFailed",
    payload: {
      planNames: { ky: "Бизнес", ru: "Бизнес", en: "Business" },
      price: 250_000,
      balance: 1_000,
      link: "/settings/subscribe",
    },
  },
];

const locales: Locale[] = ["ky", "ru", "en"];

describe("notification texts", () => {
  beforeAll(async () => {
    await Promise.all(locales.map((locale) => loadMessages(locale)));
  });

  for (const locale of locales) {
    it(`writes a title and a text for every kind from its payload in ${locale}`, () => {
      const { t } = getI18n(locale);
      for (const notification of samples) {
        const { title, text } = notificationText(t, notification, { locale, now, timeZone });
        const where = `${notification.kind} in ${locale}`;
        // A missing key comes back as the key itself.
        expect(title, where).not.toMatch(/notifications\.|adPage\.|currency\./);
        expect(text, where).not.toMatch(/notifications\.|adPage\.|currency\./);
        expect(title.length, where).toBeGreaterThan(3);
        expect(text.length, where).toBeGreaterThan(3);
        expect(text, where).not.toContain("{{");
        if ("title" in notification.payload && notification.kind !== "staffBroadcast") {
          expect(text, where).toContain(notification.payload.title);
        }
      }
    });
  }

  it("names the rejection reason in the reader's language and adds the moderator's note", () => {
    const rejected = samples[1] as Extract<Notification, { kind: "adRejected" }>;
    const context = { now, timeZone };
    expect(notificationText(getI18n("en").t, rejected, { ...context, locale: "en" }).text).toBe(
      "“Toyota Camry 2015”: unsuitable photos.",
    );
    expect(notificationText(getI18n("ru").t, rejected, { ...context, locale: "ru" }).text).toBe(
      "«Toyota Camry 2015»: неподходящие фото.",
    );
    expect(notificationText(getI18n("ky").t, rejected, { ...context, locale: "ky" }).text).toBe(
      "«Toyota Camry 2015»: ылайыксыз сүрөттөр.",
    );
    const withNote = { ...rejected, payload: { ...rejected.payload, note: " Add a photo of the interior " } };
    expect(notificationText(getI18n("en").t, withNote, { ...context, locale: "en" }).text).toBe(
      "“Toyota Camry 2015”: unsuitable photos. Moderator: Add a photo of the interior",
    );
  });

  it("tells the owner why a moderator removed the ad, and the reporter the outcome of a complaint", () => {
    const [removed, resolved] = samples.filter(
      (sample) => sample.kind === "moderationNotice",
    ) as Notification[];
    const context = { now, timeZone };
    expect(notificationText(getI18n("en").t, removed as Notification, { ...context, locale: "en" })).toEqual({
      title: "Your ad was removed",
      text: "“Toyota Camry 2015” was taken off the site after a complaint. Reason: suspected fraud. Moderator: Fake VIN",
    });
    expect(notificationText(getI18n("ru").t, resolved as Notification, { ...context, locale: "ru" })).toEqual(
      {
        title: "Ваша жалоба рассмотрена",
        text: "Мы проверили чат: аккаунт нарушителя заблокирован.",
      },
    );
  });

  it("shows both prices of a price drop, formatted, and the count of saved-search matches", () => {
    const drop = samples[5] as Notification;
    const match = samples[4] as Notification;
    const context = { now, timeZone };
    expect(notificationText(getI18n("en").t, drop, { ...context, locale: "en" }).text).toBe(
      "“Honda Fit”: 550\u202f000\u00a0som instead of 600\u202f000\u00a0som.",
    );
    expect(notificationText(getI18n("ru").t, match, { ...context, locale: "ru" }).text).toBe(
      "5 новых объявлений по вашему сохранённому поиску.",
    );
  });

  it("names a deleted sender and a photo-only message", () => {
    const chat = samples[3] as Extract<Notification, { kind: "chatMessage" }>;
    const gone = { ...chat, payload: { ...chat.payload, senderName: "", preview: "" } };
    const text = notificationText(getI18n("en").t, gone, { now, timeZone, locale: "en" });
    expect(text).toEqual({ title: "New message from a deleted user", text: "Photo" });
  });

  it("[P8.4] tells the seller the stars of a new review and the author who replied", () => {
    const review = samples[6] as Notification;
    const reply = samples[7] as Notification;
    const context = { now, timeZone };
    expect(notificationText(getI18n("en").t, review, { ...context, locale: "en" })).toEqual({
      title: "New review of you",
      text: "aibek rated you 4 out of 5.",
    });
    expect(notificationText(getI18n("ru").t, reply, { ...context, locale: "ru" }).text).toBe(
      "Продавец ответил(а) на ваш отзыв.",
    );
  });

  it("[P9.2] words the plan notices with the plan's name in the reader's language, the price, the date and the balance", () => {
    const context = { now, timeZone };
    const [soon, renewed, failed] = samples.filter((sample) =>
      sample.kind.startsWith("plan"),
    ) as Notification[];
    expect(notificationText(getI18n("en").t, soon as Notification, { ...context, locale: "en" })).toEqual({
      title: "Your plan renews soon",
      text: "The Start plan renews on 29 November for 300\u00a0som. Balance: 120.50\u00a0som.",
    });
    expect(
      notificationText(getI18n("ru").t, renewed as Notification, { ...context, locale: "ru" }).text,
    ).toBe("Тариф «Про» оплачен до 26 декабря: списано 900\u00a0сом. Баланс: 0\u00a0сом.");
    expect(
      notificationText(getI18n("ky").t, failed as Notification, { ...context, locale: "ky" }).title,
    ).toBe("Тариф узартылган жок");
  });

  it("tells the user of a staff refund and of an adjustment either way, with the reason", () => {
    const context = { now, timeZone };
    const receipt = (status: "refundedToBalance" | "adjusted", amount: number): Notification => ({
      ...base,
      kind: "paymentReceipt",
      payload: {
        paymentId: "41",
        amount,
        status,
        balance: 1_050_000,
        reason: "Сбой показа VIP",
        link: "/settings/balance",
      },
    });
    const ru = (notification: Notification) =>
      notificationText(getI18n("ru").t, notification, { ...context, locale: "ru" });
    expect(ru(receipt("refundedToBalance", 50_000))).toEqual({
      title: "Возврат на баланс",
      text: "Возвращено 500\u00a0сом: Сбой показа VIP. Баланс: 10\u202f500\u00a0сом.",
    });
    expect(ru(receipt("adjusted", 50_000)).text).toBe(
      "Зачислено 500\u00a0сом: Сбой показа VIP. Баланс: 10\u202f500\u00a0сом.",
    );
    expect(ru(receipt("adjusted", -50_000)).text).toBe(
      "Списано 500\u00a0сом: Сбой показа VIP. Баланс: 10\u202f500\u00a0сом.",
    );
    expect(
      notificationText(getI18n("en").t, receipt("adjusted", -50_000), { ...context, locale: "en" }).text,
    ).toBe("500\u00a0som deducted: Сбой показа VIP. Balance: 10\u202f500\u00a0som.");
  });

  it("leads to the payload's link, or nowhere for a broadcast without one", () => {
    expect(notificationLink(samples[0] as Notification)).toBe("/car/7");
    expect(notificationLink(samples[8] as Notification)).toBeNull();
  });
});
