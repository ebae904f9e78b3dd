import { Button, Loader, Modal, Text } from "@mantine/core";
import { IconUserOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import type { ChatBlocksResponse } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadFailed } from "../../components/load-state.tsx";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { showSuccess } from "../../lib/notify.ts";
import { setUserBlocked } from "./api/block-user.ts";
import { chatKeys } from "./api/chat-keys.ts";
import { useBlockedUsers } from "./api/get-blocks.ts";
import { shortWhen } from "./chat-days.ts";
import { usePeerName } from "./chat-thumb.tsx";
import classes from "./chats.module.css";

type Block = ChatBlocksResponse["items"][number];

function BlockedUser({
  block,
  now,
  timeZone,
  isBusy,
  onUnblock,
}: {
  block: Block;
  now: Date;
  timeZone: string;
  isBusy: boolean;
  onUnblock: () => void;
}) {
  const { t } = useTranslation();
  const name = usePeerName(block.user);
  return (
    <li className={classes.blockedItem} data-testid="chat-blocked-user" data-user-id={block.user.id}>
      <UserAvatar user={{ username: name, avatar: block.user.avatar }} size={40} aria-hidden />
      <span className={classes.blockedBody}>
        <span className={classes.listName}>{name}</span>
        <Text component="span" fz="sm" c="dimmed">
          {t("chats.blocked.since", { when: shortWhen(t, block.blockedAt, now, timeZone) })}
        </Text>
      </span>
      <Button
        variant="default"
        size="sm"
        loading={isBusy}
        onClick={onUnblock}
        aria-label={t("chats.blocked.unblockName", { name })}
        data-testid="chat-blocked-unblock"
      >
        {t("chats.blocked.unblock")}
      </Button>
    </li>
  );
}

/** Settings → Messages: "Blocked users", a list of the users one blocked, each with "Unblock". */
export function BlockedUsers({ userId, timeZone }: { userId: number; timeZone: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const blocks = useBlockedUsers(userId, opened);
  const now = new Date(blocks.dataUpdatedAt || Date.now());

  async function unblock(otherId: number) {
    setBusyId(otherId);
    try {
      await setUserBlocked(otherId, false);
      // The list and every chat with them change (who may write).
      await queryClient.invalidateQueries({ queryKey: chatKeys.all(userId) });
      showSuccess(t("chats.conversation.unblocked"));
    } catch {
      // The client's error toast has said why.
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      <Button
        variant="subtle"
        color="gray"
        fullWidth
        leftSection={<IconUserOff size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="chat-blocked-open"
      >
        {t("chats.blocked.open")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("chats.blocked.title")}
        closeButtonProps={{ "aria-label": t("chats.blocked.close") }}
        centered
      >
        {blocks.isPending ? (
          <div className={classes.centered}>
            <Loader size="sm" aria-label={t("chats.blocked.loading")} />
          </div>
        ) : blocks.isError ? (
          <LoadFailed text={t("chats.blocked.loadFailed")} onRetry={blocks.refetch} />
        ) : blocks.data.items.length === 0 ? (
          <Text c="dimmed" data-testid="chat-blocked-empty">
            {t("chats.blocked.empty")}
          </Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed" mb="sm">
              {t("chats.blocked.description")}
            </Text>
            <ul className={classes.blockedList} data-testid="chat-blocked-list">
              {blocks.data.items.map((block) => (
                <BlockedUser
                  key={block.user.id}
                  block={block}
                  now={now}
                  timeZone={timeZone}
                  isBusy={busyId === block.user.id}
                  onUnblock={() => void unblock(block.user.id)}
                />
              ))}
            </ul>
          </>
        )}
      </Modal>
    </>
  );
}
