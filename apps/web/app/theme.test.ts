import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastRatio, ensureContrast } from "./lib/contrast.ts";
import {
  accessibleColors,
  CONTROL_SIZE,
  DARK_SURFACE,
  LIGHT_SURFACE,
  neutralColors,
  sizedControls,
  theme,
  themeStylesheet,
} from "./theme.ts";

const palettes = Object.entries({ ...DEFAULT_THEME.colors, ...theme.colors }).flatMap(([name, shades]) =>
  shades ? [[name, shades] as const] : [],
);

describe("theme colours (WCAG 2.2 AA)", () => {
  it("computes the contrast ratios WCAG defines", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#868e96", "#ffffff")).toBeCloseTo(3.32, 2);
    expect(contrastRatio("#ffffff", "#12b886")).toBeCloseTo(2.55, 2);
  });

  it("keeps a colour that passes and darkens or lightens one that does not", () => {
    expect(ensureContrast("#4f46e5", "#ffffff", 4.5)).toBe("#4f46e5");
    expect(contrastRatio(ensureContrast("#12b886", "#ffffff", 4.5), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(ensureContrast("#828282", "#2e2e2e", 4.5), "#2e2e2e")).toBeGreaterThanOrEqual(4.5);
  });

  it.each(palettes)(
    "%s: white on filled, text on surfaces and light badges reach 4.5:1 in both modes",
    (_, shades) => {
      const colors = accessibleColors(shades);
      for (const scheme of [colors.light, colors.dark]) {
        expect(contrastRatio(scheme.filled, "#ffffff")).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(scheme.lightColor, scheme.lightBackground)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(colors.light.text, LIGHT_SURFACE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.light.text, "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.dark.text, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(colors.dark.text, DEFAULT_THEME.colors.dark[7])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("keeps indigo 600 as the primary filled colour in both modes (S9.4)", () => {
    const indigo = accessibleColors(theme.colors?.indigo ?? []);
    expect(indigo.light.filled).toBe("#4f46e5");
    expect(indigo.dark.filled).toBe("#4f46e5");
  });

  it("gives dimmed text 4.5:1 and control borders 3:1 in both modes", () => {
    expect(contrastRatio(neutralColors.light.dimmed, LIGHT_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(neutralColors.dark.dimmed, DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(neutralColors.light.controlBorder, "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(
      contrastRatio(neutralColors.dark.controlBorder, DEFAULT_THEME.colors.dark[7]),
    ).toBeGreaterThanOrEqual(3);
  });
});

describe("control size", () => {
  it("[S9.4] inputs, selects and buttons default to size xl", () => {
    expect(CONTROL_SIZE).toBe("xl");
    for (const name of sizedControls)
      expect(theme.components?.[name]?.defaultProps, name).toMatchObject({ size: "xl" });
  });
});

describe("theme stylesheet (virtual:theme.css)", () => {
  const css = themeStylesheet();

  it("holds the accessible colours of both modes, which Mantine's defaults lack", () => {
    for (const scheme of ["light", "dark"] as const) {
      expect(css).toContain(`--mantine-color-dimmed: ${neutralColors[scheme].dimmed}`);
      expect(css).toContain(`--unaa-control-border: ${neutralColors[scheme].controlBorder}`);
    }
    expect(css).toContain('[data-mantine-color-scheme="dark"]');
  });

  it("holds the breakpoint classes of visibleFrom and hiddenFrom, at the theme's breakpoints", () => {
    expect(css).toContain(
      "@media (max-width: 47.99375em) {.mantine-visible-from-sm {display: none !important;}}",
    );
    expect(css).toContain("@media (min-width: 62em) {.mantine-hidden-from-md {display: none !important;}}");
  });
});
