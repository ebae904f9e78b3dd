import { BalancePage } from "../../features/money/balance-page.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsBalance");

export default function Page() {
  return <BalancePage />;
}
