import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBook2,
  IconChevronRight,
  IconMapPin,
  IconPlus,
  IconSearch,
  IconSparkles,
} from "@tabler/icons-react";
import { type Vertical, verticals } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { serverContext } from "#server-context";
import { AppLink } from "../components/app-link.tsx";
import { BannerSlot } from "../components/banner-slot.tsx";
import { verticalIcons } from "../components/vertical-icons.ts";
import { formatCount } from "../features/ads/ad-format.ts";
import { AdRow } from "../features/ads/ad-grid.tsx";
import { localizePath } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import { useRegions } from "../lib/shared-config.ts";
import { useLocale } from "../lib/use-locale.ts";
import type { Route } from "./+types/home.ts";
import classes from "./home.module.css";

export const handle = pageHandle("index");

/** Cards per strip: four on wide screens, more to swipe through on phones. */
const STRIP_SIZE = 8;
/** Marks in the hero's right side on wide screens: four rows of three. */
const HERO_MARKS = 12;

/** One loader, the services asked in parallel: popular marks, urgent, and each vertical's freshest. */
export async function loader({ context }: Route.LoaderArgs) {
  const { adsService, catalogService } = context.get(serverContext).services;
  const [marks, urgent, ...fresh] = await Promise.all([
    catalogService.listMarks("car"),
    adsService.listUrgentAds({ limit: STRIP_SIZE }),
    ...verticals.map((vertical) => adsService.searchAds({ vertical, limit: STRIP_SIZE })),
  ]);
  return {
    popularMarks: marks.items.filter((mark) => mark.isPopular).map(({ slug, name }) => ({ slug, name })),
    urgent: urgent.items,
    premium: fresh
      .flatMap((page) => page.promoted)
      .filter((ad) => ad.promotion === "premium")
      .slice(0, STRIP_SIZE),
    fresh: verticals.map((vertical, index) => {
      const page = fresh[index];
      return {
        vertical,
        items: page?.items ?? [],
        total: page?.total ?? 0,
        isExact: page?.totalIsExact ?? true,
      };
    }),
  };
}

const hints: Record<Vertical, string> = {
  car: "home.carHint",
  commercial: "home.commercialHint",
  moto: "home.motoHint",
  uslugi: "home.uslugiHint",
};

/** A strip's heading with its "all" link. */
function StripHeader({
  title,
  to,
  link,
  color,
}: {
  title: string;
  to: string;
  link: string;
  color?: string;
}) {
  return (
    <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
      <Title order={2} fz={{ base: 20, sm: 24 }} c={color}>
        {title}
      </Title>
      <Anchor component={AppLink} to={to} fw={600} fz="sm" style={{ flexShrink: 0 }}>
        {link}
        <IconChevronRight size={14} style={{ verticalAlign: "middle" }} aria-hidden />
      </Anchor>
    </Group>
  );
}

/**
 * The home page: search with vertical tabs, the verticals with their counts, popular marks, premium
 * and urgent ads, each vertical's freshest ads, the catalogue and selling.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { popularMarks, urgent, premium, fresh } = loaderData;
  const { t } = useTranslation();
  const locale = useLocale();
  const [vertical, setVertical] = useState<Vertical>("car");
  const regions = useRegions();
  const counts = Object.fromEntries(
    fresh.map((strip) => [
      strip.vertical,
      strip.total > 0
        ? t(strip.isExact ? "ads.list.total" : "ads.list.totalMore", {
            count: strip.total,
            shown: formatCount(strip.total, locale),
          })
        : null,
    ]),
  );

  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 32, sm: 56 }} className={classes.heroGrid}>
          <Stack gap="lg" maw={760}>
            <Title order={1} className={classes.title}>
              {t("home.title")}
            </Title>
            <Text fz={{ base: "md", sm: "lg" }} className={classes.lead}>
              {t("home.lead")}
            </Text>
            <SegmentedControl
              value={vertical}
              onChange={(value) => setVertical(value as Vertical)}
              data={verticals.map((value) => ({ value, label: t(`nav.${value}`) }))}
              radius="md"
              className={classes.tabs}
              classNames={{ label: classes.tabLabel, indicator: classes.tabIndicator }}
              fullWidth
            />
            <Form method="get" action={localizePath(`/${vertical}`, locale)} role="search">
              <Group gap="sm" wrap="nowrap" align="stretch">
                <TextInput
                  name="q"
                  flex={1}
                  placeholder={t("home.searchPlaceholder")}
                  aria-label={t("home.searchPlaceholder")}
                  leftSection={<IconSearch size={20} />}
                  autoComplete="off"
                />
                <Button
                  type="submit"
                  size="lg"
                  px={{ base: "md", sm: "xl" }}
                  className={classes.searchButton}
                >
                  {t("home.search")}
                </Button>
              </Group>
            </Form>
          </Stack>
          {popularMarks.length > 0 && (
            // Wide screens: the popular marks fill the hero's right side (phones list them below).
            <nav
              className={classes.heroMarks}
              aria-labelledby="home-hero-marks"
              data-testid="home-hero-marks"
            >
              <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
                <Title order={2} fz="lg" c="white" id="home-hero-marks">
                  {t("ads.home.popularMarks")}
                </Title>
                {counts.car && (
                  <Anchor component={AppLink} to="/car" fz="sm" fw={600} className={classes.heroLink}>
                    {counts.car}
                  </Anchor>
                )}
              </Group>
              <div className={classes.heroMarkGrid}>
                {popularMarks.slice(0, HERO_MARKS).map((mark) => (
                  <AppLink key={mark.slug} to={`/car/${mark.slug}`} className={classes.heroMark}>
                    {mark.name}
                  </AppLink>
                ))}
              </div>
              <Anchor component={AppLink} to="/catalog" fz="sm" fw={600} mt="sm" className={classes.heroLink}>
                {t("ads.home.allMarks")}
                <IconChevronRight size={14} style={{ verticalAlign: "middle" }} aria-hidden />
              </Anchor>
            </nav>
          )}
        </Container>
      </Box>

      <Container size="xl" py="xl">
        <BannerSlot slot="home-top" className={classes.banner} />
        <Title order={2} fz={{ base: 22, sm: 26 }} mb="md">
          {t("home.verticals")}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "sm", sm: "md" }}>
          {verticals.map((value) => {
            const Icon = verticalIcons[value];
            return (
              <Card
                key={value}
                component={AppLink}
                to={`/${value}`}
                withBorder
                radius="lg"
                className={classes.vertical}
              >
                <ThemeIcon size={52} radius="md" variant="light" mb="sm">
                  <Icon size={30} stroke={1.5} />
                </ThemeIcon>
                <Text fw={700} className={classes.verticalName}>
                  {t(`nav.${value}`)}
                </Text>
                <Text fz="sm" c="dimmed">
                  {t(hints[value])}
                </Text>
                {counts[value] ? (
                  <Text fz="sm" fw={600} c="indigo" mt={6} data-testid={`home-count-${value}`}>
                    {counts[value]}
                  </Text>
                ) : null}
              </Card>
            );
          })}
        </SimpleGrid>

        {popularMarks.length > 0 && (
          <Box component="section" mt="xl" aria-labelledby="home-marks" className={classes.marks}>
            <Group justify="space-between" align="baseline" mb="sm" wrap="nowrap">
              <Title order={2} fz={{ base: 20, sm: 24 }} id="home-marks">
                {t("ads.home.popularMarks")}
              </Title>
              <Anchor component={AppLink} to="/catalog" fw={600} fz="sm" style={{ flexShrink: 0 }}>
                {t("ads.home.allMarks")}
                <IconChevronRight size={14} style={{ verticalAlign: "middle" }} aria-hidden />
              </Anchor>
            </Group>
            <SimpleGrid cols={{ base: 2, xs: 4, sm: 5, md: 10 }} spacing={6} data-testid="home-marks">
              {popularMarks.map((mark) => (
                <Button
                  key={mark.slug}
                  component={AppLink}
                  to={`/car/${mark.slug}`}
                  variant="default"
                  radius="md"
                  size="sm"
                  className={classes.mark}
                >
                  {mark.name}
                </Button>
              ))}
            </SimpleGrid>
          </Box>
        )}

        {premium.length > 0 && (
          <Box component="section" mt="xl" className={classes.premium} data-testid="home-premium">
            <Group gap={6} mb="sm">
              <IconSparkles size={20} aria-hidden />
              <Title order={2} fz={{ base: 20, sm: 24 }}>
                {t("ads.list.promoted")}
              </Title>
            </Group>
            <AdRow ads={premium} />
          </Box>
        )}

        {urgent.length > 0 && (
          <Box component="section" mt="xl" className={classes.urgent} data-testid="home-urgent">
            <StripHeader title={t("ads.home.urgent")} to="/urgent" link={t("ads.home.allUrgent")} />
            <AdRow ads={urgent} />
          </Box>
        )}

        {fresh
          .filter((strip) => strip.items.length > 0)
          .map((strip) => (
            <Box
              component="section"
              mt="xl"
              key={strip.vertical}
              data-testid={`home-fresh-${strip.vertical}`}
            >
              <StripHeader
                title={t(`ads.home.fresh.${strip.vertical}`)}
                to={`/${strip.vertical}`}
                link={t("ads.home.all")}
              />
              <AdRow ads={strip.items} />
            </Box>
          ))}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="xl">
          <Card withBorder radius="lg" padding="xl">
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={48} radius="md" variant="light" color="teal">
                <IconBook2 size={26} stroke={1.5} />
              </ThemeIcon>
              <Stack gap={6}>
                <Title order={3} fz="xl">
                  {t("home.catalogTitle")}
                </Title>
                <Text c="dimmed">{t("home.catalogLead")}</Text>
                <Button component={AppLink} to="/catalog" variant="light" color="teal" w="fit-content" mt={4}>
                  {t("home.catalogLink")}
                </Button>
              </Stack>
            </Group>
          </Card>
          <Card radius="lg" padding="xl" className={classes.sell}>
            <Stack gap={6}>
              <Title order={3} fz="xl" c="white">
                {t("home.sellTitle")}
              </Title>
              <Text c="indigo.1">{t("home.sellLead")}</Text>
              <Button
                component={AppLink}
                to="/create"
                variant="white"
                leftSection={<IconPlus size={18} />}
                w="fit-content"
                mt={4}
              >
                {t("nav.create")}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>

        {regions.length > 0 && (
          <Box mt="xl">
            <Group gap="xs" mb={4}>
              <IconMapPin size={20} />
              <Title order={2} fz={{ base: 22, sm: 26 }}>
                {t("home.regionsTitle")}
              </Title>
            </Group>
            <Text c="dimmed" mb="md">
              {t("home.regionsLead")}
            </Text>
            <Group gap="xs">
              {regions.map((region) => (
                <Badge key={region.slug} size="lg" variant="default" radius="md" tt="none" fw={500}>
                  {region.name[locale]}
                </Badge>
              ))}
            </Group>
          </Box>
        )}
      </Container>
    </>
  );
}
