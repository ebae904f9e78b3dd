import { Badge, Button, Group, Paper, ScrollArea, Skeleton, Stack, Tabs, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { AdOwnerAction, AdStatus, MyAd, MyAdsResponse } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { toasts } from "../../lib/app-state.ts";
import { getErrorTitle, HttpError } from "../../lib/http-client.ts";
import { ConfirmModal } from "../auth/confirm-modal.tsx";
import { FormAlert } from "../auth/form-alert.tsx";
import { useCurrentUser } from "../auth/session.ts";
import { deleteAd, fetchMyAds, type MyAdStatus, myAdStatuses, runAdAction } from "./my-ads-api.ts";
import { MyAdRow } from "./my-ads-row.tsx";

function isMyAdStatus(value: string | null): value is MyAdStatus {
  return (myAdStatuses as readonly (string | null)[]).includes(value);
}

interface ListState {
  status: MyAdStatus;
  items: MyAd[];
  nextCursor: string | null;
  isLoading: boolean;
  hasFailed: boolean;
}

/**
 * Settings → My ads: the owner's ads by status (tabs with counts, from the URL's `?status=`), each
 * with its counters and the actions its state allows. An action changes the row where it is, with
 * a toast; "show more" pages on.
 */
export function MyAds() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get("status");
  const status: MyAdStatus = isMyAdStatus(requested) ? requested : "active";
  const [list, setList] = useState<ListState>({
    status,
    items: [],
    nextCursor: null,
    isLoading: true,
    hasFailed: false,
  });
  const [counts, setCounts] = useState<Partial<Record<AdStatus, number>>>({});
  const [busy, setBusy] = useState<{ id: number; action: AdOwnerAction | "delete" } | null>(null);
  const [toDelete, setToDelete] = useState<MyAd | null>(null);
  const [now, setNow] = useState(() => new Date());
  const userId = useCurrentUser()?.id;

  const load = (cursor: string | null, signal?: AbortSignal) => {
    setList((current) => ({ ...current, status, isLoading: true, hasFailed: false }));
    fetchMyAds(status, cursor, signal).then(
      (page: MyAdsResponse) => {
        setCounts(page.counts);
        setNow(new Date());
        setList((current) => ({
          status,
          items: cursor ? [...current.items, ...page.items] : page.items,
          nextCursor: page.nextCursor,
          isLoading: false,
          hasFailed: false,
        }));
      },
      () => {
        if (!signal?.aborted) setList((current) => ({ ...current, isLoading: false, hasFailed: true }));
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab (or the restored session) loads its first page.
  useEffect(() => {
    // The list is the signed-in user's: it waits for the session restored at page load.
    if (userId === undefined) return;
    const controller = new AbortController();
    setList({ status, items: [], nextCursor: null, isLoading: true, hasFailed: false });
    load(null, controller.signal);
    return () => controller.abort();
  }, [status, userId]);

  const replaceRow = (ad: MyAd) => {
    setList((current) => ({
      ...current,
      items: current.items.map((item) => (item.id === ad.id ? { ...item, ...ad } : item)),
    }));
  };

  const moveCount = (from: AdStatus, to: AdStatus | null) =>
    setCounts((current) => ({
      ...current,
      [from]: Math.max(0, (current[from] ?? 0) - 1),
      ...(to ? { [to]: (current[to] ?? 0) + 1 } : {}),
    }));

  const showError = (error: unknown) => {
    const title = error instanceof HttpError ? getErrorTitle(error) : t("auth.error.network");
    toasts.add({ title, color: "red" });
  };

  const run = async (ad: MyAd, action: AdOwnerAction) => {
    setBusy({ id: ad.id, action });
    try {
      const updated = await runAdAction(ad.id, action);
      replaceRow(updated);
      if (updated.status !== ad.status) moveCount(ad.status, updated.status);
      const done = action === "publish" && updated.status === "pending" ? "publishPending" : action;
      toasts.add({ title: t(`myAds.done.${done}`), color: "teal" });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (ad: MyAd) => {
    setBusy({ id: ad.id, action: "delete" });
    try {
      await deleteAd(ad.id);
      setList((current) => ({ ...current, items: current.items.filter((item) => item.id !== ad.id) }));
      moveCount(ad.status, null);
      toasts.add({ title: t("myAds.done.delete"), color: "teal" });
      setToDelete(null);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const isFirstLoad = list.isLoading && list.items.length === 0;

  return (
    <Stack gap="md" data-testid="my-ads">
      <Tabs
        value={status}
        onChange={(next) => {
          if (!isMyAdStatus(next)) return;
          setParams(next === "active" ? {} : { status: next }, { replace: true, preventScrollReset: true });
        }}
        keepMounted={false}
      >
        <ScrollArea type="never" offsetScrollbars={false}>
          <Tabs.List style={{ flexWrap: "nowrap" }}>
            {myAdStatuses.map((item) => (
              <Tabs.Tab
                key={item}
                value={item}
                rightSection={
                  <Badge
                    size="sm"
                    variant={item === status ? "filled" : "light"}
                    color={item === status ? undefined : "gray"}
                  >
                    {counts[item] ?? 0}
                  </Badge>
                }
                // In the scrolling strip of a phone tabs keep their width (and their counts) whole.
                style={{ flexShrink: 0 }}
                data-testid={`my-ads-tab-${item}`}
              >
                {t(`myAds.tab.${item}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>

      {isFirstLoad &&
        [0, 1, 2].map((index) => (
          <Paper key={index} withBorder radius="lg" p="sm">
            <Group wrap="nowrap" align="flex-start">
              <Skeleton w={128} h={96} radius="md" />
              <Stack gap="xs" flex={1}>
                <Skeleton h={16} w="70%" />
                <Skeleton h={14} w="30%" />
                <Skeleton h={12} w="50%" />
              </Stack>
            </Group>
          </Paper>
        ))}

      {list.hasFailed && <FormAlert text={t("myAds.loadFailed")} />}

      {!list.isLoading && !list.hasFailed && list.items.length === 0 && (
        <Paper withBorder radius="lg" p="xl" data-testid="my-ads-empty">
          <Stack align="center" gap="sm">
            <Text fw={600}>{t(`myAds.empty.${status}`)}</Text>
            <Button component={AppLink} to="/create" leftSection={<IconPlus size={18} />}>
              {t("myAds.create")}
            </Button>
          </Stack>
        </Paper>
      )}

      {list.items.map((ad) => (
        <MyAdRow
          key={ad.id}
          ad={ad}
          now={now}
          busyAction={busy?.id === ad.id ? busy.action : null}
          onAction={(action) => void run(ad, action)}
          onDelete={() => setToDelete(ad)}
        />
      ))}

      {list.nextCursor && (
        <Button
          variant="default"
          onClick={() => load(list.nextCursor)}
          loading={list.isLoading}
          data-testid="my-ads-more"
          style={{ alignSelf: "center" }}
        >
          {t("myAds.showMore")}
        </Button>
      )}

      <ConfirmModal
        opened={toDelete !== null}
        title={t("myAds.deleteTitle")}
        text={toDelete ? t("myAds.deleteText", { title: toDelete.title }) : ""}
        confirmLabel={t("myAds.action.delete")}
        onConfirm={() => toDelete && void remove(toDelete)}
        onClose={() => setToDelete(null)}
        isBusy={busy?.action === "delete"}
      />
    </Stack>
  );
}
