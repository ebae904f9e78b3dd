import { SettingsOverview } from "../../features/auth/settings-overview.tsx";

export default function Page() {
  return <SettingsOverview />;
}
