import { TitledPage } from "../../components/titled-page.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("catalog");

export default function Catalog() {
  return <TitledPage />;
}
