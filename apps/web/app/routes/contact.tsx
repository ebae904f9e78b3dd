import { TitledPage } from "../components/titled-page.tsx";
import { pageHandle } from "../lib/page-handle.ts";

export const handle = pageHandle("contact");

export default function Page() {
  return <TitledPage />;
}
