import { Box, Grid, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AdPhoto } from "../../../components/ad-photo.tsx";
import { useRegions } from "../../../lib/shared-config.ts";
import { useLocale } from "../../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../../root.tsx";
import { localizeRestyling } from "../../catalog/catalog-format.ts";
import { AdCard, type AdCardProps } from "../ad-card.tsx";
import { adLocation, fieldLabelKey, formatAdPrice, formatFieldValue } from "../ad-format.ts";
import type { AdFormStepProps } from "./ad-form-fields.tsx";
import { previewTitle } from "./ad-form-values.ts";

/** The last step: the ad as a card in the lists and as its page will show it, before it goes out. */
export function PreviewStep({ definition, values }: Pick<AdFormStepProps, "definition" | "values">) {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const regions = useRegions();
  const usdRate = config?.usdRate ?? 1;
  const price = values.price ?? 0;
  const card: AdCardProps["ad"] = {
    id: 0,
    vertical: values.vertical,
    status: "draft",
    title: previewTitle(values),
    price,
    currency: values.currency,
    priceKgs: values.currency === "KGS" ? price : Math.round(price * usdRate),
    priceUsd: values.currency === "USD" ? price : Math.round(price / usdRate),
    negotiable: values.negotiable,
    regionId: values.isAbroad ? null : values.regionId,
    townId: values.isAbroad ? null : values.townId,
    abroadCountry: values.isAbroad ? values.abroadCountry : null,
    fields: values.fields,
    publishedAt: null,
    raisedAt: null,
    cover: values.photos[0] ?? null,
    photoCount: values.photos.length,
    oldPrice: null,
    promotion: null,
    isUrgent: false,
    isHighlighted: false,
  };
  const priceText = formatAdPrice(t, locale, card);
  const location = adLocation(locale, regions, card);
  const specs = definition.fields.flatMap((field) => {
    const text = formatFieldValue(t, locale, definition, field, values.fields);
    return text ? [{ label: t(fieldLabelKey(field.name)), text }] : [];
  });

  return (
    <Grid gap="xl" data-testid="ad-preview">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Text size="sm" fw={600} c="dimmed">
          {t("adForm.preview.card")}
        </Text>
        {/* A preview: nothing in it is a link or a button yet. */}
        <Box inert maw={300} mt="xs">
          <AdCard ad={card} sizes="300px" />
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Text size="sm" fw={600} c="dimmed" mb="xs">
          {t("adForm.preview.page")}
        </Text>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            {values.photos.length > 0 && (
              <Group
                gap="xs"
                wrap="nowrap"
                align="flex-start"
                style={{ overflowX: "auto" }}
                // A strip that scrolls sideways is reached by Tab, so arrows can scroll it.
                tabIndex={0}
                role="group"
                aria-label={t("adForm.step.photos")}
              >
                {values.photos.slice(0, 6).map((photo, index) => (
                  <Box key={photo.id} w={index === 0 ? 220 : 96} style={{ flexShrink: 0 }}>
                    <AdPhoto
                      photo={photo}
                      alt=""
                      sizes={index === 0 ? "220px" : "96px"}
                      style={{ width: "100%", height: "auto", aspectRatio: "4 / 3", borderRadius: 8 }}
                    />
                  </Box>
                ))}
              </Group>
            )}
            <Stack gap={4}>
              <Title order={3} fz="lg" data-testid="preview-title">
                {localizeRestyling(t, card.title) || t("adForm.preview.noTitle")}
              </Title>
              <Group gap="xs" align="baseline">
                <Text fz="xl" fw={700} data-testid="preview-price">
                  {priceText.main}
                </Text>
                {priceText.other && (
                  <Text size="sm" c="dimmed">
                    {priceText.other}
                  </Text>
                )}
              </Group>
              {location && (
                <Text size="sm" c="dimmed">
                  {location}
                </Text>
              )}
            </Stack>
            {specs.length > 0 && (
              <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0} fz="sm">
                <Table.Tbody>
                  {specs.map((spec) => (
                    <Table.Tr key={spec.label}>
                      <Table.Td c="dimmed" w="40%" pr="md" style={{ verticalAlign: "top" }}>
                        {spec.label}
                      </Table.Td>
                      <Table.Td>{spec.text}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {values.description.trim() && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {values.description.trim()}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {values.chatOnly ? t("adForm.preview.chatOnly") : t("adForm.preview.phones")}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
