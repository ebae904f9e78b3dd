import { BusinessSettings } from "../../features/businesses/business-form.tsx";
import { requireTexts } from "../../lib/i18n.ts";
import { pageHandle } from "../../lib/page-handle.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("ad-form", "business");

export const handle = pageHandle("settingsBusiness");

export default function Page() {
  return <BusinessSettings />;
}
