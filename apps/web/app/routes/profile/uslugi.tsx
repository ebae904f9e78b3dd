import { ComingSoon } from "../../components/coming-soon.tsx";

import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("profileUslugi");

export default function ProfileServices() {
  return <ComingSoon />;
}
