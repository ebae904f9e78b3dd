import {
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  convertCssVariables,
  createTheme,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  em,
  type MantineColorsTuple,
  type MantineTheme,
  mergeMantineTheme,
  px,
} from "@mantine/core";
import { createElement } from "react";
import { ensureContrast, mix, TEXT_CONTRAST, UI_CONTRAST } from "./lib/contrast.ts";

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
 * S9.4: controls default to size "xl" (Mantine's 60 px inputs and buttons): every input, select and
 * button without a size of its own. Header and menu controls set a smaller size on purpose.
 * See docs/decisions/046-control-size-xl.md.
 */
export const CONTROL_SIZE = "xl";

/**
 * What "xl" measures here: 52 px tall (a thumb-sized target), inputs in 18 px text, buttons and
 * labels in 16 px. Mantine's stock xl (60 px, 20 px text) cut Russian and Kyrgyz button labels in
 * two-up rows at 390 px ("В избранное", "Поделиться").
 */
export const xlControl = {
  height: "3.25rem",
  inputText: "var(--mantine-font-size-lg)",
  text: "var(--mantine-font-size-md)",
};

/** The components that take the default control size (S9.4). */
export const sizedControls = [
  "TextInput",
  "PasswordInput",
  "NumberInput",
  "Select",
  "MultiSelect",
  "Autocomplete",
  "Textarea",
] as const;

/**
 * The up-and-down chevron of selects, drawn in 190 bytes instead of Mantine's 1 KB path (six selects
 * on a list page); sized by the input's height and coloured in app.css (`.unaa-chevron`).
 */
const selectChevron = createElement(
  "svg",
  { viewBox: "0 0 15 15", className: "unaa-chevron", "aria-hidden": true },
  createElement("path", {
    d: "M5 6l2.5-2.5L10 6M5 9l2.5 2.5L10 9",
    fill: "none",
    stroke: "currentColor",
    strokeLinecap: "round",
    strokeLinejoin: "round",
  }),
);
const withSelectChevron = new Set<string>(["Select", "MultiSelect"]);

export const theme = createTheme({
  primaryColor: "indigo",
  // The same filled indigo in both modes: white on indigo 400 (the old dark shade) was 2.98:1.
  primaryShade: { light: 6, dark: 6 },
  colors: { indigo },
  defaultRadius: "md",
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: "700" },
  components: {
    ...Object.fromEntries(
      sizedControls.map((name) => [
        name,
        {
          defaultProps: {
            size: CONTROL_SIZE,
            ...(withSelectChevron.has(name) ? { rightSection: selectChevron } : {}),
          },
        },
      ]),
    ),
    Button: {
      defaultProps: { size: CONTROL_SIZE },
      vars: (_: MantineTheme, props: { size?: string }) => ({
        root:
          props.size === "xl"
            ? {
                "--button-height": xlControl.height,
                "--button-fz": xlControl.text,
                "--button-padding-x": "1.25rem",
              }
            : {},
      }),
    },
    Input: {
      classNames: { input: "unaa-input" },
      vars: (_: MantineTheme, props: { size?: string }) => ({
        wrapper:
          props.size === "xl"
            ? { "--input-height": xlControl.height, "--input-fz": xlControl.inputText }
            : {},
      }),
    },
    InputWrapper: {
      // The field around an input or a group of choices (use-ad-form finds it to focus an error).
      classNames: { root: "unaa-field" },
      vars: (_: MantineTheme, props: { size?: string }) => ({
        label: props.size === "xl" ? { "--input-label-size": xlControl.text } : {},
        error: props.size === "xl" ? { "--input-error-size": "var(--mantine-font-size-sm)" } : {},
        description: props.size === "xl" ? { "--input-description-size": "var(--mantine-font-size-sm)" } : {},
      }),
    },
    // Global class names for the few rules app.css adds to every field, switch and trail (Mantine's
    // own static class names are off: they weighed ~7 KB per list page).
    Switch: { classNames: { track: "unaa-switch-track" } },
    Breadcrumbs: { classNames: { root: "unaa-breadcrumbs", breadcrumb: "unaa-breadcrumb" } },
    // A field's error is announced when it appears; the input points aria-describedby at it.
    InputError: { defaultProps: { role: "alert" } },
    Tooltip: { defaultProps: { openDelay: 100 } },
  },
});

const { gray, dark } = DEFAULT_THEME.colors;
const WHITE = "#ffffff";
/** The surfaces text sits on: the lightest grey panels in light mode, cards and menus in dark mode. */
export const LIGHT_SURFACE = gray[1];
export const DARK_SURFACE = dark[6];

export interface SchemeColors {
  /** Filled buttons and badges, under white text. */
  filled: string;
  /** Text and outlines in the colour, on the page's surfaces. */
  text: string;
  /** Text of the "light" variant on its tinted background. */
  lightColor: string;
  /** The tinted background of the "light" variant. */
  lightBackground: string;
}

/**
 * The colours of one palette that pass WCAG 2.2 AA (text 4.5:1): Mantine's shades where they pass,
 * otherwise the nearest darker (light mode) or lighter (dark mode) colour that does. Filled buttons
 * keep white text in both modes, so "Show phone" in teal and the badges read the same way.
 */
export function accessibleColors(shades: readonly string[]): { light: SchemeColors; dark: SchemeColors } {
  const shade = (index: number) => shades[index] as string;
  const filled = ensureContrast(shade(6), WHITE, TEXT_CONTRAST);
  const darkLightBackground = mix(shade(9), "#000000", 0.5);
  return {
    light: {
      filled,
      text: ensureContrast(shade(6), LIGHT_SURFACE, TEXT_CONTRAST),
      lightColor: ensureContrast(shade(9), shade(1), TEXT_CONTRAST),
      lightBackground: shade(1),
    },
    dark: {
      filled,
      text: ensureContrast(shade(4), DARK_SURFACE, TEXT_CONTRAST),
      lightColor: ensureContrast(shade(0), darkLightBackground, TEXT_CONTRAST),
      lightBackground: darkLightBackground,
    },
  };
}

function paletteVariables(name: string, colors: SchemeColors): Record<string, string> {
  return {
    [`--mantine-color-${name}-filled`]: colors.filled,
    [`--mantine-color-${name}-filled-hover`]: mix(colors.filled, "#000000", 0.12),
    [`--mantine-color-${name}-text`]: colors.text,
    [`--mantine-color-${name}-outline`]: colors.text,
    [`--mantine-color-${name}-light`]: colors.lightBackground,
    [`--mantine-color-${name}-light-color`]: colors.lightColor,
  };
}

/** Secondary text, placeholders and control borders of each mode (S9.4 colours, WCAG 2.2 AA). */
export const neutralColors = {
  light: {
    dimmed: ensureContrast(gray[6], LIGHT_SURFACE, TEXT_CONTRAST),
    controlBorder: ensureContrast(gray[4], WHITE, UI_CONTRAST),
  },
  dark: {
    dimmed: ensureContrast(dark[2], DARK_SURFACE, TEXT_CONTRAST),
    controlBorder: ensureContrast(dark[4], dark[7], UI_CONTRAST),
  },
};

/**
 * Mantine's colour variables with every text/background pair at WCAG 2.2 AA, in light and dark:
 * given to the MantineProvider once, so pages use `color="teal"` or `c="dimmed"` and get a colour
 * that passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {};
  const darkVariables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const colors = accessibleColors(shades);
    Object.assign(light, paletteVariables(name, colors.light));
    Object.assign(darkVariables, paletteVariables(name, colors.dark));
  }
  for (const [scheme, target] of [
    ["light", light],
    ["dark", darkVariables],
  ] as const) {
    const neutral = neutralColors[scheme];
    Object.assign(target, {
      "--mantine-color-dimmed": neutral.dimmed,
      "--mantine-color-placeholder": neutral.dimmed,
      "--mantine-color-anchor": `var(--mantine-color-${resolved.primaryColor}-text)`,
      "--unaa-control-border": neutral.controlBorder,
    });
  }
  return { variables: {}, light, dark: darkVariables };
};

/**
 * The theme's stylesheet, made at build time (the `virtual:theme.css` module of vite.config.ts):
 * its CSS variables that differ from Mantine's defaults (those are in its stylesheet), the
 * accessible colours included, and the breakpoint classes (`mantine-visible-from-sm` …), both of
 * which `MantineProvider` would otherwise write into every page.
 */
export function themeStylesheet(): string {
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const base = defaultCssVariablesResolver(resolved);
  const accessible = cssVariablesResolver(resolved);
  const ours = {
    variables: { ...base.variables, ...accessible.variables },
    light: { ...base.light, ...accessible.light },
    dark: { ...base.dark, ...accessible.dark },
  };
  const changed = (part: keyof ConvertCSSVariablesInput) => {
    const base: Record<string, string> = defaults[part];
    return Object.fromEntries(Object.entries(ours[part]).filter(([name, value]) => base[name] !== value));
  };
  const variables = convertCssVariables({
    variables: changed("variables"),
    light: changed("light"),
    dark: changed("dark"),
  });
  // As Mantine's MantineClasses writes them (breakpoints in em).
  const classes = Object.entries(resolved.breakpoints)
    .map(([name, value]) => {
      const pixels = px(value) as number;
      return `@media (max-width: ${em(pixels - 0.1)}) {.mantine-visible-from-${name} {display: none !important;}}@media (min-width: ${em(pixels)}) {.mantine-hidden-from-${name} {display: none !important;}}`;
    })
    .join("");
  return `${variables}\n${classes}\n`;
}
