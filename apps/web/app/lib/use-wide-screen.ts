import { useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/**
 * Whether the screen is wide (Mantine's `md` and up), for parts that only wide screens show and that
 * cost a lot to build (the list pages' filter sidebar). The server and the hydrating render answer by
 * the device the page was asked from — a phone: no, so a phone's HTML and hydration leave them out —
 * and the browser then answers by its screen, and follows it when it changes.
 */
export function useWideScreen(): boolean {
  const theme = useMantineTheme();
  const isPhone = useRouteLoaderData<typeof rootLoader>("root")?.isPhone ?? false;
  return useMediaQuery(`(min-width: ${theme.breakpoints.md})`, !isPhone, { getInitialValueInEffect: true });
}
