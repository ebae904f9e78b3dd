import { ProfileAds } from "../../features/ads/profile-ads.tsx";
import type { Route } from "./+types/adds.ts";
import { loadProfileTab } from "./tab-loader.ts";

export function loader(args: Route.LoaderArgs) {
  return loadProfileTab(args, "adds");
}

export default function ProfileAllAds({ loaderData, params }: Route.ComponentProps) {
  return <ProfileAds key={params.id} userId={Number(params.id)} tab="adds" first={loaderData} />;
}
