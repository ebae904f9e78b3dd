import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  EmptyState,
  Group,
  Indicator,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconBook2,
  IconInfoCircle,
  IconListSearch,
  IconSparkles,
} from "@tabler/icons-react";
import type { Currency } from "@unaa/contracts";
import { verticalDefinitions } from "@unaa/contracts";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useNavigation, useNavigationType } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { BannerSlot } from "../../components/banner-slot.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { localizePath, stripLocale } from "../../lib/i18n.ts";
import { useFocusBack } from "../../lib/use-focus-back.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { useWideScreen } from "../../lib/use-wide-screen.ts";
import { catalogPath } from "../catalog/catalog-format.ts";
import { fieldLabelKey, formatCount } from "./ad-format.ts";
import { AdGrid, AdGridSkeleton, AdRow } from "./ad-grid.tsx";
import type { AdListData } from "./ad-list-data.ts";
import classes from "./ad-list-page.module.css";
import {
  countFilters,
  type ListQuery,
  listLocation,
  pathFilters,
  sortsOf,
  withFilter,
} from "./ad-list-query.ts";
import { useLiveCount } from "./api/count-ads.ts";
import { useAdList } from "./api/get-ads.ts";
import type { KnownEntry } from "./catalog-filter.tsx";
import { type FilterChange, FilterPanel } from "./filter-panel.tsx";
import { FollowSearchButton } from "./follow-search-button.tsx";
import { OtherVerticalsOffer } from "./other-verticals-offer.tsx";
import { ShowMore, useMorePages } from "./show-more.tsx";

// Mantine's Drawer loads with the phone's filter drawer, not with the page.
const Drawer = lazy(() => import("../../components/lazy-drawer.ts"));

/** "1 234 объявления"; "1 000+ объявлений" above the exact-count limit. */
function useTotalText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (total: number, isExact: boolean) =>
    t(isExact ? "ads.list.total" : "ads.list.totalMore", {
      count: total,
      shown: formatCount(total, locale),
    });
}

/** Promoted ads shown above the list, one row; the others stay in their place in the list. */
const PROMOTED_SHOWN = 4;
/** The cards of the list's first row (three columns on wide screens): their covers load at once, first. */
const FIRST_ROW = 3;

function ListResults({ data, currency }: { data: AdListData; currency: Currency | undefined }) {
  const { t } = useTranslation();
  const { page } = data;
  const more = useMorePages(useAdList(data.vertical, data.filters, page));
  const promoted = page.promoted.slice(0, PROMOTED_SHOWN);
  const promotedIds = new Set(promoted.map((ad) => ad.id));
  const items = [...page.items, ...more.extra].filter((ad) => !promotedIds.has(ad.id));
  const shown = promoted.length + items.length;
  const cols = { base: 1, sm: 3, lg: 3 } as const;

  if (shown === 0) return <EmptyList data={data} />;
  return (
    <Stack gap="lg">
      {promoted.length > 0 && (
        <Box component="section" aria-labelledby="ads-promoted" className={classes.promoted}>
          <Group gap={6} mb="sm">
            <IconSparkles size={18} aria-hidden />
            <Title order={2} fz="md" id="ads-promoted">
              {t("ads.list.promoted")}
            </Title>
          </Group>
          <AdRow ads={promoted} currency={currency} priorityCount={FIRST_ROW} compact testId="ads-promoted" />
        </Box>
      )}
      <AdGrid
        ads={items}
        currency={currency}
        cols={cols}
        priorityCount={promoted.length > 0 ? 0 : FIRST_ROW}
        testId="ads-list"
      />
      <ShowMore more={more} />
    </Stack>
  );
}

/**
 * Nothing found: with filters, the way back; a landing or category page without other filters, the
 * way to the whole vertical; an empty vertical, an honest "none yet". Selling is offered always.
 */
function EmptyList({ data }: { data: AdListData }) {
  const { t } = useTranslation();
  const reset = useResetPath(data);
  const carName = data.path.map((entry) => entry.name).join(" ");
  const isPathOnly = reset === `/${data.vertical}`;
  const texts = isPathOnly
    ? {
        title: carName ? t("ads.list.emptyLanding", { name: carName }) : t("ads.list.emptyTitle"),
        hint: t("ads.list.emptyLandingHint"),
        back: t("ads.list.seeAll", { name: t(`nav.${data.vertical}`) }),
      }
    : reset !== null
      ? {
          title: t("ads.list.emptyFiltered"),
          hint: t("ads.list.emptyFilteredHint"),
          back: t("ads.list.reset"),
        }
      : { title: t("ads.list.emptyTitle"), hint: t("ads.list.emptyHint"), back: null };
  return (
    <EmptyState
      py="xl"
      variant="light"
      icon={<IconListSearch size={28} />}
      title={texts.title}
      description={texts.hint}
      data-testid="ads-empty"
    >
      <EmptyState.Actions>
        {reset !== null && (
          <Button component={AppLink} to={reset} variant="light">
            {texts.back}
          </Button>
        )}
        <Button
          component={AppLink}
          to={`/create/${data.vertical}`}
          variant={reset !== null ? "subtle" : "filled"}
        >
          {t("ads.list.sell")}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** The page's catalogue path by `level:id`, for the pickers before their lists arrive. */
function knownEntries(data: AdListData): Record<string, KnownEntry> {
  return Object.fromEntries(
    data.path.map((entry) => [`${entry.level}:${entry.id}`, { name: entry.name, slug: entry.slug }]),
  );
}

/** Where "reset" leads: the landing path without its query, or the vertical's list; null: nothing set. */
function useResetPath(data: AdListData): string | null {
  const location = listLocation(data.vertical, data.filters, data.path);
  if (location.search) return location.pathname;
  return location.pathname === `/${data.vertical}` ? null : `/${data.vertical}`;
}

function FilterDrawer({
  data,
  filters,
  opened,
  onClose,
  onApply,
}: {
  data: AdListData;
  /** The filters last applied (ahead of `data` while their list loads): where a draft starts. */
  filters: ListQuery;
  opened: boolean;
  onClose: () => void;
  onApply: (filters: ListQuery) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  useEffect(() => {
    if (opened) setDraft(filters);
  }, [opened, filters]);
  const count = useLiveCount(data.vertical, draft, {
    filters: data.filters,
    total: data.page.total,
    isExact: data.page.totalIsExact,
  });
  const totalText = useTotalText();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      title={t("ads.filters.title")}
      position="right"
      size="100%"
      classNames={{ body: classes.drawerBody }}
      closeButtonProps={{ "aria-label": t("ads.filters.close") }}
      data-testid="filter-drawer"
    >
      <Box px="md" pb="md">
        <Group justify="flex-end" mt={-8}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setDraft(pathFilters(data.vertical, data.path, data.group))}
          >
            {t("ads.filters.reset")}
          </Button>
        </Group>
        <FilterPanel
          vertical={data.vertical}
          filters={draft}
          onChange={(next) => setDraft(next)}
          size="md"
          known={knownEntries(data)}
        />
      </Box>
      <div className={classes.drawerFooter}>
        <Button
          size="md"
          fullWidth
          loading={count.isLoading}
          onClick={() => onApply(draft)}
          data-testid="filter-drawer-apply"
        >
          {count.total === null
            ? t("ads.filters.showAds")
            : t("ads.filters.show", { what: totalText(count.total, count.isExact) })}
        </Button>
      </div>
    </Drawer>
  );
}

/**
 * One list page for every vertical, category and catalogue landing: the filter panel (a sidebar on
 * wide screens, a drawer with a live count on phones), sorts, the promoted block, cards and
 * "show more". Filters live in the address: every change is a navigation the loader answers, so a
 * shared link and the back button give the same list.
 */
export function AdListPage({ data }: { data: AdListData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [drawerOpened, setDrawerOpened] = useState(false);
  // The drawer is rendered (closed) from the first pointing at or focus on its button, so its code
  // is there before it opens.
  const [isDrawerMounted, setDrawerMounted] = useState(false);
  useFocusBack(drawerOpened);
  if (drawerOpened && !isDrawerMounted) setDrawerMounted(true);
  const mountDrawer = () => setDrawerMounted(true);
  const totalText = useTotalText();
  const isWideScreen = useWideScreen();
  const definition = verticalDefinitions[data.vertical];
  const lastWasTyping = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every history move.
  useEffect(() => {
    if (navigationType === "POP") lastWasTyping.current = false;
  }, [location.key]);

  // The filters last applied, while their list loads (`over` is the list still shown): the panel
  // shows them at once, and the next change adds to them, not to the list's (a second chip clicked
  // before the first one's list arrives keeps the first).
  const [applied, setApplied] = useState<{ filters: ListQuery; over: AdListData } | null>(null);
  const filters = applied?.over === data ? applied.filters : data.filters;

  function apply(next: ListQuery, change: FilterChange) {
    setApplied({ filters: next, over: data });
    const target = listLocation(data.vertical, next, data.path);
    // Typing a price makes one history entry, not one per pause.
    const replace = change.typing && lastWasTyping.current;
    lastWasTyping.current = change.typing;
    navigate(localizePath(target.pathname, locale) + target.search, { replace, preventScrollReset: true });
  }

  // The list's address in any language: switching language shows the same cards, so they stay
  // (no skeleton, no "show more" pages lost) while the page's texts change with it.
  const listAddress = stripLocale(location.pathname) + location.search;
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const targetPath = target ? stripLocale(target.pathname) : "";
  const isLoading =
    target !== undefined &&
    targetPath + target.search !== listAddress &&
    targetPath.split("/")[1] === data.vertical &&
    targetPath.split("/").length <= 5;
  const currency = data.filters.currency === "USD" ? "USD" : undefined;
  const filterCount = countFilters(data.filters) - data.path.length - (data.group ? 1 : 0);
  const sorts = sortsOf(definition);

  return (
    <Container size="xl" py="lg">
      <PageHeader title={data.heading} />
      {data.path.length > 0 && (
        <Anchor
          component={AppLink}
          to={catalogPath("car", ...data.path.map((entry) => entry.slug))}
          fz="sm"
          className={classes.catalogLink}
          data-testid="ads-catalog-link"
        >
          <IconBook2 size={16} aria-hidden />
          {t("ads.list.catalogLink", { name: data.path.map((entry) => entry.name).join(" ") })}
        </Anchor>
      )}
      {data.refused.length > 0 && (
        <Alert color="yellow" icon={<IconInfoCircle />} mb="md" data-testid="ads-refused">
          {t("ads.list.refused", {
            names: data.refused.map((name) => t(fieldLabelKey(name.replace(/(From|To)$/, "")))).join(", "),
          })}
        </Alert>
      )}
      <div className={classes.layout}>
        <Box component="aside" visibleFrom="md" aria-label={t("ads.filters.title")}>
          {/* Phones filter in the drawer: the sidebar's controls are not built for them (a third of a list page's render).
              Its own boundary lets React hydrate the sidebar after the rest, in short slices, rather
              than in the page's one long first task (a click on it before then hydrates it first). */}
          {isWideScreen && (
            <Suspense>
              <FilterPanel
                vertical={data.vertical}
                filters={filters}
                onChange={apply}
                size="sm"
                known={knownEntries(data)}
              />
              <BannerSlot slot="list-sidebar" className={classes.banner} />
            </Suspense>
          )}
        </Box>
        <Box component="section" aria-label={data.heading} miw={0}>
          <div className={classes.toolbar}>
            <Group className={classes.total} justify="space-between" gap="xs">
              <Text fw={600} data-testid="ads-total">
                {totalText(data.page.total, data.page.totalIsExact)}
              </Text>
              <FollowSearchButton vertical={data.vertical} filters={data.filters} label={data.heading} />
            </Group>
            <Indicator label={filterCount} size={18} disabled={filterCount <= 0} hiddenFrom="md">
              <Button
                variant="default"
                size="sm"
                fullWidth
                hiddenFrom="md"
                leftSection={<IconAdjustmentsHorizontal size={16} />}
                onClick={() => setDrawerOpened(true)}
                onPointerEnter={mountDrawer}
                onFocus={mountDrawer}
                data-testid="filter-drawer-open"
              >
                {t("ads.filters.title")}
              </Button>
            </Indicator>
            <Select
              size="sm"
              aria-label={t("ads.sort.label")}
              data={sorts.map((sort) => ({ value: sort, label: t(`ads.sort.${sort}`) }))}
              value={filters.sort ?? "fresh"}
              onChange={(sort) =>
                apply(withFilter(filters, "sort", sort === "fresh" ? undefined : (sort ?? undefined)), {
                  typing: false,
                })
              }
              allowDeselect={false}
              comboboxProps={{ transitionProps: { duration: 0 } }}
              data-testid="ads-sort"
            />
          </div>
          {!isLoading && <OtherVerticalsOffer counts={data.page.otherVerticals} q={data.filters.q} />}
          {isLoading ? (
            <AdGridSkeleton count={6} cols={{ base: 1, sm: 3, lg: 3 }} />
          ) : (
            <ListResults key={listAddress} data={data} currency={currency} />
          )}
        </Box>
      </div>
      {isDrawerMounted && (
        <Suspense fallback={null}>
          <FilterDrawer
            data={data}
            filters={filters}
            opened={drawerOpened}
            onClose={() => setDrawerOpened(false)}
            onApply={(filters) => {
              setDrawerOpened(false);
              apply(filters, { typing: false });
            }}
          />
        </Suspense>
      )}
    </Container>
  );
}
