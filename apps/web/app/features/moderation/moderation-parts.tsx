/**
 * Pieces the three moderation screens share: the date, "show more", empty states, a person's link,
 * and the queues' keys (A approves, R rejects, Enter opens) with their hint.
 */
import { Button, Center, Kbd, Stack, Text } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { localDay } from "../../lib/local-day.ts";

/** "26 ноября, 23:28" in Bishkek time, the month named by the texts (browsers lack Kyrgyz dates). */
export function useDateTime() {
  const { t } = useTranslation();
  return (iso: string) => {
    const day = localDay(new Date(iso), "Asia/Bishkek");
    const month = t(`ads.date.month.${day.month}`);
    return `${t("ads.date.dayMonth", { day: day.day, month })}, ${day.time}`;
  };
}

export function ShowMore(props: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  if (!props.hasMore) return null;
  return (
    <Center>
      <Button variant="default" loading={props.loading} onClick={props.onMore}>
        {t("moderation.showMore")}
      </Button>
    </Center>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="moderation-empty">
      <IconInbox size={40} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text c="dimmed">{text}</Text>
    </Stack>
  );
}

export function PersonLink({ person }: { person: { id: number; username: string } }) {
  return (
    <AppLink to={`/profile/${person.id}`} target="_blank">
      {person.username}
    </AppLink>
  );
}

/** What a queue's focused row or card does on A, R and Enter (a missing action: the key does nothing). */
export interface QueueKeyActions {
  approve?: () => void;
  reject?: () => void;
  open?: () => void;
}

/**
 * The keydown handler of a queue's focusable row or card: A approves, R rejects, Enter opens — only
 * when the row or card itself has the focus (typing in its controls is left alone) and no modifier
 * is held.
 */
export function onQueueKey(event: KeyboardEvent, actions: QueueKeyActions): void {
  if (event.target !== event.currentTarget || event.metaKey || event.ctrlKey || event.altKey) return;
  const action = { a: actions.approve, r: actions.reject, enter: actions.open }[event.key.toLowerCase()];
  if (!action) return;
  event.preventDefault();
  action();
}

/** "Keyboard on a row: A approves, R rejects, Enter opens." */
export function QueueShortcuts({ on, canOpen }: { on: "row" | "card"; canOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed" data-testid="moderation-shortcuts">
      {t(`moderation.shortcuts.${on}`)} <Kbd>A</Kbd> {t("moderation.shortcuts.approve")}, <Kbd>R</Kbd>{" "}
      {t("moderation.shortcuts.reject")}
      {canOpen && (
        <>
          , <Kbd>Enter</Kbd> {t("moderation.shortcuts.open")}
        </>
      )}
      .
    </Text>
  );
}
