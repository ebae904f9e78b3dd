import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconListSearch, IconPlus } from "@tabler/icons-react";
import type { AdPriceSummary, CatalogKind } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { formatPrice } from "../../lib/format.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { formatCount } from "./ad-format.ts";
import { listLocation } from "./ad-list-query.ts";

interface Ref {
  id: number;
  slug: string;
  name: string;
}

/** The catalogue entry a page shows, outermost first (mark, then model, then generation). */
export interface CarRefs {
  mark: Ref;
  model?: Ref;
  generation?: Ref;
}

/** The list of these ads: the landing path for cars, the make and model filters for the other kinds. */
function adsListPath(kind: CatalogKind, refs: CarRefs): string {
  const levels = (["mark", "model", "generation"] as const).flatMap((level) => {
    const ref = refs[level];
    return ref ? [{ level, ...ref }] : [];
  });
  const filters = Object.fromEntries(levels.map((entry) => [entry.level, String(entry.id)]));
  const location = listLocation(kind, filters, kind === "car" ? levels : []);
  return location.pathname + location.search;
}

/**
 * "Ads for this car" (requirements P11): how many active ads the catalogue entry has and their
 * price range in both currencies, with the way to the list and to selling one.
 */
export function AdsForCar({
  kind,
  name,
  refs,
  summary,
}: {
  kind: CatalogKind;
  name: string;
  refs: CarRefs;
  summary: AdPriceSummary;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (amount: number | null, currency: "KGS" | "USD") =>
    amount === null ? "" : formatPrice(amount, currency, { locale, label: t(`currency.${currency}.label`) });
  const hasRange = summary.count > 0 && summary.priceMinKgs !== null && summary.priceMaxKgs !== null;
  return (
    <Card withBorder radius="lg" padding="lg" mt="xl" component="section" aria-labelledby="catalog-ads-title">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" visibleFrom="xs">
          <IconListSearch size={24} stroke={1.5} />
        </ThemeIcon>
        <Stack gap={6} flex={1}>
          <Title order={2} fz="lg" id="catalog-ads-title">
            {t("catalog.ads.title", { name })}
          </Title>
          {summary.count === 0 ? (
            <Text c="dimmed" data-testid="catalog-ads-empty">
              {t("catalog.ads.empty")}
            </Text>
          ) : (
            <Stack gap={2} data-testid="catalog-ads-summary">
              <Text fw={700} fz="lg">
                {t("ads.forCar.count", { count: summary.count, shown: formatCount(summary.count, locale) })}
              </Text>
              {hasRange && (
                <Text c="dimmed">
                  {summary.priceMinKgs === summary.priceMaxKgs
                    ? t("ads.forCar.price", {
                        kgs: money(summary.priceMinKgs, "KGS"),
                        usd: money(summary.priceMinUsd, "USD"),
                      })
                    : t("ads.forCar.range", {
                        from: money(summary.priceMinKgs, "KGS"),
                        to: money(summary.priceMaxKgs, "KGS"),
                        fromUsd: money(summary.priceMinUsd, "USD"),
                        toUsd: money(summary.priceMaxUsd, "USD"),
                      })}
                </Text>
              )}
            </Stack>
          )}
          <Group gap="sm" mt={4}>
            <Button
              component={AppLink}
              to={adsListPath(kind, refs)}
              variant="light"
              data-testid="catalog-ads-link"
            >
              {summary.count > 0 ? t("ads.forCar.browse") : t("catalog.ads.browse")}
            </Button>
            <Button
              component={AppLink}
              to={`/create/${kind}`}
              variant="subtle"
              leftSection={<IconPlus size={16} />}
            >
              {t("catalog.ads.sell")}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
