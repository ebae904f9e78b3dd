/**
 * Dashboard → adds (issue 17 item 3, decision 066): the pre-moderation queue and a search of all
 * ads, bulk approval, an ad's drawer with its waiting edit as a diff, its photos (copies of another
 * seller's photos marked, with the original's ad) and complaints, and approve / reject / remove.
 * Keyboard: on a focused row, A approves and R rejects.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconCopy, IconEdit, IconSearch } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdRejectReason, AdStatus, DashboardAdChange, DashboardAdRow, Vertical } from "@unaa/contracts";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import {
  type AdsFilters,
  approveAds,
  moderationAdQueryOptions,
  moderationAdsQueryOptions,
  moderationKeys,
  rejectAd,
  removeAd,
} from "./api/moderation-api.ts";
import {
  EmptyState,
  onQueueKey,
  PersonLink,
  QueueShortcuts,
  ShowMore,
  useDateTime,
} from "./moderation-parts.tsx";

// The contracts' lists, copied as type-checked data: their module brings zod along.
const rejectReasons: Record<AdRejectReason, true> = {
  prohibited: true,
  "wrong-category": true,
  duplicate: true,
  fraud: true,
  "wrong-price": true,
  "bad-photos": true,
  offensive: true,
  other: true,
};
const statuses: Record<AdStatus, string> = {
  draft: "gray",
  pending: "yellow",
  active: "teal",
  archived: "gray",
  sold: "blue",
  rejected: "red",
  removed: "red",
};
const verticals: Record<Vertical, true> = { car: true, commercial: true, moto: true, uslugi: true };

const noWrap = { whiteSpace: "nowrap" } as const;

function StatusBadge({ status }: { status: AdStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statuses[status]}>
      {t(`myAds.status.${status}`)}
    </Badge>
  );
}

function Flags({ row }: { row: DashboardAdRow }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {row.duplicatePhotos > 0 && (
        <Badge color="red" leftSection={<IconCopy size={12} />} data-testid="duplicate-badge">
          {t("moderation.ads.duplicates", { count: row.duplicatePhotos })}
        </Badge>
      )}
      {row.hasPendingChanges && (
        <Badge color="yellow" variant="outline" leftSection={<IconEdit size={12} />}>
          {t("moderation.ads.pendingChanges")}
        </Badge>
      )}
      {row.complaints > 0 && (
        <Badge color="orange" variant="light">
          {t("moderation.ads.complaints", { count: row.complaints })}
        </Badge>
      )}
    </Group>
  );
}

/** A rejection or a removal: the ad and which. */
interface Decision {
  adId: number;
  action: "reject" | "remove";
}

/** The reason and note of a rejection or a removal (the owner is told both). */
function RejectModal(props: { decision: Decision | null; onClose: () => void; onDone: () => void }) {
  const { decision } = props;
  const { t } = useTranslation();
  const form = useForm<{ reason: AdRejectReason | null; note: string }>({
    initialValues: { reason: null, note: "" },
    validate: {
      reason: (value) => (value ? null : t("moderation.reject.reasonRequired")),
      note: (value, values) =>
        values.reason === "other" && !value.trim() ? t("moderation.reject.noteRequired") : null,
    },
  });
  const reject = useMutation({
    mutationFn: (values: { reason: AdRejectReason; note: string }) =>
      decision?.action === "remove" ? removeAd(decision.adId, values) : rejectAd(decision?.adId ?? 0, values),
    onSuccess: () => {
      form.reset();
      props.onDone();
    },
  });
  return (
    <Modal
      opened={decision !== null}
      onClose={props.onClose}
      title={t(decision?.action === "remove" ? "moderation.reject.removeTitle" : "moderation.reject.title")}
    >
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
              label: t(`adPage.rejectReason.${reason}`),
            }))}
            data-autofocus
            data-testid="reject-reason"
            {...form.getInputProps("reason")}
          />
          <Textarea
            data-testid="reject-note"
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
            <Button type="submit" color="red" loading={reject.isPending} data-testid="reject-submit">
              {t(
                decision?.action === "remove" ? "moderation.reject.removeSubmit" : "moderation.reject.submit",
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ChangeValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === "") return <Text c="dimmed">—</Text>;
  return <Text size="sm">{Array.isArray(value) ? value.join(", ") : String(value)}</Text>;
}

function Changes({ changes }: { changes: DashboardAdChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Text c="dimmed">{t("moderation.ads.noChanges")}</Text>;
  return (
    <Table.ScrollContainer minWidth={360} type="native">
      <Table withTableBorder data-testid="ad-diff">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("moderation.ads.field")}</Table.Th>
            <Table.Th>{t("moderation.ads.before")}</Table.Th>
            <Table.Th>{t("moderation.ads.after")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {change.field}
                </Text>
              </Table.Td>
              <Table.Td bg="var(--mantine-color-red-light)">
                <ChangeValue value={change.before} />
              </Table.Td>
              <Table.Td bg="var(--mantine-color-teal-light)">
                <ChangeValue value={change.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdDrawer(props: {
  adId: number | null;
  onClose: () => void;
  onDecide: (decision: Decision) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const when = useDateTime();
  const detail = useQuery(moderationAdQueryOptions(useCurrentUser()?.id, props.adId));
  const approve = useMutation({ mutationFn: (id: number) => approveAds([id]), onSuccess: props.onChanged });
  const ad = detail.data;
  return (
    <Drawer
      opened={props.adId !== null}
      onClose={props.onClose}
      position="right"
      size="xl"
      title={ad ? `#${ad.id} ${ad.title}` : t("moderation.ads.loading")}
    >
      {!ad ? (
        <Skeleton h={240} />
      ) : (
        <Stack>
          <Group gap="xs">
            <StatusBadge status={ad.status} />
            <Text size="sm">
              {t(`adForm.step.main.${ad.vertical}`)} · <PersonLink person={ad.seller} /> ·{" "}
              {when(ad.createdAt)}
            </Text>
            <AppLink to={`/${ad.vertical}/${ad.id}`} target="_blank">
              {t("moderation.ads.open")}
            </AppLink>
          </Group>
          <Flags row={ad} />
          {ad.rejectReason && (
            <Alert color="red" variant="light">
              {t(`adPage.rejectReason.${ad.rejectReason}`)}
              {ad.rejectNote ? `: ${ad.rejectNote}` : ""}
            </Alert>
          )}
          <Title order={4}>{t("moderation.ads.changes")}</Title>
          <Changes changes={ad.changes} />
          <Title order={4}>{t("moderation.ads.photos")}</Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {ad.photos.map((photo) => (
              <Stack key={photo.id} gap={4}>
                <AdPhoto
                  photo={photo.cover}
                  alt=""
                  sizes="200px"
                  style={{ width: "100%", height: "auto", borderRadius: 6 }}
                />
                {photo.duplicateOf && (
                  <Stack gap={2}>
                    <Group gap={4} wrap="nowrap" c="red" data-testid="photo-copy">
                      <IconCopy size={14} aria-hidden />
                      <Text size="xs" fw={700} c="red">
                        {t("moderation.photos.copy")}
                      </Text>
                    </Group>
                    {photo.duplicateOf.adId && (
                      <AppLink to={`/dashboard/adds?ad=${photo.duplicateOf.adId}`} target="_blank">
                        <Text size="xs">
                          {t("moderation.photos.original", {
                            id: photo.duplicateOf.adId,
                            seller: photo.duplicateOf.seller.username,
                          })}
                        </Text>
                      </AppLink>
                    )}
                  </Stack>
                )}
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {ad.description}
          </Text>
          <Title order={4}>{t("moderation.ads.complaintList")}</Title>
          {ad.complaintList.length === 0 ? (
            <Text c="dimmed">{t("moderation.ads.noComplaints")}</Text>
          ) : (
            ad.complaintList.map((complaint) => (
              <Paper key={complaint.id} withBorder p="xs">
                <Text size="sm">
                  <PersonLink person={complaint.reporter} /> ·{" "}
                  {t(`adPage.complaint.reasons.${complaint.reason}`)} · {when(complaint.createdAt)}
                </Text>
                {complaint.text && <Text size="sm">{complaint.text}</Text>}
              </Paper>
            ))
          )}
          {approve.isError && <Alert color="red">{t("moderation.failed")}</Alert>}
          <Group>
            {(ad.status === "pending" || ad.hasPendingChanges) && (
              <>
                <Button color="teal" loading={approve.isPending} onClick={() => approve.mutate(ad.id)}>
                  {t("moderation.approve")}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => props.onDecide({ adId: ad.id, action: "reject" })}
                >
                  {t("moderation.reject.open")}
                </Button>
              </>
            )}
            {ad.status !== "removed" && (
              <Button
                color="red"
                variant="subtle"
                onClick={() => props.onDecide({ adId: ad.id, action: "remove" })}
              >
                {t("moderation.remove")}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}

export function AdsModeration({ initialAdId }: { initialAdId: number | null }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<AdsFilters>({ tab: "queue", q: "", status: null, vertical: null });
  const [draft, setDraft] = useState("");
  const [selected, setSelected] = useState<number[]>([]);
  const [openAd, setOpenAd] = useState<number | null>(initialAdId);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const list = useInfiniteQuery(moderationAdsQueryOptions(useCurrentUser()?.id, filters));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const refresh = () => {
    setSelected([]);
    return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
  };
  const approve = useMutation({ mutationFn: approveAds, onSuccess: refresh });
  const isQueue = filters.tab === "queue";

  const onRowKey = (event: KeyboardEvent, row: DashboardAdRow) => {
    const waiting = row.status === "pending" || row.hasPendingChanges;
    onQueueKey(event, {
      approve: waiting ? () => approve.mutate([row.id]) : undefined,
      reject: waiting ? () => setDeciding({ adId: row.id, action: "reject" }) : undefined,
      open: () => setOpenAd(row.id),
    });
  };

  return (
    <Stack>
      <Tabs
        value={filters.tab}
        onChange={(tab) => {
          setSelected([]);
          setFilters({ ...filters, tab: tab === "search" ? "search" : "queue" });
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="queue">{t("moderation.ads.queue")}</Tabs.Tab>
          <Tabs.Tab value="search">{t("moderation.ads.search")}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {!isQueue && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ ...filters, q: draft.trim() });
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t("moderation.ads.query")}
              placeholder={t("moderation.ads.queryHint")}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              style={{ flex: "1 1 220px" }}
            />
            <Select
              label={t("moderation.ads.status")}
              clearable
              placeholder={t("moderation.any")}
              data={Object.keys(statuses).map((status) => ({
                value: status,
                label: t(`myAds.status.${status}`),
              }))}
              value={filters.status}
              onChange={(status) => setFilters({ ...filters, status: status as AdStatus | null })}
              w={170}
            />
            <Select
              label={t("moderation.ads.vertical")}
              clearable
              placeholder={t("moderation.any")}
              data={Object.keys(verticals).map((vertical) => ({
                value: vertical,
                label: t(`adForm.step.main.${vertical}`),
              }))}
              value={filters.vertical}
              onChange={(vertical) => setFilters({ ...filters, vertical: vertical as Vertical | null })}
              w={150}
            />
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t("moderation.ads.find")}
            </Button>
          </Group>
        </form>
      )}
      {isQueue && (
        <Group justify="space-between" gap="xs">
          <QueueShortcuts on="row" canOpen />
          <Button
            color="teal"
            disabled={selected.length === 0}
            loading={approve.isPending}
            onClick={() => approve.mutate(selected)}
          >
            {t("moderation.ads.approveSelected", { count: selected.length })}
          </Button>
        </Group>
      )}
      {(list.isError || approve.isError) && <Alert color="red">{t("moderation.failed")}</Alert>}
      {list.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <EmptyState text={t(isQueue ? "moderation.ads.emptyQueue" : "moderation.ads.emptySearch")} />
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table highlightOnHover verticalSpacing="xs" data-testid="moderation-ads">
            <Table.Thead>
              <Table.Tr>
                {isQueue && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label={t("moderation.selectAll")}
                      checked={selected.length > 0 && selected.length === rows.length}
                      indeterminate={selected.length > 0 && selected.length < rows.length}
                      onChange={(event) =>
                        setSelected(event.currentTarget.checked ? rows.map((row) => row.id) : [])
                      }
                    />
                  </Table.Th>
                )}
                <Table.Th w={84}>{t("moderation.ads.photo")}</Table.Th>
                <Table.Th>{t("moderation.ads.ad")}</Table.Th>
                <Table.Th>{t("moderation.ads.seller")}</Table.Th>
                {!isQueue && <Table.Th>{t("moderation.ads.status")}</Table.Th>}
                <Table.Th style={noWrap}>
                  {t(isQueue ? "moderation.ads.waiting" : "moderation.ads.created")}
                </Table.Th>
                {isQueue && <Table.Th>{t("moderation.ads.actions")}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  tabIndex={0}
                  onKeyDown={(event) => onRowKey(event, row)}
                  data-testid={`moderation-ad-${row.id}`}
                  bg={selected.includes(row.id) ? "var(--mantine-primary-color-light)" : undefined}
                >
                  {isQueue && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t("moderation.select", { id: row.id })}
                        checked={selected.includes(row.id)}
                        onChange={(event) =>
                          setSelected((ids) =>
                            event.currentTarget.checked
                              ? [...ids, row.id]
                              : ids.filter((id) => id !== row.id),
                          )
                        }
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    {row.cover ? (
                      <AdPhoto
                        photo={row.cover}
                        alt=""
                        sizes="72px"
                        style={{ width: 72, height: 54, borderRadius: 4 }}
                      />
                    ) : (
                      <Text c="dimmed">—</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Anchor
                        component="button"
                        type="button"
                        ta="left"
                        fw={600}
                        onClick={() => setOpenAd(row.id)}
                      >
                        #{row.id} {row.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t(`adForm.step.main.${row.vertical}`)}
                      </Text>
                      <Flags row={row} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <PersonLink person={row.seller} />
                  </Table.Td>
                  {!isQueue && (
                    <Table.Td style={noWrap}>
                      <StatusBadge status={row.status} />
                    </Table.Td>
                  )}
                  <Table.Td style={noWrap}>
                    <Text size="sm">{when(isQueue ? row.waitingSince : row.createdAt)}</Text>
                  </Table.Td>
                  {isQueue && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" color="teal" onClick={() => approve.mutate([row.id])}>
                          {t("moderation.approve")}
                        </Button>
                        <Button
                          size="compact-sm"
                          color="red"
                          variant="light"
                          onClick={() => setDeciding({ adId: row.id, action: "reject" })}
                        >
                          {t("moderation.reject.open")}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ShowMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => list.fetchNextPage()}
      />
      <AdDrawer
        adId={openAd}
        onClose={() => setOpenAd(null)}
        onDecide={setDeciding}
        onChanged={() => {
          setOpenAd(null);
          return refresh();
        }}
      />
      <RejectModal
        decision={deciding}
        onClose={() => setDeciding(null)}
        onDone={() => {
          setDeciding(null);
          setOpenAd(null);
          return refresh();
        }}
      />
    </Stack>
  );
}
