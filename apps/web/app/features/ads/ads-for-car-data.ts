import type { AdPriceSummary, CatalogKind } from "@unaa/contracts";
import type { ServerContext } from "#server-context";

// Apart from the component (ads-for-car.tsx): list routes call it in their loaders only, and a
// route module that imported the component's file fetched its Mantine parts in the browser.

/** The loader's half: the summary of the ads of a catalogue entry (`services` of the server context). */
export function loadAdsForCar(
  services: ServerContext["services"],
  kind: CatalogKind,
  refs: { mark: { id: number }; model?: { id: number }; generation?: { id: number } },
): Promise<AdPriceSummary> {
  return services.adsService.summarizeCatalogEntryAds({
    vertical: kind,
    mark: refs.mark.id,
    ...(refs.model ? { model: refs.model.id } : {}),
    ...(refs.generation && kind === "car" ? { generation: refs.generation.id } : {}),
  });
}
