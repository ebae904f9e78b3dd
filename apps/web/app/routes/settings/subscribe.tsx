import { SubscribePage } from "../../features/plans/subscribe-page.tsx";
import { requireTexts } from "../../lib/i18n.ts";
import { pageHandle } from "../../lib/page-handle.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("plans");

export const handle = pageHandle("settingsSubscribe");

export default function Page() {
  return <SubscribePage />;
}
