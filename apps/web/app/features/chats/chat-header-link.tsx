import { ActionIcon } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import classes from "../../components/count-badge.module.css";
import { useSession } from "../../lib/session.ts";
import { useUnreadChatIds } from "./use-unread-chat-ids.ts";

/**
 * The header's chat icon for a signed-in user: a link to the inbox with a badge of the chats with
 * unread messages, as the socket last said (`unreadedChatIds`, S4.9). Kept light: it is on every
 * page (the inbox's code loads with the inbox).
 */
export function ChatHeaderLink() {
  const { t } = useTranslation();
  const { user } = useSession();
  const unread = useUnreadChatIds().length;
  if (!user) return null;
  const label = unread > 0 ? t("chats.header.unread", { count: unread }) : t("chats.header.label");
  return (
    <ActionIcon
      component={AppLink}
      to="/settings/chats"
      variant="subtle"
      color="gray"
      size={36}
      aria-label={label}
      className={classes.holder}
      data-testid="header-chats"
      data-unread={unread}
    >
      <IconMessageCircle size={22} stroke={1.6} aria-hidden />
      {unread > 0 && (
        <span className={classes.badge} aria-hidden data-testid="header-chats-badge">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </ActionIcon>
  );
}
