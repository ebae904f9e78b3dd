import { Container } from "@mantine/core";
import { serverContext } from "#server-context";
import { PageHeader } from "../components/page-header.tsx";
import { FavoritesPage } from "../features/ads/favorites-page.tsx";
import { pageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/favorites.ts";

export const handle = pageHandle("favorites");

/** A signed-in viewer's favourites come with the page; a guest's live in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, viewer } = context.get(serverContext);
  return { items: viewer ? await services.adsService.listFavorites(viewer.id) : null };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <FavoritesPage serverItems={loaderData.items} />
    </Container>
  );
}
