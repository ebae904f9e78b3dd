import { OverviewPage } from "../../features/dashboard/overview-page.tsx";

export default function Page() {
  return <OverviewPage />;
}
