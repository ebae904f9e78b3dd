import { Anchor, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { type CatalogKind, type CatalogMarkItem, catalogKinds } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { serverContext } from "#server-context";
import { AppLink } from "../../components/app-link.tsx";
import { catalogPath, cyrillicSubtitle } from "../../features/catalog/catalog-format.ts";
import { JsonLd, usePublicOrigin } from "../../features/catalog/catalog-json-ld.tsx";
import {
  absoluteCatalogUrl,
  catalogCrumbs,
  readCatalogRequest,
} from "../../features/catalog/catalog-page-data.ts";
import { CatalogPageHeader } from "../../features/catalog/catalog-page-header.tsx";
import {
  CatalogPicker,
  type CatalogPickerValue,
  emptyCatalogPick,
} from "../../features/catalog/catalog-picker.tsx";
import { CatalogSearchBox, searchItemPath } from "../../features/catalog/catalog-search-box.tsx";
import { localizePath } from "../../lib/i18n.ts";
import type { PageHandle } from "../../lib/page-handle.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { Route } from "./+types/index.ts";

/** The marks of a kind (popular first, then A–Z); with `?q=` also the search results (no-JS search). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { kind, url } = readCatalogRequest(request);
  const { catalogService } = context.get(serverContext).services;
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [marks, search] = await Promise.all([
    catalogService.listMarks(kind),
    query ? catalogService.search({ q: query, kind, limit: 30 }) : Promise.resolve(null),
  ]);
  return { kind, marks, search };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const handle: PageHandle = {
  breadcrumbs: (_params, data) => catalogCrumbs({ kind: (data as LoaderData).kind }),
  head: (_params, data) => {
    const { kind } = data as LoaderData;
    return { description: { key: `catalog.head.index.${kind}` }, canonical: catalogPath(kind) };
  },
};

/** "A", "B", … ; names starting with a digit or a non-Latin letter go under "0–9" / "#". */
function letterOf(name: string): string {
  const first = name.charAt(0).toUpperCase();
  if (/[A-Z]/.test(first)) return first;
  return /\d/.test(first) ? "0–9" : "#";
}

function groupByLetter(marks: readonly CatalogMarkItem[]): [string, CatalogMarkItem[]][] {
  const sorted = [...marks].sort((a, b) => a.name.localeCompare(b.name, "en"));
  return [...Map.groupBy(sorted, (mark) => letterOf(mark.name))];
}

function KindSwitch({ kind }: { kind: CatalogKind }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} mb="lg" role="group" aria-label={t("catalog.kindLabel")}>
      {catalogKinds.map((value) => (
        <Button
          key={value}
          component={AppLink}
          to={catalogPath(value)}
          variant={value === kind ? "filled" : "default"}
          radius="xl"
          size="sm"
          aria-current={value === kind ? "page" : undefined}
        >
          {t(`catalog.kind.${value}`)}
        </Button>
      ))}
    </Group>
  );
}

/** The deepest level chosen in the picker row, as a catalogue address. */
function pickedPath(kind: CatalogKind, pick: CatalogPickerValue): string | null {
  const slugs = [pick.mark, pick.model, pick.generation, pick.complectation];
  const chosen: string[] = [];
  for (const slug of slugs) {
    if (!slug) break;
    chosen.push(slug);
  }
  return chosen.length > 0 ? catalogPath(kind, ...chosen) : null;
}

function Finder({ kind, marks }: { kind: CatalogKind; marks: LoaderData["marks"] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [pick, setPick] = useState<CatalogPickerValue>(emptyCatalogPick);
  const target = pickedPath(kind, pick);
  const levels = kind === "car" ? 4 : 2;
  return (
    <Stack gap="sm" data-testid="catalog-finder">
      <div>
        <Title order={2} fz="lg">
          {t(`catalog.finder.title.${kind}`)}
        </Title>
        <Text c="dimmed" fz="sm">
          {t(levels === 4 ? "catalog.finder.lead.full" : "catalog.finder.lead.short")}
        </Text>
      </div>
      <CatalogPicker kind={kind} value={pick} onChange={setPick} levels={levels} initialMarks={marks} />
      <Group justify="flex-end">
        <Button
          rightSection={<IconArrowRight size={18} />}
          disabled={!target}
          onClick={() => target && navigate(localizePath(target, locale))}
          data-testid="catalog-finder-open"
        >
          {t("catalog.finder.open")}
        </Button>
      </Group>
    </Stack>
  );
}

export default function CatalogIndex({ loaderData }: Route.ComponentProps) {
  const { kind, marks, search } = loaderData;
  const { t } = useTranslation();
  const locale = useLocale();
  const origin = usePublicOrigin();
  const popular = marks.items.filter((mark) => mark.isPopular);
  const letters = groupByLetter(marks.items);

  return (
    <Container size="xl" py="lg">
      <CatalogPageHeader title={t(`catalog.heading.${kind}`)} subtitle={t("catalog.lead")} />
      <JsonLd
        data={{
          "@type": "ItemList",
          name: t(`catalog.heading.${kind}`),
          itemListElement: popular.map((mark, index) => ({
            "@type": "ListItem",
            position: index + 1,
            name: mark.name,
            url: absoluteCatalogUrl(origin, locale, kind, mark.slug),
          })),
        }}
      />
      <KindSwitch kind={kind} />

      <Card withBorder radius="lg" padding="lg" mb="xl">
        <Stack gap="lg">
          <CatalogSearchBox key={kind} kind={kind} defaultQuery={search?.query ?? ""} />
          {search && (
            <Box data-testid="catalog-search-page-results">
              <Text fw={600} mb={6}>
                {t("catalog.search.resultsTitle", { query: search.query })}
              </Text>
              {search.items.length === 0 ? (
                <Text c="dimmed">{t("catalog.search.empty", { query: search.query })}</Text>
              ) : (
                <Group gap="xs">
                  {search.items.map((item) => (
                    <Button
                      key={`${item.mark.id}:${item.model?.id ?? ""}`}
                      component={AppLink}
                      to={searchItemPath(kind, item)}
                      variant="light"
                      size="compact-md"
                    >
                      {item.model ? `${item.mark.name} ${item.model.name}` : item.mark.name}
                    </Button>
                  ))}
                </Group>
              )}
            </Box>
          )}
          <Finder key={kind} kind={kind} marks={marks} />
        </Stack>
      </Card>

      {popular.length > 0 && (
        <Box component="section" mb="xl" aria-labelledby="catalog-popular">
          <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id="catalog-popular">
            {t("catalog.marks.popular")}
          </Title>
          <SimpleGrid
            cols={{ base: 2, xs: 3, sm: 4, md: 5 }}
            spacing="sm"
            data-testid="catalog-popular-marks"
          >
            {popular.map((mark) => (
              <Card
                key={mark.slug}
                component={AppLink}
                to={catalogPath(kind, mark.slug)}
                withBorder
                radius="md"
                padding="md"
              >
                <Text fw={700} fz="lg" lh={1.2}>
                  {mark.name}
                </Text>
                {cyrillicSubtitle(locale, mark) && (
                  <Text fz="sm" c="dimmed" lh={1.3}>
                    {cyrillicSubtitle(locale, mark)}
                  </Text>
                )}
                <Text fz="xs" c="dimmed" mt={6}>
                  {t("catalog.marks.modelCount", { count: mark.modelCount })}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Box>
      )}

      <Box component="section" aria-labelledby="catalog-all">
        <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id="catalog-all">
          {t("catalog.marks.all")}
        </Title>
        <Box style={{ columnWidth: 150, columnGap: 24 }} data-testid="catalog-all-marks">
          {letters.map(([letter, group]) => (
            <Box key={letter} mb="md" style={{ breakInside: "avoid" }}>
              <Text fw={800} c="indigo" fz="lg" mb={2}>
                {letter}
              </Text>
              {group.map((mark) => (
                <Group key={mark.slug} gap={6} wrap="nowrap" py={2}>
                  <Anchor component={AppLink} to={catalogPath(kind, mark.slug)} fz="sm">
                    {mark.name}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    {mark.modelCount}
                  </Text>
                </Group>
              ))}
            </Box>
          ))}
        </Box>
      </Box>
    </Container>
  );
}
