import { Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MorePages } from "./use-more-pages.ts";

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
