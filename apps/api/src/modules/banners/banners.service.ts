/**
 * Advertising banners (dashboard → advertising, issue 17; decision 071): campaigns written and
 * audited by staff, the one a slot shows (by weight), and the impression and click counters.
 */
import { randomBytes } from "node:crypto";
import {
  type Banner,
  type BannerEventsInput,
  type BannerImage,
  type BannerInput,
  type BannerListQuery,
  type BannerPage,
  type BannerShown,
  type BannerSlot,
  bannerSchema,
  bannerSlotSizes,
  type Locale,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { CacheDrops } from "../../lib/cache-drops.ts";
import { processBanner } from "../../lib/images.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { recordStaffAction } from "../audit/audit.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import {
  addImpressions,
  type BannerRow,
  countClick,
  deleteBanner,
  findBanner,
  findBannersPage,
  findLiveSlots,
  findShowable,
  insertBanner,
  updateBanner,
} from "./banners.repository.ts";

export interface BannersServiceDeps {
  db: Database;
  storage: FileStorage;
  /** Where the live slots register, so that a change drops them in every process. */
  cacheDrops: CacheDrops;
  /** A number in [0, 1) (tests give a fixed one). */
  random?: () => number;
  now?: () => number;
}

export interface BannersService {
  uploadImage(slot: BannerSlot, data: Buffer): Promise<BannerImage>;
  list(query: BannerListQuery): Promise<BannerPage>;
  create(caller: StaffCaller, input: BannerInput): Promise<Banner>;
  update(caller: StaffCaller, id: number, input: BannerInput): Promise<Banner>;
  remove(caller: StaffCaller, id: number): Promise<void>;
  /** One of the slot's campaigns for today and `locale`, chosen by weight, or none. */
  shown(slot: BannerSlot, locale: Locale): Promise<BannerShown>;
  recordImpressions(input: BannerEventsInput): Promise<void>;
  /** Counts a click; the stored link, or null when there is no such campaign. */
  click(id: number): Promise<string | null>;
  /**
   * The slots with a campaign to show now in `locale`: pages reserve a box only for those, so a slot
   * without one takes no room (and nothing moves when it would have gone away). Kept a minute,
   * renewed at once when staff change a campaign.
   */
  liveSlots(locale: Locale): Promise<BannerSlot[]>;
}

/** How long the live slots are kept: as long as the browser keeps a slot's banner (banner-content.tsx). */
const LIVE_SLOTS_TTL_MS = 60_000;

/** The values an audit entry keeps (the counters are not the staff member's doing). */
function audited(row: BannerRow) {
  const { impressions: _i, clicks: _c, createdAt: _a, updatedAt: _u, createdBy: _b, ...values } = row;
  return values;
}

export function weightedPick<T extends { weight: number }>(
  items: readonly T[],
  random: number,
): T | undefined {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let point = random * total;
  for (const item of items) {
    point -= item.weight;
    if (point < 0) return item;
  }
  return items.at(-1);
}

export function createBannersService({
  db,
  storage,
  cacheDrops,
  random = Math.random,
  now = Date.now,
}: BannersServiceDeps): BannersService {
  const liveSlots = new Map<Locale, { until: number; slots: Promise<BannerSlot[]> }>();
  const forgetLiveSlots = cacheDrops.register("banner-slots", () => liveSlots.clear());
  const toBanner = (row: BannerRow): Banner =>
    bannerSchema.parse({
      ...row,
      imageUrl: storage.publicUrl(row.image),
      createdAt: row.createdAt.toISOString(),
    });

  /** The image must be an upload for the same slot that is still stored. */
  async function checkImage(input: BannerInput): Promise<void> {
    const ok = input.image.endsWith(`-${input.slot}.webp`) && (await storage.open(input.image)) !== null;
    if (!ok) {
      throw new AppError("VALIDATION_FAILED", {
        errors: [{ path: "image", code: "invalid", message: "upload an image for this slot" }],
      });
    }
  }

  return {
    async uploadImage(slot, data) {
      const webp = await processBanner(data, bannerSlotSizes[slot]);
      const image = `banners/${randomBytes(12).toString("hex")}-${slot}.webp`;
      await storage.put(image, webp);
      return { image, url: storage.publicUrl(image) };
    },

    async list({ slot, cursor, limit }) {
      const rows = await findBannersPage(
        db,
        { slot, beforeId: cursor === undefined ? null : Number(cursor) },
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { items: page.map(toBanner), nextCursor: rows.length > limit && last ? String(last.id) : null };
    },

    async create(caller, input) {
      await checkImage(input);
      const row = await db.transaction(async (tx) => {
        const created = await insertBanner(tx, { ...input, createdBy: caller.id });
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "banner.create",
          object: { type: "banner", id: created.id },
          after: audited(created),
          ip: caller.ip,
        });
        return created;
      });
      forgetLiveSlots();
      return toBanner(row);
    },

    async update(caller, id, input) {
      await checkImage(input);
      const row = await db.transaction(async (tx) => {
        const before = await findBanner(tx, id, true);
        if (!before) throw new AppError("BANNER_NOT_FOUND");
        const after = await updateBanner(tx, id, input);
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "banner.update",
          object: { type: "banner", id },
          before: audited(before),
          after: audited(after),
          ip: caller.ip,
        });
        return after;
      });
      forgetLiveSlots();
      return toBanner(row);
    },

    async remove(caller, id) {
      await db.transaction(async (tx) => {
        const before = await findBanner(tx, id, true);
        if (!before) throw new AppError("BANNER_NOT_FOUND");
        await deleteBanner(tx, id);
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "banner.delete",
          object: { type: "banner", id },
          before: audited(before),
          ip: caller.ip,
        });
      });
      forgetLiveSlots();
    },

    async shown(slot, locale) {
      const chosen = weightedPick(await findShowable(db, slot, locale), random());
      if (!chosen) return { banner: null };
      return {
        banner: {
          id: chosen.id,
          title: chosen.title,
          imageUrl: storage.publicUrl(chosen.image),
          ...bannerSlotSizes[slot],
          clickUrl: `/api/banners/${chosen.id}/click`,
        },
      };
    },

    async recordImpressions({ impressions }) {
      const counts = new Map<number, number>();
      for (const id of impressions) counts.set(id, (counts.get(id) ?? 0) + 1);
      await addImpressions(db, counts);
    },

    click: (id) => countClick(db, id),

    liveSlots(locale) {
      const kept = liveSlots.get(locale);
      if (kept && kept.until > now()) return kept.slots;
      const slots = findLiveSlots(db, locale);
      liveSlots.set(locale, { until: now() + LIVE_SLOTS_TTL_MS, slots });
      // A failed query is not kept: the next page asks again.
      slots.catch(() => liveSlots.delete(locale));
      return slots;
    },
  };
}
