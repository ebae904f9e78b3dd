/**
 * The tail every keyset list of the dashboard shares (payments, codes, history, users, broadcasts,
 * banners, subscriptions): the error with a retry, placeholder rows while the first page loads, the
 * "nothing here" box, the table, and "show more" while the API has a next page.
 */
import { Button, Group, Paper, SegmentedControl, Table, Text } from "@mantine/core";
import { type DashboardListOrder, dashboardListOrders } from "@unaa/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { dashboardSectionOf, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import classes from "./dashboard.module.css";

/** The list's order as the address names it (`?order=oldest`); newest first without it. */
export function useListOrder(): DashboardListOrder {
  const [searchParams] = useSearchParams();
  const order = searchParams.get("order");
  return (dashboardListOrders as readonly (string | null)[]).includes(order)
    ? (order as DashboardListOrder)
    : "newest";
}

/**
 * A table's scroll container that the keyboard reaches (WCAG 2.1.1): on a phone a wide table scrolls
 * sideways, and a table without links or buttons would otherwise offer nothing to focus.
 */
export function keyboardScrollable(label: string) {
  return { viewportProps: { tabIndex: 0, role: "region", "aria-label": label } };
}

/**
 * Puts a list's filters in the address (`filters` holds every filter; those absent are cleared) and
 * keeps the order the viewer chose: the order is not a filter, so applying or resetting filters
 * leaves it as it is.
 */
export function useApplyFilters(): (filters: URLSearchParams | Record<string, string>) => void {
  const [, setSearchParams] = useSearchParams();
  return (filters) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(filters);
        const order = current.get("order");
        if (order) next.set("order", order);
        return next;
      },
      { preventScrollReset: true },
    );
}

/**
 * A filter form's buttons: apply (submits the form) and reset, which empties the form (`onReset`)
 * and then the address's filters, keeping the list's order.
 */
export function FilterButtons({ name, onReset }: { name: string; onReset: () => void }) {
  const { t } = useTranslation();
  const applyFilters = useApplyFilters();
  return (
    <Group gap="xs">
      <Button type="submit" data-testid={`${name}-apply`}>
        {t("dashboard.history.apply")}
      </Button>
      <Button
        variant="default"
        onClick={() => {
          onReset();
          applyFilters({});
        }}
      >
        {t("dashboard.history.reset")}
      </Button>
    </Group>
  );
}

/** Newest or oldest first, kept in the address with the page's filters; the server orders the pages. */
function ListOrderControl({ name }: { name: string }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const order = useListOrder();
  return (
    <Group justify="flex-end">
      <SegmentedControl
        size="xs"
        aria-label={t("dashboard.order.label")}
        data-testid={`${name}-order`}
        value={order}
        onChange={(value) =>
          setSearchParams(
            (params) => {
              const next = new URLSearchParams(params);
              if (value === "newest") next.delete("order");
              else next.set("order", value);
              return next;
            },
            { preventScrollReset: true },
          )
        }
        data={dashboardListOrders.map((value) => ({ value, label: t(`dashboard.order.${value}`) }))}
      />
    </Group>
  );
}

/** What the table needs of a `useInfiniteQuery` result. */
export interface KeysetQuery {
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

export interface KeysetTableProps<Row> {
  query: KeysetQuery;
  /** The rows of the pages loaded so far; undefined while the first page loads. */
  rows: Row[] | undefined;
  /** Test ids: `<name>-table`, `<name>-empty`. */
  name: string;
  /** The text of an empty list without filters; with filters in the address the table says so itself. */
  emptyText: string;
  /** The table's header cells. */
  head: ReactNode;
  /** One row's `Table.Tr`, with its key. */
  row: (row: Row) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  highlightOnHover?: boolean;
  /** The page shows the error itself (e.g. beside a filter field): no error box here. */
  hideError?: boolean;
  /** Offers newest or oldest first (`useListOrder` gives the page the choice for its query). */
  ordered?: boolean;
}

export function KeysetTable<Row>({
  query,
  rows,
  name,
  emptyText,
  head,
  row,
  minWidth,
  highlightOnHover = false,
  hideError = false,
  ordered = false,
}: KeysetTableProps<Row>) {
  const { t } = useTranslation();
  const section = dashboardSectionOf(useLocation().pathname);
  // A list's filters live in the address beside its order: any of them, and nothing found is their doing.
  const [searchParams] = useSearchParams();
  const filtered = [...searchParams.keys()].some((name) => name !== "order");
  let body: ReactNode;
  if (query.isError) {
    body = hideError ? null : <LoadFailed text={t("dashboard.loadFailed")} onRetry={query.refetch} />;
  } else if (rows === undefined) {
    body = <ListSkeleton height={40} />;
  } else if (rows.length === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Text c="dimmed" ta="center" data-testid={`${name}-empty`}>
          {filtered ? t("dashboard.filteredEmpty") : emptyText}
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={keyboardScrollable(section ? t(dashboardTitleKey(section)) : name)}
      >
        <Table
          striped
          highlightOnHover={highlightOnHover}
          className={classes.table}
          data-testid={`${name}-table`}
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <>
      {ordered && <ListOrderControl name={name} />}
      {body}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: "center" }}
        >
          {t("dashboard.showMore")}
        </Button>
      )}
    </>
  );
}
