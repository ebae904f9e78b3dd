/**
 * Moderators' decisions (requirements P4): approve a pending ad or a waiting edit, reject one
 * with a reason for the owner, remove an ad. Any ad, whoever owns it; the ad keeps its owner.
 */
import type { Ad, AdRejectReason } from "@unaa/contracts";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { prunePhotosOfAd, removePhotoFiles } from "../photos/photos.service.ts";
import { refundUnusedPurchases } from "../services/service-refunds.ts";
import { readSettings } from "../settings/settings.service.ts";
import { type AdInsert, type AdRow, findAdForUpdate, updateAdRow } from "./ads.repository.ts";
import { checkAllowed } from "./ads-access.ts";
import { type AdsContext, isPriceDrop, now } from "./ads-context.ts";
import { goLive, recordPriceChange } from "./ads-life-cycle.service.ts";
import { presentAd } from "./ads-presenters.ts";

/** Each decision is audited (decision 065) with the staff member's IP, when the caller knows it. */
export interface AdModeration {
  approveAd(staffId: number, id: number, ip?: string): Promise<Ad>;
  rejectAd(
    staffId: number,
    id: number,
    decision: { reason: AdRejectReason; note: string },
    ip?: string,
  ): Promise<Ad>;
  /** Takes the ad off the site; a reason and note (optional) are kept and told to the owner. */
  removeAd(
    staffId: number,
    id: number,
    ip?: string,
    decision?: { reason: AdRejectReason; note: string },
  ): Promise<Ad>;
}

/** A waiting revision's columns, to write when a moderator approves it. */
function revisionOf(ad: AdRow): Partial<AdInsert> {
  return ad.pendingRevision ? { ...(ad.pendingRevision as Partial<AdInsert>), pendingRevision: null } : {};
}

export function createAdModeration(context: AdsContext): AdModeration {
  const { db, storage, forgetSearches } = context;

  /**
   * A moderator's decision on any ad; the ad keeps its owner. A waiting revision may be approved or
   * rejected whatever the ad's state.
   */
  async function moderate(
    staffId: number,
    id: number,
    action: "approve" | "reject" | "remove",
    change: (ad: AdRow, time: Date) => Partial<AdInsert>,
    ip: string | undefined,
  ): Promise<Ad> {
    let before: AdRow | undefined;
    const row = await db.transaction(async (tx) => {
      const ad = await findAdForUpdate(tx, id);
      before = ad;
      if (!ad) throw new AppError("AD_NOT_FOUND");
      if (ad.pendingRevision === null || action === "remove") checkAllowed(ad, action);
      const time = now();
      const updated = await updateAdRow(tx, id, {
        ...change(ad, time),
        moderatedBy: staffId,
        moderatedAt: time,
        updatedAt: time,
      });
      await recordPriceChange(tx, ad, updated);
      await recordStaffAction(tx, {
        staff: staffId,
        action: `ad.${action}`,
        object: { type: "ad", id },
        before: { status: ad.status, revision: ad.pendingRevision !== null },
        after: {
          status: updated.status,
          ...(action === "approve" ? {} : { reason: updated.rejectReason, note: updated.rejectNote }),
        },
        ip,
      });
      // Staff removed it: the unused part of its paid services goes back to the owner (P6.5).
      if (action === "remove") await refundUnusedPurchases(tx, id, time);
      return updated;
    });
    forgetSearches();
    if (before && context.events) {
      if (action === "approve") await context.events.moderated(row, { action });
      if (action !== "approve") {
        await context.events.moderated(row, {
          action,
          reason: row.rejectReason ?? "other",
          note: row.rejectNote,
        });
      }
      if (isPriceDrop(before, row)) await context.events.priceDropped(before, row);
    }
    // An approved revision replaced the live photos, a rejected one dropped its own.
    await removePhotoFiles(storage, await prunePhotosOfAd(db, id));
    return presentAd(context, row, staffId, true);
  }

  return {
    async approveAd(staffId, id, ip) {
      const { adLifetimeDays } = await readSettings(db);
      const approved = await moderate(
        staffId,
        id,
        "approve",
        (ad, time) => ({
          ...revisionOf(ad),
          ...(ad.status === "pending" ? goLive(ad, time, adLifetimeDays) : {}),
          rejectReason: null,
          rejectNote: null,
        }),
        ip,
      );
      // Live now, or its approved revision is: either may match searches it did not before.
      if (approved.status === "active") await context.events?.wentLive(approved.id);
      return approved;
    },

    // A rejected revision is dropped and the live version stays; otherwise the ad is rejected.
    rejectAd: (staffId, id, decision, ip) =>
      moderate(
        staffId,
        id,
        "reject",
        (ad) => ({
          ...(ad.pendingRevision ? {} : { status: "rejected", expiresAt: null }),
          pendingRevision: null,
          rejectReason: decision.reason,
          rejectNote: decision.note || null,
        }),
        ip,
      ),

    removeAd: (staffId, id, ip, decision) =>
      moderate(
        staffId,
        id,
        "remove",
        () => ({
          status: "removed",
          expiresAt: null,
          pendingRevision: null,
          rejectReason: decision?.reason ?? null,
          rejectNote: decision?.note || null,
        }),
        ip,
      ),
  };
}
