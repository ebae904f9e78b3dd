import { Badge, VisuallyHidden } from "@mantine/core";
import { IconBellOff } from "@tabler/icons-react";
import type { Chat } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { shortWhen } from "./chat-days.ts";
import { ChatThumb, usePeerName } from "./chat-thumb.tsx";
import classes from "./chats.module.css";

/** The last message as one line: "You: …", or "Photo" for a message of photos only. */
function usePreview(chat: Chat): string {
  const { t } = useTranslation();
  const message = chat.lastMessage;
  if (!message) return t("chats.list.noMessages");
  const text = message.text.trim() || t("chats.list.photo");
  return message.isMine ? t("chats.list.you", { text }) : text;
}

function ChatListItem({
  chat,
  isOpen,
  now,
  timeZone,
  onOpen,
}: {
  chat: Chat;
  isOpen: boolean;
  now: Date;
  timeZone: string;
  onOpen: (chatId: number) => void;
}) {
  const { t } = useTranslation();
  const name = usePeerName(chat.other);
  const preview = usePreview(chat);
  const when = chat.lastMessage?.createdAt ?? chat.lastActivityAt;
  return (
    <li>
      <AppLink
        to={`/settings/chats?chat=${chat.id}`}
        className={classes.listItem}
        aria-current={isOpen ? "true" : undefined}
        data-unread={chat.unreadCount > 0 || undefined}
        data-testid="chat-list-item"
        data-chat-id={chat.id}
        onClick={() => onOpen(chat.id)}
      >
        <ChatThumb chat={chat} size={52} />
        <span className={classes.listBody}>
          <span className={classes.listTop}>
            <span className={classes.listName}>{name}</span>
            {chat.isMuted && (
              <IconBellOff
                size={16}
                className={classes.mutedIcon}
                aria-label={t("chats.list.muted")}
                role="img"
                data-testid="chat-muted"
              />
            )}
            <time dateTime={when} className={classes.listTime}>
              {shortWhen(t, when, now, timeZone)}
            </time>
          </span>
          <span className={classes.listAd}>
            {chat.ad
              ? chat.ad.title
              : t(chat.subject === "profile" ? "chats.list.aboutProfile" : "chats.list.adGone")}
          </span>
          <span className={classes.listBottom}>
            <span className={classes.listPreview} data-testid="chat-list-preview">
              {preview}
            </span>
            {chat.unreadCount > 0 && (
              <Badge
                size="sm"
                circle={chat.unreadCount < 10}
                // A muted chat's count is quiet: grey, not the brand colour.
                color={chat.isMuted ? "gray.7" : undefined}
                className={classes.unreadBadge}
                data-testid="chat-unread"
              >
                <span aria-hidden>{chat.unreadCount}</span>
                <VisuallyHidden>{t("chats.list.unread", { count: chat.unreadCount })}</VisuallyHidden>
              </Badge>
            )}
          </span>
        </span>
      </AppLink>
    </li>
  );
}

/** The inbox's list of chats, latest activity first; each a link to its conversation. */
export function ChatList({
  chats,
  openChatId,
  now,
  timeZone,
  onOpen,
}: {
  chats: readonly Chat[];
  openChatId: number | null;
  now: Date;
  timeZone: string;
  onOpen: (chatId: number) => void;
}) {
  return (
    <ul className={classes.list} data-testid="chat-list">
      {chats.map((chat) => (
        <ChatListItem
          key={chat.id}
          chat={chat}
          isOpen={chat.id === openChatId}
          now={now}
          timeZone={timeZone}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}
