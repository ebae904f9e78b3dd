import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  type MantineColorsTuple,
  mergeMantineTheme,
} from "@mantine/core";

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

/**
 * The theme's CSS variables that differ from Mantine's defaults (those are in its stylesheet), as
 * `MantineProvider` would write them into every page: computed once here instead of on every render
 * (the root renders them, with the provider's own turned off).
 */
export const themeCssVariables = (() => {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
  const changed = (part: keyof ConvertCSSVariablesInput) => {
    const base: Record<string, string> = defaults[part];
    return Object.fromEntries(Object.entries(ours[part]).filter(([name, value]) => base[name] !== value));
  };
  return convertCssVariables({
    variables: changed("variables"),
    light: changed("light"),
    dark: changed("dark"),
  });
})();
