import { Container, EmptyState, Stack, Text } from "@mantine/core";
import { IconFlame } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { serverContext } from "#server-context";
import { PageHeader } from "../components/page-header.tsx";
import { AdGrid } from "../features/ads/ad-grid.tsx";
import { adListPageSize } from "../features/ads/ad-list-data.ts";
import { useUrgentAds } from "../features/ads/api/get-urgent-ads.ts";
import { ShowMore, useMorePages } from "../features/ads/show-more.tsx";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/urgent.ts";

export const handle = pageHandle("urgent", {
  head: () => ({ description: { key: "ads.urgent.description" } }),
});

/** Active urgent ads of every vertical, freshest first (spec S1.3). */
export async function loader({ context }: Route.LoaderArgs) {
  return context.get(serverContext).services.adsService.listUrgentAds({ limit: adListPageSize });
}

export default function Urgent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const more = useMorePages(useUrgentAds(loaderData));
  const items = [...loaderData.items, ...more.extra];
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <Text c="dimmed" mt={-8} mb="lg">
        {t("ads.urgent.lead")}
      </Text>
      {items.length === 0 ? (
        <EmptyState
          py="xl"
          variant="light"
          color="red"
          icon={<IconFlame size={28} />}
          title={t("ads.urgent.emptyTitle")}
          description={t("ads.urgent.emptyHint")}
          data-testid="ads-empty"
        />
      ) : (
        <Stack gap="lg">
          <AdGrid ads={items} priorityCount={2} testId="ads-list" />
          <ShowMore more={more} />
        </Stack>
      )}
    </Container>
  );
}
