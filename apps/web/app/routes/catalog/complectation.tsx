import { Anchor, Badge, Box, Card, Container, Grid, Stack, Table, Text, Title } from "@mantine/core";
import type { CatalogComplectation } from "@unaa/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { serverContext } from "#server-context";
import { AppLink } from "../../components/app-link.tsx";
import { AdsForCar } from "../../features/ads/ads-for-car.tsx";
import { loadAdsForCar } from "../../features/ads/ads-for-car-data.ts";
import {
  catalogPath,
  describeComplectation,
  formatEngineVolume,
  formatYears,
} from "../../features/catalog/catalog-format.ts";
import {
  breadcrumbLd,
  complectationLd,
  JsonLd,
  usePublicOrigin,
} from "../../features/catalog/catalog-json-ld.tsx";
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
import { formatNumber, withUnit } from "../../lib/format.ts";
import { getI18n } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/complectation.ts";

/** One complectation's specs, with the other versions of its generation; an unknown one is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { kind, locale } = readCatalogRequest(request);
  const { catalogService } = context.get(serverContext).services;
  const path = {
    mark: params.mark,
    model: params.model,
    generation: params.generation,
    complectation: params.complectation,
  };
  const data = await loadOrNotFound(request, () => catalogService.getComplectation(kind, path));
  redirectIfMoved(
    request,
    kind,
    [params.mark, params.model, params.generation, params.complectation],
    [data.mark.slug, data.model.slug, data.generation.slug, data.complectation.slug],
  );
  const siblings = await catalogService.listComplectations(kind, {
    mark: data.mark.slug,
    model: data.model.slug,
    generation: data.generation.slug,
  });
  const labels = await labelGeneration(locale, data.generation);
  // The one-line summary goes into the meta description, which is built from loader data.
  const summary = describeComplectation(getI18n(locale).t, locale, data.complectation);
  return {
    ...data,
    adsSummary: await loadAdsForCar(context.get(serverContext).services, kind, data),
    years: await yearsInWords(locale, data.generation.yearFrom, data.generation.yearTo),
    labels,
    summary,
    others: siblings.items.filter((item) => item.slug !== data.complectation.slug),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { kind, mark, model, generation, complectation, labels } = data as LoaderData;
    return catalogCrumbs({
      kind,
      mark,
      model,
      generation: { slug: generation.slug, name: labels.label },
      complectation,
    });
  },
  head: (_params, data) => {
    const { kind, mark, model, generation, complectation, labels, summary, years } = data as LoaderData;
    const name = `${mark.name} ${model.name} ${labels.label} ${complectation.name}`;
    return {
      title: { key: "catalog.head.complectationTitle", values: { name } },
      description: { key: "catalog.head.complectation", values: { name, years, summary } },
      canonical: catalogPath(kind, mark.slug, model.slug, generation.slug, complectation.slug),
    };
  },
};

/** The rows of the specs table: only what the catalogue knows for sure. */
function specRows(
  t: TFunction,
  locale: string,
  item: CatalogComplectation,
  years: string,
): { label: string; value: string }[] {
  const rows: { label: string; value: string | null }[] = [
    { label: t("catalog.specs.years"), value: years },
    { label: t("field.body"), value: t(`show.detail.body.${item.body}`) },
    { label: t("field.fuel"), value: t(`show.detail.fuel.${item.fuel}`) },
    {
      label: t("field.engineVolume"),
      value: item.engineVolume === null ? null : formatEngineVolume(t, locale, item.engineVolume),
    },
    { label: t("field.power"), value: item.powerHp === null ? null : withUnit(item.powerHp, t("unit.hp")) },
    { label: t("field.gearbox"), value: t(`show.detail.gearbox.${item.gearbox}`) },
    { label: t("field.drive"), value: t(`show.detail.drive.${item.drive}`) },
    {
      label: t("catalog.specs.consumption"),
      value:
        item.fuelConsumption === null
          ? null
          : t("catalog.specs.consumptionValue", { value: formatNumber(item.fuelConsumption, 1, locale) }),
    },
    {
      label: t("catalog.specs.dimensions"),
      value:
        item.lengthMm === null || item.widthMm === null || item.heightMm === null
          ? null
          : t("catalog.specs.dimensionsValue", {
              length: formatNumber(item.lengthMm, 0, locale),
              width: formatNumber(item.widthMm, 0, locale),
              height: formatNumber(item.heightMm, 0, locale),
            }),
    },
    { label: t("catalog.specs.seats"), value: item.seats === null ? null : String(item.seats) },
  ];
  return rows.filter((row): row is { label: string; value: string } => row.value !== null);
}

export default function CatalogComplectationPage({ loaderData }: Route.ComponentProps) {
  const { kind, mark, model, generation, complectation, labels, others } = loaderData;
  const { t } = useTranslation();
  const locale = useLocale();
  const origin = usePublicOrigin();
  const slugs = [mark.slug, model.slug, generation.slug];
  const url = (...path: string[]) => absoluteCatalogUrl(origin, locale, kind, ...path);
  const years = formatYears(t, generation.yearFrom, generation.yearTo);
  const generationName = `${mark.name} ${model.name} ${labels.baseName}`;

  return (
    <Container size="xl" py="lg">
      <CatalogPageHeader
        title={`${generationName} ${complectation.name}`}
        subtitle={`${describeComplectation(t, locale, complectation)} · ${years}`}
        badges={
          labels.restyling && (
            <Badge variant="light" color="teal" tt="none">
              {labels.restyling}
            </Badge>
          )
        }
      />
      <JsonLd
        data={{
          "@graph": [
            complectationLd(kind, mark, model, generation, complectation, url(...slugs, complectation.slug)),
            breadcrumbLd([
              { name: t(`catalog.heading.${kind}`), url: url() },
              { name: mark.name, url: url(mark.slug) },
              { name: model.name, url: url(mark.slug, model.slug) },
              { name: labels.label, url: url(...slugs) },
              { name: complectation.name, url: url(...slugs, complectation.slug) },
            ]),
          ],
        }}
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Title order={2} fz={{ base: 20, sm: 24 }} mb="md">
            {t("catalog.specs.title")}
          </Title>
          <Table variant="vertical" withTableBorder layout="fixed" data-testid="catalog-specs">
            <Table.Tbody>
              {specRows(t, locale, complectation, years).map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th w={{ base: "45%", sm: 260 }}>{row.label}</Table.Th>
                  <Table.Td>{row.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
        {others.length > 0 && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="lg" padding="md">
              <Title order={2} fz="md" mb="sm">
                {t("catalog.specs.others", { name: generationName })}
              </Title>
              <Stack gap={6}>
                {others.map((item) => (
                  <Box key={item.slug}>
                    <Anchor component={AppLink} to={catalogPath(kind, ...slugs, item.slug)} fw={600}>
                      {item.name}
                    </Anchor>
                    <Text fz="xs" c="dimmed">
                      {describeComplectation(t, locale, item)}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Card>
          </Grid.Col>
        )}
      </Grid>

      <AdsForCar
        kind={kind}
        name={`${generationName} ${complectation.name}`}
        refs={{ mark, model, generation }}
        summary={loaderData.adsSummary}
      />
    </Container>
  );
}
