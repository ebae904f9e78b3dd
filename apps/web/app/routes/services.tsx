import type { AdServices } from "@unaa/contracts";
import { isVertical } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { TitledPage } from "../components/titled-page.tsx";
import { ServicesPage } from "../features/money/services-page.tsx";
import { requireTexts } from "../lib/i18n.ts";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/services.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("money", "services");

/**
 * Paid services for ad `{id}` of vertical `{type}` (P6.3, decision 063): only the four verticals are
 * types (S2.3), and only the ad's owner sees the page — anyone else, a guest too, and a missing ad or
 * one of another vertical get the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<AdServices> {
  if (!isVertical(params.type) || !isAdId(params.id)) notFound(request);
  const { services, viewer } = context.get(serverContext);
  try {
    return await services.servicesService.getAdServices(viewer?.id, params.type, Number(params.id));
  } catch (error) {
    if ((error as { code?: unknown }).code === "AD_NOT_FOUND") notFound(request);
    throw error;
  }
}

export const handle: PageHandle = {
  breadcrumbs: (params, data) => [
    { key: `page.${params.type}.title`, to: `/${params.type}` },
    (data as AdServices | undefined)?.ad
      ? { text: (data as AdServices).ad.title, to: `/${params.type}/${params.id}` }
      : { key: "page.ad.title", values: { id: params.id ?? "" }, to: `/${params.type}/${params.id}` },
    { key: "page.services.title" },
  ],
};

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      <ServicesPage initial={loaderData} />
    </TitledPage>
  );
}
