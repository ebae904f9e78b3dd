import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** One titled block of a settings page. */
export function SettingsSection({
  title,
  description,
  children,
  tone = "default",
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  tone?: "default" | "danger";
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      style={
        tone === "danger"
          ? { borderColor: "light-dark(var(--mantine-color-red-3), var(--mantine-color-red-9))" }
          : undefined
      }
      data-testid={testId}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" c={tone === "danger" ? "red" : undefined}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
