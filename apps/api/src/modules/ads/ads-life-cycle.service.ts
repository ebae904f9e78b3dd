/**
 * An owner's ad from draft to archive (requirements P4, decisions 021–023): create, edit (a key
 * change of a live ad waits for a moderator under pre-moderation; a rejected ad goes back to one),
 * publish within the free limits, extend once, archive, sell, delete; the sweeps that archive
 * expired ads and warn before expiry; and the ads' part of an account deletion.
 */
import {
  type Ad,
  type AdInput,
  type AdStatus,
  adExtendWindowDays,
  canExtendAd,
  type Vertical,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { PhotoFiles } from "../photos/photos.repository.ts";
import {
  attachAdPhotos,
  deletePhotosOfAd,
  prunePhotosOfAd,
  removePhotoFiles,
} from "../photos/photos.service.ts";
import { activeAdLimits } from "../plans/plans.repository.ts";
import type { Settings } from "../settings/settings.definitions.ts";
import { readSettings } from "../settings/settings.service.ts";
import type { AccountDeletionHook } from "../users/users.service.ts";
import {
  type AdInsert,
  type AdRow,
  archiveAdRows,
  archiveExpiredAdRows,
  countLiveAdsOfUser,
  deleteAdRow,
  hasConfirmedPhone,
  insertAd,
  insertExpiryWarnings,
  insertPriceHistory,
  lockAdsOfUser,
  updateAdRow,
} from "./ads.repository.ts";
import { checkAllowed, findOwnAdForUpdate } from "./ads-access.ts";
import { type AdsContext, DAY_MS, isPriceDrop, now } from "./ads-context.ts";
import { invalidField } from "./ads-errors.ts";
import { checkedAdColumns } from "./ads-input.ts";
import { presentAd } from "./ads-presenters.ts";

export interface AdLifeCycle {
  createAd(userId: number, input: AdInput): Promise<Ad>;
  updateAd(userId: number, id: number, input: AdInput): Promise<Ad>;
  /** Active at once, or pending under pre-moderation; refused beyond the free limit of the vertical. */
  publishAd(userId: number, id: number): Promise<Ad>;
  /** Once, free, in the last days before expiry (requirements P4). */
  extendAd(userId: number, id: number): Promise<Ad>;
  archiveAd(userId: number, id: number): Promise<Ad>;
  markAdSold(userId: number, id: number): Promise<Ad>;
  deleteAd(userId: number, id: number): Promise<void>;
  /**
   * An account deletion's part (decision 005), inside its transaction: its live and waiting ads are
   * archived; drafts, which nobody but the owner ever saw, are deleted with their photos.
   */
  archiveAdsOfDeletedAccount: AccountDeletionHook;
  /** Archives the active ads whose 30 days (setting) are over; run periodically. */
  archiveExpiredAds(at?: Date): Promise<number>;
  /**
   * Records a notice for the owner of every active ad ending within 3 days, once per expiry time
   * (requirements P4); run periodically. Answers how many were recorded.
   */
  warnExpiringAds(at?: Date): Promise<number>;
}

/** Live now: raised to the top of "fresh", first published once, expiring after the lifetime. */
export function goLive(ad: AdRow, time: Date, lifetimeDays: number): Partial<AdInsert> {
  return {
    status: "active",
    publishedAt: ad.publishedAt ?? time,
    raisedAt: time,
    expiresAt: new Date(time.getTime() + lifetimeDays * DAY_MS),
  };
}

/** Every price an ad has had is kept. */
export async function recordPriceChange(tx: Database, before: AdRow, after: AdRow): Promise<void> {
  if (after.price === before.price && after.currency === before.currency) return;
  await insertPriceHistory(tx, after);
}

/** Changing one of these, or the photos, of a live ad needs a moderator again (requirements P4). */
const reviewedFields = ["mark", "model", "markText", "modelText", "year"];

function changesReviewedContent(ad: AdRow, input: AdInput): boolean {
  const fields = input.fields as Record<string, unknown>;
  const photoIds = ad.photos.map((photo) => photo.id);
  return (
    reviewedFields.some((name) => (ad.fields[name] ?? null) !== (fields[name] ?? null)) ||
    photoIds.length !== input.photoIds.length ||
    photoIds.some((id, index) => id !== input.photoIds[index])
  );
}

/**
 * The price shown crossed out after an edit of a published ad (requirements P4): the previous
 * price, in the new currency, when the edit lowered it; kept while the price does not change.
 */
function oldPriceAfter(ad: AdRow, next: { price: number; currency: string }): number | null {
  if (next.price === ad.price && next.currency === ad.currency) return ad.oldPrice;
  if (ad.publishedAt === null || next.price === 0) return null;
  const before = next.currency === "USD" ? ad.priceUsd : ad.priceKgs;
  return before > next.price ? before : null;
}

/** Live and waiting ads take a place of their vertical: `freeAdLimits`, or the current plan's (P6.4). */
async function checkFreePlace(tx: Database, userId: number, vertical: string, settings: Settings) {
  const limit = (await activeAdLimits(tx, userId, settings.freeAdLimits))[vertical as Vertical];
  if ((await countLiveAdsOfUser(tx, userId, vertical)) >= limit) throw new AppError("AD_LIMIT_REACHED");
}

/** Under pre-moderation (or `auto` without a confirmed phone) publications and key edits wait. */
async function isPreModerated(db: Database, userId: number, mode: "pre" | "post" | "auto"): Promise<boolean> {
  return mode === "pre" || (mode === "auto" && !(await hasConfirmedPhone(db, userId)));
}

export function createAdLifeCycle(context: AdsContext): AdLifeCycle {
  const { db, storage, forgetSearches } = context;

  async function changeStatus(
    userId: number,
    id: number,
    action: "archive" | "sold",
    status: AdStatus,
  ): Promise<Ad> {
    const row = await db.transaction(async (tx) => {
      const ad = await findOwnAdForUpdate(tx, userId, id);
      checkAllowed(ad, action);
      return updateAdRow(tx, id, { status, expiresAt: null, updatedAt: now() });
    });
    forgetSearches();
    return presentAd(context, row, userId);
  }

  return {
    async createAd(userId, input) {
      const columns = await checkedAdColumns(db, userId, input, null);
      const row = await db.transaction(async (tx) => {
        const created = await insertAd(tx, { ...columns, userId, createdAt: now(), updatedAt: now() });
        await attachAdPhotos(tx, userId, created.id, input.photoIds);
        await insertPriceHistory(tx, created);
        return created;
      });
      return presentAd(context, row, userId);
    },

    async updateAd(userId, id, input) {
      const columns = await checkedAdColumns(db, userId, input, id);
      const settings = await readSettings(db);
      const isPre = await isPreModerated(db, userId, settings.moderationMode);
      let before: AdRow | undefined;
      const row = await db.transaction(async (tx) => {
        const ad = await findOwnAdForUpdate(tx, userId, id);
        before = ad;
        if (ad.vertical !== input.vertical) throw invalidField("VALIDATION_FAILED", "vertical");
        checkAllowed(ad, "update");
        // A rejected ad goes back to a moderator with its edit, whatever the moderation mode: it takes
        // a free place again, and the reason is cleared.
        const resent =
          ad.status === "rejected"
            ? { status: "pending", rejectReason: null, rejectNote: null, expiresAt: null }
            : {};
        if (ad.status === "rejected") await checkFreePlace(tx, userId, ad.vertical, settings);
        await attachAdPhotos(tx, userId, id, input.photoIds);
        const content = { ...columns, ...resent, oldPrice: oldPriceAfter(ad, columns) };
        // Under pre-moderation a key change of a live ad waits for a moderator, the whole edit with
        // it, while the live version stays as it is (requirements P4).
        if (ad.status === "active" && isPre && changesReviewedContent(ad, input)) {
          return updateAdRow(tx, id, {
            pendingRevision: content,
            rejectReason: null,
            rejectNote: null,
            updatedAt: now(),
          });
        }
        // Applied at once, replacing any waiting revision. Editing never raises the ad: raised_at
        // and published_at stay as they are.
        const updated = await updateAdRow(tx, id, { ...content, pendingRevision: null, updatedAt: now() });
        await recordPriceChange(tx, ad, updated);
        return updated;
      });
      forgetSearches();
      if (before && isPriceDrop(before, row)) await context.events?.priceDropped(before, row);
      // The photos the edit dropped (from the live ad or a waiting revision) go once it is committed.
      await removePhotoFiles(storage, await prunePhotosOfAd(db, id));
      return presentAd(context, row, userId);
    },

    async publishAd(userId, id) {
      const settings = await readSettings(db);
      const isPre = await isPreModerated(db, userId, settings.moderationMode);
      const row = await db.transaction(async (tx) => {
        const ad = await findOwnAdForUpdate(tx, userId, id);
        if (ad.status === "rejected") throw new AppError("AD_REJECTED_NEEDS_EDIT");
        checkAllowed(ad, "publish");
        await checkFreePlace(tx, userId, ad.vertical, settings);
        const time = now();
        const cleared = { rejectReason: null, rejectNote: null, updatedAt: time };
        if (isPre) return updateAdRow(tx, id, { ...cleared, status: "pending" });
        return updateAdRow(tx, id, { ...cleared, ...goLive(ad, time, settings.adLifetimeDays) });
      });
      forgetSearches();
      if (row.status === "active") await context.events?.wentLive(row.id);
      return presentAd(context, row, userId);
    },

    async extendAd(userId, id) {
      const { adLifetimeDays } = await readSettings(db);
      const row = await db.transaction(async (tx) => {
        const ad = await findOwnAdForUpdate(tx, userId, id);
        const time = now();
        if (!canExtendAd({ ...ad, status: ad.status as AdStatus }, time))
          throw new AppError("AD_STATE_CONFLICT");
        return updateAdRow(tx, id, {
          expiresAt: new Date(time.getTime() + adLifetimeDays * DAY_MS),
          extendedAt: time,
          updatedAt: time,
        });
      });
      return presentAd(context, row, userId);
    },

    archiveAd: (userId, id) => changeStatus(userId, id, "archive", "archived"),
    markAdSold: (userId, id) => changeStatus(userId, id, "sold", "sold"),

    async deleteAd(userId, id) {
      const removedPhotos = await db.transaction(async (tx) => {
        await findOwnAdForUpdate(tx, userId, id);
        const photos = await deletePhotosOfAd(tx, id);
        await deleteAdRow(tx, id);
        return photos;
      });
      forgetSearches();
      await removePhotoFiles(storage, removedPhotos);
    },

    async archiveAdsOfDeletedAccount(tx, userId) {
      const held = await lockAdsOfUser(tx, userId, ["draft", "pending", "active"]);
      const live = held.filter((ad) => ad.status !== "draft");
      // Archived rather than deleted: favourites, chats and complaints keep the ad they are about.
      await archiveAdRows(
        tx,
        live.map((ad) => ad.id),
        now(),
      );
      const removedPhotos: PhotoFiles[] = [];
      for (const draft of held.filter((ad) => ad.status === "draft")) {
        removedPhotos.push(...(await deletePhotosOfAd(tx, draft.id)));
        await deleteAdRow(tx, draft.id);
      }
      return async () => {
        forgetSearches();
        // The photos only a dropped revision showed.
        for (const ad of live.filter((candidate) => candidate.hasRevision)) {
          removedPhotos.push(...(await prunePhotosOfAd(db, ad.id)));
        }
        await removePhotoFiles(storage, removedPhotos);
      };
    },

    async archiveExpiredAds(at = now()) {
      const archived = await archiveExpiredAdRows(db, at);
      if (archived > 0) forgetSearches();
      return archived;
    },

    warnExpiringAds: (at = now()) => insertExpiryWarnings(db, at, adExtendWindowDays * DAY_MS),
  };
}
