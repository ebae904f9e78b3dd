import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** What "show more" needs of a keyset list's infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
}

/** "Show more" under a list of reviews: the next keyset page is appended in place. */
export function ReviewsShowMore({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Stack align="center" gap={6}>
      <Button
        variant="default"
        onClick={() => void query.fetchNextPage({ cancelRefetch: false })}
        loading={query.isFetchingNextPage}
        data-testid="reviews-show-more"
      >
        {t("reviews.page.showMore")}
      </Button>
      {query.isFetchNextPageError && (
        <Text c="red" fz="sm" role="alert">
          {t("reviews.page.showMoreFailed")}
        </Text>
      )}
    </Stack>
  );
}
