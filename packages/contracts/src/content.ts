/**
 * Site content (issue 17 item 6, decision 072): the static pages' texts and the FAQ, edited by
 * staff in the dashboard's `content` section, and the contact form. Page texts are a restricted
 * Markdown (`## heading`, `- item`, `[text](link)`, paragraphs) that the web renders into React
 * elements, never as HTML.
 */
import { z } from "zod";
import { recordIdParamSchema } from "./ids.ts";
import { type Locale, locales } from "./locales.ts";
import { textInput } from "./text.ts";

/** The static pages whose text staff edit (the FAQ has its own shape). */
export const sitePageNames = ["about", "advert", "agreement-policy", "contact", "mobile-app"] as const;
export type SitePageName = (typeof sitePageNames)[number];

export const sitePageTextMax = 20_000;

/**
 * A link's target: a path on this site, an https address, `mailto:` or `tel:`. Anything else
 * (`javascript:`, `data:`, `//host`) is refused.
 */
export const safeLinkPattern = /^(\/(?!\/)[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d\s-]+)$/;

/** Every `[text](target)` of a page text. */
export function markdownLinks(text: string): { text: string; href: string }[] {
  return [...text.matchAll(/\[([^\]\n]+)\]\(([^)\s]*)\)/g)].map((match) => ({
    text: match[1] as string,
    href: match[2] as string,
  }));
}

/** One language's page text: restricted Markdown whose links are all safe. */
export const sitePageTextSchema = textInput()
  .max(sitePageTextMax)
  .superRefine((text, context) => {
    for (const link of markdownLinks(text)) {
      if (!safeLinkPattern.test(link.href)) {
        context.addIssue({
          code: "custom",
          message: "a link must go to a path of this site, an https address, mailto: or tel:",
          params: { reason: "unsafe_link" },
        });
        return;
      }
    }
  });

const localized = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(locales.map((locale) => [locale, schema])) as Record<Locale, T>);

/** A page's text in every language. */
export const sitePageBodySchema = localized(sitePageTextSchema);
export type SitePageBody = z.infer<typeof sitePageBodySchema>;

export const sitePageParamsSchema = z.object({ page: z.enum(sitePageNames) });

// ---- FAQ ------------------------------------------------------------------------------------------

export const faqQuestionSchema = z.object({
  question: localized(textInput().trim().min(1).max(300)),
  answer: localized(textInput().trim().min(1).max(3000)),
});
export const faqTopicSchema = z.object({
  title: localized(textInput().trim().min(1).max(120)),
  questions: z.array(faqQuestionSchema).min(1).max(40),
});
/** The FAQ: topics in order, each with its questions in order, in every language. */
export const faqSchema = z.object({ topics: z.array(faqTopicSchema).max(20) });
export type Faq = z.infer<typeof faqSchema>;

/** The dashboard's view of all content, and when each part was last saved (null: never). */
export const siteContentSchema = z.object({
  pages: z.object(
    Object.fromEntries(sitePageNames.map((name) => [name, sitePageBodySchema])) as Record<
      SitePageName,
      typeof sitePageBodySchema
    >,
  ),
  faq: faqSchema,
});
export type SiteContent = z.infer<typeof siteContentSchema>;

// ---- public reads (pages' loaders) ----------------------------------------------------------------

/** Contact details shown on /contact (settings `contactDetails`; empty strings are not shown). */
export interface ContactDetails {
  phone: string;
  email: string;
  address: string;
}
/** The app stores' pages (settings `storeLinks`; empty: no button). */
export interface StoreLinks {
  android: string;
  ios: string;
}

/** One FAQ topic in one language. */
export interface FaqTopicText {
  title: string;
  questions: { question: string; answer: string }[];
}

// ---- contact form ---------------------------------------------------------------------------------

/** What a message is about: `general` from /contact, a banner slot or advertising in general from /advert. */
export const contactTopics = ["general", "advertising", "home-top", "list-sidebar", "ad-page"] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const contactMessageMin = 10;
export const contactMessageMax = 2000;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[\d\s()-]{7,20}$/;

export const contactInputSchema = z.object({
  name: textInput().trim().min(1).max(100),
  contact: textInput()
    .trim()
    .max(254)
    .refine((value) => emailPattern.test(value) || phonePattern.test(value), {
      message: "must be an email or a phone number",
      params: { reason: "contact_invalid" },
    })
    .describe("An email or a phone number to answer to"),
  message: textInput().trim().min(contactMessageMin).max(contactMessageMax),
  topic: z.enum(contactTopics).default("general"),
  /** The honeypot: a field people never see; a filled one marks a robot (answered as sent, not kept). */
  website: textInput().max(500).optional().describe("Leave empty"),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactSentSchema = z.object({ sent: z.literal(true) });

export const contactStatuses = ["new", "handled"] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact: z.string(),
  message: z.string(),
  topic: z.enum(contactTopics),
  status: z.enum(contactStatuses),
  userId: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  handledAt: z.iso.datetime().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagesQuerySchema = z.object({
  status: z.enum(contactStatuses).optional(),
  cursor: textInput()
    .regex(/^\d{1,19}$/, "must be a `nextCursor`")
    .optional()
    .describe("`nextCursor` of the previous page"),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuerySchema>;

export const contactMessagesPageSchema = z.object({
  items: z.array(contactMessageSchema).describe("Newest first"),
  nextCursor: z.string().nullable(),
});
export type ContactMessagesPage = z.infer<typeof contactMessagesPageSchema>;

export const contactMessageParamsSchema = z.object({ id: recordIdParamSchema });
