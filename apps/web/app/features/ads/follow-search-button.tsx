/**
 * "Follow this search" on a list page (issue 14, decision 055): saves the list's filters as a saved
 * search with instant alerts; "Following" when the same filters are saved (pressing it again stops
 * following). Guests go to the login and come back to the same list.
 */
import { Button } from "@mantine/core";
import { IconBell, IconBellCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SavedSearchListResponse, Vertical } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { toasts } from "../../lib/app-state.ts";
import { HttpError } from "../../lib/http-client.ts";
import { useSession } from "../../lib/session.ts";
import type { ListQuery } from "./ad-list-query.ts";
import {
  createSavedSearch,
  deleteSavedSearch,
  savedSearchesQueryOptions,
  useSavedSearches,
} from "./api/saved-searches.ts";
import { savedSearchQueryOfList } from "./saved-search-query.ts";

export function FollowSearchButton({
  vertical,
  filters,
  label,
}: {
  vertical: Vertical;
  filters: ListQuery;
  /** The list's heading, kept as the saved search's name. */
  label: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user, status } = useSession();
  const queryClient = useQueryClient();
  const saved = useSavedSearches(user?.id);
  const query = savedSearchQueryOfList(filters);
  const followed = saved.data?.items.find((item) => item.vertical === vertical && item.query === query);
  const listKey = savedSearchesQueryOptions(user?.id).queryKey;
  const change = (update: (items: SavedSearchListResponse["items"]) => SavedSearchListResponse["items"]) =>
    queryClient.setQueryData<SavedSearchListResponse>(listKey, (list) =>
      list ? { ...list, items: update(list.items) } : list,
    );
  const onError = (error: unknown) => {
    if (!(error instanceof HttpError)) toasts.add({ title: t("auth.error.network"), color: "red" });
  };

  const follow = useMutation({
    mutationFn: () => createSavedSearch({ vertical, query, label: label.slice(0, 100) }),
    onSuccess: (created) => {
      change((items) => [...items.filter((item) => item.id !== created.id), created]);
      toasts.add({ title: t("ads.savedSearch.followed"), color: "teal" });
    },
    onError,
  });
  const unfollow = useMutation({
    mutationFn: (id: number) => deleteSavedSearch(id),
    onSuccess: (_, id) => {
      change((items) => items.filter((item) => item.id !== id));
      toasts.add({ title: t("ads.savedSearch.unfollowed"), color: "teal" });
    },
    onError,
  });

  if (status === "guest") {
    return (
      <Button
        component={AppLink}
        to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
        variant="default"
        size="sm"
        leftSection={<IconBell size={16} aria-hidden />}
        data-testid="follow-search"
      >
        {t("ads.savedSearch.follow")}
      </Button>
    );
  }
  const isBusy = follow.isPending || unfollow.isPending;
  return (
    <Button
      variant={followed ? "light" : "default"}
      size="sm"
      leftSection={followed ? <IconBellCheck size={16} aria-hidden /> : <IconBell size={16} aria-hidden />}
      aria-pressed={Boolean(followed)}
      title={followed ? t("ads.savedSearch.unfollowHint") : t("ads.savedSearch.followHint")}
      disabled={status === "restoring" || saved.isPending}
      loading={isBusy}
      onClick={() => (followed ? unfollow.mutate(followed.id) : follow.mutate())}
      data-testid="follow-search"
      data-following={followed ? "on" : "off"}
    >
      {followed ? t("ads.savedSearch.following") : t("ads.savedSearch.follow")}
    </Button>
  );
}
