import type { AdCard, AdCardsPage } from "@unaa/contracts";
import { useState } from "react";

export interface MorePages {
  /** The cards of the pages after the first, each ad once. */
  extra: AdCard[];
  hasMore: boolean;
  status: "idle" | "loading" | "failed";
  loadMore: () => Promise<void>;
}

/**
 * "Show more" by keyset: the next page is asked with the last cursor and appended in place (the
 * scroll stays); an ad already shown is not shown twice. Remount (a `key`) to start over.
 */
export function useMorePages(first: AdCardsPage, load: (cursor: string) => Promise<AdCardsPage>): MorePages {
  const [extra, setExtra] = useState<AdCard[]>([]);
  const [cursor, setCursor] = useState(first.nextCursor);
  const [status, setStatus] = useState<MorePages["status"]>("idle");
  async function loadMore() {
    if (!cursor || status === "loading") return;
    setStatus("loading");
    try {
      const next = await load(cursor);
      setExtra((shown) => {
        const seen = new Set([...first.items, ...shown].map((ad) => ad.id));
        return [...shown, ...next.items.filter((ad) => !seen.has(ad.id))];
      });
      setCursor(next.nextCursor);
      setStatus("idle");
    } catch {
      setStatus("failed");
    }
  }
  return { extra, hasMore: cursor !== null, status, loadMore };
}
