import type { ProfileTab } from "@unaa/contracts";
import type { LoaderFunctionArgs } from "react-router";
import { serverContext } from "#server-context";
import { profileAdsPageSize } from "../../features/ads/api/get-profile-ads.ts";
import { isAdId, notFound } from "../../lib/not-found.ts";

/** The first page of a profile tab, loaded beside the profile (no waterfall: the layout loads it). */
export function loadProfileTab({ request, params, context }: LoaderFunctionArgs, tab: ProfileTab) {
  if (!isAdId(params.id)) notFound(request);
  return context
    .get(serverContext)
    .services.adsService.listUserAds(Number(params.id), { tab, limit: profileAdsPageSize });
}
