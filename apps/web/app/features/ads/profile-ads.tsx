import { EmptyState, Stack } from "@mantine/core";
import { IconListSearch } from "@tabler/icons-react";
import type { AdCardsPage, ProfileTab } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AdGrid } from "./ad-grid.tsx";
import { useProfileAds } from "./api/get-profile-ads.ts";
import { ShowMore, useMorePages } from "./show-more.tsx";

/** One tab of `/profile/{id}` (spec S2.5): the user's active ads of its verticals, "show more" by keyset. */
export function ProfileAds({ userId, tab, first }: { userId: number; tab: ProfileTab; first: AdCardsPage }) {
  const { t } = useTranslation();
  const more = useMorePages(useProfileAds(userId, tab, first));
  const items = [...first.items, ...more.extra];
  if (items.length === 0) {
    return (
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconListSearch size={28} />}
        title={t("profile.page.emptyTitle")}
        description={t("profile.page.emptyText")}
        data-testid="profile-ads-empty"
      />
    );
  }
  return (
    <Stack gap="lg">
      <AdGrid ads={items} cols={{ base: 1, sm: 2, lg: 3 }} priorityCount={2} testId="profile-ads" />
      <ShowMore more={more} />
    </Stack>
  );
}
