/**
 * /favorites: a signed-in user's favourites (rendered by the server), or a guest's from this
 * browser (fetched once the page runs). Ads that left the site stay, greyed, with their status.
 */
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconHeart, IconSearch } from "@tabler/icons-react";
import type { AdCard as AdCardData } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { api, clientState } from "../../lib/app-state.ts";
import { AdCard } from "./ad-card.tsx";
import { AdGridSkeleton } from "./ad-grid.tsx";
import classes from "./favorites-page.module.css";

type GuestList =
  | { kind: "loading" }
  | { kind: "ready"; items: AdCardData[]; missing: number[] }
  | { kind: "failed" };

/** A guest's favourites, in the order of the local list; ids the API no longer shows are `missing`. */
function useGuestFavorites(enabled: boolean): [GuestList, () => void] {
  const [list, setList] = useState<GuestList>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) fetches again.
  useEffect(() => {
    if (!enabled) return;
    const ids = clientState.getSnapshot().favorites;
    if (ids.length === 0) {
      setList({ kind: "ready", items: [], missing: [] });
      return;
    }
    let isCurrent = true;
    setList({ kind: "loading" });
    api
      .get<{ items: AdCardData[] }>("/api/ads/cards", { query: { ids: ids.join(",") }, silent: true })
      .then(({ items }) => {
        if (!isCurrent) return;
        const found = new Set(items.map((item) => item.id));
        setList({ kind: "ready", items, missing: ids.filter((id) => !found.has(id)) });
      })
      .catch(() => {
        if (isCurrent) setList({ kind: "failed" });
      });
    return () => {
      isCurrent = false;
    };
  }, [enabled, attempt]);
  return [list, () => setAttempt((value) => value + 1)];
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
      cols={{ base: 2, sm: 3, lg: 4 }}
      spacing={{ base: "xs", sm: "md" }}
      data-testid="favorites-grid"
    >
      {items.map((ad, index) => (
        <div key={ad.id} className={classes.item} data-status={ad.status}>
          <AdCard ad={ad} priority={index < 4} />
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
