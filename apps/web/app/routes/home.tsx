import {
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
import { IconBook2, IconMapPin, IconPlus, IconSearch } from "@tabler/icons-react";
import { type Vertical, verticals } from "@unaa/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useRouteLoaderData } from "react-router";
import { AppLink } from "../components/app-link.tsx";
import { verticalIcons } from "../components/vertical-icons.ts";
import { localizePath } from "../lib/i18n.ts";
import { pageHandle } from "../lib/page-handle.ts";
import { useLocale } from "../lib/use-locale.ts";
import type { loader as rootLoader } from "../root.tsx";
import classes from "./home.module.css";

export const handle = pageHandle("index");

const hints: Record<Vertical, string> = {
  car: "home.carHint",
  commercial: "home.commercialHint",
  moto: "home.motoHint",
  uslugi: "home.uslugiHint",
};

/** The home page frame: search with vertical tabs, the verticals, the catalogue and selling. */
export default function Home() {
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [vertical, setVertical] = useState<Vertical>("car");
  const regions = root?.config.regions ?? [];

  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 32, sm: 56 }}>
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
        </Container>
      </Box>

      <Container size="xl" py="xl">
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
                <Text fw={700} fz="lg">
                  {t(`nav.${value}`)}
                </Text>
                <Text fz="sm" c="dimmed">
                  {t(hints[value])}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>

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
