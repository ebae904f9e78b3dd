/**
 * `/business`: the business directory (issue 15). A search box, kind and region filters kept in the
 * address (the form works before hydration: it is a GET form), verified businesses first, and
 * keyset "show more".
 */
import {
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconBuildingStore, IconCircleCheckFilled, IconSearch } from "@tabler/icons-react";
import { type BusinessCard, type BusinessDirectoryResponse, businessKinds } from "@unaa/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { AdPhoto } from "../../components/ad-photo.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { localizePath } from "../../lib/i18n.ts";
import { useRegions } from "../../lib/shared-config.ts";
import { useLocale } from "../../lib/use-locale.ts";
import classes from "./business.module.css";
import { type DirectoryFilters, useDirectory } from "./business-api.ts";
import { businessPath, businessPlace } from "./business-format.ts";

export { directoryPageSize } from "./business-api.ts";

/** A business's logo, or its kind's initial on a tinted square. */
export function BusinessLogo({
  business,
  size,
}: {
  business: Pick<BusinessCard, "logo" | "name">;
  size: number;
}) {
  if (business.logo) {
    return (
      <AdPhoto
        photo={business.logo}
        alt=""
        sizes={`${size}px`}
        className={classes.logo}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <div className={classes.logoEmpty} style={{ width: size, height: size }} aria-hidden>
      {business.name.slice(0, 1).toUpperCase()}
    </div>
  );
}

export function VerifiedBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="teal"
      variant="light"
      leftSection={<IconCircleCheckFilled size={14} aria-hidden />}
      title={t("business.page.verifiedHint")}
      data-testid="business-verified"
    >
      {t("business.page.verified")}
    </Badge>
  );
}

function DirectoryCard({ business }: { business: BusinessCard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const place = businessPlace(locale, regions, business);
  return (
    <Paper withBorder radius="lg" p="md" className={classes.card} data-testid="business-card">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <BusinessLogo business={business} size={64} />
        <Stack gap={4} miw={0}>
          <AppLink to={businessPath(business.link)} className={classes.cardLink}>
            {business.name}
          </AppLink>
          <Group gap={6}>
            <Text fz="sm" c="dimmed">
              {t(`business.kind.${business.kind}`)}
            </Text>
            {business.isVerified && <VerifiedBadge />}
          </Group>
          {(place || business.address) && (
            <Text fz="sm" lineClamp={2}>
              {[business.address, place].filter(Boolean).join(", ")}
            </Text>
          )}
          <Text fz="sm" c={business.isOpenNow ? "teal" : "dimmed"} fw={500}>
            {t(business.isOpenNow ? "business.page.openNow" : "business.page.closedNow")}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

export function BusinessDirectory({
  filters,
  first,
}: {
  filters: DirectoryFilters;
  first: BusinessDirectoryResponse;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const regions = useRegions();
  const navigate = useNavigate();
  const [q, setQ] = useState(filters.q ?? "");
  const list = useDirectory(filters, first);
  const items = list.data.pages.flatMap((page) => page.items);

  const go = (next: DirectoryFilters) => {
    const params = new URLSearchParams(
      Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const search = params.toString();
    void navigate(`${localizePath("/business", locale)}${search ? `?${search}` : ""}`, {
      replace: true,
      preventScrollReset: true,
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...filters, q: q.trim() });
  };

  return (
    <Container size="xl" py="lg">
      <PageHeader />
      <Text c="dimmed" mb="md">
        {t("business.directory.lead")}
      </Text>
      <search aria-label={t("business.directory.searchLabel")}>
        <form method="get" onSubmit={submit}>
          <Group align="flex-end" gap="sm" mb="lg" className={classes.filters}>
            <TextInput
              name="q"
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              label={t("business.directory.searchLabel")}
              placeholder={t("business.directory.search")}
              leftSection={<IconSearch size={16} aria-hidden />}
              className={classes.searchBox}
              maxLength={100}
              data-testid="business-search"
            />
            <Select
              name="kind"
              label={t("business.directory.kind")}
              placeholder={t("business.directory.anyKind")}
              data={businessKinds.map((kind) => ({ value: kind, label: t(`business.kind.${kind}`) }))}
              value={filters.kind ?? null}
              onChange={(kind) => go({ ...filters, q: q.trim(), kind: kind ?? "" })}
              clearable
              comboboxProps={{ transitionProps: { duration: 0 } }}
              data-testid="business-kind"
            />
            <Select
              name="regionId"
              label={t("business.directory.region")}
              placeholder={t("business.directory.anyRegion")}
              data={regions.map((region) => ({ value: String(region.id), label: region.name[locale] }))}
              value={filters.regionId ?? null}
              onChange={(regionId) => go({ ...filters, q: q.trim(), regionId: regionId ?? "" })}
              clearable
              comboboxProps={{ transitionProps: { duration: 0 } }}
              data-testid="business-region"
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t("business.directory.searchLabel")}
            </Button>
          </Group>
        </form>
      </search>

      {items.length === 0 ? (
        <Stack align="center" gap="xs" py={48} data-testid="business-empty">
          <IconBuildingStore size={40} aria-hidden />
          <Text fw={600}>{t("business.directory.empty")}</Text>
          <Text c="dimmed" fz="sm">
            {t("business.directory.emptyHint")}
          </Text>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="business-list">
          {items.map((business) => (
            <DirectoryCard key={business.id} business={business} />
          ))}
        </SimpleGrid>
      )}
      {list.hasNextPage && (
        <Stack align="center" gap={6} mt="lg">
          <Button
            variant="default"
            size="md"
            onClick={() => void list.fetchNextPage({ cancelRefetch: false })}
            loading={list.isFetchingNextPage}
            data-testid="business-show-more"
          >
            {t("business.directory.showMore")}
          </Button>
          {list.isFetchNextPageError && (
            <Text c="red" fz="sm" role="alert">
              {t("business.directory.showMoreFailed")}
            </Text>
          )}
        </Stack>
      )}
      <Group justify="center" mt="xl">
        <Button component={AppLink} to="/settings/business" variant="light">
          {t("business.directory.create")}
        </Button>
      </Group>
    </Container>
  );
}
