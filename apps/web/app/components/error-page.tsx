import { Anchor, Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "./app-link.tsx";

export interface ErrorPageProps {
  status?: number | undefined;
  message?: string | undefined;
}

/**
 * The error page of spec section 2: the status large (500 when none), the error's own message,
 * else the translation `error.{status}`, else the site name; a link and a full-width button home.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const { t, i18n } = useTranslation();
  const code = status ?? 500;
  const text = message || (i18n.exists(`error.${code}`) ? t(`error.${code}`) : t("site.name"));
  return (
    <Container size={560} py={{ base: 48, sm: 96 }} data-testid="error-page">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} fz={{ base: 96, sm: 140 }} lh={1} fw={900} c="indigo" data-testid="error-status">
          {code}
        </Title>
        <Text fz="xl" fw={500} data-testid="error-message">
          {text}
        </Text>
        <Anchor component={AppLink} to="/" fz="md">
          {t("site.name")}
        </Anchor>
        <Button component={AppLink} to="/" fullWidth size="lg" mt="sm" data-testid="error-home">
          {t("page.index.title")}
        </Button>
      </Stack>
    </Container>
  );
}
