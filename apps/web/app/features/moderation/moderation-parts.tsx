/** Pieces the three moderation screens share: the date, "show more", empty states, a person's link. */
import { Button, Center, Stack, Text } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
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
