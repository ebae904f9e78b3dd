import { ProfilePage } from "../../features/auth/profile-page.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsProfile");

export default function Page() {
  return <ProfilePage />;
}
