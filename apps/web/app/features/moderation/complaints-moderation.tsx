/**
 * Dashboard → complaints (issue 17 item 3, decision 066): reports on ads, chats and reviews grouped
 * by object, and their resolution (dismiss, warn, remove, block), of which every reporter hears.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComplaintGroup, ComplaintKind, ComplaintOutcome } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import {
  type ComplaintFilters,
  moderationComplaintsQueryOptions,
  moderationKeys,
  resolveComplaint,
} from "./api/moderation-api.ts";
import { EmptyState, PersonLink, ShowMore, useDateTime } from "./moderation-parts.tsx";

// The contracts' lists, copied as type-checked data: their module brings zod along.
const kinds: Record<ComplaintKind, string> = { ad: "blue", chat: "grape", review: "orange" };
const outcomes: Record<ComplaintOutcome, true> = { dismiss: true, warn: true, remove: true, block: true };
/** Where each kind's report reasons are worded (the forms users report with). */
const reasonKeys: Record<ComplaintKind, string> = {
  ad: "adPage.complaint.reasons",
  chat: "chats.report.reasons",
  review: "reviews.report.reasons",
};

function ResolveModal(props: { group: ComplaintGroup | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<{ outcome: ComplaintOutcome; note: string }>({
    initialValues: { outcome: "dismiss", note: "" },
  });
  const group = props.group;
  const resolve = useMutation({
    mutationFn: (values: { outcome: ComplaintOutcome; note: string }) =>
      resolveComplaint(group?.kind ?? "ad", group?.objectId ?? 0, values),
    onSuccess: () => {
      form.reset();
      props.onDone();
    },
  });
  return (
    <Modal opened={group !== null} onClose={props.onClose} title={t("moderation.complaints.resolveTitle")}>
      {group && (
        <form onSubmit={form.onSubmit((values) => resolve.mutate(values))}>
          <Stack>
            <Text size="sm">
              {t(`moderation.complaints.kind.${group.kind}`)} #{group.objectId}: {group.title}
            </Text>
            <Radio.Group label={t("moderation.complaints.outcome")} {...form.getInputProps("outcome")}>
              <Stack gap="xs" mt="xs">
                {Object.keys(outcomes)
                  .filter((outcome) => !(group.kind === "chat" && outcome === "remove"))
                  .map((outcome) => (
                    <Radio
                      key={outcome}
                      value={outcome}
                      label={t(`moderation.complaints.outcomes.${outcome}`)}
                      description={t(`moderation.complaints.outcomeHints.${outcome}`, {
                        name: group.offender?.username ?? "—",
                      })}
                    />
                  ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={t("moderation.complaints.note")}
              description={t("moderation.complaints.noteHint")}
              autosize
              minRows={2}
              maxLength={500}
              {...form.getInputProps("note")}
            />
            {resolve.isError && <Alert color="red">{t("moderation.failed")}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                {t("moderation.cancel")}
              </Button>
              <Button type="submit" loading={resolve.isPending} data-testid="resolve-submit">
                {t("moderation.complaints.resolve")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export function ComplaintsModeration() {
  const { t } = useTranslation();
  const when = useDateTime();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ComplaintFilters>({ kind: null, status: "new" });
  const [resolving, setResolving] = useState<ComplaintGroup | null>(null);
  const list = useInfiniteQuery(moderationComplaintsQueryOptions(useCurrentUser()?.id, filters));
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isOpen = filters.status === "new";
  return (
    <Stack>
      <Group gap="xs">
        <SegmentedControl
          value={filters.kind ?? "all"}
          onChange={(kind) =>
            setFilters({ ...filters, kind: kind === "all" ? null : (kind as ComplaintKind) })
          }
          data={["all", ...Object.keys(kinds)].map((kind) => ({
            value: kind,
            label: t(`moderation.complaints.kind.${kind}`),
          }))}
        />
        <SegmentedControl
          value={filters.status}
          onChange={(status) =>
            setFilters({ ...filters, status: status === "resolved" ? "resolved" : "new" })
          }
          data={[
            { value: "new", label: t("moderation.complaints.open") },
            { value: "resolved", label: t("moderation.complaints.resolved") },
          ]}
        />
      </Group>
      {list.isError && <Alert color="red">{t("moderation.failed")}</Alert>}
      {list.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <EmptyState
          text={t(isOpen ? "moderation.complaints.empty" : "moderation.complaints.emptyResolved")}
        />
      ) : (
        <Table.ScrollContainer minWidth={720} type="native">
          <Table highlightOnHover verticalSpacing="xs" data-testid="moderation-complaints">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("moderation.complaints.object")}</Table.Th>
                <Table.Th>{t("moderation.complaints.offender")}</Table.Th>
                <Table.Th>{t("moderation.complaints.reason")}</Table.Th>
                <Table.Th>{t("moderation.complaints.reporters")}</Table.Th>
                <Table.Th>{t("moderation.complaints.latest")}</Table.Th>
                {isOpen && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((group) => (
                <Table.Tr
                  key={`${group.kind}:${group.objectId}`}
                  data-testid={`complaint-${group.kind}-${group.objectId}`}
                >
                  <Table.Td>
                    <Stack gap={4}>
                      <Group gap={6}>
                        <Badge color={kinds[group.kind]} variant="light">
                          {t(`moderation.complaints.kind.${group.kind}`)}
                        </Badge>
                        <Badge color="red" variant="filled" circle title={t("moderation.complaints.count")}>
                          {group.count}
                        </Badge>
                      </Group>
                      <Text size="sm" lineClamp={2}>
                        {group.kind === "ad" ? (
                          <AppLink to={`/dashboard/adds?ad=${group.objectId}`}>
                            #{group.objectId} {group.title}
                          </AppLink>
                        ) : group.link ? (
                          <AppLink to={group.link} target="_blank">
                            #{group.objectId} {group.title}
                          </AppLink>
                        ) : (
                          `#${group.objectId} ${group.title}`
                        )}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{group.offender ? <PersonLink person={group.offender} /> : "—"}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`${reasonKeys[group.kind]}.${group.latestReason}`)}</Text>
                    {group.latestText && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {group.latestText}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {group.reporters.map((reporter) => (
                        <PersonLink key={reporter.id} person={reporter} />
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(group.latestAt)}</Text>
                  </Table.Td>
                  {isOpen && (
                    <Table.Td>
                      <Button size="compact-sm" onClick={() => setResolving(group)}>
                        {t("moderation.complaints.resolve")}
                      </Button>
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
      <ResolveModal
        group={resolving}
        onClose={() => setResolving(null)}
        onDone={() => {
          setResolving(null);
          return queryClient.invalidateQueries({ queryKey: moderationKeys.all });
        }}
      />
    </Stack>
  );
}
