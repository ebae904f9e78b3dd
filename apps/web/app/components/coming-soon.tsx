import { Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The body of a page whose content arrives with a later feature. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="lg">
      <Text c="dimmed">{t("placeholder.soon")}</Text>
    </Paper>
  );
}
