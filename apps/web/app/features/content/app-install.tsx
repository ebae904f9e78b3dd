/**
 * /mobile-app's install part (decision 072): the stores' buttons where the settings give links,
 * an "Install" button where the browser offers `beforeinstallprompt` (Chrome, Edge, Android), and
 * the Share → Add to Home Screen steps on iPhone and iPad.
 */
import { Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconBrandApple, IconBrandGooglePlay, IconDownload, IconShare2 } from "@tabler/icons-react";
import type { StoreLinks } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Chrome's install prompt event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

type Platform = "unknown" | "ios" | "other" | "installed";

function detectPlatform(): Platform {
  if (window.matchMedia?.("(display-mode: standalone)").matches) return "installed";
  const agent = navigator.userAgent;
  const isIos =
    /iPhone|iPad|iPod/.test(agent) || (agent.includes("Macintosh") && navigator.maxTouchPoints > 1);
  return isIos ? "ios" : "other";
}

export function AppInstall({ storeLinks }: { storeLinks: StoreLinks }) {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<Platform>("unknown");
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);

  useEffect(() => {
    setPlatform(detectPlatform());
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      setPrompt(null);
      setPlatform("installed");
    };
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setPrompt(null);
    if (choice.outcome === "accepted") setPlatform("installed");
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} data-testid="app-install">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t("content.app.installTitle")}
          </Title>
          {platform === "installed" && <Text>{t("content.app.installed")}</Text>}
          {prompt && (
            <Button
              leftSection={<IconDownload size={18} />}
              onClick={install}
              style={{ alignSelf: "flex-start" }}
              data-testid="app-install-button"
            >
              {t("content.app.install")}
            </Button>
          )}
          {platform !== "installed" && (
            <Stack gap="xs">
              <Text fw={600}>{t("content.app.iosTitle")}</Text>
              <List type="ordered" spacing={4}>
                <List.Item>{t("content.app.iosStep1")}</List.Item>
                <List.Item>
                  <Group gap={6} wrap="nowrap" component="span">
                    {t("content.app.iosStep2")}
                    <IconShare2 size={16} aria-hidden />
                  </Group>
                </List.Item>
                <List.Item>{t("content.app.iosStep3")}</List.Item>
              </List>
              {!prompt && platform === "other" && (
                <>
                  <Text fw={600} mt="sm">
                    {t("content.app.androidTitle")}
                  </Text>
                  <Text>{t("content.app.androidSteps")}</Text>
                </>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
      {(storeLinks.android || storeLinks.ios) && (
        <Group gap="sm" data-testid="store-links">
          {storeLinks.android && (
            <Button
              component="a"
              href={storeLinks.android}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconBrandGooglePlay size={18} />}
            >
              {t("content.app.googlePlay")}
            </Button>
          )}
          {storeLinks.ios && (
            <Button
              component="a"
              href={storeLinks.ios}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              leftSection={<IconBrandApple size={18} />}
            >
              {t("content.app.appStore")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
