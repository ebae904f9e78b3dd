import { describe, expect, it } from "vitest";
import {
  type BusinessHours,
  bishkekTimeOf,
  businessHoursSchema,
  businessInputSchema,
  businessLinkSchema,
  isBusinessOpenAt,
} from "./businesses.ts";

/** Weekdays 09:00–18:00 with a break 13:00–14:00, Saturday 10:00–15:00, Sunday closed. */
const hours: BusinessHours = businessHoursSchema.parse({
  mon: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
  tue: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
  wed: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
  thu: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
  fri: { open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" },
  sat: { open: "10:00", close: "15:00" },
  sun: null,
});

/** A time in Bishkek (UTC+6, no daylight saving) as a UTC instant. */
const bishkek = (local: string) => new Date(`${local}+06:00`);

describe("[P8] open now, in Asia/Bishkek", () => {
  it("[P8] reads the weekday and minute in Bishkek, not in UTC", () => {
    // Monday 02:30 in Bishkek is still Sunday 20:30 in UTC.
    expect(bishkekTimeOf(bishkek("2026-11-23T02:30:00"))).toEqual({ day: "mon", minute: 150 });
    expect(bishkekTimeOf(bishkek("2026-11-29T23:59:00"))).toEqual({ day: "sun", minute: 1439 });
  });

  it.each([
    ["2026-11-23T08:59:00", false, "Monday before opening"],
    ["2026-11-23T09:00:00", true, "Monday at opening"],
    ["2026-11-23T12:59:00", true, "Monday just before the break"],
    ["2026-11-23T13:00:00", false, "Monday at the start of the break"],
    ["2026-11-23T13:59:00", false, "Monday during the break"],
    ["2026-11-23T14:00:00", true, "Monday after the break"],
    ["2026-11-23T17:59:00", true, "Monday before closing"],
    ["2026-11-23T18:00:00", false, "Monday at closing"],
    ["2026-11-28T13:30:00", true, "Saturday (no break)"],
    ["2026-11-28T15:00:00", false, "Saturday at closing"],
    ["2026-11-29T12:00:00", false, "Sunday, a day off"],
  ])("[P8] %s is %s (%s)", (local, expected) => {
    expect(isBusinessOpenAt(hours, bishkek(local))).toBe(expected);
  });

  it("[P8] a business open till midnight closes at 24:00", () => {
    const late = businessHoursSchema.parse({ fri: { open: "20:00", close: "24:00" } });
    expect(isBusinessOpenAt(late, bishkek("2026-11-27T23:59:00"))).toBe(true);
    expect(isBusinessOpenAt(late, bishkek("2026-11-28T00:00:00"))).toBe(false);
  });
});

describe("[S1.3] business rules", () => {
  it("[S1.3] a link: a-z, digits and single hyphens, 3–40 characters, starting with a letter", () => {
    for (const good of ["avto-plus", "osh-service-24", "abc", "Avto-Plus"]) {
      expect(businessLinkSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      "ab",
      "a".repeat(41),
      "1auto",
      "auto-",
      "auto--plus",
      "auto plus",
      "авто",
      "auto_plus",
      "auto.kg",
    ]) {
      expect(businessLinkSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(businessLinkSchema.parse("Avto-Plus")).toBe("avto-plus");
  });

  it("[S1.3] a link may not be a page of the site", () => {
    for (const reserved of [
      "about",
      "business",
      "settings",
      "dashboard",
      "login",
      "catalog",
      "car",
      "uslugi",
      "api",
      "ky",
    ]) {
      expect(businessLinkSchema.safeParse(reserved).success, reserved).toBe(false);
    }
  });

  it("[P8] hours: closing after opening, a break inside them with both ends", () => {
    const day = (value: unknown) => businessHoursSchema.safeParse({ mon: value });
    expect(day({ open: "18:00", close: "09:00" }).success).toBe(false);
    expect(day({ open: "09:00", close: "18:00", breakStart: "13:00" }).success).toBe(false);
    expect(day({ open: "09:00", close: "18:00", breakStart: "08:00", breakEnd: "10:00" }).success).toBe(
      false,
    );
    expect(day({ open: "09:00", close: "18:00", breakStart: "14:00", breakEnd: "13:00" }).success).toBe(
      false,
    );
    expect(day({ open: "9:00", close: "18:00" }).success).toBe(false);
    expect(day({ open: "09:00", close: "18:00", breakStart: "13:00", breakEnd: "14:00" }).success).toBe(true);
  });

  it("[P8] a map point lies in Kyrgyzstan; website and socials are checked", () => {
    const base = { link: "avto-plus", name: "Avto Plus", kind: "dealer", regionId: 1 };
    expect(businessInputSchema.safeParse({ ...base, point: { lat: 42.87, lng: 74.59 } }).success).toBe(true);
    expect(businessInputSchema.safeParse({ ...base, point: { lat: 55.75, lng: 37.61 } }).success).toBe(false);
    expect(businessInputSchema.safeParse({ ...base, website: "javascript:alert(1)" }).success).toBe(false);
    expect(businessInputSchema.safeParse({ ...base, website: "https://avto.kg" }).success).toBe(true);
    const socials = businessInputSchema.parse({ ...base, socials: { instagram: "@avto.plus" } }).socials;
    expect(socials.instagram).toBe("avto.plus");
    expect(businessInputSchema.safeParse({ ...base, socials: { telegram: "a b" } }).success).toBe(false);
  });
});

describe("[S1.3] the map's tiles in the pages' policy", () => {
  it("[S1.3] the tiles' origin joins img-src, a subdomain template as a wildcard", async () => {
    const { contentSecurityPolicy, tileOrigin } = await import("./content-security-policy.ts");
    expect(tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe(
      "https://tile.openstreetmap.org",
    );
    expect(tileOrigin("https://{s}.tiles.example.kg/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.kg");
    const policy = contentSecurityPolicy({ imageOrigins: ["https://tile.openstreetmap.org"] });
    expect(policy).toContain("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(policy).toContain("script-src 'self';");
  });
});
