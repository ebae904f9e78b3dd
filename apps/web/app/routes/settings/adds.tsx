import { MyAds } from "../../features/ads/my-ads.tsx";
import { requireTexts } from "../../lib/i18n.ts";
import { pageHandle } from "../../lib/page-handle.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("ad-form", "services");

export const handle = pageHandle("settingsAdds");

export default function Page() {
  return <MyAds />;
}
