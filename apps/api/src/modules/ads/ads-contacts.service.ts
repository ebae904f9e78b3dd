/**
 * Reaching the seller and reporting an ad: the seller's phones on request (counted, and limited
 * against scraping), and one complaint per user per ad for the moderators.
 */
import type { AdComplaint, AdComplaintReason, AdPhonesResponse } from "@unaa/contracts";
import { AppError } from "../../errors.ts";
import { ipNetwork } from "../../lib/ip-network.ts";
import { type RateCounter, refuseWhenFull } from "../../lib/rate-counter.ts";
import {
  findAdById,
  findConfirmedPhones,
  incrementPhoneReveals,
  insertAdComplaint,
} from "./ads.repository.ts";
import type { AdViewer } from "./ads-access.ts";
import type { AdsContext } from "./ads-context.ts";

export interface AdContacts {
  /**
   * The seller's phones of an active ad, counted (not the owner's own look) and limited per address
   * and per user against scraping; refused when the seller asked for the chat only.
   */
  revealPhones(viewer: AdViewer | null, ip: string, id: number): Promise<AdPhonesResponse>;
  /** One complaint per user per ad (an active ad, not one's own). */
  complainAboutAd(
    userId: number,
    id: number,
    complaint: { reason: AdComplaintReason; text: string },
  ): Promise<AdComplaint>;
}

/**
 * Limits of phone reveals (against scraping): per client address, per its network (IPv4 /24,
 * IPv6 /64: a new address per request does not help) and per signed-in user.
 */
export interface PhoneRevealLimits {
  perIp: RateCounter;
  perNetwork: RateCounter;
  perUser: RateCounter;
}

export function createAdContacts({ db }: AdsContext, limits: PhoneRevealLimits): AdContacts {
  return {
    async revealPhones(viewer, ip, id) {
      const ad = await findAdById(db, id);
      if (ad?.status !== "active") throw new AppError("AD_NOT_FOUND");
      if (ad.chatOnly) throw new AppError("AD_CHAT_ONLY");
      const isOwner = viewer?.id === ad.userId;
      if (!isOwner) {
        // Checked first, then counted: a state reads full once `max` reveals are in the window.
        const checks: [RateCounter, string][] = [
          [limits.perIp, ip],
          [limits.perNetwork, ipNetwork(ip)],
        ];
        if (viewer) checks.push([limits.perUser, String(viewer.id)]);
        for (const [counter, key] of checks) refuseWhenFull(counter, await counter.peek(key));
        await Promise.all(checks.map(([counter, key]) => counter.hit(key)));
      }
      const phones = await findConfirmedPhones(db, ad.userId);
      // A chosen phone the seller has since removed is simply not shown; none left: the main one.
      const chosen = phones.filter((phone) => ad.phoneIds.includes(phone.id));
      const shown = chosen.length ? chosen : phones.slice(0, 1);
      if (!isOwner) await incrementPhoneReveals(db, id);
      return { phones: shown.map((phone) => phone.phone) };
    },

    async complainAboutAd(userId, id, complaint) {
      const row = await findAdById(db, id);
      if (row?.status !== "active" || row.userId === userId) throw new AppError("AD_NOT_FOUND");
      const saved = await insertAdComplaint(db, { adId: id, userId, ...complaint });
      if (!saved) throw new AppError("AD_COMPLAINT_EXISTS");
      return {
        id: saved.id,
        adId: saved.adId,
        reason: saved.reason as AdComplaintReason,
        text: saved.text,
        createdAt: saved.createdAt.toISOString(),
      };
    },
  };
}
