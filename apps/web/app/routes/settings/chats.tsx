import { ChatInbox } from "../../features/chats/chat-inbox.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsChats");

export default function Page() {
  return <ChatInbox />;
}
