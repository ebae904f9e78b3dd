import { Container, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "./page-header.tsx";

/**
 * A page that shows its breadcrumbs and title. Pages whose content belongs to later work render
 * it with a short note; those pages add their own content below the header.
 */
export function TitledPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="lg">
      <PageHeader />
      {children ?? (
        <Paper withBorder p="xl" radius="lg">
          <Text c="dimmed">{t("placeholder.soon")}</Text>
        </Paper>
      )}
    </Container>
  );
}
