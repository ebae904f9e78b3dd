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
 * The heading names the status in the visitor's language, so a 404 whose message is the spec's
 * English `Page Not Found: {path}` still says what happened in Kyrgyz or Russian.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const { t, i18n } = useTranslation();
  const code = status ?? 500;
  const translated = i18n.exists(`error.${code}`) ? t(`error.${code}`) : null;
  const text = message || translated || t("site.name");
  const heading = translated && translated !== text ? translated : null;
  return (
    <Container size={560} py={{ base: 48, sm: 96 }} data-testid="error-page">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} lh={1.2}>
          <Text
            component="span"
            display="block"
            fz={{ base: 96, sm: 140 }}
            lh={1}
            fw={900}
            c="indigo"
            data-testid="error-status"
          >
            {code}
          </Text>
          {heading && (
            <Text
              component="span"
              display="block"
              fz={{ base: 26, sm: 32 }}
              fw={700}
              mt="md"
              data-testid="error-heading"
            >
              {heading}
            </Text>
          )}
        </Title>
        <Text fz="xl" fw={500} data-testid="error-message">
          {text}
        </Text>
        <Anchor component={AppLink} to="/" fz="md">
          {t("error.toHome")}
        </Anchor>
        <Button component={AppLink} to="/" fullWidth size="lg" mt="sm" data-testid="error-home">
          {t("page.index.title")}
        </Button>
      </Stack>
    </Container>
  );
}
