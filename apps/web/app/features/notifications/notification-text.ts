/**
 * The notification centre's texts, written in the reader's language from the payload the server
 * stored (decision 054: payloads, not texts, are stored).
 */
import type { Locale, Notification } from "@unaa/contracts";
import type { TFunction } from "i18next";
import { formatPrice, formatTyiyn } from "../../lib/format.ts";
import { localDay } from "../../lib/local-day.ts";
import { shortWhen } from "../chats/chat-days.ts";

export interface NotificationText {
  title: string;
  text: string;
}

export interface TextContext {
  locale: Locale;
  now: Date;
  timeZone: string;
}

/** The title and text of one notification in the language of `t`. */
export function notificationText(
  t: TFunction,
  notification: Notification,
  context: TextContext,
): NotificationText {
  const key = `notifications.kind.${notification.kind}`;
  switch (notification.kind) {
    case "adApproved": {
      const { title } = notification.payload;
      return { title: t(`${key}.title`), text: t(`${key}.text`, { title }) };
    }
    case "adRejected": {
      const { title, reason, note } = notification.payload;
      const reasonText = t(`adPage.rejectReason.${reason}`);
      const trimmed = note.trim();
      return {
        title: t(`${key}.title`),
        text: trimmed
          ? t(`${key}.note`, { title, reason: reasonText, note: trimmed })
          : t(`${key}.text`, { title, reason: reasonText }),
      };
    }
    case "adExpiring": {
      const { title, expiresAt } = notification.payload;
      const date = shortWhen(t, expiresAt, context.now, context.timeZone);
      return { title: t(`${key}.title`), text: t(`${key}.text`, { title, date }) };
    }
    case "chatMessage": {
      const { senderName, preview } = notification.payload;
      const name = senderName || t(`${key}.deletedUser`);
      return {
        title: t(`${key}.title`, { name }),
        text: preview ? t(`${key}.text`, { preview }) : t(`${key}.photo`),
      };
    }
    case "savedSearchMatch": {
      const { searchName, count } = notification.payload;
      return { title: t(`${key}.title`, { name: searchName }), text: t(`${key}.text`, { count }) };
    }
    case "favoritePriceDrop": {
      const { title, price, oldPrice, currency } = notification.payload;
      const options = { locale: context.locale, label: t(`currency.${currency}.label`) };
      return {
        title: t(`${key}.title`),
        text: t(`${key}.text`, {
          title,
          price: formatPrice(price, currency, options),
          oldPrice: formatPrice(oldPrice, currency, options),
        }),
      };
    }
    case "reviewNew": {
      const { authorName, stars } = notification.payload;
      return {
        title: t(`${key}.title`),
        text: t(`${key}.text`, { name: authorName || t(`${key}.deletedUser`), stars }),
      };
    }
    case "reviewReply": {
      const { sellerName } = notification.payload;
      return { title: t(`${key}.title`), text: t(`${key}.text`, { name: sellerName || t(`${key}.seller`) }) };
    }
    case "staffBroadcast": {
      // Staff write a broadcast in one language: shown as written.
      const { title, text } = notification.payload;
      return { title, text };
    }
    case "paymentReceipt": {
      const { status, amount, balance, reason } = notification.payload;
      const options = { locale: context.locale, label: t("currency.KGS.label") };
      // An adjustment that took money reads "deducted".
      const texts = status === "adjusted" && amount < 0 ? "deducted" : status;
      return {
        title: t(`${key}.${texts}.title`),
        text: t(`${key}.${texts}.text`, {
          amount: formatTyiyn(Math.abs(amount), options),
          balance: formatTyiyn(balance, options),
          reason: reason ?? "",
        }),
      };
    }
    case "moderationNotice": {
      const { topic, subject, title, outcome, reason, note } = notification.payload;
      const what = t(`${key}.subject.${subject}`);
      const said =
        topic === "complaintResolved"
          ? t(`${key}.outcome.${outcome ?? "dismiss"}`, { what })
          : t(`${key}.${topic}.text`, { title, what });
      const reasonKey =
        topic === "adRemoved"
          ? "adPage.rejectReason"
          : topic === "photoRejected"
            ? "moderation.photos.reasons"
            : null;
      const base =
        reason && reasonKey
          ? t(`${key}.withReason`, { text: said, reason: t(`${reasonKey}.${reason}`) })
          : said;
      return {
        title: t(`${key}.${topic}.title`),
        text: note.trim() ? t(`${key}.withNote`, { text: base, note: note.trim() }) : base,
      };
    }
    case "planRenewalSoon":
    case "planRenewed":
    case "planRenewalFailed": {
      const { payload } = notification;
      const options = { locale: context.locale, label: t("currency.KGS.label") };
      const until = "paidUntil" in payload ? localDay(new Date(payload.paidUntil), context.timeZone) : null;
      const date = until
        ? t("ads.date.dayMonth", { day: until.day, month: t(`ads.date.month.${until.month}`) })
        : "";
      return {
        title: t(`${key}.title`),
        text: t(`${key}.text`, {
          plan: payload.planNames[context.locale],
          price: formatTyiyn(payload.price, options),
          balance: formatTyiyn(payload.balance, options),
          date,
        }),
      };
    }
  }
}

/** Where the notification leads, or null (a broadcast without a link). */
export function notificationLink(notification: Notification): string | null {
  return notification.payload.link;
}
