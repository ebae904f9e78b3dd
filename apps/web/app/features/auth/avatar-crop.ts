/**
 * The geometry of the square avatar crop: the image covers a square viewport, can be zoomed
 * (1 = just covering) and dragged, but never so far that the square shows anything but the image.
 */

export const AVATAR_OUTPUT_SIZE = 512;
export const MAX_ZOOM = 4;

export interface CropView {
  /** The viewport's side in CSS pixels. */
  size: number;
  imageWidth: number;
  imageHeight: number;
  /** 1 … MAX_ZOOM, relative to the scale that just covers the viewport. */
  zoom: number;
  /** The image centre's shift from the viewport centre, in CSS pixels. */
  offsetX: number;
  offsetY: number;
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(1, Number.isFinite(zoom) ? zoom : 1));
}

function scaleOf(view: CropView): number {
  const cover = Math.max(view.size / view.imageWidth, view.size / view.imageHeight);
  return cover * clampZoom(view.zoom);
}

/** Limits a value to ±limit; `+ 0` turns a -0 into 0. */
function clamp(value: number, limit: number): number {
  return Math.min(limit, Math.max(-limit, value)) + 0;
}

/** The same view with its offset pulled back so the image still covers the viewport. */
export function clampView(view: CropView): CropView {
  const scale = scaleOf(view);
  const maxX = Math.max(0, (view.imageWidth * scale - view.size) / 2);
  const maxY = Math.max(0, (view.imageHeight * scale - view.size) / 2);
  return {
    ...view,
    zoom: clampZoom(view.zoom),
    offsetX: clamp(view.offsetX, maxX),
    offsetY: clamp(view.offsetY, maxY),
  };
}

/** Where the image is drawn in the viewport, in CSS pixels. */
export function imageRect(view: CropView): { left: number; top: number; width: number; height: number } {
  const scale = scaleOf(view);
  const width = view.imageWidth * scale;
  const height = view.imageHeight * scale;
  return {
    left: (view.size - width) / 2 + view.offsetX,
    top: (view.size - height) / 2 + view.offsetY,
    width,
    height,
  };
}

/** The square of the original image that the viewport shows, in image pixels. */
export function sourceSquare(view: CropView): { x: number; y: number; side: number } {
  const clamped = clampView(view);
  const scale = scaleOf(clamped);
  const rect = imageRect(clamped);
  // `0 -` rather than unary minus: no -0 for an edge-aligned image.
  return { x: 0 - rect.left / scale, y: 0 - rect.top / scale, side: clamped.size / scale };
}
