import { Alert, Button, Loader, Stack, Text, Title } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { ChatOpenInput } from "@unaa/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData, useSearchParams } from "react-router";
import { ListSkeleton, LoadFailed } from "../../components/load-state.tsx";
import { HttpError } from "../../lib/http-client.ts";
import { useCurrentUser } from "../../lib/session.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { chatKeys } from "./api/chat-keys.ts";
import { useChat } from "./api/get-chat.ts";
import { useChats } from "./api/get-chats.ts";
import { openChat } from "./api/open-chat.ts";
import { BlockedUsers } from "./blocked-users.tsx";
import { ChatConversation } from "./chat-conversation.tsx";
import { ChatList } from "./chat-list.tsx";
import classes from "./chats.module.css";
import { useChatRealtime } from "./use-chat-realtime.ts";

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What a "Write" link asks to open: `?ad=<id>` (the ad page) or `?user=<id>` (a profile). */
function useOpenTarget(): { key: string; input: ChatOpenInput } | null {
  const [params] = useSearchParams();
  const adId = positiveId(params.get("ad"));
  if (adId !== null) return { key: `ad:${adId}`, input: { adId } };
  const userId = positiveId(params.get("user"));
  return userId === null ? null : { key: `user:${userId}`, input: { userId } };
}

/**
 * `?ad=<id>` (the ad page's "Write") or `?user=<id>` (a profile's): opens the chat about that ad or
 * with that user, or resumes it, then shows it as `?chat=<id>`. Returns the error text when it could not.
 */
function useOpenFromLink(userId: number | undefined, onOpened: (chatId: number) => void): string | null {
  const { t } = useTranslation();
  const target = useOpenTarget();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const opened = useRef(onOpened);
  opened.current = onOpened;
  const key = target?.key ?? null;
  const input = useRef(target?.input);
  input.current = target?.input;
  useEffect(() => {
    if (userId === undefined || key === null || !input.current || started.current === key) return;
    started.current = key;
    setError(null);
    openChat(input.current)
      .then((chat) => {
        queryClient.setQueryData(chatKeys.chat(userId, chat.id), chat);
        void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId) });
        opened.current(chat.id);
      })
      .catch((failure: unknown) => {
        setError(
          failure instanceof HttpError && failure.message ? failure.message : t("chats.inbox.openFailed"),
        );
      });
  }, [key, queryClient, t, userId]);
  return key === null ? null : error;
}

/**
 * Settings → Messages: the chats and, beside them on a wide screen (one pane at a time on a phone),
 * the conversation chosen by `?chat=<id>`.
 */
export function ChatInbox() {
  const { t } = useTranslation();
  const userId = useCurrentUser()?.id;
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const timeZone = config?.timeZone ?? "Asia/Bishkek";
  const [params, setParams] = useSearchParams();
  const openChatId = positiveId(params.get("chat"));
  // Focus follows the reader's choice, not a page load with a chat in its address.
  const [focusChatId, setFocusChatId] = useState<number | null>(null);
  const list = useChats(userId);
  const chats = list.data?.pages.flatMap((page) => page.items) ?? [];
  const listed = chats.find((chat) => chat.id === openChatId);
  // A chat beyond the loaded pages (a deep link) is fetched by itself.
  const single = useChat(userId, listed ? null : openChatId);
  const openChatData = listed ?? single.data;
  const { typing } = useChatRealtime(userId, openChatId);
  const now = new Date(list.dataUpdatedAt || Date.now());
  const openError = useOpenFromLink(userId, (chatId) => {
    setFocusChatId(chatId);
    setParams({ chat: String(chatId) }, { replace: true });
  });
  const listRef = useRef<HTMLDivElement>(null);

  // Back on the list (a phone shows one pane): focus returns to the chat just left, once the list shows.
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const back = () => {
    setReturnTo(openChatId);
    setParams({});
  };
  useEffect(() => {
    if (returnTo === null || openChatId !== null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-chat-id="${returnTo}"]`)?.focus();
    setReturnTo(null);
  }, [openChatId, returnTo]);

  if (userId === undefined || list.isPending) {
    return <ListSkeleton testId="chat-inbox-pending" />;
  }
  if (list.isError) return <LoadFailed text={t("chats.inbox.loadFailed")} onRetry={list.refetch} />;

  const isOpening = (params.has("ad") || params.has("user")) && !openError;
  if (chats.length === 0 && !openChatData && !isOpening) {
    return (
      <Stack align="center" gap="xs" py={48} className={classes.empty} data-testid="chat-inbox-empty">
        {openError && (
          <Alert color="red" variant="light" role="alert" w="100%" data-testid="chat-open-error">
            {openError}
          </Alert>
        )}
        <IconMessageCircle size={48} stroke={1.2} aria-hidden className={classes.emptyIcon} />
        <Title order={2} fz="h3">
          {t("chats.inbox.emptyTitle")}
        </Title>
        <Text c="dimmed" ta="center" maw={420}>
          {t("chats.inbox.emptyText")}
        </Text>
        <div>
          <BlockedUsers userId={userId} timeZone={timeZone} />
        </div>
      </Stack>
    );
  }

  return (
    <div
      className={classes.inbox}
      data-has-chat={openChatId !== null || isOpening || undefined}
      data-testid="chat-inbox"
    >
      <div ref={listRef} className={classes.listPane}>
        <nav aria-label={t("chats.inbox.label")}>
          <ChatList
            chats={chats}
            openChatId={openChatId}
            now={now}
            timeZone={timeZone}
            onOpen={setFocusChatId}
          />
        </nav>
        {list.hasNextPage && (
          <Button
            variant="subtle"
            fullWidth
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="chat-list-more"
          >
            {t("chats.inbox.more")}
          </Button>
        )}
        <BlockedUsers userId={userId} timeZone={timeZone} />
      </div>
      <div className={classes.conversationPane}>
        {openError && (
          <Alert color="red" variant="light" role="alert" m="md" data-testid="chat-open-error">
            {openError}
          </Alert>
        )}
        {openChatData ? (
          <ChatConversation
            key={openChatData.id}
            chat={openChatData}
            userId={userId}
            isTyping={typing.has(openChatData.id)}
            onBack={back}
            onDeleted={() => setParams({})}
            focusOnOpen={focusChatId === openChatData.id}
          />
        ) : isOpening || (openChatId !== null && single.isPending) ? (
          <div className={classes.centered}>
            <Loader size="sm" aria-label={t("chats.inbox.opening")} />
          </div>
        ) : openChatId !== null && single.isError ? (
          <Alert color="red" variant="light" role="alert" m="md">
            {t("chats.inbox.openFailed")}
          </Alert>
        ) : (
          <div className={classes.centered}>
            <Text c="dimmed">{t("chats.inbox.choose")}</Text>
          </div>
        )}
      </div>
    </div>
  );
}
