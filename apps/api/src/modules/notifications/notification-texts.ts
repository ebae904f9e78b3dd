/**
 * Every text a notification is delivered with outside the site — push title and body, email subject
 * and body — in ky, ru and en, kept as data (the web writes the notification centre's own texts
 * from the same payloads).
 */
import type { AdRejectReason, Locale, NotificationKind, NotificationPayloads } from "@unaa/contracts";

export interface NotificationText {
  title: string;
  body: string;
}

type Writers = { [K in NotificationKind]: (payload: NotificationPayloads[K]) => NotificationText };

interface LocaleTexts {
  kinds: Writers;
  rejectReasons: Record<AdRejectReason, string>;
  /** The email's last lines: the link and how to turn such emails off. */
  emailFooter: (url: string, settingsUrl: string) => string;
}

const rejectReasons: Record<Locale, Record<AdRejectReason, string>> = {
  ru: {
    prohibited: "Запрещённый товар или услуга",
    "wrong-category": "Не тот раздел",
    duplicate: "Повтор объявления",
    fraud: "Подозрение на мошенничество",
    "wrong-price": "Неверная цена",
    "bad-photos": "Неподходящие фото",
    offensive: "Оскорбительное содержание",
    other: "Другая причина",
  },
  ky: {
    prohibited: "Тыюу салынган товар же кызмат",
    "wrong-category": "Туура эмес бөлүм",
    duplicate: "Кайталанган жарыя",
    fraud: "Алдамчылык шеги",
    "wrong-price": "Туура эмес баа",
    "bad-photos": "Ылайыксыз сүрөттөр",
    offensive: "Кемсинткен мазмун",
    other: "Башка себеп",
  },
  en: {
    prohibited: "Prohibited item or service",
    "wrong-category": "Wrong section",
    duplicate: "Duplicate ad",
    fraud: "Suspected fraud",
    "wrong-price": "Wrong price",
    "bad-photos": "Unsuitable photos",
    offensive: "Offensive content",
    other: "Another reason",
  },
};

const numberFormats: Record<Locale, Intl.NumberFormat> = {
  ru: new Intl.NumberFormat("ru-RU"),
  ky: new Intl.NumberFormat("ky-KG"),
  en: new Intl.NumberFormat("en-US"),
};

const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  ru: new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", timeZone: "Asia/Bishkek" }),
  ky: new Intl.DateTimeFormat("ky-KG", { day: "numeric", month: "long", timeZone: "Asia/Bishkek" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "Asia/Bishkek" }),
};

const money = (locale: Locale, amount: number, currency: string) =>
  `${numberFormats[locale].format(amount)} ${currency === "USD" ? "$" : "сом"}`;
/** Tyiyn as som: `1 250,50 сом`. */
const som = (locale: Locale, tyiyn: number) =>
  `${new Intl.NumberFormat(numberLocales[locale], { maximumFractionDigits: 2 }).format(tyiyn / 100)} сом`;
const numberLocales: Record<Locale, string> = { ru: "ru-RU", ky: "ky-KG", en: "en-US" };
const day = (locale: Locale, iso: string) => dateFormats[locale].format(new Date(iso));
const withNote = (reason: string, note: string) => (note ? `${reason}: ${note}` : reason);

type ModerationNotice = NotificationPayloads["moderationNotice"];
const named = (title: string, open: string, close: string) => (title ? ` ${open}${title}${close}` : "");
const noted = (note: string, label: string) => (note ? ` ${label}: ${note}` : "");
/** A removal's reason (its code's text) and note, or the note alone. */
const removalWhy = (locale: Locale, p: ModerationNotice) =>
  p.reason && p.reason in rejectReasons[locale]
    ? withNote(rejectReasons[locale][p.reason as AdRejectReason], p.note)
    : p.note;

/** The notices of moderators' decisions (decision 066), by topic. */
const moderationText: Record<Locale, (p: ModerationNotice) => NotificationText> = {
  ru: (p) => {
    const what = { ad: "объявление", chat: "чат", review: "отзыв" }[p.subject];
    switch (p.topic) {
      case "photoRejected":
        return {
          title: "Фото снято с объявления",
          body: `Модератор убрал фото из объявления${named(p.title, "«", "»")}.${noted(p.note, "Причина")}`,
        };
      case "adRemoved":
        return {
          title: "Объявление снято",
          body: `Объявление${named(p.title, "«", "»")} снято модератором после жалобы.${noted(removalWhy("ru", p), "Причина")}`,
        };
      case "warned":
        return {
          title: "Предупреждение модератора",
          body: `Жалоба на ваш ${what}${named(p.title, "«", "»")} подтвердилась.${noted(p.note, "Модератор")}`,
        };
      default:
        return {
          title: "Ваша жалоба рассмотрена",
          body: {
            dismiss: `Мы проверили ${what} и не нашли нарушений.`,
            warn: `Мы проверили ${what}: автор получил предупреждение.`,
            remove: `Мы проверили ${what}: он снят с сайта.`,
            block: `Мы проверили ${what}: аккаунт нарушителя заблокирован.`,
          }[p.outcome ?? "dismiss"],
        };
    }
  },
  ky: (p) => {
    const what = { ad: "жарыяны", chat: "чатты", review: "пикирди" }[p.subject];
    switch (p.topic) {
      case "photoRejected":
        return {
          title: "Жарыядан сүрөт алынды",
          body: `Модератор${named(p.title, "«", "»")} жарыясынан сүрөттү алып салды.${noted(p.note, "Себеби")}`,
        };
      case "adRemoved":
        return {
          title: "Жарыя алынды",
          body: `${p.title ? `«${p.title}» жарыясы` : "Жарыя"} даттануудан кийин модератор тарабынан алынды.${noted(removalWhy("ky", p), "Себеби")}`,
        };
      case "warned":
        return {
          title: "Модератордун эскертүүсү",
          body: `Сиздин ${what}${named(p.title, "«", "»")} боюнча даттануу тастыкталды.${noted(p.note, "Модератор")}`,
        };
      default:
        return {
          title: "Даттанууңуз каралды",
          body: {
            dismiss: `Биз ${what} текшердик, бузуу табылган жок.`,
            warn: `Биз ${what} текшердик: авторго эскертүү берилди.`,
            remove: `Биз ${what} текшердик: ал сайттан алынды.`,
            block: `Биз ${what} текшердик: бузуучунун аккаунту бөгөттөлдү.`,
          }[p.outcome ?? "dismiss"],
        };
    }
  },
  en: (p) => {
    const what = { ad: "ad", chat: "chat", review: "review" }[p.subject];
    switch (p.topic) {
      case "photoRejected":
        return {
          title: "A photo was taken off your ad",
          body: `A moderator removed a photo from your ad${named(p.title, "\u201c", "\u201d")}.${noted(p.note, "Reason")}`,
        };
      case "adRemoved":
        return {
          title: "Your ad was removed",
          body: `Your ad${named(p.title, "\u201c", "\u201d")} was taken off the site after a complaint.${noted(removalWhy("en", p), "Reason")}`,
        };
      case "warned":
        return {
          title: "A warning from the moderators",
          body: `A complaint about your ${what}${named(p.title, "\u201c", "\u201d")} was upheld.${noted(p.note, "Moderator")}`,
        };
      default:
        return {
          title: "Your complaint was reviewed",
          body: {
            dismiss: `We checked the ${what} and found nothing against the rules.`,
            warn: `We checked the ${what}: its author was warned.`,
            remove: `We checked the ${what}: it was taken off the site.`,
            block: `We checked the ${what}: the offender's account was blocked.`,
          }[p.outcome ?? "dismiss"],
        };
    }
  },
};

const texts: Record<Locale, LocaleTexts> = {
  ru: {
    rejectReasons: rejectReasons.ru,
    kinds: {
      adApproved: (p) => ({
        title: "Объявление опубликовано",
        body: `«${p.title}» прошло проверку и видно всем.`,
      }),
      adRejected: (p) => ({
        title: "Объявление отклонено",
        body: `«${p.title}»: ${withNote(rejectReasons.ru[p.reason], p.note)}. Исправьте его и отправьте снова.`,
      }),
      adExpiring: (p) => ({
        title: "Объявление скоро снимется",
        body: `«${p.title}» будет снято ${day("ru", p.expiresAt)}. Продлите его бесплатно.`,
      }),
      chatMessage: (p) => ({
        title: `Новое сообщение${p.senderName ? ` от ${p.senderName}` : ""}`,
        body: p.preview || "Фото",
      }),
      savedSearchMatch: (p) => ({
        title: "Новые объявления по вашему поиску",
        body: `«${p.searchName}»: новых объявлений — ${p.count}.`,
      }),
      favoritePriceDrop: (p) => ({
        title: "Цена снижена",
        body: `«${p.title}»: ${money("ru", p.price, p.currency)} вместо ${money("ru", p.oldPrice, p.currency)}.`,
      }),
      reviewNew: (p) => ({
        title: "Новый отзыв о вас",
        body: `${p.authorName || "Удалённый пользователь"}: ${"★".repeat(p.stars)}${"☆".repeat(5 - p.stars)}`,
      }),
      reviewReply: (p) => ({
        title: "Ответ на ваш отзыв",
        body: `${p.sellerName || "Продавец"} ответил на ваш отзыв.`,
      }),
      staffBroadcast: (p) => ({ title: p.title, body: p.text }),
      moderationNotice: (p) => moderationText.ru(p),
      paymentReceipt: (p) => {
        const amount = som("ru", Math.abs(p.amount));
        const balance = `Баланс: ${som("ru", p.balance)}.`;
        return {
          paid: { title: "Баланс пополнен", body: `Зачислено ${amount}. ${balance}` },
          refunded: { title: "Пополнение возвращено", body: `Возвращено ${amount}. ${balance}` },
          failed: {
            title: "Платёж не прошёл",
            body: `Пополнение на ${amount} не прошло. Баланс не изменился.`,
          },
          refundedToBalance: {
            title: "Возврат на баланс",
            body: `Возвращено ${amount}: ${p.reason}. ${balance}`,
          },
          adjusted: {
            title: "Баланс изменён",
            body: `${p.amount < 0 ? "Списано" : "Зачислено"} ${amount}: ${p.reason}. ${balance}`,
          },
        }[p.status];
      },
      planRenewalSoon: (p) => ({
        title: "Скоро продление тарифа",
        body: `Тариф «${p.planNames.ru}» продлится ${day("ru", p.paidUntil)} за ${som("ru", p.price)}. Баланс: ${som("ru", p.balance)}.`,
      }),
      planRenewed: (p) => ({
        title: "Тариф продлён",
        body: `Тариф «${p.planNames.ru}» оплачен до ${day("ru", p.paidUntil)}: списано ${som("ru", p.price)}. Баланс: ${som("ru", p.balance)}.`,
      }),
      planRenewalFailed: (p) => ({
        title: "Тариф не продлён",
        body: `Для продления тарифа «${p.planNames.ru}» нужно ${som("ru", p.price)}, на балансе ${som("ru", p.balance)}. Пополните баланс и подключите тариф снова.`,
      }),
    },
    emailFooter: (url, settings) => `Открыть: ${url}\n\n—\nUnaa. Настроить уведомления: ${settings}`,
  },
  ky: {
    rejectReasons: rejectReasons.ky,
    kinds: {
      adApproved: (p) => ({
        title: "Жарыя жарыяланды",
        body: `«${p.title}» текшерүүдөн өтүп, баарына көрүнөт.`,
      }),
      adRejected: (p) => ({
        title: "Жарыя четке кагылды",
        body: `«${p.title}»: ${withNote(rejectReasons.ky[p.reason], p.note)}. Аны оңдоп, кайра жөнөтүңүз.`,
      }),
      adExpiring: (p) => ({
        title: "Жарыянын мөөнөтү бүтүп баратат",
        body: `«${p.title}» ${day("ky", p.expiresAt)} алынат. Аны акысыз узартыңыз.`,
      }),
      chatMessage: (p) => ({
        title: p.senderName ? `${p.senderName} жаңы билдирүү жөнөттү` : "Жаңы билдирүү",
        body: p.preview || "Сүрөт",
      }),
      savedSearchMatch: (p) => ({
        title: "Издөөңүз боюнча жаңы жарыялар",
        body: `«${p.searchName}»: жаңы жарыялар — ${p.count}.`,
      }),
      favoritePriceDrop: (p) => ({
        title: "Баасы түштү",
        body: `«${p.title}»: ${money("ky", p.oldPrice, p.currency)} ордуна ${money("ky", p.price, p.currency)}.`,
      }),
      reviewNew: (p) => ({
        title: "Сиз жөнүндө жаңы пикир",
        body: `${p.authorName || "Өчүрүлгөн колдонуучу"}: ${"★".repeat(p.stars)}${"☆".repeat(5 - p.stars)}`,
      }),
      reviewReply: (p) => ({
        title: "Пикириңизге жооп",
        body: `${p.sellerName || "Сатуучу"} пикириңизге жооп берди.`,
      }),
      staffBroadcast: (p) => ({ title: p.title, body: p.text }),
      moderationNotice: (p) => moderationText.ky(p),
      paymentReceipt: (p) => {
        const amount = som("ky", Math.abs(p.amount));
        const balance = `Баланс: ${som("ky", p.balance)}.`;
        return {
          paid: { title: "Баланс толукталды", body: `${amount} түштү. ${balance}` },
          refunded: { title: "Толуктоо кайтарылды", body: `${amount} кайтарылды. ${balance}` },
          failed: { title: "Төлөм өткөн жок", body: `${amount} толуктоо өткөн жок. Баланс өзгөргөн жок.` },
          refundedToBalance: {
            title: "Баланска кайтарылды",
            body: `${amount} кайтарылды: ${p.reason}. ${balance}`,
          },
          adjusted: {
            title: "Баланс өзгөртүлдү",
            body: `${amount} ${p.amount < 0 ? "алынды" : "кошулду"}: ${p.reason}. ${balance}`,
          },
        }[p.status];
      },
      planRenewalSoon: (p) => ({
        title: "Тариф жакында узартылат",
        body: `«${p.planNames.ky}» тарифи ${day("ky", p.paidUntil)} ${som("ky", p.price)} менен узартылат. Баланс: ${som("ky", p.balance)}.`,
      }),
      planRenewed: (p) => ({
        title: "Тариф узартылды",
        body: `«${p.planNames.ky}» тарифи ${day("ky", p.paidUntil)} чейин төлөндү: ${som("ky", p.price)} алынды. Баланс: ${som("ky", p.balance)}.`,
      }),
      planRenewalFailed: (p) => ({
        title: "Тариф узартылган жок",
        body: `«${p.planNames.ky}» тарифин узартуу үчүн ${som("ky", p.price)} керек, баланста ${som("ky", p.balance)}. Балансты толуктап, тарифти кайра туташтырыңыз.`,
      }),
    },
    emailFooter: (url, settings) => `Ачуу: ${url}\n\n—\nUnaa. Билдирмелерди жөндөө: ${settings}`,
  },
  en: {
    rejectReasons: rejectReasons.en,
    kinds: {
      adApproved: (p) => ({
        title: "Your ad is live",
        body: `"${p.title}" passed review and is visible to everyone.`,
      }),
      adRejected: (p) => ({
        title: "Your ad was rejected",
        body: `"${p.title}": ${withNote(rejectReasons.en[p.reason], p.note)}. Fix it and send it again.`,
      }),
      adExpiring: (p) => ({
        title: "Your ad expires soon",
        body: `"${p.title}" comes down on ${day("en", p.expiresAt)}. Extend it for free.`,
      }),
      chatMessage: (p) => ({
        title: p.senderName ? `New message from ${p.senderName}` : "New message",
        body: p.preview || "Photo",
      }),
      savedSearchMatch: (p) => ({
        title: "New ads for your search",
        body: `"${p.searchName}": ${p.count} new ${p.count === 1 ? "ad" : "ads"}.`,
      }),
      favoritePriceDrop: (p) => ({
        title: "Price dropped",
        body: `"${p.title}": ${money("en", p.price, p.currency)}, was ${money("en", p.oldPrice, p.currency)}.`,
      }),
      reviewNew: (p) => ({
        title: "New review of you",
        body: `${p.authorName || "A deleted user"}: ${"★".repeat(p.stars)}${"☆".repeat(5 - p.stars)}`,
      }),
      reviewReply: (p) => ({
        title: "Reply to your review",
        body: `${p.sellerName || "The seller"} replied to your review.`,
      }),
      staffBroadcast: (p) => ({ title: p.title, body: p.text }),
      moderationNotice: (p) => moderationText.en(p),
      paymentReceipt: (p) => {
        const amount = som("en", Math.abs(p.amount));
        const balance = `Balance: ${som("en", p.balance)}.`;
        return {
          paid: { title: "Balance topped up", body: `${amount} added. ${balance}` },
          refunded: { title: "Top-up refunded", body: `${amount} refunded. ${balance}` },
          failed: {
            title: "Payment failed",
            body: `The top-up of ${amount} did not go through. Your balance is unchanged.`,
          },
          refundedToBalance: {
            title: "Refund to your balance",
            body: `${amount} refunded: ${p.reason}. ${balance}`,
          },
          adjusted: {
            title: "Balance adjusted",
            body: `${amount} ${p.amount < 0 ? "deducted" : "added"}: ${p.reason}. ${balance}`,
          },
        }[p.status];
      },
      planRenewalSoon: (p) => ({
        title: "Your plan renews soon",
        body: `The ${p.planNames.en} plan renews on ${day("en", p.paidUntil)} for ${som("en", p.price)}. Balance: ${som("en", p.balance)}.`,
      }),
      planRenewed: (p) => ({
        title: "Your plan was renewed",
        body: `The ${p.planNames.en} plan is paid until ${day("en", p.paidUntil)}: ${som("en", p.price)} taken. Balance: ${som("en", p.balance)}.`,
      }),
      planRenewalFailed: (p) => ({
        title: "Your plan was not renewed",
        body: `Renewing the ${p.planNames.en} plan takes ${som("en", p.price)}; the balance has ${som("en", p.balance)}. Top up and buy the plan again.`,
      }),
    },
    emailFooter: (url, settings) => `Open: ${url}\n\n—\nUnaa. Notification settings: ${settings}`,
  },
};

/** The title and body of a notification in `locale` (push message, email subject and first lines). */
export function writeNotificationText<K extends NotificationKind>(
  locale: Locale,
  kind: K,
  payload: NotificationPayloads[K],
): NotificationText {
  return (texts[locale].kinds[kind] as (payload: NotificationPayloads[K]) => NotificationText)(payload);
}

/** The email of a notification: its subject, and a body ending with the link and the settings link. */
export function writeNotificationEmail<K extends NotificationKind>(
  locale: Locale,
  kind: K,
  payload: NotificationPayloads[K],
  publicOrigin: string,
): { subject: string; text: string } {
  const { title, body } = writeNotificationText(locale, kind, payload);
  const prefix = locale === "ru" ? "" : `/${locale}`;
  const link = (payload as { link: string | null }).link ?? "/";
  const url = `${publicOrigin}${prefix}${link === "/" && prefix ? "" : link}`;
  return {
    subject: `Unaa: ${title}`,
    text: `${body}\n\n${texts[locale].emailFooter(url, `${publicOrigin}${prefix}/settings/profile`)}`,
  };
}
