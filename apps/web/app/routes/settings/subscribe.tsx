import { SubscribePage } from "../../features/plans/subscribe-page.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsSubscribe");

export default function Page() {
  return <SubscribePage />;
}
