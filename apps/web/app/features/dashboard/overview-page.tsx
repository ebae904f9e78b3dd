/**
 * The dashboard's index (S2.8, issue 17 item 5): the queues waiting for staff, with links to their
 * sections, and today's new ads, users and revenue. A count the role may not see is not shown.
 */
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type DashboardOverview, type DashboardSection, sectionAccess } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { LoadFailed } from "../../components/load-state.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { overviewQueryOptions } from "./api/dashboard-api.ts";
import classes from "./dashboard.module.css";
import { useDashboardFormat } from "./use-dashboard-format.ts";

interface Card {
  key: string;
  value: number | null;
  /** The section the card opens. */
  section?: DashboardSection;
  money?: boolean;
}

function cardsOf(overview: DashboardOverview): { queues: Card[]; today: Card[] } {
  const { queues, today } = overview;
  return {
    queues: [
      { key: "pendingAds", value: queues.pendingAds, section: "adds" },
      { key: "waitingPhotos", value: queues.waitingPhotos, section: "photos" },
      { key: "adComplaints", value: queues.adComplaints, section: "complaints" },
      { key: "chatReports", value: queues.chatReports, section: "complaints" },
      { key: "reportedReviews", value: queues.reportedReviews, section: "complaints" },
    ],
    today: [
      { key: "ads", value: today.ads },
      { key: "users", value: today.users, section: "users" },
      { key: "revenue", value: today.revenue, section: "payments", money: true },
    ],
  };
}

function StatCard({ card, group }: { card: Card; group: "queues" | "today" }) {
  const { t } = useTranslation();
  const { money } = useDashboardFormat();
  const roles = useCurrentUser()?.roles;
  const value = card.value ?? 0;
  const body = (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" fw={600}>
        {t(`dashboard.overview.${group}.${card.key}`)}
      </Text>
      <Text className={classes.statValue} data-testid={`overview-${card.key}`}>
        {card.money ? money(value) : value.toLocaleString("ru-RU")}
      </Text>
    </Stack>
  );
  return card.section && sectionAccess(roles, card.section) ? (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component={AppLink}
      to={`/dashboard/${card.section}`}
      className={classes.statLink}
      data-attention={group === "queues" && value > 0 ? true : undefined}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="lg" p="md">
      {body}
    </Paper>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const overview = useQuery(overviewQueryOptions(viewer?.id));
  if (overview.isError) return <LoadFailed text={t("dashboard.loadFailed")} onRetry={overview.refetch} />;
  const cards = overview.data && cardsOf(overview.data);
  return (
    <Stack gap="lg">
      {(["queues", "today"] as const).map((group) => {
        const shown = cards?.[group].filter((card) => card.value !== null);
        if (shown && shown.length === 0) return null;
        return (
          <Stack gap="sm" key={group}>
            <Title order={2} size="h4">
              {t(`dashboard.overview.${group}.title`)}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {shown
                ? shown.map((card) => <StatCard key={card.key} card={card} group={group} />)
                : [1, 2, 3].map((n) => <Skeleton key={n} height={88} radius="lg" />)}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
