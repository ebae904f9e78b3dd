import { ComingSoon } from "../../components/coming-soon.tsx";

import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("profileAdds");

export default function ProfileAllAds() {
  return <ComingSoon />;
}
