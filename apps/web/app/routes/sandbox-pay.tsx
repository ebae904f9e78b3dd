import { useParams } from "react-router";
import { TitledPage } from "../components/titled-page.tsx";
import { SandboxCheckout } from "../features/money/sandbox-checkout.tsx";
import { requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("money");

/** The sandbox payment provider's checkout (decision 061): development, tests and the demo. */
export const handle = pageHandle("sandboxPay");

export default function Page() {
  const { id = "" } = useParams();
  return (
    <TitledPage>
      <SandboxCheckout paymentId={id} />
    </TitledPage>
  );
}
