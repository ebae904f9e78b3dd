import { TitledPage } from "../components/titled-page.tsx";
import { pageHandle } from "../lib/page-handle.ts";

export const handle = pageHandle("advert");

export default function Page() {
  return <TitledPage />;
}
