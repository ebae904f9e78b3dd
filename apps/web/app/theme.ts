import { createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * Indigo, the spec's primary colour (S9.4), in the shades 50, 100, 200 … 900; 950 is kept as a
 * CSS variable (--unaa-indigo-950) because Mantine's palettes have ten shades.
 */
export const indigoShades = {
  50: "#eef2ff",
  100: "#e0e7ff",
  200: "#c7d2fe",
  300: "#a5b4fc",
  400: "#818cf8",
  500: "#6366f1",
  600: "#4f46e5",
  700: "#4338ca",
  800: "#3730a3",
  900: "#312e81",
  950: "#1e1b4b",
} as const;

const indigo: MantineColorsTuple = [
  indigoShades[50],
  indigoShades[100],
  indigoShades[200],
  indigoShades[300],
  indigoShades[400],
  indigoShades[500],
  indigoShades[600],
  indigoShades[700],
  indigoShades[800],
  indigoShades[900],
];

/**
 * The spec's default control size is "xl" on its original 5-step scale, where xl is a ~44 px
 * control; Mantine's steps are larger, so form controls default to Mantine's "lg" (50 px, still
 * thumb-sized on phones). See docs/decisions/003-ui-kit.md.
 */
export const CONTROL_SIZE = "lg";

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 6, dark: 4 },
  colors: { indigo },
  defaultRadius: "md",
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  components: {
    TextInput: { defaultProps: { size: CONTROL_SIZE } },
    PasswordInput: { defaultProps: { size: CONTROL_SIZE } },
    NumberInput: { defaultProps: { size: CONTROL_SIZE } },
    Select: { defaultProps: { size: CONTROL_SIZE } },
    Textarea: { defaultProps: { size: CONTROL_SIZE } },
    Tooltip: { defaultProps: { openDelay: 100 } },
  },
});
