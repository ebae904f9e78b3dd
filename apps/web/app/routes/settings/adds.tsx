import { ComingSoon } from "../../components/coming-soon.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsAdds");

export default function Page() {
  return <ComingSoon />;
}
