/**
 * /favorites: a signed-in user's favourites (rendered by the server), or a guest's from this
 * browser (fetched once the page runs). Ads that left the site stay, greyed, with their status.
 */
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconHeart, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { AdCard as AdCardData } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { clientState } from "../../lib/app-state.ts";
import { AdCard, rowCardPhotoSizes } from "./ad-card.tsx";
import { AdGridSkeleton } from "./ad-grid.tsx";
import { adCardsQueryOptions } from "./api/get-ad-cards.ts";
import classes from "./favorites-page.module.css";

type GuestList =
  | { kind: "loading" }
  | { kind: "ready"; items: AdCardData[]; missing: number[] }
  | { kind: "failed" };

/**
 * A guest's favourites, in the order of the local list; ids the API no longer shows are `missing`.
 * The list is read from this browser once the page runs, and again on `reload` (after a failure, or
 * after forgetting the missing ones): a heart taken off on this page leaves its card in place.
 */
function useGuestFavorites(enabled: boolean): [GuestList, () => void] {
  const [ids, setIds] = useState<readonly number[] | null>(null);
  useEffect(() => {
    if (enabled) setIds(clientState.getSnapshot().favorites);
  }, [enabled]);
  const cards = useQuery({ ...adCardsQueryOptions(ids ?? []), enabled: enabled && Boolean(ids?.length) });
  const reload = () => {
    const next = clientState.getSnapshot().favorites;
    if (ids && next.join() === ids.join()) void cards.refetch();
    else setIds(next);
  };
  if (ids === null) return [{ kind: "loading" }, reload];
  if (ids.length === 0) return [{ kind: "ready", items: [], missing: [] }, reload];
  if (cards.isFetching || cards.isPending) return [{ kind: "loading" }, reload];
  if (cards.isError) return [{ kind: "failed" }, reload];
  const found = new Set(cards.data.map((item) => item.id));
  return [{ kind: "ready", items: cards.data, missing: ids.filter((id) => !found.has(id)) }, reload];
}

function EmptyFavorites() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="favorites-empty">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="red">
          <IconHeart size={34} aria-hidden />
        </ThemeIcon>
        <Text fw={700} fz="lg">
          {t("adPage.favorites.emptyTitle")}
        </Text>
        <Text c="dimmed" maw={460}>
          {t("adPage.favorites.emptyText")}
        </Text>
        <Button component={AppLink} to="/car" leftSection={<IconSearch size={18} aria-hidden />} mt="xs">
          {t("adPage.favorites.search")}
        </Button>
      </Stack>
    </Paper>
  );
}

export function FavoritesGrid({ items }: { items: readonly AdCardData[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 3, lg: 4 }}
      spacing={{ base: "xs", sm: "md" }}
      data-testid="favorites-grid"
    >
      {items.map((ad, index) => (
        <div key={ad.id} className={classes.item} data-status={ad.status}>
          <AdCard ad={ad} priority={index < 4} sizes={rowCardPhotoSizes} phoneLayout="row" />
          {ad.status !== "active" && (
            <Badge className={classes.status} color="dark" variant="filled" data-testid="favorite-status">
              {t(`adPage.status.${ad.status}.title`)}
            </Badge>
          )}
        </div>
      ))}
    </SimpleGrid>
  );
}

/** `serverItems`: the signed-in viewer's favourites from the loader; null for a guest. */
export function FavoritesPage({ serverItems }: { serverItems: AdCardData[] | null }) {
  const { t } = useTranslation();
  const [guest, retry] = useGuestFavorites(serverItems === null);

  if (serverItems) return serverItems.length ? <FavoritesGrid items={serverItems} /> : <EmptyFavorites />;
  if (guest.kind === "loading") return <AdGridSkeleton count={4} />;
  if (guest.kind === "failed") {
    return (
      <Alert color="red" variant="light" title={t("adPage.favorites.failed")}>
        <Button variant="light" color="red" size="xs" onClick={retry}>
          {t("adPage.favorites.retry")}
        </Button>
      </Alert>
    );
  }
  const { items, missing } = guest;
  if (items.length === 0 && missing.length === 0) return <EmptyFavorites />;
  return (
    <Stack gap="md">
      <Text c="dimmed" fz="sm">
        {t("adPage.favorites.guestNote")}
      </Text>
      {missing.length > 0 && (
        <Alert color="gray" variant="light" data-testid="favorites-missing">
          <Group justify="space-between" gap="xs">
            <Text fz="sm">{t("adPage.favorites.missing", { count: missing.length })}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                const gone = new Set(missing);
                clientState.setFavorites(clientState.getSnapshot().favorites.filter((id) => !gone.has(id)));
                retry();
              }}
            >
              {t("adPage.favorites.forget")}
            </Button>
          </Group>
        </Alert>
      )}
      {items.length > 0 ? <FavoritesGrid items={items} /> : <EmptyFavorites />}
    </Stack>
  );
}
