import type { AdCover } from "@unaa/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AdPhoto } from "./ad-photo.tsx";

const cover = (hasAvif: boolean): AdCover => ({
  url: "/uploads/ad-photos/ab/c",
  width: 1600,
  height: 1200,
  placeholder: "data:image/webp;base64,AAAA",
  hasAvif,
});

/** A whole page with the photo in its body, as the server renders pages. */
function page(photo: AdCover, priority: boolean): string {
  return renderToStaticMarkup(
    <html lang="ru">
      <head>
        <link rel="stylesheet" href="/shell.css" />
      </head>
      <body>
        <AdPhoto photo={photo} alt="Camry" sizes="100vw" priority={priority} />
      </body>
    </html>,
  );
}

describe("ad photos", () => {
  it("preloads a priority photo from the top of the head, in the first type the browser takes", () => {
    const html = page(cover(true), true);
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = /<link rel="preload"[^>]*>/.exec(head)?.[0] ?? "";
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('rel="stylesheet"'));
    expect(preload).toContain('as="image"');
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain('fetchPriority="high"');
    expect(preload).toContain('imageSizes="100vw"');
    expect(preload).toContain("/uploads/ad-photos/ab/c-800.avif 800w");
    // Where no AVIF was made, the WebP sizes.
    expect(page(cover(false), true)).toMatch(
      /<link rel="preload"[^>]*type="image\/webp"[^>]*c-800\.webp 800w/,
    );
    expect(html).toContain('loading="eager"');
  });

  it("preloads nothing for a photo further down, which loads lazily", () => {
    const html = page(cover(true), false);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('loading="lazy"');
  });
});
