import { Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A dashboard dialog's form footer: cancel, and the submit button with its label (busy while saving). */
export function DialogButtons({
  onCancel,
  label,
  busy,
  testId,
  color,
}: {
  onCancel: () => void;
  label: string;
  busy: boolean;
  /** The submit button's test id. */
  testId: string;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        {t("dashboard.user.cancel")}
      </Button>
      <Button type="submit" color={color} loading={busy} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}
