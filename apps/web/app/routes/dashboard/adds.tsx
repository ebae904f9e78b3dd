import { useSearchParams } from "react-router";
import { serverContext } from "#server-context";
import { AdsModeration } from "../../features/moderation/ads-moderation.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import { requireTexts } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/adds.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("ad-form");

/** Dashboard → adds (S2.8, decision 066): moderators and admins only; others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = {
  breadcrumbs: () => [{ key: dashboardTitleKey("adds") }],
};

export default function DashboardAdds() {
  // ?ad=12 opens that ad's drawer (links from the photos and complaints queues).
  const ad = Number(useSearchParams()[0].get("ad"));
  return <AdsModeration initialAdId={Number.isSafeInteger(ad) && ad > 0 ? ad : null} />;
}
