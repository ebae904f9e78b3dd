import { Badge, Button, Group, Paper, ScrollArea, Skeleton, Stack, Tabs, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdOwnerAction, AdStatus, MyAd, MyAdsResponse } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { toasts } from "../../lib/app-state.ts";
import { HttpError } from "../../lib/http-client.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useMoreToScroll } from "../../lib/use-more-to-scroll.ts";
import { deleteAd } from "./api/delete-ad.ts";
import { type MyAdStatus, myAdStatuses, myAdsQueryOptions, useMyAds } from "./api/get-my-ads.ts";
import { runAdAction } from "./api/run-ad-action.ts";
import classes from "./my-ads.module.css";
import { MyAdRow } from "./my-ads-row.tsx";

function isMyAdStatus(value: string | null): value is MyAdStatus {
  return (myAdStatuses as readonly (string | null)[]).includes(value);
}

/** Counts with one ad moved from one status to another (or gone, `to` null). */
function moveCount(
  counts: MyAdsResponse["counts"],
  from: AdStatus,
  to: AdStatus | null,
): MyAdsResponse["counts"] {
  return {
    ...counts,
    [from]: Math.max(0, (counts[from] ?? 0) - 1),
    ...(to ? { [to]: (counts[to] ?? 0) + 1 } : {}),
  };
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
  const [toDelete, setToDelete] = useState<MyAd | null>(null);
  const tabStrip = useMoreToScroll();
  const userId = useCurrentUser()?.id;
  const queryClient = useQueryClient();
  const list = useMyAds(userId, status);
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const counts: Partial<MyAdsResponse["counts"]> = pages.at(-1)?.counts ?? {};
  // The time of the last answer: "days left" and the free extension window are read against it.
  const now = new Date(list.dataUpdatedAt);

  /** Changes every loaded page of this tab in the cache. */
  const changePages = (change: (page: MyAdsResponse) => MyAdsResponse) =>
    queryClient.setQueryData(
      myAdsQueryOptions(userId, status).queryKey,
      (data) => data && { ...data, pages: data.pages.map(change) },
    );

  // An error answer has the client's toast (S8.2); a request that got no answer gets this one.
  const showNetworkError = (error: unknown) => {
    if (!(error instanceof HttpError)) toasts.add({ title: t("auth.error.network"), color: "red" });
  };

  const action = useMutation({
    mutationFn: ({ ad, action }: { ad: MyAd; action: AdOwnerAction }) => runAdAction(ad.id, action),
    onSuccess: (updated, { ad, action }) => {
      changePages((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === updated.id ? { ...item, ...updated } : item)),
        counts:
          updated.status === ad.status ? page.counts : moveCount(page.counts, ad.status, updated.status),
      }));
      const done = action === "publish" && updated.status === "pending" ? "publishPending" : action;
      toasts.add({ title: t(`myAds.done.${done}`), color: "teal" });
    },
    onError: showNetworkError,
  });

  const removal = useMutation({
    mutationFn: (ad: MyAd) => deleteAd(ad.id),
    onSuccess: (_, ad) => {
      changePages((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== ad.id),
        counts: moveCount(page.counts, ad.status, null),
      }));
      toasts.add({ title: t("myAds.done.delete"), color: "teal" });
      setToDelete(null);
    },
    onError: showNetworkError,
  });

  const busyAction = (ad: MyAd): AdOwnerAction | "delete" | null => {
    if (action.isPending && action.variables.ad.id === ad.id) return action.variables.action;
    if (removal.isPending && removal.variables.id === ad.id) return "delete";
    return null;
  };

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
        {/* Tabs wider than a phone scroll sideways; the thin bar below and the faded edge show more. */}
        <ScrollArea
          type="auto"
          scrollbars="x"
          scrollbarSize={4}
          offsetScrollbars="x"
          viewportRef={tabStrip.viewport}
          onScrollPositionChange={tabStrip.update}
          className={classes.tabs}
          classNames={{ viewport: classes.tabsViewport }}
          data-more={tabStrip.hasMore || undefined}
          data-testid="my-ads-tabs"
        >
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

      {list.isPending &&
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

      {list.isError && <FormAlert text={t("myAds.loadFailed")} />}

      {list.isSuccess && items.length === 0 && (
        <Paper withBorder radius="lg" p="xl" data-testid="my-ads-empty">
          <Stack align="center" gap="sm">
            <Text fw={600}>{t(`myAds.empty.${status}`)}</Text>
            <Button component={AppLink} to="/create" leftSection={<IconPlus size={18} />}>
              {t("myAds.create")}
            </Button>
          </Stack>
        </Paper>
      )}

      {items.map((ad) => (
        <MyAdRow
          key={ad.id}
          ad={ad}
          now={now}
          busyAction={busyAction(ad)}
          onAction={(next) => action.mutate({ ad, action: next })}
          onDelete={() => setToDelete(ad)}
        />
      ))}

      {list.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void list.fetchNextPage({ cancelRefetch: false })}
          loading={list.isFetchingNextPage}
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
        onConfirm={() => toDelete && removal.mutate(toDelete)}
        onClose={() => setToDelete(null)}
        isBusy={removal.isPending}
      />
    </Stack>
  );
}
