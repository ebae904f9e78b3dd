import { BalancePage } from "../../features/money/balance-page.tsx";
import { requireTexts } from "../../lib/i18n.ts";
import { pageHandle } from "../../lib/page-handle.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("money");

export const handle = pageHandle("settingsBalance");

export default function Page() {
  return <BalancePage />;
}
