import { type Ad, type Role, verticalDefinitions } from "@unaa/contracts";
import { serverContext } from "#server-context";
import { TitledPage } from "../components/titled-page.tsx";
import { AdForm } from "../features/ads/ad-form/ad-form.tsx";
import { catalogChoiceOfRefs } from "../features/ads/ad-form/ad-form-catalog.ts";
import { valuesOfAd } from "../features/ads/ad-form/ad-form-values.ts";
import { requireTexts } from "../lib/i18n.ts";
import { isAdId, notFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { verticalOf } from "../lib/route-url.ts";
import type { Route } from "./+types/ad-edit.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("ad-form", "business");

/**
 * `/{vertical}/{id}/edit` (auth gate): the ad form filled with the ad. Only its owner may edit it;
 * anyone else, like a missing ad or one of another vertical, gets the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const vertical = verticalOf(request);
  if (!vertical || !isAdId(params.id)) notFound(request);
  const { services, viewer } = context.get(serverContext);
  let ad: Ad;
  try {
    ad = await services.adsService.getAd(
      viewer && { id: viewer.id, roles: viewer.roles as Role[] },
      Number(params.id),
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === "AD_NOT_FOUND") notFound(request);
    throw error;
  }
  if (!ad.isOwner || ad.vertical !== vertical) notFound(request);
  const idOf = (name: string) => (typeof ad.fields[name] === "number" ? (ad.fields[name] as number) : null);
  const refs = await services.catalogService.findRefs({
    mark: idOf("mark"),
    model: idOf("model"),
    generation: idOf("generation"),
    complectation: idOf("complectation"),
  });
  const definition = verticalDefinitions[vertical];
  return {
    vertical,
    id: ad.id,
    values: valuesOfAd(ad, catalogChoiceOfRefs(definition, refs)),
    title: ad.title,
  };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { vertical, id, title } = data as Awaited<ReturnType<typeof loader>>;
    return [
      { key: `page.${vertical}.title`, to: `/${vertical}` },
      { text: title, to: `/${vertical}/${id}` },
      { key: "page.edit.title" },
    ];
  },
};

export default function AdEdit({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      <AdForm
        key={loaderData.id}
        vertical={loaderData.vertical}
        edit={{ id: loaderData.id, values: loaderData.values }}
      />
    </TitledPage>
  );
}
