/**
 * Refunds of paid services when staff remove an ad (requirements P6.5, decision 063): the unused
 * part of each purchase goes back to the buyer's balance pro rata, in the transaction that removes
 * the ad, as a `service_refund` ledger entry per purchase — less what an admin already refunded of it.
 */
import { type PaidService, timedServices } from "@unaa/contracts";
import { and, eq, gt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adPurchases, ads } from "../../db/schema/index.ts";
import { credit } from "../money/ledger.ts";
import { staffRefunded } from "../money/staff-refunds.ts";

type PurchaseRow = typeof adPurchases.$inferSelect;

/** The unused part of a purchase at `at`, in tyiyn (rounded down): what a refund gives back. */
export function unusedAmount(purchase: PurchaseRow, at: Date): number {
  const service = purchase.service as PaidService;
  if (service === "raise") return 0;
  if (service === "autoRaise") {
    const raises = purchase.days ?? 0;
    return raises > 0 ? Math.floor((purchase.price * (purchase.raisesLeft ?? 0)) / raises) : 0;
  }
  const start = purchase.startsAt.getTime();
  const end = purchase.endsAt.getTime();
  const unusedMs = end - Math.max(at.getTime(), start);
  if (unusedMs <= 0 || end <= start) return 0;
  return Math.floor((purchase.price * Math.min(unusedMs, end - start)) / (end - start));
}

/**
 * Gives back the unused part of every purchase for the ad, ends its effects (the `*_until` columns,
 * the raises left), and answers the total refunded. Call it in the transaction that removes the ad,
 * after locking the ad's row.
 */
export async function refundUnusedPurchases(tx: Database, adId: number, at = new Date()): Promise<number> {
  const purchases = await tx
    .select()
    .from(adPurchases)
    .where(
      and(
        eq(adPurchases.adId, adId),
        eq(adPurchases.refunded, 0),
        or(gt(adPurchases.endsAt, at), gt(adPurchases.raisesLeft, 0)),
      ),
    )
    .for("update");
  let total = 0;
  for (const purchase of purchases) {
    // What an admin already gave back of the purchase (decision 068) is not given twice.
    const byStaff = purchase.ledgerEntryId === null ? 0 : await staffRefunded(tx, purchase.ledgerEntryId);
    const amount = Math.max(0, Math.min(unusedAmount(purchase, at), purchase.price - byStaff));
    await tx
      .update(adPurchases)
      .set({ refunded: amount, raisesLeft: null, nextRaiseAt: null })
      .where(eq(adPurchases.id, purchase.id));
    if (amount <= 0) continue;
    await credit(tx, purchase.userId, amount, {
      kind: "service_refund",
      reference: `ad:${adId}:${purchase.service}`,
    });
    total += amount;
  }
  const ended = Object.fromEntries(timedServices.map((service) => [`${service}Until`, null]));
  if (purchases.length > 0) await tx.update(ads).set(ended).where(eq(ads.id, adId));
  return total;
}
