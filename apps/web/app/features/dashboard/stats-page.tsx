/**
 * Dashboard → stats (issue 17, S2.8, decision 073): for a period of the last 7, 30 or 90 days (kept
 * in the address), new ads per day by vertical, active ads now, sign-ups, chats started and revenue
 * by paid service per day; each chart with a heading and its numbers as a table to open. "Download
 * CSV" saves the same days as a file (fetched with the staff member's token, then saved as a Blob).
 */
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type DashboardStats,
  type StatsRevenueKey,
  statsPeriods,
  statsRevenueKeys,
  type Vertical,
  verticals,
} from "@unaa/contracts";
import { lazy, type ReactNode, Suspense, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { localDay, siteTimeZone } from "../../lib/local-day.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useMoney, useSiteDay } from "../../lib/use-site-format.ts";
import { fetchStatsCsv, saveBlob, statsPeriodOf, statsQueryOptions } from "./api/stats-api.ts";
import classes from "./dashboard.module.css";
import type { StatsChartSeries } from "./stats-chart.tsx";

const StatsChart = lazy(() => import("./stats-chart.tsx"));

type StatsPeriod = (typeof statsPeriods)[number];
const defaultPeriod: StatsPeriod = 30;

const verticalColors: Record<Vertical, string> = {
  car: "blue.6",
  commercial: "orange.6",
  moto: "grape.6",
  uslugi: "teal.6",
};
const revenueColors: Record<StatsRevenueKey, string> = {
  raise: "blue.6",
  autoRaise: "cyan.6",
  top: "orange.6",
  vip: "grape.6",
  premium: "yellow.6",
  highlight: "pink.6",
  urgent: "red.6",
  plans: "teal.6",
};

/** `?days=7`; anything else is the default. */
export function statsPeriodFrom(search: URLSearchParams): StatsPeriod {
  const days = Number(search.get("days"));
  return (statsPeriods as readonly number[]).includes(days) ? (days as StatsPeriod) : defaultPeriod;
}

interface ChartSpec {
  id: "ads" | "signUps" | "chats" | "revenue";
  kind: "stacked" | "area";
  series: StatsChartSeries[];
  rows: Record<string, string | number>[];
  money?: boolean;
}

/** A chart with its heading, and its numbers as a table one can open (readable without the picture). */
function ChartCard({ spec, dayOf }: { spec: ChartSpec; dayOf: (row: number) => string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const headingId = useId();
  const format = (value: number) => (spec.money ? money(value) : value.toLocaleString("ru-RU"));
  const totals = spec.series.map((series) =>
    spec.rows.reduce((sum, row) => sum + Number(row[series.name] ?? 0), 0),
  );
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      data-testid={`stats-chart-${spec.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {t(`dashboard.stats.chart.${spec.id}`)}
          </Title>
          <Text size="sm" c="dimmed" data-testid={`stats-total-${spec.id}`}>
            {t("dashboard.stats.total", { value: format(totals.reduce((sum, value) => sum + value, 0)) })}
          </Text>
        </Group>
        {/* The picture repeats the table below; assistive technology reads the table. */}
        <div aria-hidden="true" className={classes.chart}>
          <Suspense fallback={<Skeleton height={260} radius="md" />}>
            <StatsChart
              data={spec.rows}
              series={spec.series}
              kind={spec.kind}
              valueFormatter={spec.money ? money : undefined}
              minTop={spec.money ? 10_000 : undefined}
            />
          </Suspense>
        </div>
        <details className={classes.statsTable}>
          <summary>{t("dashboard.stats.showTable")}</summary>
          {/* A region one can focus and scroll with the keyboard (a wide table on a phone). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll by keys (WCAG 2.1.1). */}
          <section className={classes.statsScroll} aria-labelledby={headingId} tabIndex={0}>
            <Table striped className={classes.table} data-testid={`stats-table-${spec.id}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("dashboard.stats.day")}</Table.Th>
                  {spec.series.map((series) => (
                    <Table.Th scope="col" key={series.name}>
                      {series.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {spec.rows.map((row, index) => (
                  <Table.Tr key={String(row.day)}>
                    <Table.Th scope="row" fw={400}>
                      {dayOf(index)}
                    </Table.Th>
                    {spec.series.map((series) => (
                      <Table.Td key={series.name}>{format(Number(row[series.name] ?? 0))}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        </details>
      </Stack>
    </Paper>
  );
}

function ActiveAds({ stats }: { stats: DashboardStats }) {
  const { t } = useTranslation();
  const total = verticals.reduce((sum, vertical) => sum + stats.activeAds[vertical], 0);
  const figure = (key: string, label: string, value: number) => (
    <Paper withBorder radius="lg" p="md" key={key}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {/* Size by props, not by a class: the charts' chunk adds Mantine's stylesheet again after ours. */}
        <Text fz="xl" fw={700} lh={1.2} className={classes.statValue} data-testid={`stats-active-${key}`}>
          {value.toLocaleString("ru-RU")}
        </Text>
      </Stack>
    </Paper>
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="stats-active-heading">
      <Title order={2} size="h4" id="stats-active-heading">
        {t("dashboard.stats.activeAds")}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {figure("total", t("dashboard.stats.allVerticals"), total)}
        {verticals.map((vertical) =>
          figure(vertical, t(`dashboard.subscribes.vertical.${vertical}`), stats.activeAds[vertical]),
        )}
      </SimpleGrid>
    </Stack>
  );
}

function useChartSpecs(stats: DashboardStats | undefined): ChartSpec[] {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!stats) return [];
    const label = (iso: string) => {
      const { day, month } = localDay(new Date(iso), siteTimeZone);
      return t("ads.date.dayMonth", { day, month: t(`ads.date.month.${month}`) });
    };
    const rowsOf = (values: (day: DashboardStats["days"][number]) => Record<string, number>) =>
      stats.days.map((day) => ({ day: day.day, label: label(day.day), ...values(day) }));
    return [
      {
        id: "ads",
        kind: "stacked",
        series: verticals.map((vertical) => ({
          name: vertical,
          label: t(`dashboard.subscribes.vertical.${vertical}`),
          color: verticalColors[vertical],
        })),
        rows: rowsOf((day) => day.ads),
      },
      {
        id: "signUps",
        kind: "area",
        series: [{ name: "signUps", label: t("dashboard.stats.chart.signUps"), color: "indigo.6" }],
        rows: rowsOf((day) => ({ signUps: day.signUps })),
      },
      {
        id: "chats",
        kind: "area",
        series: [{ name: "chats", label: t("dashboard.stats.chart.chats"), color: "teal.6" }],
        rows: rowsOf((day) => ({ chats: day.chats })),
      },
      {
        id: "revenue",
        kind: "stacked",
        money: true,
        series: statsRevenueKeys.map((key) => ({
          name: key,
          label: key === "plans" ? t("dashboard.stats.plans") : t(`paidServices.service.${key}.title`),
          color: revenueColors[key],
        })),
        rows: rowsOf((day) => day.revenue),
      },
    ];
  }, [stats, t]);
}

function DownloadButton({ period }: { period: { from: string; to: string } }) {
  const { t } = useTranslation();
  // A failed download is toasted by the shared client (not silent), like other failed actions.
  const download = useMutation({
    mutationFn: () => fetchStatsCsv(period),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      data-testid="stats-download"
    >
      {t("dashboard.stats.download")}
    </Button>
  );
}

export function StatsPage() {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const siteDay = useSiteDay();
  const [searchParams, setSearchParams] = useSearchParams();
  const days = statsPeriodFrom(searchParams);
  // The period's days are fixed when the period is picked (not on every render at midnight).
  const period = useMemo(() => statsPeriodOf(days), [days]);
  const stats = useQuery(statsQueryOptions(viewer?.id, period));
  const specs = useChartSpecs(stats.data);
  const choose = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (Number(value) === defaultPeriod) next.delete("days");
    else next.set("days", value);
    setSearchParams(next, { preventScrollReset: true, replace: true });
  };
  let body: ReactNode;
  if (stats.isError) {
    body = <LoadFailed text={t("dashboard.loadFailed")} onRetry={() => stats.refetch()} />;
  } else if (!stats.data) {
    body = <ListSkeleton rows={4} height={200} testId="stats-loading" />;
  } else {
    const data = stats.data;
    body = (
      <Stack gap="lg" data-testid="stats-body" data-from={data.from} data-to={data.to}>
        <Text size="sm" c="dimmed" data-testid="stats-range">
          {t("dashboard.stats.range", { from: siteDay(data.from), to: siteDay(data.to) })}
        </Text>
        <ActiveAds stats={data} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          {specs.map((spec) => (
            <ChartCard key={spec.id} spec={spec} dayOf={(index) => siteDay(data.days[index]?.day ?? "")} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t("dashboard.stats.period")}
          value={String(days)}
          onChange={choose}
          data={statsPeriods.map((value) => ({
            value: String(value),
            label: t("dashboard.stats.days", { count: value }),
          }))}
          data-testid="stats-period"
        />
        <DownloadButton period={period} />
      </Group>
      {body}
    </Stack>
  );
}
