import { ActionIcon, Alert, Button, Loader, Menu, Text } from "@mantine/core";
import {
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconDotsVertical,
  IconFlag,
  IconLock,
  IconLockOpen,
  IconTrash,
} from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { Chat, ChatMessage } from "@unaa/contracts";
import { Fragment, type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { ConfirmModal } from "../../components/confirm-modal.tsx";
import { LoadFailed } from "../../components/load-state.tsx";
import { localDay } from "../../lib/local-day.ts";
import { showSuccess } from "../../lib/notify.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { setUserBlocked } from "./api/block-user.ts";
import { chatKeys } from "./api/chat-keys.ts";
import { deleteChat } from "./api/delete-chat.ts";
import { useChatMessages } from "./api/get-chat-messages.ts";
import { markChatRead } from "./api/mark-chat-read.ts";
import { setChatMuted } from "./api/mute-chat.ts";
import { isReadByOther, listWithoutChat } from "./chat-cache.ts";
import { ChatComposer } from "./chat-composer.tsx";
import { dayHeading, groupByDay } from "./chat-days.ts";
import { ChatMessageBubble } from "./chat-message.tsx";
import { ChatReportModal } from "./chat-report-modal.tsx";
import { ChatThumb, usePeerName } from "./chat-thumb.tsx";
import classes from "./chats.module.css";
import { changeChat, storeMessage, useTypingSignal } from "./use-chat-realtime.ts";

const fallbackZone = "Asia/Bishkek";

/** Reads the chat up to its newest message from the other member, once per new message. */
function useMarkRead(chat: Chat, messages: readonly ChatMessage[], userId: number) {
  const queryClient = useQueryClient();
  const newestOther = messages.findLast((message) => !message.isMine)?.id ?? null;
  const sentFor = useRef<number | null>(null);
  useEffect(() => {
    if (newestOther === null || newestOther <= (chat.myLastReadMessageId ?? 0)) return;
    if (sentFor.current !== null && sentFor.current >= newestOther) return;
    sentFor.current = newestOther;
    markChatRead(chat.id, newestOther)
      .then((answer) =>
        changeChat(queryClient, userId, chat.id, (current) => ({
          ...current,
          myLastReadMessageId: answer.lastReadMessageId,
          unreadCount: answer.unreadCount,
        })),
      )
      .catch(() => {
        sentFor.current = null;
      });
  }, [chat.id, chat.myLastReadMessageId, newestOther, queryClient, userId]);
}

/**
 * Keeps the newest message in view: at the first page, and when a message arrives while the reader
 * is at the bottom. "Load earlier" keeps the messages in view where they were.
 */
function useScrollToNewest(
  scroller: RefObject<HTMLDivElement | null>,
  newestId: number | null,
  total: number,
) {
  const atBottom = useRef(true);
  const lastNewest = useRef<number | null>(null);
  const lastHeight = useRef(0);
  const lastTotal = useRef(0);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (newestId !== lastNewest.current) {
      if (atBottom.current || lastNewest.current === null) box.scrollTop = box.scrollHeight;
    } else if (total > lastTotal.current) {
      // Earlier messages came in above: keep the same ones on screen.
      box.scrollTop += box.scrollHeight - lastHeight.current;
    }
    lastNewest.current = newestId;
    lastTotal.current = total;
    lastHeight.current = box.scrollHeight;
  });
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const onScroll = () => {
      atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
      lastHeight.current = box.scrollHeight;
    };
    box.addEventListener("scroll", onScroll, { passive: true });
    return () => box.removeEventListener("scroll", onScroll);
  }, [scroller]);
}

/** One conversation: its header with the ad and the actions, the history, the composer. */
export function ChatConversation({
  chat,
  userId,
  isTyping,
  onBack,
  onDeleted,
  focusOnOpen,
}: {
  chat: Chat;
  userId: number;
  isTyping: boolean;
  onBack: () => void;
  onDeleted: () => void;
  /** The reader chose this chat: focus moves to the conversation. */
  focusOnOpen: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const timeZone = config?.timeZone ?? fallbackZone;
  const origin = config?.publicOrigin ?? "http://localhost";
  const history = useChatMessages(userId, chat.id);
  const messages = (history.data?.pages ?? []).toReversed().flatMap((page) => page.items);
  const groups = groupByDay(messages, timeZone);
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const peerName = usePeerName(chat.other);
  const typingSignal = useTypingSignal(chat.id);
  const [dialog, setDialog] = useState<"report" | "delete" | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const now = new Date(history.dataUpdatedAt || Date.now());

  useMarkRead(chat, messages, userId);
  useScrollToNewest(scroller, messages.at(-1)?.id ?? null, messages.length);

  useEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);

  async function toggleBlock() {
    setIsBusy(true);
    try {
      const answer = await setUserBlocked(chat.other.id, !chat.isBlockedByMe);
      // Blocks are per user: every chat with them changes; the server's answer says who may write.
      await queryClient.invalidateQueries({ queryKey: chatKeys.all(userId) });
      showSuccess(t(answer.isBlocked ? "chats.conversation.blocked" : "chats.conversation.unblocked"));
    } catch {
      // The client's error toast has said why.
    } finally {
      setIsBusy(false);
    }
  }

  async function toggleMute() {
    setIsBusy(true);
    try {
      const answer = await setChatMuted(chat.id, !chat.isMuted);
      changeChat(queryClient, userId, chat.id, (current) => ({ ...current, isMuted: answer.isMuted }));
      showSuccess(t(answer.isMuted ? "chats.conversation.muted" : "chats.conversation.unmuted"));
    } catch {
      // The client's error toast has said why.
    } finally {
      setIsBusy(false);
    }
  }

  async function remove() {
    setIsBusy(true);
    try {
      await deleteChat(chat.id);
      queryClient.setQueryData(
        chatKeys.list(userId),
        (data: Parameters<typeof listWithoutChat>[0] | undefined) =>
          data ? listWithoutChat(data, chat.id) : data,
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(userId, chat.id) });
      queryClient.removeQueries({ queryKey: chatKeys.chat(userId, chat.id) });
      setDialog(null);
      showSuccess(t("chats.delete.done"));
      onDeleted();
    } catch {
      // The client's error toast has said why.
    } finally {
      setIsBusy(false);
    }
  }

  const cannotWrite = chat.isBlockedByMe
    ? t("chats.conversation.blockedByMe")
    : chat.other.isDeleted
      ? t("chats.conversation.deletedUser")
      : t("chats.conversation.cannotWrite");

  return (
    <section
      className={classes.conversation}
      aria-labelledby={`chat-${chat.id}-title`}
      data-testid="chat-conversation"
    >
      <header className={classes.conversationHeader}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          onClick={onBack}
          aria-label={t("chats.conversation.back")}
          className={classes.backButton}
          data-testid="chat-back"
        >
          <IconArrowLeft size={22} aria-hidden />
        </ActionIcon>
        <ChatThumb chat={chat} size={44} />
        <div className={classes.conversationTitle}>
          <h2 id={`chat-${chat.id}-title`} ref={heading} tabIndex={-1} className={classes.peerName}>
            {peerName}
          </h2>
          {chat.ad ? (
            <AppLink
              to={`/${chat.ad.vertical}/${chat.ad.id}`}
              className={classes.adLink}
              data-testid="chat-ad-link"
            >
              {chat.ad.title}
            </AppLink>
          ) : (
            <Text fz="sm" c="dimmed" truncate>
              {t(chat.subject === "profile" ? "chats.list.aboutProfile" : "chats.list.adGone")}
            </Text>
          )}
        </div>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              aria-label={t("chats.conversation.actions")}
              loading={isBusy}
              data-testid="chat-actions"
            >
              <IconDotsVertical size={22} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={chat.isMuted ? <IconBell size={18} /> : <IconBellOff size={18} />}
              onClick={() => void toggleMute()}
              data-testid={chat.isMuted ? "chat-unmute" : "chat-mute"}
            >
              {t(chat.isMuted ? "chats.conversation.unmute" : "chats.conversation.mute")}
            </Menu.Item>
            {!chat.other.isDeleted && (
              <Menu.Item
                leftSection={chat.isBlockedByMe ? <IconLockOpen size={18} /> : <IconLock size={18} />}
                onClick={() => void toggleBlock()}
                data-testid={chat.isBlockedByMe ? "chat-unblock" : "chat-block"}
              >
                {t(chat.isBlockedByMe ? "chats.conversation.unblock" : "chats.conversation.block")}
              </Menu.Item>
            )}
            <Menu.Item
              leftSection={<IconFlag size={18} />}
              onClick={() => setDialog("report")}
              data-testid="chat-report"
            >
              {t("chats.conversation.report")}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={() => setDialog("delete")}
              data-testid="chat-delete"
            >
              {t("chats.conversation.delete")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </header>

      <div ref={scroller} className={classes.history} data-testid="chat-history">
        {history.hasNextPage && (
          <div className={classes.loadEarlier}>
            <Button
              variant="default"
              size="xs"
              loading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
              data-testid="chat-load-earlier"
            >
              {t("chats.conversation.loadEarlier")}
            </Button>
          </div>
        )}
        {history.isPending && (
          <div className={classes.centered}>
            <Loader size="sm" aria-label={t("chats.inbox.opening")} />
          </div>
        )}
        {history.isError && (
          <LoadFailed m="md" text={t("chats.conversation.loadFailed")} onRetry={history.refetch} />
        )}
        {history.isSuccess && messages.length === 0 && (
          <Text c="dimmed" ta="center" p="lg" fz="sm">
            {t("chats.conversation.start")}
          </Text>
        )}
        <div
          role="log"
          aria-label={t("chats.conversation.messages")}
          aria-live="polite"
          className={classes.log}
        >
          {groups.map((group) => (
            <Fragment key={group.key}>
              <h3 className={classes.dayHeading}>{dayHeading(t, group.day, now, timeZone)}</h3>
              <ul className={classes.messages}>
                {group.messages.map((message) => (
                  <ChatMessageBubble
                    key={message.id}
                    message={message}
                    time={localDay(new Date(message.createdAt), timeZone).time}
                    isRead={isReadByOther(chat, message)}
                    origin={origin}
                  />
                ))}
              </ul>
            </Fragment>
          ))}
        </div>
      </div>

      <div className={classes.typing} aria-live="polite" data-testid="chat-typing">
        {isTyping ? t("chats.conversation.typing", { name: peerName }) : ""}
      </div>

      {chat.canWrite ? (
        <ChatComposer
          key={chat.id}
          chatId={chat.id}
          onTyping={typingSignal.signal}
          onSent={(message) => {
            typingSignal.reset();
            storeMessage(queryClient, userId, message, chat.id);
          }}
          onRefused={() => void queryClient.invalidateQueries({ queryKey: chatKeys.all(userId) })}
        />
      ) : (
        <Alert color="gray" variant="light" m="sm" data-testid="chat-cannot-write">
          {cannotWrite}
        </Alert>
      )}

      <ChatReportModal chatId={chat.id} opened={dialog === "report"} onClose={() => setDialog(null)} />
      <ConfirmModal
        opened={dialog === "delete"}
        title={t("chats.delete.title")}
        text={t("chats.delete.text")}
        confirmLabel={t("chats.delete.confirm")}
        onConfirm={() => void remove()}
        onClose={() => setDialog(null)}
        isBusy={isBusy}
      />
    </section>
  );
}
