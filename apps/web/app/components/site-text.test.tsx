import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parseSiteText, SiteText } from "./site-text.tsx";

const render = (text: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <SiteText text={text} />
    </MantineProvider>,
  );

describe("[S2.8] site text (decision 072)", () => {
  it("reads headings, lists and paragraphs", () => {
    expect(parseSiteText("## Title\nFirst line\nsame paragraph\n\n- one\n- two\nAfter")).toEqual([
      { kind: "heading", text: "Title" },
      { kind: "paragraph", text: "First line same paragraph" },
      { kind: "list", items: ["one", "two"] },
      { kind: "paragraph", text: "After" },
    ]);
  });

  it("renders HTML in the text as text, never as markup", () => {
    const html = render('<script>alert(1)</script> <img src=x onerror="alert(2)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("links safe targets only; an unsafe one stays plain text", () => {
    const html = render(
      "[mail](mailto:info@unaa.kg) [site](https://unaa.kg) [bad](javascript:alert(1)) **bold**",
    );
    expect(html).toContain('href="mailto:info@unaa.kg"');
    expect(html).toContain('href="https://unaa.kg"');
    expect(html).not.toContain('javascript:alert(1)"');
    expect(html).toContain("[bad](javascript:alert(1))");
    expect(html).toMatch(/<span[^>]*>bold<\/span>/);
  });
});
