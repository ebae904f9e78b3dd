import { Group, Text } from "@mantine/core";
import { AppLink } from "./app-link.tsx";

/**
 * The wordmark: a steering-wheel mark and the site name, linking home. Its accessible name is the
 * visible "Unaa" (WCAG 2.5.3); `title` says where it leads.
 */
export function Logo({ title }: { title: string }) {
  return (
    <AppLink to="/" title={title} style={{ textDecoration: "none", color: "inherit" }}>
      <Group gap={8} wrap="nowrap">
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="9" fill="var(--mantine-color-indigo-6)" />
          <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.6" />
          <circle cx="16" cy="16" r="2.6" fill="#fff" />
          <path
            d="M7.5 14.5h6.2M18.3 14.5h6.2M16 18.6v6"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
          />
        </svg>
        <Text component="span" fw={800} fz={22} lts={-0.5}>
          Unaa
        </Text>
      </Group>
    </AppLink>
  );
}
