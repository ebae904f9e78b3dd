import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconListSearch, IconPlus } from "@tabler/icons-react";
import type { CatalogKind } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link.tsx";
import { adsPath } from "./catalog-format.ts";

/**
 * "Ads for this car" (product.md section 11). Live ads arrive with the ads issue, which fills in
 * the count and price range; until then the block says there are none and offers the listing.
 */
export function AdsForCar({ kind, name, slugs }: { kind: CatalogKind; name: string; slugs: string[] }) {
  const { t } = useTranslation();
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
          <Text c="dimmed" data-testid="catalog-ads-empty">
            {t("catalog.ads.empty")}
          </Text>
          <Group gap="sm" mt={4}>
            <Button component={AppLink} to={adsPath(kind, ...slugs)} variant="light">
              {t("catalog.ads.browse")}
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
