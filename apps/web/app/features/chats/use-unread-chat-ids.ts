import { useSyncExternalStore } from "react";
import { clientState } from "../../lib/app-state.ts";

/** The chat ids with unread messages, as the server last said (S4.9); empty while disconnected. */
export function useUnreadChatIds(): readonly number[] {
  return useSyncExternalStore(
    clientState.subscribe,
    () => clientState.getSnapshot().unreadChatIds,
    () => emptyIds,
  );
}
const emptyIds: readonly number[] = [];
