import { ProfileAds } from "../../features/ads/profile-ads.tsx";
import type { Route } from "./+types/index.ts";
import { loadProfileTab } from "./tab-loader.ts";

export function loader(args: Route.LoaderArgs) {
  return loadProfileTab(args, "default");
}

export default function ProfileVehicles({ loaderData, params }: Route.ComponentProps) {
  return <ProfileAds key={params.id} userId={Number(params.id)} tab="default" first={loaderData} />;
}
