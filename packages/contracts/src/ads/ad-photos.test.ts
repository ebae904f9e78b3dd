import { describe, expect, it } from "vitest";
import { adPhotoSources } from "./ad-rules.ts";

describe("adPhotoSources", () => {
  it("writes out the srcsets of a card's cover from the address its sizes are named after", () => {
    expect(adPhotoSources({ url: "/uploads/ad-photos/ab/c", width: 1600, hasAvif: true })).toEqual({
      src: "/uploads/ad-photos/ab/c-800.webp",
      webp: "/uploads/ad-photos/ab/c-320.webp 320w, /uploads/ad-photos/ab/c-800.webp 800w, /uploads/ad-photos/ab/c-1600.webp 1600w",
      avif: "/uploads/ad-photos/ab/c-320.avif 320w, /uploads/ad-photos/ab/c-800.avif 800w, /uploads/ad-photos/ab/c-1600.avif 1600w",
    });
  });

  it("never names a size wider than the photo, and no AVIF where none was made", () => {
    expect(adPhotoSources({ url: "https://cdn.example/p", width: 640, hasAvif: false })).toEqual({
      src: "https://cdn.example/p-640.webp",
      webp: "https://cdn.example/p-320.webp 320w, https://cdn.example/p-640.webp 640w",
      avif: null,
    });
  });
});
