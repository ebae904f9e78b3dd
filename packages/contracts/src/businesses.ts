/**
 * Businesses (issue 15, item 2; product.md section 8; decision 057): a user may own one business
 * page at `/business/{link}` — a dealer, a service station, a rental… — with a logo and a cover
 * from the photo pipeline, an address with a map point, phones chosen among the owner's confirmed
 * phones, working hours per weekday with an optional break ("open now" in Asia/Bishkek), a website
 * and socials. Ads may be posted as the business. Staff set the verified badge.
 */
import { z } from "zod";
import { adPhotoSchema } from "./ads/ad-photos.ts";
import { recordIdParamSchema, recordIdSchema } from "./ids.ts";
import { textInput } from "./text.ts";

export const businessKinds = [
  "dealer",
  "service_station",
  "rental",
  "parts",
  "tow",
  "driving_school",
  "other",
] as const;
export type BusinessKind = (typeof businessKinds)[number];

/** The schema.org type of a kind's page (structured data). */
export const businessSchemaOrgType: Record<BusinessKind, "AutoDealer" | "AutoRepair" | "LocalBusiness"> = {
  dealer: "AutoDealer",
  service_station: "AutoRepair",
  rental: "LocalBusiness",
  parts: "LocalBusiness",
  tow: "LocalBusiness",
  driving_school: "LocalBusiness",
  other: "LocalBusiness",
};

/** The time zone of working hours and "open now". */
export const businessTimeZone = "Asia/Bishkek";

export const businessLinkMinLength = 3;
export const businessLinkMaxLength = 40;
/** Lower-case Latin letters, digits and single hyphens; starts with a letter, ends with a letter or digit. */
export const businessLinkPattern = /^[a-z](?:[a-z0-9]|-(?=[a-z0-9]))*$/;

/**
 * Links a business may not take: every top-level page of the site and every path segment of the
 * spec (a link never shadows or looks like a page), the locale prefixes and technical paths.
 */
export const businessReservedLinks: ReadonlySet<string> = new Set([
  // Top-level pages and spec path segments (marketplace-spec section 2).
  "about",
  "accessibility",
  "advert",
  "agreement-policy",
  "business",
  "catalog",
  "car",
  "commercial",
  "moto",
  "uslugi",
  "services",
  "contact",
  "faq",
  "favorites",
  "mobile-app",
  "reviews",
  "urgent",
  "profile",
  "create",
  "edit",
  "all",
  "default",
  "adds",
  "settings",
  "balance",
  "chats",
  "sessions",
  "subscribe",
  "dashboard",
  "advertising",
  "code-access",
  "codes",
  "complaints",
  "history",
  "notification",
  "notifications",
  "payments",
  "photos",
  "regions",
  "stats",
  "subscribes",
  "users",
  "login",
  "logout",
  "reset-password",
  "sitemap",
  "robots",
  // Locale prefixes and technical paths.
  "ru",
  "ky",
  "en",
  "api",
  "uploads",
  "assets",
  "static",
  "admin",
  "new",
  "index",
  "search",
  "help",
  "support",
  "unaa",
]);

export const businessLinkSchema = textInput()
  .trim()
  .toLowerCase()
  .min(businessLinkMinLength)
  .max(businessLinkMaxLength)
  .regex(businessLinkPattern, "Latin letters, digits and single hyphens, starting with a letter")
  .refine((link) => !businessReservedLinks.has(link), "this link is reserved: a page of the site")
  .describe("The page address `/business/{link}`: a-z, 0-9 and hyphens, 3–40 characters, not a site page");

/** Kyrgyzstan's bounding box: a map point must lie inside it. */
export const kyrgyzstanBounds = { south: 39.1, north: 43.3, west: 69.2, east: 80.3 } as const;

export const businessPointSchema = z
  .strictObject({
    lat: z.number().min(kyrgyzstanBounds.south).max(kyrgyzstanBounds.north),
    lng: z.number().min(kyrgyzstanBounds.west).max(kyrgyzstanBounds.east),
  })
  .describe("A map point inside Kyrgyzstan");
export type BusinessPoint = z.infer<typeof businessPointSchema>;

/** `HH:MM`, 00:00–23:59, or 24:00 as the end of a day. */
const timePattern = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const timeSchema = z.string().regex(timePattern, "HH:MM");

/** Minutes after midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

/** One weekday's hours: open–close (close after open; the same day), with an optional break inside. */
export const businessDayHoursSchema = z
  .strictObject({
    open: timeSchema,
    close: timeSchema,
    breakStart: timeSchema.nullable().default(null),
    breakEnd: timeSchema.nullable().default(null),
  })
  .superRefine((day, context) => {
    if (minutesOf(day.close) <= minutesOf(day.open)) {
      context.addIssue({ code: "custom", path: ["close"], message: "after the opening time" });
    }
    if ((day.breakStart === null) !== (day.breakEnd === null)) {
      const path = day.breakStart === null ? "breakStart" : "breakEnd";
      context.addIssue({ code: "custom", path: [path], message: "a break has a start and an end" });
    } else if (day.breakStart !== null && day.breakEnd !== null) {
      const start = minutesOf(day.breakStart);
      const end = minutesOf(day.breakEnd);
      if (start <= minutesOf(day.open) || start >= minutesOf(day.close)) {
        context.addIssue({ code: "custom", path: ["breakStart"], message: "within the working hours" });
      }
      if (end <= start || end >= minutesOf(day.close)) {
        context.addIssue({
          code: "custom",
          path: ["breakEnd"],
          message: "after the break's start, before closing",
        });
      }
    }
  });
export type BusinessDayHours = z.infer<typeof businessDayHoursSchema>;

/** Hours per weekday; null: closed that day. */
export const businessHoursSchema = z.strictObject(
  Object.fromEntries(weekdays.map((day) => [day, businessDayHoursSchema.nullable().default(null)])) as Record<
    Weekday,
    z.ZodDefault<z.ZodNullable<typeof businessDayHoursSchema>>
  >,
);
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** The local weekday and minute of `at` in Asia/Bishkek. */
export function bishkekTimeOf(at: Date): { day: Weekday; minute: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: businessTimeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  const day = part("weekday").toLowerCase().slice(0, 3) as Weekday;
  return { day, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

/** Whether the business is open at `at` (Asia/Bishkek): within the day's hours and not on its break. */
export function isBusinessOpenAt(hours: BusinessHours, at: Date): boolean {
  const { day, minute } = bishkekTimeOf(at);
  const today = hours[day];
  if (!today) return false;
  if (minute < minutesOf(today.open) || minute >= minutesOf(today.close)) return false;
  if (today.breakStart && today.breakEnd) {
    return minute < minutesOf(today.breakStart) || minute >= minutesOf(today.breakEnd);
  }
  return true;
}

export const businessNameMaxLength = 80;
export const businessDescriptionMaxLength = 3000;
export const businessAddressMaxLength = 200;

const httpsUrlSchema = textInput()
  .trim()
  .max(200)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }))
  .describe("An http(s) address");

/** Socials by handle: letters, digits, `_` and `.` (the networks' own handle rules, roughly). */
const handleSchema = textInput()
  .trim()
  .transform((handle) => handle.replace(/^@/, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9_.]{2,32}$/, "a handle: letters, digits, _ and ."));

export const businessSocialsSchema = z.strictObject({
  instagram: handleSchema.nullable().default(null),
  telegram: handleSchema.nullable().default(null),
  whatsapp: z
    .string()
    .regex(/^\+996\d{9}$/, "+996 and 9 digits")
    .nullable()
    .default(null),
  facebook: handleSchema.nullable().default(null),
});
export type BusinessSocials = z.infer<typeof businessSocialsSchema>;

/** The body that creates a business, and (whole) updates it. */
export const businessInputSchema = z.strictObject({
  link: businessLinkSchema,
  name: textInput().trim().min(2).max(businessNameMaxLength),
  kind: z.enum(businessKinds),
  description: textInput().trim().max(businessDescriptionMaxLength).default(""),
  logoPhotoId: recordIdSchema.nullable().default(null).describe("An uploaded photo (`POST /api/photos`)"),
  coverPhotoId: recordIdSchema.nullable().default(null).describe("An uploaded photo (`POST /api/photos`)"),
  regionId: recordIdSchema,
  townId: recordIdSchema.nullable().default(null),
  address: textInput().trim().max(businessAddressMaxLength).default(""),
  point: businessPointSchema.nullable().default(null),
  phoneIds: z
    .array(recordIdSchema)
    .max(5)
    .refine((list) => new Set(list).size === list.length, "each phone once")
    .default([])
    .describe("Ids of the owner's confirmed phones to show"),
  hours: businessHoursSchema.default(Object.fromEntries(weekdays.map((day) => [day, null])) as BusinessHours),
  website: httpsUrlSchema.nullable().default(null),
  socials: businessSocialsSchema.default({ instagram: null, telegram: null, whatsapp: null, facebook: null }),
});
export type BusinessInput = z.input<typeof businessInputSchema>;
export type BusinessInputParsed = z.infer<typeof businessInputSchema>;

/** What everyone sees of a business. */
/** Hours as answered (the input's checks and defaults apply to what is written, not to answers). */
const businessHoursOutputSchema = z.object(
  Object.fromEntries(
    weekdays.map((day) => [
      day,
      z
        .object({
          open: z.string(),
          close: z.string(),
          breakStart: z.string().nullable(),
          breakEnd: z.string().nullable(),
        })
        .nullable(),
    ]),
  ) as Record<
    Weekday,
    z.ZodNullable<
      z.ZodObject<{
        open: z.ZodString;
        close: z.ZodString;
        breakStart: z.ZodNullable<z.ZodString>;
        breakEnd: z.ZodNullable<z.ZodString>;
      }>
    >
  >,
);

export const businessSchema = z.object({
  id: z.number().int(),
  link: z.string(),
  name: z.string(),
  kind: z.enum(businessKinds),
  description: z.string(),
  logo: adPhotoSchema.nullable(),
  cover: adPhotoSchema.nullable(),
  regionId: z.number().int(),
  townId: z.number().int().nullable(),
  address: z.string(),
  point: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  hours: businessHoursOutputSchema,
  isOpenNow: z.boolean().describe("Open at the time of the answer, in Asia/Bishkek"),
  website: z.string().nullable(),
  socials: z.object({
    instagram: z.string().nullable(),
    telegram: z.string().nullable(),
    whatsapp: z.string().nullable(),
    facebook: z.string().nullable(),
  }),
  isVerified: z.boolean(),
  ownerId: z.number().int(),
  /** How many phones the page may reveal (`GET /api/businesses/{link}/phones`). */
  phoneCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;

/** The owner's own business, with the phone ids chosen (for the settings form). */
export const ownBusinessSchema = businessSchema.extend({ phoneIds: z.array(z.number().int()) });
export type OwnBusiness = z.infer<typeof ownBusinessSchema>;

export const ownBusinessResponseSchema = z.object({ business: ownBusinessSchema.nullable() });
export type OwnBusinessResponse = z.infer<typeof ownBusinessResponseSchema>;

/** A business in the directory. */
export const businessCardSchema = businessSchema.pick({
  id: true,
  link: true,
  name: true,
  kind: true,
  logo: true,
  regionId: true,
  townId: true,
  address: true,
  isOpenNow: true,
  isVerified: true,
});
export type BusinessCard = z.infer<typeof businessCardSchema>;

export const businessDirectoryLimitDefault = 20;
export const businessDirectoryLimitMax = 50;

/** `GET /api/businesses`: verified first, then by name; keyset paging. */
export const businessDirectoryQuerySchema = z.strictObject({
  q: z.preprocess(
    (value) => (value === "" ? undefined : value),
    textInput().trim().min(1).max(100).optional(),
  ),
  kind: z.preprocess((value) => (value === "" ? undefined : value), z.enum(businessKinds).optional()),
  regionId: z.preprocess((value) => (value === "" ? undefined : value), recordIdParamSchema.optional()),
  cursor: textInput().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(businessDirectoryLimitMax).default(businessDirectoryLimitDefault),
});
export type BusinessDirectoryQuery = z.input<typeof businessDirectoryQuerySchema>;

export const businessDirectoryResponseSchema = z.object({
  items: z.array(businessCardSchema),
  nextCursor: z.string().nullable(),
});
export type BusinessDirectoryResponse = z.infer<typeof businessDirectoryResponseSchema>;

export const businessLinkParamsSchema = z.strictObject({
  link: textInput().max(100).describe("The business's link"),
});

export const businessIdParamsSchema = z.strictObject({ id: recordIdParamSchema });

export const businessVerifyInputSchema = z.strictObject({ isVerified: z.boolean() });

export const businessPhonesResponseSchema = z.object({ phones: z.array(z.string()) });

/** A business as an ad posted as it shows it. */
export const adBusinessSchema = z.object({
  id: z.number().int(),
  link: z.string(),
  name: z.string(),
  isVerified: z.boolean(),
});
export type AdBusiness = z.infer<typeof adBusinessSchema>;
