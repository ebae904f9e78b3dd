/**
 * Settings → saved searches (issue 14, decision 055): each followed search with its new-match count,
 * a link that opens it (and resets the count), its alert mode and digest hour (Asia/Bishkek), and
 * removal.
 */
import { ActionIcon, Anchor, Badge, Group, Paper, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type SavedSearch,
  type SavedSearchListResponse,
  type SavedSearchMode,
  savedSearchModes,
} from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { toasts } from "../../lib/app-state.ts";
import { HttpError } from "../../lib/http-client.ts";
import { useCurrentUser } from "../../lib/session.ts";
import {
  deleteSavedSearch,
  markSavedSearchViewed,
  savedSearchesQueryOptions,
  updateSavedSearch,
  useSavedSearches,
} from "./api/saved-searches.ts";

const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, "0")}:00`,
}));

/** Where a saved search's list is: the vertical's list with its filters. */
export function savedSearchPath(search: Pick<SavedSearch, "vertical" | "query">): string {
  return search.query ? `/${search.vertical}?${search.query}` : `/${search.vertical}`;
}

export function SavedSearchesSection() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const list = useSavedSearches(user?.id);
  const [toDelete, setToDelete] = useState<SavedSearch | null>(null);
  const listKey = savedSearchesQueryOptions(user?.id).queryKey;
  const replace = (next: SavedSearch) =>
    queryClient.setQueryData<SavedSearchListResponse>(listKey, (current) =>
      current
        ? { ...current, items: current.items.map((item) => (item.id === next.id ? next : item)) }
        : current,
    );
  const onError = (error: unknown) => {
    if (!(error instanceof HttpError)) toasts.add({ title: t("auth.error.network"), color: "red" });
  };

  const update = useMutation({
    mutationFn: ({ id, ...input }: { id: number; mode?: SavedSearchMode; digestHour?: number }) =>
      updateSavedSearch(id, input),
    onSuccess: replace,
    onError,
  });
  const removal = useMutation({
    mutationFn: (search: SavedSearch) => deleteSavedSearch(search.id),
    onSuccess: (_, search) => {
      queryClient.setQueryData<SavedSearchListResponse>(listKey, (current) =>
        current ? { ...current, items: current.items.filter((item) => item.id !== search.id) } : current,
      );
      toasts.add({ title: t("ads.savedSearch.unfollowed"), color: "teal" });
      setToDelete(null);
    },
    onError,
  });
  const open = useMutation({ mutationFn: markSavedSearchViewed, onSuccess: replace });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      component="section"
      aria-labelledby="saved-searches"
    >
      <Stack gap="md" data-testid="saved-searches">
        <Title order={2} fz="lg" id="saved-searches">
          {t("ads.savedSearch.title")}
        </Title>
        {list.isPending ? (
          <Skeleton height={48} />
        ) : list.isError ? (
          <Text c="red" size="sm">
            {t("ads.savedSearch.failed")}
          </Text>
        ) : list.data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("ads.savedSearch.empty")}
          </Text>
        ) : (
          list.data.items.map((search) => (
            <Group key={search.id} justify="space-between" wrap="wrap" gap="sm" data-testid="saved-search">
              <Group gap="xs" miw={0} flex={1} wrap="nowrap">
                <Anchor
                  component={AppLink}
                  to={savedSearchPath(search)}
                  onClick={() => open.mutate(search.id)}
                  fw={600}
                  truncate
                >
                  {search.label || t(`nav.${search.vertical}`)}
                </Anchor>
                {search.newCount > 0 && (
                  <Badge color="red" variant="light" data-testid="saved-search-new">
                    {t("ads.savedSearch.new", { count: search.newCount })}
                  </Badge>
                )}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Select
                  size="xs"
                  w={150}
                  aria-label={t("ads.savedSearch.mode")}
                  data={savedSearchModes.map((mode) => ({
                    value: mode,
                    label: t(`ads.savedSearch.modes.${mode}`),
                  }))}
                  value={search.mode}
                  allowDeselect={false}
                  onChange={(mode) => mode && update.mutate({ id: search.id, mode: mode as SavedSearchMode })}
                  data-testid="saved-search-mode"
                />
                {search.mode === "daily" && (
                  <Select
                    size="xs"
                    w={90}
                    aria-label={t("ads.savedSearch.hour")}
                    data={hours}
                    value={String(search.digestHour)}
                    allowDeselect={false}
                    onChange={(hour) => hour && update.mutate({ id: search.id, digestHour: Number(hour) })}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("ads.savedSearch.delete")}
                  onClick={() => setToDelete(search)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          ))
        )}
        {list.data && list.data.items.length > 0 && (
          <Text size="xs" c="dimmed">
            {t("ads.savedSearch.hint", { max: list.data.max })}
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={toDelete !== null}
        title={t("ads.savedSearch.deleteTitle")}
        confirmLabel={t("ads.savedSearch.delete")}
        onConfirm={() => toDelete && removal.mutate(toDelete)}
        onClose={() => setToDelete(null)}
        isBusy={removal.isPending}
      />
    </Paper>
  );
}
