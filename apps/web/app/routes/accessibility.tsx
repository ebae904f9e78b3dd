import { Anchor, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "../components/app-link.tsx";
import { TitledPage } from "../components/titled-page.tsx";
import { pageHandle } from "../lib/page-handle.ts";

export const handle = pageHandle("accessibility");

const testedItems = ["standard", "tool", "pages", "keyboard", "colours"] as const;
const knownItems = ["coverage", "photos"] as const;
const reportItems = ["page", "what", "device"] as const;

/** The accessibility statement: what the site aims for, what is tested and how, how to report a barrier. */
export default function Page() {
  const { t } = useTranslation();
  return (
    <TitledPage>
      <Paper withBorder p={{ base: "md", sm: "xl" }} radius="lg" maw={820}>
        <Stack gap="lg">
          <Text>{t("page.accessibility.intro")}</Text>
          <section>
            <Title order={2} fz="h3" mb="xs">
              {t("page.accessibility.tested.title")}
            </Title>
            <List spacing={6}>
              {testedItems.map((item) => (
                <List.Item key={item}>{t(`page.accessibility.tested.${item}`)}</List.Item>
              ))}
            </List>
          </section>
          <section>
            <Title order={2} fz="h3" mb="xs">
              {t("page.accessibility.known.title")}
            </Title>
            <List spacing={6}>
              {knownItems.map((item) => (
                <List.Item key={item}>{t(`page.accessibility.known.${item}`)}</List.Item>
              ))}
            </List>
          </section>
          <section>
            <Title order={2} fz="h3" mb="xs">
              {t("page.accessibility.report.title")}
            </Title>
            <Text mb="xs">
              {t("page.accessibility.report.how")}{" "}
              <Anchor component={AppLink} to="/contact" underline="always">
                {t("page.contact.title")}
              </Anchor>
            </Text>
            <List spacing={6}>
              {reportItems.map((item) => (
                <List.Item key={item}>{t(`page.accessibility.report.${item}`)}</List.Item>
              ))}
            </List>
            <Text mt="xs">{t("page.accessibility.report.answer")}</Text>
          </section>
        </Stack>
      </Paper>
    </TitledPage>
  );
}
