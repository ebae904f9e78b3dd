import { Badge, Box, Card, Container, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { serverContext } from "#server-context";
import { AppLink } from "../../components/app-link.tsx";
import { AdsForCar } from "../../features/ads/ads-for-car.tsx";
import { loadAdsForCar } from "../../features/ads/ads-for-car-data.ts";
import { catalogPath, cyrillicSubtitle, formatYears } from "../../features/catalog/catalog-format.ts";
import { breadcrumbLd, JsonLd, modelLd, usePublicOrigin } from "../../features/catalog/catalog-json-ld.tsx";
import {
  absoluteCatalogUrl,
  catalogCrumbs,
  labelGeneration,
  loadOrNotFound,
  readCatalogRequest,
  redirectIfMoved,
  yearsInWords,
} from "../../features/catalog/catalog-page-data.ts";
import { CatalogPageHeader } from "../../features/catalog/catalog-page-header.tsx";
import type { PageHandle } from "../../lib/page-handle.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/model.ts";

/** A model and its generations (oldest first, facelifts marked); an unknown one is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { kind, locale } = readCatalogRequest(request);
  const { catalogService } = context.get(serverContext).services;
  const data = await loadOrNotFound(request, () =>
    catalogService.listGenerations(kind, { mark: params.mark, model: params.model }),
  );
  redirectIfMoved(request, kind, [params.mark, params.model], [data.mark.slug, data.model.slug]);
  const items = await Promise.all(
    data.items.map(async (generation) => ({ ...generation, ...(await labelGeneration(locale, generation)) })),
  );
  const adsSummary = await loadAdsForCar(context.get(serverContext).services, kind, data);
  return {
    ...data,
    items,
    adsSummary,
    years: await yearsInWords(locale, data.model.yearFrom, data.model.yearTo),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => catalogCrumbs(data as LoaderData),
  head: (_params, data) => {
    const { kind, mark, model, years } = data as LoaderData;
    const name = `${mark.name} ${model.name}`;
    return {
      title: { key: "catalog.head.modelTitle", values: { name } },
      description: {
        key: "catalog.head.model",
        values: { name, years },
      },
      canonical: catalogPath(kind, mark.slug, model.slug),
    };
  },
};

export default function CatalogModel({ loaderData }: Route.ComponentProps) {
  const { kind, mark, model, items } = loaderData;
  const { t } = useTranslation();
  const locale = useLocale();
  const origin = usePublicOrigin();
  const name = `${mark.name} ${model.name}`;
  const url = (...slugs: string[]) => absoluteCatalogUrl(origin, locale, kind, ...slugs);
  const subtitle = [cyrillicSubtitle(locale, model), formatYears(t, model.yearFrom, model.yearTo)]
    .filter(Boolean)
    .join(" · ");

  return (
    <Container size="xl" py="lg">
      <CatalogPageHeader title={name} subtitle={subtitle} />
      <JsonLd
        data={{
          "@graph": [
            {
              ...modelLd(kind, mark, model, url(mark.slug, model.slug)),
              hasVariant: items.map((generation) =>
                modelLd(kind, mark, model, url(mark.slug, model.slug, generation.slug), generation),
              ),
            },
            breadcrumbLd([
              { name: t(`catalog.heading.${kind}`), url: url() },
              { name: mark.name, url: url(mark.slug) },
              { name: model.name, url: url(mark.slug, model.slug) },
            ]),
          ],
        }}
      />

      <Box component="section" aria-labelledby="catalog-generations">
        <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id="catalog-generations">
          {t("catalog.generations.title")}
        </Title>
        {items.length === 0 ? (
          <Text c="dimmed">{t("catalog.generations.empty")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="catalog-generations">
            {items.map((generation) => (
              <Card
                key={generation.slug}
                component={AppLink}
                to={catalogPath(kind, mark.slug, model.slug, generation.slug)}
                withBorder
                radius="md"
                padding="md"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Text fw={700} fz="lg" lh={1.25}>
                    {model.name} {generation.baseName}
                  </Text>
                  {generation.restyling && (
                    <Badge variant="light" color="teal" size="sm" style={{ flexShrink: 0 }} tt="none">
                      {generation.restyling}
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" mt={4}>
                  {formatYears(t, generation.yearFrom, generation.yearTo)}
                </Text>
                <Text fz="xs" c="dimmed" mt={4}>
                  {generation.complectationCount > 0
                    ? t("catalog.generations.complectationCount", { count: generation.complectationCount })
                    : t("catalog.generations.noComplectations")}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Box>

      <AdsForCar kind={kind} name={name} refs={{ mark, model }} summary={loaderData.adsSummary} />
    </Container>
  );
}
