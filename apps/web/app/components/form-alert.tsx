import { Alert } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";

/** A message for a whole form: an error (red) or a hint (indigo). Renders nothing without text. */
export function FormAlert({
  text,
  tone = "error",
}: {
  text: string | null | undefined;
  tone?: "error" | "info";
}) {
  if (!text) return null;
  const Icon = tone === "error" ? IconAlertCircle : IconInfoCircle;
  return (
    <Alert
      color={tone === "error" ? "red" : "indigo"}
      variant="light"
      icon={<Icon size={20} />}
      role={tone === "error" ? "alert" : "status"}
      data-testid={tone === "error" ? "form-error" : "form-info"}
    >
      {text}
    </Alert>
  );
}
