import { serverContext } from "#server-context";
import { PhotosModeration } from "../../features/moderation/photos-moderation.tsx";
import { applySectionGate, dashboardTitleKey } from "../../lib/dashboard-sections.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import type { Route } from "./+types/photos.ts";

/** Dashboard → photos (S2.8, decision 066): moderators and admins only; others get the 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return applySectionGate(context.get(serverContext).viewer, request);
}

export const handle: PageHandle = {
  breadcrumbs: () => [{ key: dashboardTitleKey("photos") }],
};

export default function DashboardPhotos() {
  return <PhotosModeration />;
}
