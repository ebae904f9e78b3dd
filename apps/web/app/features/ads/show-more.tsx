import { Button, Stack, Text } from "@mantine/core";
import type { InfiniteData } from "@tanstack/react-query";
import type { AdCard, AdCardsPage } from "@unaa/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

export interface MorePages {
  /** The cards of the pages after the first, each ad once. */
  extra: AdCard[];
  hasMore: boolean;
  status: "idle" | "loading" | "failed";
  loadMore: () => void;
}

/** What "show more" needs of a keyset list's infinite query. */
interface PagedQuery {
  data: InfiniteData<AdCardsPage, unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/**
 * "Show more" by keyset: the next page is appended in place (the scroll stays); an ad already
 * shown (it moved up while the visitor read) is not shown twice.
 */
export function useMorePages(query: PagedQuery): MorePages {
  const { pages } = query.data;
  const extra = useMemo(() => {
    const [first, ...rest] = pages;
    const seen = new Set(first?.items.map((ad) => ad.id));
    return rest.flatMap((page) =>
      page.items.filter((ad) => {
        if (seen.has(ad.id)) return false;
        seen.add(ad.id);
        return true;
      }),
    );
  }, [pages]);
  return {
    extra,
    hasMore: query.hasNextPage,
    status: query.isFetchingNextPage ? "loading" : query.isFetchNextPageError ? "failed" : "idle",
    // A click while a page is on its way waits for it rather than asking again.
    loadMore: () => void query.fetchNextPage({ cancelRefetch: false }),
  };
}

/** The "show more" button under a list, with its loading state and a failure note. */
export function ShowMore({ more }: { more: MorePages }) {
  const { t } = useTranslation();
  if (!more.hasMore) return null;
  return (
    <Stack align="center" gap={6}>
      <Button
        variant="default"
        size="md"
        onClick={more.loadMore}
        loading={more.status === "loading"}
        data-testid="ads-show-more"
      >
        {t("ads.list.showMore")}
      </Button>
      {more.status === "failed" && (
        <Text c="red" fz="sm" role="alert">
          {t("ads.list.showMoreFailed")}
        </Text>
      )}
    </Stack>
  );
}
