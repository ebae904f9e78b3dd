/**
 * An ad's page, one component for every vertical (issue 5): photos, price in both currencies,
 * key facts, the seller, the specs table and equipment from the definition, description, video,
 * location, counters, favourite, share, report, similar ads and schema.org data. The owner (and
 * staff) also see an ad that is not live, under a banner saying why.
 */
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useInViewport } from "@mantine/hooks";
import { IconEye, IconHeart, IconMapPin, IconTrendingDown } from "@tabler/icons-react";
import {
  type Ad,
  type AdViewResponse,
  type Locale,
  type Region,
  unitFieldOf,
  verticalDefinitions,
} from "@unaa/contracts";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { BannerSlot } from "../../components/banner-slot.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { api } from "../../lib/app-state.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { JsonLd } from "../catalog/catalog-json-ld.tsx";
import {
  adLocation,
  adPath,
  cardSpecs,
  formatAdDate,
  formatAdPrice,
  formatCount,
  valueLabelKey,
} from "./ad-format.ts";
import { AdGrid } from "./ad-grid.tsx";
import classes from "./ad-page.module.css";
import { AdComplaint } from "./ad-page-complaint.tsx";
import type { AdPageData } from "./ad-page-data.ts";
import { AdGallery } from "./ad-page-gallery.tsx";
import { adJsonLd } from "./ad-page-json-ld.ts";
import { AdContactBar, AdSellerCard, usePhoneReveal } from "./ad-page-seller.tsx";
import { AdShare } from "./ad-page-share.tsx";
import { equipmentGroups, mapPoint, specRows } from "./ad-page-specs.ts";
import { AdVideo } from "./ad-page-video.tsx";
import { AdPriceHistory } from "./ad-price-history.tsx";
import { FavoriteButton } from "./favorite-button.tsx";

/** Why the owner sees the ad while others do not, or that an edit waits for a moderator. */
function StatusBanner({ ad }: { ad: Ad }) {
  const { t } = useTranslation();
  if (ad.status === "active") {
    if (!ad.hasPendingChanges) return null;
    return (
      <Alert color="blue" variant="light" mb="lg" data-testid="ad-status">
        {t("adPage.status.pendingChanges")}
      </Alert>
    );
  }
  const color =
    ad.status === "rejected" || ad.status === "removed" ? "red" : ad.status === "sold" ? "teal" : "yellow";
  return (
    <Alert
      color={color}
      variant="light"
      mb="lg"
      title={t(`adPage.status.${ad.status}.title`)}
      data-testid="ad-status"
    >
      <Stack gap={4}>
        <Text fz="sm">{t(`adPage.status.${ad.status}.text`)}</Text>
        {ad.status === "rejected" && ad.rejectReason && (
          <Text fz="sm" fw={600}>
            {t("adPage.status.rejectReason", { reason: t(`adPage.rejectReason.${ad.rejectReason}`) })}
          </Text>
        )}
        {ad.status === "rejected" && ad.rejectNote && <Text fz="sm">{ad.rejectNote}</Text>}
      </Stack>
    </Alert>
  );
}

/** The unit of a services price ("per job"), shown after the price. */
function priceUnitOf(t: TFunction, ad: Ad): string | null {
  const definition = verticalDefinitions[ad.vertical];
  const field = unitFieldOf(definition, "price");
  const unit = field && ad.fields[field.name];
  return field && typeof unit === "string" ? t(valueLabelKey(definition, field.name, unit)) : null;
}

/** "Ленинский район, Бишкек": the town with its region (or the country abroad), for the ad page. */
function fullLocation(locale: Locale, regions: readonly Region[], ad: Ad): string | null {
  const place = adLocation(locale, regions, ad);
  const region = regions.find((item) => item.id === ad.regionId);
  const regionName = region?.name[locale];
  return place && regionName && ad.townId !== null && !ad.abroadCountry ? `${place}, ${regionName}` : place;
}

/** Counts a view once the page runs in the browser (the API counts one per visitor per day). */
function useViewCount(ad: Ad): number {
  const [views, setViews] = useState(ad.views);
  useEffect(() => {
    setViews(ad.views);
    if (ad.status !== "active") return;
    let isCurrent = true;
    api
      .post<AdViewResponse>(`/api/ads/${ad.id}/view`, undefined, { silent: true })
      .then((answer) => {
        if (isCurrent) setViews(answer.views);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [ad.id, ad.status, ad.views]);
  return views;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId}>
      <Title order={2} fz="h3" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

export function AdPage({ data }: { data: AdPageData }) {
  const { ad, refs, similar, priceHistory, seller } = data;
  const { t } = useTranslation();
  const locale = useLocale();
  const config = useRouteLoaderData<typeof rootLoader>("root")?.config;
  const origin = config?.publicOrigin ?? "";
  const regions = useRegions();
  const views = useViewCount(ad);
  const phone = usePhoneReveal(ad);
  // The phone's contact bar steps aside while the seller card (same buttons) is on screen.
  const sellerCard = useInViewport<HTMLDivElement>();
  const [favorites, setFavorites] = useState(ad.favorites);
  useEffect(() => setFavorites(ad.favorites), [ad.favorites]);

  const price = formatAdPrice(t, locale, ad);
  const priceUnit = priceUnitOf(t, ad);
  const facts = cardSpecs(t, locale, ad, 6).filter((fact) => fact !== priceUnit);
  const specs = specRows(t, locale, ad, refs);
  const equipment = equipmentGroups(t, ad);
  const location = fullLocation(locale, regions, ad);
  const point = mapPoint(ad);
  const postedAt = ad.raisedAt ?? ad.publishedAt;
  const url = origin + localizePath(adPath(ad), locale);

  return (
    <Container size="xl" py="lg" data-testid="ad-page" data-ad-id={ad.id}>
      <PageHeader />
      <StatusBanner ad={ad} />
      <div className={classes.layout}>
        <div className={classes.gallery}>
          <AdGallery photos={ad.photos} title={ad.title} vertical={ad.vertical} />
        </div>

        {/* Wide screens: price, seller and specs beside the photos, so neither column runs empty. */}
        <div className={classes.side}>
          <aside className={classes.summary} aria-label={t("adPage.summary")}>
            <Paper withBorder radius="lg" p="md">
              <Stack gap="xs">
                <Group gap={8} align="baseline" wrap="wrap">
                  <Text component="span" className={classes.price} data-testid="ad-price">
                    {price.main}
                  </Text>
                  {priceUnit && ad.price > 0 && (
                    <Text component="span" c="dimmed" fw={500}>
                      {priceUnit}
                    </Text>
                  )}
                  {price.old && (
                    <Text component="s" c="dimmed" className={classes.oldPrice} data-testid="ad-old-price">
                      {price.old}
                    </Text>
                  )}
                </Group>
                {(price.other || price.old || ad.negotiable) && (
                  <Group gap={8} wrap="wrap">
                    {price.other && (
                      <Text component="span" c="dimmed" fz="sm" data-testid="ad-price-other">
                        {price.other}
                      </Text>
                    )}
                    {price.old && (
                      <Badge
                        variant="light"
                        color="teal"
                        leftSection={<IconTrendingDown size={14} aria-hidden />}
                      >
                        {t("ads.card.priceDropped")}
                      </Badge>
                    )}
                    {ad.negotiable && ad.price > 0 && (
                      <Badge variant="light" color="gray">
                        {t("ads.card.negotiable")}
                      </Badge>
                    )}
                  </Group>
                )}
                {facts.length > 0 && (
                  <Group gap={6} mt={4} data-testid="ad-facts">
                    {facts.map((fact) => (
                      <Badge key={fact} variant="default" size="lg" radius="sm" tt="none" fw={500}>
                        {fact}
                      </Badge>
                    ))}
                  </Group>
                )}
                {(location || postedAt) && (
                  <Text fz="sm" c="dimmed">
                    {[
                      location,
                      postedAt
                        ? formatAdDate(t, postedAt, new Date(), config?.timeZone ?? "Asia/Bishkek")
                        : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                )}
                {ad.status === "active" && (
                  // One per row: at the default control size (xl, S9.4) two side by side cut their labels.
                  <Stack gap="xs" mt="xs">
                    <FavoriteButton adId={ad.id} variant="button" onFavoritesChange={setFavorites} />
                    <AdShare title={ad.title} url={url} />
                  </Stack>
                )}
              </Stack>
            </Paper>

            <div ref={sellerCard.ref}>
              <AdSellerCard ad={ad} seller={seller} phone={phone} />
            </div>

            <Group justify="space-between" gap="xs" px={4}>
              <Group gap="md" c="dimmed" fz="sm">
                <Group gap={4} title={t("adPage.counters.views")} data-testid="ad-views">
                  <IconEye size={16} aria-hidden />
                  <span>
                    <VisuallyHidden>{t("adPage.counters.views")}: </VisuallyHidden>
                    {formatCount(views, locale)}
                  </span>
                </Group>
                <Group gap={4} title={t("adPage.counters.favorites")} data-testid="ad-favorites">
                  <IconHeart size={16} aria-hidden />
                  <span>
                    <VisuallyHidden>{t("adPage.counters.favorites")}: </VisuallyHidden>
                    {formatCount(favorites, locale)}
                  </span>
                </Group>
                <span>{t("adPage.counters.id", { id: ad.id })}</span>
              </Group>
              {!ad.isOwner && ad.status === "active" && <AdComplaint adId={ad.id} />}
            </Group>
          </aside>

          {specs.length > 0 && (
            <Section title={t("adPage.specs")} testId="ad-specs">
              <dl className={classes.specs}>
                {specs.map((row) => (
                  <div key={row.name} style={{ display: "contents" }} data-field={row.name}>
                    <dt>{row.label}</dt>
                    <dd>
                      {row.swatch && (
                        <span className={classes.swatch} style={{ background: row.swatch }} aria-hidden />
                      )}
                      {row.to ? (
                        <Anchor component={AppLink} to={row.to}>
                          {row.value}
                        </Anchor>
                      ) : (
                        row.value
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </Section>
          )}
          <BannerSlot slot="ad-page" />
        </div>

        <div className={classes.details}>
          <AdPriceHistory items={priceHistory} />

          {equipment.length > 0 && (
            <Section title={t("field.equipment")} testId="ad-equipment">
              <Stack gap="md">
                {equipment.map((group) => (
                  <div key={group.name}>
                    <Text fw={600} mb={4}>
                      {group.label}
                    </Text>
                    <Group gap={6}>
                      {group.items.map((item) => (
                        <Badge
                          key={item}
                          variant="light"
                          color="gray"
                          radius="sm"
                          tt="none"
                          fw={500}
                          size="lg"
                        >
                          {item}
                        </Badge>
                      ))}
                    </Group>
                  </div>
                ))}
              </Stack>
            </Section>
          )}

          {ad.description && (
            <Section title={t("field.description")} testId="ad-description">
              <Text className={classes.description}>{ad.description}</Text>
            </Section>
          )}

          {ad.videoUrl && (
            <Section title={t("adPage.video.heading")}>
              <AdVideo url={ad.videoUrl} title={ad.title} />
            </Section>
          )}

          {(location || point) && (
            <Section title={t("adPage.location")} testId="ad-location">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <IconMapPin size={20} aria-hidden style={{ flex: "none", marginTop: 2 }} />
                <Stack gap={2}>
                  {location && <Text>{location}</Text>}
                  {point && (
                    <Anchor
                      href={`https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=16/${point.latitude}/${point.longitude}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      fz="sm"
                    >
                      {t("adPage.showOnMap")}
                    </Anchor>
                  )}
                </Stack>
              </Group>
            </Section>
          )}
        </div>
      </div>

      {similar.length > 0 && (
        <Stack component="section" mt={48} gap="md" data-testid="ad-similar">
          <Title order={2} fz="h3">
            {t("adPage.similar")}
          </Title>
          <AdGrid ads={similar} />
        </Stack>
      )}

      {!ad.isOwner && ad.status === "active" && (
        <AdContactBar ad={ad} price={price.main} phone={phone} hidden={sellerCard.inViewport} />
      )}
      <JsonLd data={adJsonLd({ ad, refs, url, origin, location, t, locale })} />
    </Container>
  );
}
