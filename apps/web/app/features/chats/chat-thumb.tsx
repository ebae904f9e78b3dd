import type { Chat, ChatPeer } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import classes from "./chats.module.css";

/** The other member's name, or "deleted user" for an account that is gone. */
export function usePeerName(peer: ChatPeer): string {
  const { t } = useTranslation();
  return peer.isDeleted || !peer.name ? t("chats.list.deletedUser") : peer.name;
}

/** A chat's picture: the ad's photo (the thumbnail), else the other member's avatar. Decorative. */
export function ChatThumb({ chat, size }: { chat: Chat; size: number }) {
  const name = usePeerName(chat.other);
  if (chat.ad?.cover) {
    return (
      <span className={classes.thumb} style={{ width: size, height: size }}>
        <AdPhoto photo={chat.ad.cover} alt="" sizes={`${size}px`} />
      </span>
    );
  }
  return (
    <UserAvatar
      user={{ username: name, avatar: chat.other.isDeleted ? null : chat.other.avatar }}
      size={size}
      aria-hidden
    />
  );
}
