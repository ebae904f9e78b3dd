/**
 * `/business/{link}` (issue 15): cover, logo, name and verified badge; description; the business's
 * ads per vertical with the vertical's filters; on the side its contacts (phones on request, like
 * an ad's, "Write" to the owner), a slot for the rating, working hours with "open now", the address
 * with an interactive map (client-only, lazy) and a static "open in map" link that works when the
 * map's tiles do not.
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Drawer,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  IconAdjustmentsHorizontal,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconExternalLink,
  IconMapPin,
  IconMessageCircle,
  IconPhone,
  IconWorld,
} from "@tabler/icons-react";
import { type Business, isBusinessOpenAt, type Vertical, weekdays } from "@unaa/contracts";
import { type ReactNode, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { formatNumber, formatPhone } from "../../lib/format.ts";
import { HttpError } from "../../lib/http-client.ts";
import { localizePath } from "../../lib/i18n.ts";
import { useSession } from "../../lib/session.ts";
import { SharedConfigContext, useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import type { loader as rootLoader } from "../../root.tsx";
import { AdGrid } from "../ads/ad-grid.tsx";
import { FilterPanel } from "../ads/filter-panel.tsx";
import { ShowMore, useMorePages } from "../ads/show-more.tsx";
import { JsonLd } from "../catalog/catalog-json-ld.tsx";
import classes from "./business.module.css";
import { revealBusinessPhones, useBusinessAds } from "./business-api.ts";
import { BusinessLogo, VerifiedBadge } from "./business-directory.tsx";
import { openInMapUrl } from "./business-format.ts";
import { businessJsonLd, socialUrls } from "./business-json-ld.ts";
import type { BusinessPageData } from "./business-page-data.ts";
import { LazyBusinessMap } from "./lazy-business-map.tsx";

function Side({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

type PhoneState =
  | { kind: "hidden" | "loading" }
  | { kind: "shown"; phones: string[] }
  | { kind: "failed"; message: string };

function Contacts({ business }: { business: Business }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { status, user } = useSession();
  const [phone, setPhone] = useState<PhoneState>({ kind: "hidden" });
  const reveal = async () => {
    setPhone({ kind: "loading" });
    try {
      setPhone({ kind: "shown", phones: (await revealBusinessPhones(business.id)).phones });
    } catch (error) {
      const tooMany = error instanceof HttpError && error.status === 429;
      setPhone({
        kind: "failed",
        message: t(tooMany ? "business.page.phoneTooMany" : "business.page.phoneFailed"),
      });
    }
  };
  const chatPath = `/settings/chats?user=${business.ownerId}`;
  const writeTo =
    status === "guest" ? `/login?redirect=${encodeURIComponent(localizePath(chatPath, locale))}` : chatPath;
  const isOwner = user?.id === business.ownerId;
  const socials = socialUrls(business.socials);
  const socialIcons = {
    instagram: IconBrandInstagram,
    telegram: IconBrandTelegram,
    whatsapp: IconBrandWhatsapp,
    facebook: IconBrandFacebook,
  } as const;

  return (
    <Side title={t("business.page.contacts")} testId="business-contacts">
      <Stack gap="sm">
        {business.phoneCount > 0 &&
          (phone.kind === "shown" ? (
            <Stack gap={6} data-testid="business-phones">
              {phone.phones.map((number) => (
                <Button
                  key={number}
                  component="a"
                  href={`tel:${number}`}
                  color="teal"
                  leftSection={<IconPhone size={18} aria-hidden />}
                >
                  {formatPhone(number)}
                </Button>
              ))}
            </Stack>
          ) : (
            <Button
              color="teal"
              leftSection={<IconPhone size={18} aria-hidden />}
              loading={phone.kind === "loading"}
              onClick={reveal}
              data-testid="business-show-phone"
            >
              {t("business.page.showPhone")}
            </Button>
          ))}
        {phone.kind === "failed" && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {phone.message}
          </Alert>
        )}
        {isOwner ? (
          <Button component={AppLink} to="/settings/business" variant="light" data-testid="business-edit">
            {t("business.page.edit")}
          </Button>
        ) : (
          <Button
            component={AppLink}
            to={writeTo}
            variant="light"
            leftSection={<IconMessageCircle size={18} aria-hidden />}
            data-testid="business-write"
          >
            {t("business.page.write")}
          </Button>
        )}
        {business.website && (
          <Anchor href={business.website} target="_blank" rel="noopener nofollow ugc" fz="sm">
            <Group gap={6} wrap="nowrap">
              <IconWorld size={16} aria-hidden />
              {business.website.replace(/^https?:\/\//, "")}
            </Group>
          </Anchor>
        )}
        {socials.length > 0 && (
          <Group gap="xs">
            {socials.map(({ network, url }) => {
              const Icon = socialIcons[network];
              return (
                <Anchor
                  key={network}
                  href={url}
                  target="_blank"
                  rel="noopener nofollow ugc"
                  aria-label={network}
                  title={network}
                >
                  <Icon size={24} aria-hidden />
                </Anchor>
              );
            })}
          </Group>
        )}
      </Stack>
    </Side>
  );
}

/** The week's hours, today in bold, with "open now" (Asia/Bishkek) above. */
function Hours({ business }: { business: Business }) {
  const { t } = useTranslation();
  // Computed again in the browser once hydrated: a cached page or one left open still tells the truth.
  const [isOpen, setOpen] = useState(business.isOpenNow);
  useEffect(() => setOpen(isBusinessOpenAt(business.hours, new Date())), [business.hours]);
  const today = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Bishkek", weekday: "short" })
    .format(new Date())
    .toLowerCase()
    .slice(0, 3);
  return (
    <Side title={t("business.page.hours")} testId="business-hours">
      <Badge color={isOpen ? "teal" : "gray"} variant="light" mb="sm" data-testid="business-open-now">
        {t(isOpen ? "business.page.openNow" : "business.page.closedNow")}
      </Badge>
      <table className={classes.hoursTable}>
        <tbody>
          {weekdays.map((day) => {
            const hours = business.hours[day];
            const weight = day === today ? 700 : undefined;
            return (
              <tr key={day} aria-current={day === today ? "date" : undefined}>
                <td>
                  <Text fz="sm" pr="md" fw={weight}>
                    {t(`business.weekday.${day}`)}
                  </Text>
                </td>
                <td>
                  <Text fz="sm" fw={weight}>
                    {hours ? `${hours.open}–${hours.close}` : t("business.page.dayOff")}
                    {hours?.breakStart && hours.breakEnd && (
                      <Text span fz="xs" c="dimmed" display="block">
                        {t("business.page.break", { from: hours.breakStart, to: hours.breakEnd })}
                      </Text>
                    )}
                  </Text>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Side>
  );
}

function Address({ business, place }: { business: Business; place: string }) {
  const { t } = useTranslation();
  const tiles = useContext(SharedConfigContext)?.mapTiles;
  const address = [business.address, place].filter(Boolean).join(", ");
  return (
    <Side title={t("business.page.address")} testId="business-address">
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden />
          <Text fz="sm">{address}</Text>
        </Group>
        {business.point && tiles && (
          <LazyBusinessMap
            point={business.point}
            tiles={tiles}
            label={t("business.page.mapLabel", { name: business.name })}
            className={classes.map}
          />
        )}
        <Anchor
          href={openInMapUrl(business.point, address)}
          target="_blank"
          rel="noopener"
          fz="sm"
          data-testid="business-open-in-map"
        >
          <Group gap={4} wrap="nowrap">
            <IconExternalLink size={16} aria-hidden />
            {t("business.page.openInMap")}
          </Group>
        </Anchor>
      </Stack>
    </Side>
  );
}

/** The business's ads: one vertical at a time, with that vertical's filters. */
function BusinessAds({ data }: { data: BusinessPageData }) {
  const { t } = useTranslation();
  const [vertical, setVertical] = useState<Vertical | undefined>(data.ads[0]?.vertical);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [isFiltering, setFiltering] = useState(false);
  const loaded = data.ads.find((entry) => entry.vertical === vertical);
  if (!vertical || !loaded) {
    return (
      <Text c="dimmed" data-testid="business-no-ads">
        {t("business.page.noAds")}
      </Text>
    );
  }
  const choose = (next: string) => {
    setVertical(next as Vertical);
    setFilters({});
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        {data.ads.length > 1 ? (
          <SegmentedControl
            value={vertical}
            onChange={choose}
            data={data.ads.map((entry) => ({ value: entry.vertical, label: t(`nav.${entry.vertical}`) }))}
            data-testid="business-ads-vertical"
          />
        ) : (
          <span />
        )}
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
          onClick={() => setFiltering(true)}
          data-testid="business-ads-filters"
        >
          {t("business.page.filters")}
        </Button>
      </Group>
      <Drawer
        opened={isFiltering}
        onClose={() => setFiltering(false)}
        title={t("business.page.filters")}
        position="right"
        closeButtonProps={{ "aria-label": t("ads.filters.close") }}
      >
        <FilterPanel vertical={vertical} filters={filters} onChange={(next) => setFilters(next)} size="sm" />
      </Drawer>
      <AdsOfVertical
        key={vertical}
        businessId={data.business.id}
        vertical={vertical}
        filters={filters}
        first={Object.keys(filters).length === 0 ? loaded.first : null}
      />
    </Stack>
  );
}

function AdsOfVertical({
  businessId,
  vertical,
  filters,
  first,
}: {
  businessId: number;
  vertical: Vertical;
  filters: Record<string, string>;
  first: BusinessPageData["ads"][number]["first"] | null;
}) {
  const { t } = useTranslation();
  const query = useBusinessAds(businessId, vertical, filters, first);
  const pages = query.data?.pages ?? [];
  const more = useMorePages({
    data: { pages, pageParams: query.data?.pageParams ?? [] },
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: query.fetchNextPage,
  });
  const items = [...(pages[0]?.items ?? []), ...more.extra];
  if (query.isPending) return <Text c="dimmed">…</Text>;
  if (items.length === 0) return <Text c="dimmed">{t("ads.list.emptyTitle")}</Text>;
  return (
    <Stack gap="md">
      <AdGrid ads={items} currency={undefined} cols={{ base: 1, sm: 2, lg: 3 }} testId="business-ads" />
      <ShowMore more={more} />
    </Stack>
  );
}

export function BusinessPage({ data }: { data: BusinessPageData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const { business } = data;
  const region = regions.find((item) => item.id === business.regionId);
  const town = region?.towns.find((item) => item.id === business.townId);
  const place = [town?.name[locale], region?.name[locale]].filter(Boolean).join(", ");
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.config.publicOrigin ?? "";
  const url = `${origin}${localizePath(`/business/${business.link}`, locale)}`;

  return (
    <Container size="xl" py="lg" data-testid="business-page">
      <PageHeader />
      {business.cover && (
        <div className={classes.cover}>
          <AdPhoto
            photo={business.cover}
            alt=""
            sizes="(min-width: 1320px) 1288px, 100vw"
            priority
            className={classes.coverImage}
          />
        </div>
      )}
      <Group
        gap="md"
        wrap="nowrap"
        align="flex-end"
        mb="lg"
        mt={business.cover ? undefined : 0}
        className={business.cover ? classes.headerRow : undefined}
      >
        <div className={classes.headerLogo}>
          <BusinessLogo business={business} size={96} />
        </div>
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{t(`business.kind.${business.kind}`)}</Text>
            {business.isVerified && <VerifiedBadge />}
          </Group>
          {place && (
            <Text fz="sm" c="dimmed">
              {place}
            </Text>
          )}
        </Stack>
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="xl">
            {/* On phones the contacts come first, before the ads; wide screens have them beside. */}
            <Box hiddenFrom="md">
              <Contacts business={business} />
            </Box>
            {business.description && (
              <section>
                <Title order={2} fz="h3" mb="sm">
                  {t("business.page.about")}
                </Title>
                <Text style={{ whiteSpace: "pre-line" }} data-testid="business-description">
                  {business.description}
                </Text>
              </section>
            )}
            <section aria-labelledby="business-ads-title">
              <Title order={2} fz="h3" mb="sm" id="business-ads-title">
                {t("business.page.ads")}
              </Title>
              <BusinessAds data={data} />
            </section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Box visibleFrom="md">
              <Contacts business={business} />
            </Box>
            {/* The business's rating is its owner's seller rating (decision 058). */}
            <Side title={t("business.page.rating")} testId="business-rating">
              {data.rating.average !== null && data.rating.count > 0 ? (
                <Anchor component={AppLink} to={`/profile/${business.ownerId}#reviews`} fz="sm" fw={600}>
                  <span aria-hidden>★ </span>
                  {formatNumber(data.rating.average, 1, locale)} ·{" "}
                  {t("reviews.rating.count", { count: data.rating.count })}
                </Anchor>
              ) : (
                <Text fz="sm" c="dimmed">
                  {t("business.page.noRating")}
                </Text>
              )}
            </Side>
            <Hours business={business} />
            <Address business={business} place={place} />
          </Stack>
        </Grid.Col>
      </Grid>
      <JsonLd
        data={businessJsonLd(business, {
          url,
          origin,
          locality: town?.name[locale] ?? "",
          region: region?.name[locale] ?? "",
        })}
      />
    </Container>
  );
}
