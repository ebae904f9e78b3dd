/**
 * How the owner of a saved search hears about new matches (decision 055). The matching job and the
 * digest job call this interface only. The app uses `createNotifyingAlerts`: a notification per
 * search through `notify()` (decision 054) and a socket event for the settings page's counts.
 */
import type { NotificationPayloads, SavedSearch, ServerToClientEvents } from "@unaa/contracts";

/** A matched ad, as an alert names it. */
export interface MatchedAd {
  id: number;
  title: string;
}

/** One search of a digest, with its ads not yet alerted. */
export interface DigestGroup {
  savedSearch: SavedSearch;
  ads: MatchedAd[];
}

export interface SavedSearchAlerts {
  /** An `instant` search matched these new ads. */
  instant(userId: number, savedSearch: SavedSearch, ads: MatchedAd[]): Promise<void>;
  /** The daily digest of a user: their `daily` searches due this hour that have new ads. */
  digest(userId: number, groups: DigestGroup[]): Promise<void>;
}

type EmitToUser = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
) => void;

/** The in-app channel only: `savedSearch:match` with the search's new-match count. */
export function createRealtimeAlerts(emitToUser: EmitToUser): SavedSearchAlerts {
  const emit = (userId: number, savedSearch: SavedSearch) => {
    if (!savedSearch.channels.inApp) return;
    emitToUser(userId, "savedSearch:match", {
      savedSearchId: savedSearch.id,
      newCount: savedSearch.newCount,
    });
  };
  return {
    async instant(userId, savedSearch) {
      emit(userId, savedSearch);
    },
    async digest(userId, groups) {
      for (const group of groups) emit(userId, group.savedSearch);
    },
  };
}

/** What notifications offer the alerts (decision 054's `notify`, narrowed to this kind). */
export type NotifySavedSearchMatch = (
  userId: number,
  payload: NotificationPayloads["savedSearchMatch"],
  channels: SavedSearch["channels"],
) => Promise<unknown>;

/** The search's list page; its bare list when the filters would make too long a link. */
function listLink(savedSearch: SavedSearch): string {
  const link = `/${savedSearch.vertical}${savedSearch.query ? `?${savedSearch.query}` : ""}`;
  return link.length <= 500 ? link : `/${savedSearch.vertical}`;
}

/**
 * Alerts through notifications: one `savedSearchMatch` notification per search (instant, or one
 * per search of a digest), on the channels the search chose and the user's preferences allow; the
 * socket event keeps the settings page's counts current.
 */
export function createNotifyingAlerts(
  emitToUser: EmitToUser,
  notify: NotifySavedSearchMatch,
): SavedSearchAlerts {
  const realtime = createRealtimeAlerts(emitToUser);
  const send = (userId: number, savedSearch: SavedSearch, ads: MatchedAd[]) =>
    notify(
      userId,
      {
        searchId: savedSearch.id,
        searchName: savedSearch.label || (ads[0]?.title ?? ""),
        count: Math.max(1, ads.length),
        link: listLink(savedSearch),
      },
      savedSearch.channels,
    );
  return {
    async instant(userId, savedSearch, ads) {
      await realtime.instant(userId, savedSearch, ads);
      await send(userId, savedSearch, ads);
    },
    async digest(userId, groups) {
      await realtime.digest(userId, groups);
      for (const group of groups) await send(userId, group.savedSearch, group.ads);
    },
  };
}
