/**
 * How the owner of a saved search hears about new matches (decision 055). The matching job and the
 * digest job call this interface only; the default sends a socket event to the user's tabs (the
 * in-app channel). Notifications (`notify(userId, "savedSearchMatch", …)`) replace it when they land.
 */
import type { SavedSearch, ServerToClientEvents } from "@unaa/contracts";

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
