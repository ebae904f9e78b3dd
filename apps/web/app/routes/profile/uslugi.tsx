import { ProfileAds } from "../../features/ads/profile-ads.tsx";
import type { Route } from "./+types/uslugi.ts";
import { loadProfileTab } from "./tab-loader.ts";

export function loader(args: Route.LoaderArgs) {
  return loadProfileTab(args, "uslugi");
}

export default function ProfileServices({ loaderData, params }: Route.ComponentProps) {
  return <ProfileAds key={params.id} userId={Number(params.id)} tab="uslugi" first={loaderData} />;
}
