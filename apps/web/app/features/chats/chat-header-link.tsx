import { ActionIcon, Indicator } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { useSession } from "../../lib/session.ts";
import { useUnreadChatIds } from "./use-chat-realtime.ts";

/**
 * The header's chat icon for a signed-in user: a link to the inbox with a badge of the chats with
 * unread messages, as the socket last said (`unreadedChatIds`, S4.9).
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
      data-testid="header-chats"
      data-unread={unread}
    >
      <Indicator
        label={unread > 99 ? "99+" : unread}
        disabled={unread === 0}
        size={18}
        offset={2}
        color="red"
        data-testid="header-chats-badge"
      >
        <IconMessageCircle size={22} stroke={1.6} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
