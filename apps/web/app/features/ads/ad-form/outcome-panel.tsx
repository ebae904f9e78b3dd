import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { Vertical } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../../components/app-link.tsx";
import type { AdFormOutcome } from "./use-ad-form.ts";

/** After publishing, when the ad did not go live at once: it waits for moderation, or the free limit is reached. */
export function OutcomePanel({
  outcome,
  vertical,
  onAnother,
}: {
  outcome: AdFormOutcome;
  vertical: Vertical;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  const isPending = outcome.kind === "pending";
  return (
    <Paper
      withBorder
      radius="lg"
      p="xl"
      maw={720}
      data-testid={isPending ? "outcome-pending" : "outcome-limit"}
    >
      <Stack gap="md">
        <Title order={2} fz="xl">
          {t(isPending ? "adForm.done.pendingTitle" : "adForm.done.limitTitle")}
        </Title>
        <Text>
          {t(isPending ? "adForm.done.pendingText" : "adForm.done.limitText", {
            section: t(`nav.${vertical}`),
          })}
        </Text>
        <Group gap="sm">
          <Button component={AppLink} to={`/settings/adds?status=${isPending ? "pending" : "draft"}`}>
            {t("adForm.done.myAds")}
          </Button>
          {!isPending && (
            <Button component={AppLink} to="/settings/subscribe" variant="light">
              {t("adForm.done.choosePlan")}
            </Button>
          )}
          <Anchor component="button" type="button" onClick={onAnother}>
            {t("adForm.done.another")}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
