import { describe, expect, it } from "vitest";
import { clampView, sourceSquare } from "./avatar-crop.ts";

const landscape = { size: 300, imageWidth: 1200, imageHeight: 800, zoom: 1, offsetX: 0, offsetY: 0 };

describe("avatar crop", () => {
  it("crops the centred square of the short side at zoom 1", () => {
    expect(sourceSquare(landscape)).toEqual({ x: 200, y: 0, side: 800 });
  });

  it("zooming in takes a smaller square around the centre", () => {
    expect(sourceSquare({ ...landscape, zoom: 2 })).toEqual({ x: 400, y: 200, side: 400 });
  });

  it("dragging moves the square, but never past the image's edge", () => {
    // Dragging the image right by 30 CSS px shows more of its left side: 30 px = 80 image px.
    expect(sourceSquare({ ...landscape, offsetX: 30 })).toEqual({ x: 120, y: 0, side: 800 });
    expect(clampView({ ...landscape, offsetX: 1000, offsetY: -50 })).toMatchObject({
      offsetX: 75,
      offsetY: 0,
    });
    expect(sourceSquare({ ...landscape, offsetX: 1000 })).toEqual({ x: 0, y: 0, side: 800 });
  });

  it("keeps the zoom between 1 and 4", () => {
    expect(clampView({ ...landscape, zoom: 0.2 }).zoom).toBe(1);
    expect(clampView({ ...landscape, zoom: 9 }).zoom).toBe(4);
  });
});
