import { ComingSoon } from "../../components/coming-soon.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsBalance");

export default function Page() {
  return <ComingSoon />;
}
