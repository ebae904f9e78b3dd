import { TitledPage } from "../components/titled-page.tsx";
import { pageHandle } from "../lib/page-handle.ts";

export const handle = pageHandle("resetPassword");

export default function Page() {
  return <TitledPage />;
}
