import { useParams } from "react-router";
import { TitledPage } from "../components/titled-page.tsx";
import { SandboxCheckout } from "../features/money/sandbox-checkout.tsx";
import { pageHandle } from "../lib/page-handle.ts";

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
