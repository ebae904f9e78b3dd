import { BusinessSettings } from "../../features/businesses/business-form.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsBusiness");

export default function Page() {
  return <BusinessSettings />;
}
