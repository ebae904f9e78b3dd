import { SessionsList } from "../../features/auth/sessions-list.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsSessions");

export default function Page() {
  return <SessionsList />;
}
