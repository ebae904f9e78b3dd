import { isVertical } from "@unaa/contracts";
import { TitledPage } from "../../components/titled-page.tsx";
import { AdForm } from "../../features/ads/ad-form/ad-form.tsx";
import { requireTexts } from "../../lib/i18n.ts";
import { notFound } from "../../lib/not-found.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import { pagePathOf } from "../../lib/route-url.ts";
import type { Route } from "./+types/vertical.ts";
import { createTitleKeys } from "./titles.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("ad-form", "business");

/** `/create/car`, `/create/commercial`, `/create/moto`, `/create/uslugi` (one route each). */
export function loader({ request }: Route.LoaderArgs) {
  const vertical = pagePathOf(request).split("/")[2];
  if (!isVertical(vertical)) notFound(request);
  return { vertical };
}

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => [
    { key: createTitleKeys[(data as Awaited<ReturnType<typeof loader>>).vertical] },
  ],
};

export default function CreateVertical({ loaderData }: Route.ComponentProps) {
  return (
    <TitledPage>
      <AdForm key={loaderData.vertical} vertical={loaderData.vertical} />
    </TitledPage>
  );
}
