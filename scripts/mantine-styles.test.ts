import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { importedFiles, mantineStyleFiles, neededFiles, type StyleFile } from "./mantine-styles.ts";

const files: StyleFile[] = [
  { name: "UnstyledButton.layer.css", classes: new Set(["m_87cf2631"]) },
  { name: "Button.layer.css", classes: new Set(["m_77c9d27d", "m_80f1301b"]) },
  { name: "Timeline.layer.css", classes: new Set(["m_43657ece"]) },
];

describe("Mantine's styles by component", () => {
  it("needs the files whose classes the build uses, in Mantine's order", () => {
    expect(neededFiles(files, new Set(["m_80f1301b", "m_87cf2631", "m_ffffffff"]))).toEqual([
      "UnstyledButton.layer.css",
      "Button.layer.css",
    ]);
  });

  it("reads the component files a list imports, the global ones aside", () => {
    const list = `@import "@mantine/core/styles/baseline.layer.css";\n@import "@mantine/core/styles/Button.layer.css";\n`;
    expect(importedFiles(list)).toEqual(["Button.layer.css"]);
  });

  it("orders the installed Mantine's files as its whole stylesheet, the shared pieces before the components built on them", () => {
    const names = mantineStyleFiles().map((file) => file.name);
    expect(names.indexOf("UnstyledButton.layer.css")).toBeLessThan(names.indexOf("Button.layer.css"));
    expect(names.indexOf("Input.layer.css")).toBeLessThan(names.indexOf("NumberInput.layer.css"));
    expect(names.indexOf("Popover.layer.css")).toBeLessThan(names.indexOf("Combobox.layer.css"));
  });

  it("the site's list is in that order", () => {
    const order = mantineStyleFiles().map((file) => file.name);
    const listed = importedFiles(
      readFileSync(new URL("../apps/web/app/mantine-styles.css", import.meta.url), "utf8"),
    );
    expect(listed).toEqual(order.filter((name) => listed.includes(name)));
  });
});
