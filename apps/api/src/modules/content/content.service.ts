/**
 * Site content (issue 17 item 6, decision 072): the static pages' texts and the FAQ (built-in
 * texts until staff save their own), their edits (audited as `content.edit`), and the contact
 * form's messages (rate-limited; a filled honeypot is answered as sent and not kept).
 */
import {
  type ContactDetails,
  type ContactMessage,
  type ContactMessagesPage,
  type ContactMessagesQuery,
  type ContactTopic,
  type contactInputSchema,
  type Faq,
  type FaqTopicText,
  faqSchema,
  type Locale,
  locales,
  type SiteContent,
  type SitePageBody,
  type SitePageName,
  type StoreLinks,
  sitePageBodySchema,
  sitePageNames,
} from "@unaa/contracts";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { CacheDrops } from "../../lib/cache-drops.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import { recordStaffAction } from "../audit/audit.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import { readSettings } from "../settings/settings.service.ts";
import { defaultFaq, defaultPages } from "./content.defaults.ts";
import {
  type ContactMessageRow,
  findContactMessages,
  findContent,
  insertContactMessage,
  lockContent,
  markContactMessageHandled,
  upsertContent,
} from "./content.repository.ts";

export interface ContactSender {
  userId: number | null;
  ip: string;
  locale: Locale;
}

export interface ContentService {
  /** A page's text in one language (restricted Markdown). */
  pageText(page: SitePageName, locale: Locale): Promise<string>;
  faq(locale: Locale): Promise<FaqTopicText[]>;
  contactDetails(): Promise<ContactDetails>;
  storeLinks(): Promise<StoreLinks>;
  /** Every page and the FAQ in every language, for the dashboard. */
  all(): Promise<SiteContent>;
  savePage(caller: StaffCaller, page: SitePageName, body: SitePageBody): Promise<SitePageBody>;
  saveFaq(caller: StaffCaller, faq: Faq): Promise<Faq>;
  sendContact(input: z.output<typeof contactInputSchema>, sender: ContactSender): Promise<void>;
  listMessages(query: ContactMessagesQuery): Promise<ContactMessagesPage>;
  markHandled(caller: StaffCaller, id: number): Promise<ContactMessage>;
}

export interface ContentServiceDeps {
  db: Database;
  /** Messages per IP, and per email/phone given. */
  contactPerIp: RateCounter;
  contactPerContact: RateCounter;
  /** Where a saved text drops the texts every process keeps. */
  cacheDrops: CacheDrops;
}

const faqKey = "faq";

/**
 * The stored texts are read by every view of their pages (`/about`, the FAQ, …) and change when staff
 * save them: each process keeps them a minute, and a save drops them in every process (decision 097).
 */
const CONTENT_TTL_MS = 60_000;

/** A stored value when it still fits its schema, else the built-in one. */
function valid<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

function presentMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    contact: row.contact,
    message: row.message,
    topic: row.topic as ContactTopic,
    status: row.status === "handled" ? "handled" : "new",
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
  };
}

/** Only the languages whose text changed, before and after (the audit keeps changed values). */
function changedLanguages(before: SitePageBody, after: SitePageBody) {
  const changed = locales.filter((locale) => before[locale] !== after[locale]);
  return {
    before: Object.fromEntries(changed.map((locale) => [locale, before[locale]])),
    after: Object.fromEntries(changed.map((locale) => [locale, after[locale]])),
  };
}

export function createContentService({
  db,
  contactPerIp,
  contactPerContact,
  cacheDrops,
}: ContentServiceDeps): ContentService {
  const kept = createSearchCache<unknown>({ maxEntries: sitePageNames.length + 1, ttlMs: CONTENT_TTL_MS });
  const dropKept = cacheDrops.register("site-content", () => kept.clear());
  const stored = (key: string) => kept.get(key, async () => (await findContent(db, [key])).get(key));
  const readPage = async (page: SitePageName): Promise<SitePageBody> =>
    valid(sitePageBodySchema, await stored(page), defaultPages[page]);
  const readFaq = async (): Promise<Faq> => valid(faqSchema, await stored(faqKey), defaultFaq);

  return {
    async pageText(page, locale) {
      return (await readPage(page))[locale];
    },

    async faq(locale) {
      return (await readFaq()).topics.map((topic) => ({
        title: topic.title[locale],
        questions: topic.questions.map((item) => ({
          question: item.question[locale],
          answer: item.answer[locale],
        })),
      }));
    },

    async contactDetails() {
      return (await readSettings(db)).contactDetails;
    },

    async storeLinks() {
      return (await readSettings(db)).storeLinks;
    },

    async all() {
      const stored = await findContent(db, [...sitePageNames, faqKey]);
      const pages = Object.fromEntries(
        sitePageNames.map((name) => [name, valid(sitePageBodySchema, stored.get(name), defaultPages[name])]),
      ) as SiteContent["pages"];
      return { pages, faq: valid(faqSchema, stored.get(faqKey), defaultFaq) };
    },

    async savePage(caller, page, body) {
      const saved = await db.transaction(async (tx) => {
        const before = valid(sitePageBodySchema, await lockContent(tx, page), defaultPages[page]);
        await upsertContent(tx, page, body, caller.id);
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "content.edit",
          object: { type: "content", id: page },
          ...changedLanguages(before, body),
          ip: caller.ip ?? null,
        });
        return body;
      });
      dropKept();
      return saved;
    },

    async saveFaq(caller, faq) {
      const saved = await db.transaction(async (tx) => {
        const before = valid(faqSchema, await lockContent(tx, faqKey), defaultFaq);
        await upsertContent(tx, faqKey, faq, caller.id);
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "content.edit",
          object: { type: "content", id: faqKey },
          before,
          after: faq,
          ip: caller.ip ?? null,
        });
        return faq;
      });
      dropKept();
      return saved;
    },

    async sendContact(input, sender) {
      const contactKey = input.contact.toLowerCase().replace(/[\s()-]/g, "");
      refuseWhenFull(contactPerIp, await contactPerIp.peek(sender.ip));
      refuseWhenFull(contactPerContact, await contactPerContact.peek(contactKey));
      await Promise.all([contactPerIp.hit(sender.ip), contactPerContact.hit(contactKey)]);
      // A robot filled the field people never see: answered like a sent message, kept nowhere.
      if (input.website) return;
      await insertContactMessage(db, {
        name: input.name,
        contact: input.contact,
        message: input.message,
        topic: input.topic,
        userId: sender.userId,
        locale: sender.locale,
        ip: sender.ip,
      });
    },

    async listMessages(query) {
      const rows = await findContactMessages(db, query);
      const items = rows.slice(0, query.limit).map(presentMessage);
      return { items, nextCursor: rows.length > query.limit ? String(items.at(-1)?.id) : null };
    },

    async markHandled(caller, id) {
      return db.transaction(async (tx) => {
        const marked = await markContactMessageHandled(tx, id, caller.id);
        if (!marked) throw new AppError("NOT_FOUND");
        if (marked.before.status !== marked.after.status) {
          await recordStaffAction(tx, {
            staff: caller.id,
            action: "contact.handle",
            object: { type: "contact-message", id },
            before: { status: marked.before.status },
            after: { status: marked.after.status },
            ip: caller.ip ?? null,
          });
        }
        return presentMessage(marked.after);
      });
    },
  };
}
