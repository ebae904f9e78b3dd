import { Anchor, Box, Card, Container, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { serverContext } from "#server-context";
import { AppLink } from "../../components/app-link.tsx";
import { AdsForCar } from "../../features/ads/ads-for-car.tsx";
import { loadAdsForCar } from "../../features/ads/ads-for-car-data.ts";
import { catalogPath, cyrillicSubtitle, formatYears } from "../../features/catalog/catalog-format.ts";
import { brandLd, JsonLd, modelLd, usePublicOrigin } from "../../features/catalog/catalog-json-ld.tsx";
import {
  absoluteCatalogUrl,
  catalogCrumbs,
  loadOrNotFound,
  markCountryName,
  readCatalogRequest,
  redirectIfMoved,
} from "../../features/catalog/catalog-page-data.ts";
import { CatalogPageHeader } from "../../features/catalog/catalog-page-header.tsx";
import type { PageHandle } from "../../lib/page-handle.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/mark.ts";

/** A mark and its models (popular first, then A–Z); an unknown mark is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { kind, locale } = readCatalogRequest(request);
  const { catalogService } = context.get(serverContext).services;
  const data = await loadOrNotFound(request, () => catalogService.listModels(kind, { mark: params.mark }));
  redirectIfMoved(request, kind, [params.mark], [data.mark.slug]);
  // The country's name is settled here so the browser shows exactly what the server rendered.
  const adsSummary = await loadAdsForCar(context.get(serverContext).services, kind, data);
  return { ...data, adsSummary, countryLabel: markCountryName(data.mark.country, locale) };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => catalogCrumbs(data as LoaderData),
  head: (_params, data) => {
    const { kind, mark } = data as LoaderData;
    return {
      title: { key: "catalog.head.markTitle", values: { mark: mark.name } },
      description: {
        key: "catalog.head.mark",
        values: { mark: mark.name, markCyrillic: mark.nameCyrillic ?? mark.name },
      },
      canonical: catalogPath(kind, mark.slug),
    };
  },
};

export default function CatalogMark({ loaderData }: Route.ComponentProps) {
  const { kind, mark, items, countryLabel } = loaderData;
  const { t } = useTranslation();
  const locale = useLocale();
  const origin = usePublicOrigin();
  const popular = items.filter((model) => model.isPopular);
  const alphabetical = [...items].sort((a, b) => a.name.localeCompare(b.name, "en"));
  const subtitle = [
    cyrillicSubtitle(locale, mark),
    mark.country === "su" ? t("catalog.soviet") : countryLabel,
    t("catalog.marks.modelCount", { count: items.length }),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <Container size="xl" py="lg">
      <CatalogPageHeader title={mark.name} subtitle={subtitle} />
      <JsonLd
        data={{
          "@type": "ItemList",
          name: mark.name,
          about: brandLd(mark),
          itemListElement: items.map((model, index) => ({
            "@type": "ListItem",
            position: index + 1,
            item: modelLd(kind, mark, model, absoluteCatalogUrl(origin, locale, kind, mark.slug, model.slug)),
          })),
        }}
      />

      {popular.length > 0 && (
        <Box component="section" mb="xl" aria-labelledby="catalog-popular-models">
          <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id="catalog-popular-models">
            {t("catalog.models.popular")}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="catalog-popular-models">
            {popular.map((model) => (
              <Card
                key={model.slug}
                component={AppLink}
                to={catalogPath(kind, mark.slug, model.slug)}
                withBorder
                radius="md"
                padding="md"
              >
                <Text fw={700} fz="lg" lh={1.2}>
                  {model.name}
                </Text>
                {cyrillicSubtitle(locale, model) && (
                  <Text fz="sm" c="dimmed">
                    {cyrillicSubtitle(locale, model)}
                  </Text>
                )}
                <Text fz="xs" c="dimmed" mt={6}>
                  {formatYears(t, model.yearFrom, model.yearTo)}
                  {model.generationCount > 0 &&
                    ` · ${t("catalog.models.generationCount", { count: model.generationCount })}`}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>
      )}

      <Box component="section" aria-labelledby="catalog-all-models">
        <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id="catalog-all-models">
          {t("catalog.models.all")}
        </Title>
        {alphabetical.length === 0 ? (
          <Text c="dimmed">{t("catalog.models.empty")}</Text>
        ) : (
          <Box style={{ columnWidth: 260, columnGap: 32 }} data-testid="catalog-models">
            {alphabetical.map((model) => (
              <Group key={model.slug} gap={8} wrap="nowrap" py={3} style={{ breakInside: "avoid" }}>
                <Anchor component={AppLink} to={catalogPath(kind, mark.slug, model.slug)}>
                  {model.name}
                </Anchor>
                <Text fz="sm" c="dimmed">
                  {formatYears(t, model.yearFrom, model.yearTo)}
                </Text>
              </Group>
            ))}
          </Box>
        )}
      </Box>

      <AdsForCar kind={kind} name={mark.name} refs={{ mark }} summary={loaderData.adsSummary} />
    </Container>
  );
}
