/**
 * Public profiles (issue 15, decision 056): the trust card anyone may see, on `/profile/{id}` and
 * beside every ad. Never a phone or an email. A deleted or blocked account answers
 * `USER_UNAVAILABLE` (404) with nothing of it, an unknown id `USER_NOT_FOUND` (404).
 */
import {
  type ProfileTab,
  type PublicProfile,
  profileTabs,
  profileTabVerticals,
  responseStatsRules,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { createSearchCache } from "../../lib/search-cache.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { readSellerRatings } from "../reviews/reviews.repository.ts";
import {
  countActiveAdsByVertical,
  findProfileUser,
  findResponseStats,
  type ResponseStatsRow,
} from "./profiles.repository.ts";

export interface ProfilesService {
  getProfile(userId: number): Promise<PublicProfile>;
}

/**
 * Response stats move slowly (90 days of chats), and the ad page asks for its seller's on every view:
 * a process keeps each user's for a while rather than reading their chats on every view.
 */
const RESPONSE_STATS_TTL_MS = 10 * 60_000;
const RESPONSE_STATS_MAX = 20_000;
const DAY_MS = 86_400_000;

/** Rate and median time as the card shows them; none below the minimum of chats. */
export function toResponseStats(
  row: ResponseStatsRow,
): Pick<PublicProfile, "responseRate" | "responseMinutes"> {
  if (row.chats < responseStatsRules.minChats) return { responseRate: null, responseMinutes: null };
  return {
    responseRate: Math.round((row.answered / row.chats) * 100),
    responseMinutes: row.medianSeconds === null ? null : Math.round(row.medianSeconds / 60),
  };
}

export function createProfilesService(deps: {
  db: Database;
  storage: FileStorage;
  now?: () => Date;
}): ProfilesService {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());
  const responseStats = createSearchCache<ResponseStatsRow>({
    maxEntries: RESPONSE_STATS_MAX,
    ttlMs: RESPONSE_STATS_TTL_MS,
  });

  return {
    async getProfile(userId) {
      const user = await findProfileUser(db, userId);
      if (!user) throw new AppError("USER_NOT_FOUND");
      if (user.deletedAt || user.blockedAt) throw new AppError("USER_UNAVAILABLE");
      const [byVertical, ratings, stats] = await Promise.all([
        countActiveAdsByVertical(db, userId),
        readSellerRatings(db, [userId]),
        responseStats.get(String(userId), () =>
          findResponseStats(
            db,
            userId,
            new Date(now().getTime() - responseStatsRules.windowDays * DAY_MS),
            responseStatsRules.replyWithinHours * 3600,
          ),
        ),
      ]);
      const countOf = (tab: ProfileTab) =>
        profileTabVerticals[tab].reduce((sum, vertical) => sum + (byVertical.get(vertical) ?? 0), 0);
      const tabCounts = Object.fromEntries(profileTabs.map((tab) => [tab, countOf(tab)])) as Record<
        ProfileTab,
        number
      >;
      return {
        id: user.id,
        username: user.username,
        avatar: user.avatarKey ? storage.publicUrl(user.avatarKey) : null,
        createdAt: user.createdAt.toISOString(),
        hasConfirmedPhone: user.hasConfirmedPhone,
        activeAds: tabCounts.adds,
        tabCounts,
        ...toResponseStats(stats),
        rating: ratings.get(userId) ?? { average: null, count: 0 },
      };
    },
  };
}
