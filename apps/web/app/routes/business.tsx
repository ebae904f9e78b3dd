import { businessDirectoryQuerySchema } from "@unaa/contracts";
import { serverContext } from "#server-context";
import type { DirectoryFilters } from "../features/businesses/business-api.ts";
import { BusinessDirectory, directoryPageSize } from "../features/businesses/business-directory.tsx";
import { requireTexts } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/business.ts";

// This page's own texts, before it renders (lib/i18n.ts).
await requireTexts("business");

/** The directory's filters of the address; one the API would refuse is left out (never a 500). */
function readFilters(params: URLSearchParams): DirectoryFilters {
  const filters: DirectoryFilters = {};
  for (const name of ["q", "kind", "regionId"] as const) {
    const value = params.get(name)?.trim();
    if (!value) continue;
    const read = businessDirectoryQuerySchema.safeParse({ [name]: value });
    if (read.success) filters[name] = value;
  }
  return filters;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = readFilters(new URL(request.url).searchParams);
  const query = businessDirectoryQuerySchema.parse({ ...filters, limit: directoryPageSize });
  const first = await context.get(serverContext).services.businessesService.findDirectory(query);
  return { filters, first };
}

export const handle = pageHandle("business");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <BusinessDirectory filters={loaderData.filters} first={loaderData.first} />;
}
