import { MyAds } from "../../features/ads/my-ads.tsx";
import { pageHandle } from "../../lib/page-handle.ts";

export const handle = pageHandle("settingsAdds");

export default function Page() {
  return <MyAds />;
}
