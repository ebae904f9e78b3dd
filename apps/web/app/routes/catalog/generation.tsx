import { Anchor, Badge, Box, Card, Container, Stack, Table, Text, Title } from "@mantine/core";
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
  modelLd,
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
import type { PageHandle } from "../../lib/page-handle.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/generation.ts";

/** A generation and its complectations with their main specs; an unknown one is 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { kind, locale } = readCatalogRequest(request);
  const { catalogService } = context.get(serverContext).services;
  const path = { mark: params.mark, model: params.model, generation: params.generation };
  const data = await loadOrNotFound(request, () => catalogService.listComplectations(kind, path));
  redirectIfMoved(
    request,
    kind,
    [params.mark, params.model, params.generation],
    [data.mark.slug, data.model.slug, data.generation.slug],
  );
  return {
    ...data,
    adsSummary: await loadAdsForCar(context.get(serverContext).services, kind, data),
    labels: await labelGeneration(locale, data.generation),
    years: await yearsInWords(locale, data.generation.yearFrom, data.generation.yearTo),
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => {
    const { kind, mark, model, generation, labels } = data as LoaderData;
    return catalogCrumbs({ kind, mark, model, generation: { slug: generation.slug, name: labels.label } });
  },
  head: (_params, data) => {
    const { kind, mark, model, generation, labels, years } = data as LoaderData;
    const name = `${mark.name} ${model.name} ${labels.label}`;
    return {
      title: { key: "catalog.head.generationTitle", values: { name, years } },
      description: { key: "catalog.head.generation", values: { name, years } },
      canonical: catalogPath(kind, mark.slug, model.slug, generation.slug),
    };
  },
};

export default function CatalogGeneration({ loaderData }: Route.ComponentProps) {
  const { kind, mark, model, generation, items, labels } = loaderData;
  const { t } = useTranslation();
  const locale = useLocale();
  const origin = usePublicOrigin();
  const name = `${mark.name} ${model.name} ${labels.baseName}`;
  const slugs = [mark.slug, model.slug, generation.slug];
  const url = (...path: string[]) => absoluteCatalogUrl(origin, locale, kind, ...path);

  return (
    <Container size="xl" py="lg">
      <CatalogPageHeader
        title={name}
        subtitle={formatYears(t, generation.yearFrom, generation.yearTo)}
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
            {
              ...modelLd(kind, mark, model, url(...slugs), generation),
              hasVariant: items.map((item) =>
                complectationLd(kind, mark, model, generation, item, url(...slugs, item.slug)),
              ),
            },
            breadcrumbLd([
              { name: t(`catalog.heading.${kind}`), url: url() },
              { name: mark.name, url: url(mark.slug) },
              { name: model.name, url: url(mark.slug, model.slug) },
              { name: labels.label, url: url(...slugs) },
            ]),
          ],
        }}
      />

      <Box component="section" aria-labelledby="catalog-complectations">
        <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id="catalog-complectations">
          {t("catalog.complectations.title")}
        </Title>
        {items.length === 0 ? (
          <Text c="dimmed">{t("catalog.complectations.empty")}</Text>
        ) : (
          <>
            {/* Phones get one card per version; wider screens the full table. */}
            <Stack gap="xs" hiddenFrom="sm">
              {items.map((item) => (
                <Card key={item.slug} withBorder radius="md" padding="sm">
                  <Anchor component={AppLink} to={catalogPath(kind, ...slugs, item.slug)} fw={700}>
                    {item.name}
                  </Anchor>
                  <Text fz="sm">
                    {t(`show.detail.body.${item.body}`)} · {t(`show.detail.fuel.${item.fuel}`)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {describeComplectation(t, locale, item)}
                    {item.fuelConsumption !== null &&
                      ` · ${t("catalog.specs.consumptionValue", { value: formatNumber(item.fuelConsumption, 1, locale) })}`}
                  </Text>
                </Card>
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={820} type="native" visibleFrom="sm">
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="catalog-complectations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("catalog.complectations.name")}</Table.Th>
                    <Table.Th>{t("field.body")}</Table.Th>
                    <Table.Th>{t("catalog.complectations.engine")}</Table.Th>
                    <Table.Th>{t("field.power")}</Table.Th>
                    <Table.Th>{t("field.gearbox")}</Table.Th>
                    <Table.Th>{t("field.drive")}</Table.Th>
                    <Table.Th>{t("catalog.complectations.consumption")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.slug}>
                      <Table.Td>
                        <Anchor component={AppLink} to={catalogPath(kind, ...slugs, item.slug)} fw={600}>
                          {item.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{t(`show.detail.body.${item.body}`)}</Table.Td>
                      <Table.Td>
                        {item.engineVolume === null
                          ? t(`show.detail.fuel.${item.fuel}`)
                          : `${formatEngineVolume(t, locale, item.engineVolume)}, ${t(`show.detail.fuel.${item.fuel}`)}`}
                      </Table.Td>
                      <Table.Td>
                        {item.powerHp === null ? "—" : withUnit(item.powerHp, t("unit.hp"))}
                      </Table.Td>
                      <Table.Td>{t(`show.detail.gearbox.${item.gearbox}`)}</Table.Td>
                      <Table.Td>{t(`show.detail.drive.${item.drive}`)}</Table.Td>
                      <Table.Td>
                        {item.fuelConsumption === null ? "—" : formatNumber(item.fuelConsumption, 1, locale)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Box>

      <AdsForCar kind={kind} name={name} refs={{ mark, model, generation }} summary={loaderData.adsSummary} />
    </Container>
  );
}
