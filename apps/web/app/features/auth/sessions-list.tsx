import { Badge, Button, Flex, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconLogout } from "@tabler/icons-react";
import type { Session } from "@unaa/contracts";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { useSession } from "../../lib/session.ts";
import { useApiErrorTexts } from "../../lib/use-api-error-texts.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { endOtherSessions, endSession, listSessions } from "./auth-api.ts";

const deviceIcons = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, tablet: IconDeviceTablet };
const dateLocales = { ru: "ru-RU", ky: "ky-KG", en: "en-GB" } as const;

function useTimeZone(): string {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.config?.timeZone ?? "Asia/Bishkek";
}

/** The current session first, then the others, newest use first. */
export function orderSessions(sessions: readonly Session[]): Session[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
}

function SessionRow({
  session,
  formatDate,
  onEnd,
  isEnding,
}: {
  session: Session;
  formatDate: (iso: string) => string;
  onEnd: () => void;
  isEnding: boolean;
}) {
  const { t } = useTranslation();
  const Icon = deviceIcons[session.device.type] ?? IconDeviceDesktop;
  const place = [session.ip, session.city].filter(Boolean).join(" · ");
  return (
    <Paper withBorder radius="md" p="md" data-testid="session-row" data-current={session.current}>
      <Flex
        direction={{ base: "column", xs: "row" }}
        justify="space-between"
        align={{ base: "stretch", xs: "flex-start" }}
        gap="sm"
      >
        <Group align="flex-start" wrap="nowrap" gap="sm" miw={0}>
          <ThemeIcon variant="light" color={session.current ? "indigo" : "gray"} size={40} radius="md">
            <Icon size={22} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Group gap={8}>
              <Text fw={600} data-testid="session-label">
                {session.device.label}
              </Text>
              {session.current && (
                <Badge size="sm" variant="light" color="teal" data-testid="session-current">
                  {t("auth.sessions.current")}
                </Badge>
              )}
            </Group>
            <Text
              size="xs"
              c="dimmed"
              lineClamp={2}
              style={{ overflowWrap: "anywhere" }}
              title={session.source}
            >
              {session.source || t("auth.sessions.unknownSource")}
            </Text>
            <Text size="sm" c="dimmed">
              {place}
            </Text>
            <Text size="sm">{t("auth.sessions.lastUsed", { date: formatDate(session.lastUsedAt) })}</Text>
          </Stack>
        </Group>
        {!session.current && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={onEnd}
            loading={isEnding}
            style={{ alignSelf: "flex-start", flexShrink: 0 }}
            leftSection={<IconLogout size={14} />}
            data-testid="session-end"
          >
            {t("auth.sessions.end")}
          </Button>
        )}
      </Flex>
    </Paper>
  );
}

/** The devices signed in to the account: the current one marked; end one, or all others. */
export function SessionsList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { status } = useSession();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [endingId, setEndingId] = useState<string | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isEndingAll, setEndingAll] = useState(false);
  const describe = useApiErrorTexts();
  const [error, setError] = useState<string | null>(null);
  const showError = useCallback((cause: unknown) => setError(describe(cause, []).form), [describe]);

  const load = useCallback(async () => {
    try {
      setSessions(orderSessions(await listSessions()));
    } catch (cause) {
      showError(cause);
    }
  }, [showError]);

  useEffect(() => {
    if (status === "signed-in") void load();
  }, [status, load]);

  const formatDate = (iso: string) =>
    new Intl.DateTimeFormat(dateLocales[locale], {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone,
    }).format(new Date(iso));

  const endOne = async (id: string) => {
    setEndingId(id);
    setError(null);
    try {
      await endSession(id);
      setSessions((current) => current?.filter((session) => session.id !== id) ?? null);
      showSuccess(t("auth.sessions.ended"));
    } catch (cause) {
      showError(cause);
    } finally {
      setEndingId(null);
    }
  };

  const endAll = async () => {
    setEndingAll(true);
    setError(null);
    try {
      await endOtherSessions();
      setSessions((current) => current?.filter((session) => session.current) ?? null);
      showSuccess(t("auth.sessions.endedAll"));
    } catch (cause) {
      showError(cause);
    } finally {
      setEndingAll(false);
      setConfirmOpen(false);
    }
  };

  const others = sessions?.filter((session) => !session.current).length ?? 0;

  return (
    <Stack gap="md" data-testid="sessions">
      <Text c="dimmed" size="sm">
        {t("auth.sessions.lead")}
      </Text>
      <FormAlert text={error} />
      {sessions === null ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={104} radius="md" />
          <Skeleton height={104} radius="md" />
        </Stack>
      ) : (
        <Stack gap="sm">
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              formatDate={formatDate}
              onEnd={() => void endOne(session.id)}
              isEnding={endingId === session.id}
            />
          ))}
        </Stack>
      )}
      {others > 0 && (
        <Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => setConfirmOpen(true)}
            data-testid="sessions-end-all"
          >
            {t("auth.sessions.endAll")}
          </Button>
        </Group>
      )}
      {sessions !== null && others === 0 && (
        <Text size="sm" c="dimmed" data-testid="sessions-only-this">
          {t("auth.sessions.onlyThis")}
        </Text>
      )}
      <ConfirmModal
        opened={isConfirmOpen}
        title={t("auth.sessions.endAllTitle")}
        text={t("auth.sessions.endAllText", { number: others })}
        confirmLabel={t("auth.sessions.endAllConfirm")}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => void endAll()}
        isBusy={isEndingAll}
      />
    </Stack>
  );
}
