import type { MantineSpacing } from "@mantine/core";
import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** A part of a page that could not be loaded: says what, and offers to load it again. */
export function LoadFailed({
  text,
  onRetry,
  m,
}: {
  text: string;
  onRetry: () => unknown;
  m?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" m={m} icon={<IconAlertCircle size={20} />}>
      {text}{" "}
      <Button variant="subtle" size="compact-sm" onClick={() => void onRetry()}>
        {t("load.retry")}
      </Button>
    </Alert>
  );
}

/** Placeholder rows while a list loads (busy for assistive technology). */
export function ListSkeleton({
  rows = 3,
  height = 72,
  testId,
}: {
  rows?: number;
  height?: number;
  testId?: string;
}) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, row) => row).map((row) => (
        <Skeleton key={row} height={height} radius="md" />
      ))}
    </Stack>
  );
}
