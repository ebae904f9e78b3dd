/**
 * Dashboard → photos (issue 17 item 3, decision 066): ad photos not reviewed yet, copies of
 * another seller's photo first with the original beside them; approve (one or the selected) or
 * reject with a reason (the photo leaves the ad, the owner is told), also by keyboard on a focused
 * card (A, R).
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCopy } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DashboardPhotoRow, PhotoRejectReason } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import {
  approvePhotos,
  moderationKeys,
  moderationPhotosQueryOptions,
  rejectPhoto,
} from "./api/moderation-api.ts";
import {
  EmptyState,
  onQueueKey,
  PersonLink,
  QueueShortcuts,
  ShowMore,
  useDateTime,
} from "./moderation-parts.tsx";

// The contracts' list, copied as type-checked data: its module brings zod along.
const rejectReasons: Record<PhotoRejectReason, true> = {
  "not-the-vehicle": true,
  stolen: true,
  contacts: true,
  offensive: true,
  quality: true,
  other: true,
};

const photoStyle = { width: "100%", height: "auto", aspectRatio: "4 / 3", borderRadius: 6 } as const;

function RejectPhotoModal(props: { photoId: number | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<{ reason: PhotoRejectReason | null; note: string }>({
    initialValues: { reason: null, note: "" },
    validate: {
      reason: (value) => (value ? null : t("moderation.reject.reasonRequired")),
      note: (value, values) =>
        values.reason === "other" && !value.trim() ? t("moderation.reject.noteRequired") : null,
    },
  });
  const reject = useMutation({
    mutationFn: (values: { reason: PhotoRejectReason; note: string }) =>
      rejectPhoto(props.photoId ?? 0, values),
    onSuccess: () => {
      form.reset();
      props.onDone();
    },
  });
  return (
    <Modal opened={props.photoId !== null} onClose={props.onClose} title={t("moderation.photos.rejectTitle")}>
      <form
        onSubmit={form.onSubmit((values) => {
          if (values.reason) reject.mutate({ reason: values.reason, note: values.note });
        })}
      >
        <Stack>
          <Select
            label={t("moderation.reject.reason")}
            data={Object.keys(rejectReasons).map((reason) => ({
              value: reason,
              label: t(`moderation.photos.reasons.${reason}`),
            }))}
            data-autofocus
            {...form.getInputProps("reason")}
          />
          <Textarea
            label={t("moderation.reject.note")}
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps("note")}
          />
          {reject.isError && <Alert color="red">{t("moderation.failed")}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("moderation.cancel")}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t("moderation.reject.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PhotoCard(props: {
  row: DashboardPhotoRow;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const when = useDateTime();
  const { row } = props;
  const original = row.duplicateOf;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      tabIndex={0}
      onKeyDown={(event) => onQueueKey(event, { approve: props.onApprove, reject: props.onReject })}
      data-testid={`moderation-photo-${row.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            aria-label={t("moderation.select", { id: row.id })}
            checked={props.selected}
            onChange={(event) => props.onSelect(event.currentTarget.checked)}
          />
          {original && (
            <Badge color="red" leftSection={<IconCopy size={12} />}>
              {t("moderation.photos.copy")}
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={original ? 2 : 1} spacing="xs">
          <AdPhoto
            photo={row.cover}
            alt=""
            sizes="(max-width: 48em) 50vw, 220px"
            fit="cover"
            style={photoStyle}
          />
          {original && (
            <Stack gap={2}>
              <AdPhoto
                photo={original.cover}
                alt=""
                sizes="(max-width: 48em) 50vw, 220px"
                style={photoStyle}
              />
              <Text size="xs" c="dimmed">
                {original.adId ? (
                  <AppLink to={`/dashboard/adds?ad=${original.adId}`}>
                    {t("moderation.photos.original", { id: original.adId, seller: original.seller.username })}
                  </AppLink>
                ) : (
                  original.seller.username
                )}
              </Text>
            </Stack>
          )}
        </SimpleGrid>
        <Text size="sm" lineClamp={1}>
          <AppLink to={`/dashboard/adds?ad=${row.ad.id}`}>
            #{row.ad.id} {row.ad.title}
          </AppLink>
        </Text>
        <Text size="xs" c="dimmed">
          <PersonLink person={row.seller} /> · {when(row.createdAt)}
        </Text>
        <Group gap="xs" grow>
          <Button size="compact-sm" color="teal" onClick={props.onApprove}>
            {t("moderation.approve")}
          </Button>
          <Button size="compact-sm" color="red" variant="light" onClick={props.onReject}>
            {t("moderation.reject.open")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PhotosModeration() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(moderationPhotosQueryOptions(useCurrentUser()?.id));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [selected, setSelected] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState<number | null>(null);
  const refresh = () => {
    setSelected([]);
    return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  };
  const approve = useMutation({ mutationFn: approvePhotos, onSuccess: refresh });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t("moderation.photos.intro")}
      </Text>
      <Group justify="space-between" gap="xs">
        <QueueShortcuts on="card" canOpen={false} />
        <Group gap="xs">
          <Button
            variant="default"
            disabled={rows.length === 0}
            onClick={() => setSelected(selected.length === rows.length ? [] : rows.map((row) => row.id))}
          >
            {t("moderation.selectAll")}
          </Button>
          <Button
            color="teal"
            disabled={selected.length === 0}
            loading={approve.isPending}
            onClick={() => approve.mutate(selected)}
          >
            {t("moderation.photos.approveSelected", { count: selected.length })}
          </Button>
        </Group>
      </Group>
      {(list.isError || approve.isError) && <Alert color="red">{t("moderation.failed")}</Alert>}
      {list.isPending ? (
        <Skeleton h={240} />
      ) : rows.length === 0 ? (
        <EmptyState text={t("moderation.photos.empty")} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {rows.map((row) => (
            <PhotoCard
              key={row.id}
              row={row}
              selected={selected.includes(row.id)}
              onSelect={(on) =>
                setSelected((ids) => (on ? [...ids, row.id] : ids.filter((id) => id !== row.id)))
              }
              onApprove={() => approve.mutate([row.id])}
              onReject={() => setRejecting(row.id)}
            />
          ))}
        </SimpleGrid>
      )}
      <ShowMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => list.fetchNextPage()}
      />
      <RejectPhotoModal
        photoId={rejecting}
        onClose={() => setRejecting(null)}
        onDone={() => {
          setRejecting(null);
          return refresh();
        }}
      />
    </Stack>
  );
}
