import { NotificationCentre } from "../../features/notifications/notification-centre.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsNotifications");

export default function Page() {
  return <NotificationCentre />;
}
