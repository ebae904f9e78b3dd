// A worker thread (started by lib/heic.ts) that decodes one HEVC-coded HEIC, as iPhones write them,
// with libheif compiled to WebAssembly: sharp's own libheif reads AV1 only. The decoding is
// synchronous and takes seconds for a 12-megapixel photo, hence a thread of its own; the wasm
// memory it grows is freed when the thread ends.
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type { DecodedHeic } from "./heic.ts";

/** The part of libheif-js used here (its embind API; it ships no types for this entry point). */
interface Libheif {
  heif_error_code: { heif_error_Ok: unknown };
  heif_colorspace: { heif_colorspace_RGB: unknown };
  heif_chroma: { heif_chroma_interleaved_RGB: unknown; heif_chroma_interleaved_RGBA: unknown };
  heif_channel: { heif_channel_interleaved: unknown };
  heif_context_alloc(): object;
  heif_context_free(context: object): void;
  heif_context_read_from_memory(context: object, data: Uint8Array): HeifError;
  heif_js_context_get_primary_image_handle(context: object): object | HeifError;
  heif_image_handle_has_alpha_channel(handle: object): number;
  heif_image_handle_release(handle: object): void;
  heif_js_decode_image2(handle: object, colorspace: unknown, chroma: unknown): DecodedImage | HeifError;
  heif_image_release(image: object): void;
}

interface HeifError {
  code: unknown;
  message: string;
}

interface DecodedImage {
  image: object;
  width: number;
  height: number;
  /** `data` is a view of the wasm memory, valid until the image is released. */
  channels: { id: unknown; width: number; height: number; stride: number; data: Uint8Array }[];
}

const libheif = createRequire(import.meta.url)("libheif-js/wasm-bundle") as Libheif;

function isError(value: object): value is HeifError {
  return "code" in value;
}

/**
 * The primary image as 8-bit RGB, or RGBA when it has an alpha channel, rows packed. libheif turns
 * it upright by the HEIF transforms (`irot`, `imir`, `clap`); the EXIF orientation, which HEIF
 * readers ignore, is not applied.
 */
function decode(input: Uint8Array): DecodedHeic {
  const context = libheif.heif_context_alloc();
  try {
    const read = libheif.heif_context_read_from_memory(context, input);
    if (read.code !== libheif.heif_error_code.heif_error_Ok) throw new Error(read.message);
    const handle = libheif.heif_js_context_get_primary_image_handle(context);
    if (isError(handle)) throw new Error(handle.message);
    try {
      const channels = libheif.heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
      const chroma = channels === 4 ? "heif_chroma_interleaved_RGBA" : "heif_chroma_interleaved_RGB";
      const decoded = libheif.heif_js_decode_image2(
        handle,
        libheif.heif_colorspace.heif_colorspace_RGB,
        libheif.heif_chroma[chroma],
      );
      if (isError(decoded)) throw new Error(decoded.message);
      try {
        const plane = decoded.channels.find(
          (channel) => channel.id === libheif.heif_channel.heif_channel_interleaved,
        );
        if (!plane) throw new Error("libheif returned no interleaved plane");
        const { width, height, stride } = plane;
        const row = width * channels;
        const data = new Uint8Array(row * height);
        for (let y = 0; y < height; y += 1) {
          data.set(plane.data.subarray(y * stride, y * stride + row), y * row);
        }
        return { data, width, height, channels };
      } finally {
        libheif.heif_image_release(decoded.image);
      }
    } finally {
      libheif.heif_image_handle_release(handle);
    }
  } finally {
    libheif.heif_context_free(context);
  }
}

// A failure is thrown out of the thread: the parent gets it as the worker's `error` event.
const decoded = decode(workerData as Uint8Array);
parentPort?.postMessage(decoded, [decoded.data.buffer]);
