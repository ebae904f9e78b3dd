// HEIC as iPhones write it (HEVC-coded HEIF): the sizes it declares, read from its header, and its
// decoding to raw pixels by libheif compiled to WebAssembly (sharp's bundled libheif reads AV1 only).
import { Worker } from "node:worker_threads";
import { limitConcurrency } from "./concurrency.ts";

export interface DecodedHeic {
  /** Rows of 8-bit RGB or RGBA pixels, packed; no metadata of any kind. */
  data: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  channels: 3 | 4;
}

/**
 * A decoding that takes longer is given up. A detailed 12-megapixel photo takes about 2.5 s here,
 * up to 13 s on a busy machine (docs/decisions/010-ad-photos.md); 50 megapixels four times as long.
 */
const DECODE_TIMEOUT_MS = 60_000;
/** Decodings at once in a process: each holds a core and, for 50 megapixels, about 500 MB. */
const decodeInTurn = limitConcurrency(2);

/**
 * The primary image of an HEVC-coded HEIC, upright by its HEIF transforms (`irot`, `imir`), decoded
 * in a worker thread of its own (lib/heic-worker.ts) so the event loop never waits for it. Check
 * `readHeifHeader` first: this allocates whatever the file declares. Rejects when libheif
 * cannot decode the file or takes over a minute.
 */
export function decodeHevcHeic(input: Uint8Array): Promise<DecodedHeic> {
  return decodeInTurn(
    () =>
      new Promise<DecodedHeic>((resolve, reject) => {
        const worker = new Worker(new URL("./heic-worker.ts", import.meta.url), { workerData: input });
        let decoded: DecodedHeic | undefined;
        let failure: unknown;
        const timer = setTimeout(() => {
          failure = new Error(`HEIC decoding took over ${DECODE_TIMEOUT_MS} ms`);
          void worker.terminate();
        }, DECODE_TIMEOUT_MS);
        worker.on("message", (image: DecodedHeic) => {
          decoded = image;
        });
        worker.on("error", (error) => {
          failure = error;
        });
        // Settled once the thread has ended, so its memory is free before the next decoding starts.
        worker.on("exit", () => {
          clearTimeout(timer);
          if (decoded && failure === undefined) resolve(decoded);
          else reject(failure ?? new Error("the HEIC decoder ended without an image"));
        });
      }),
  );
}

interface Box {
  type: string;
  /** Offsets in the file: where the content starts (after the header), where the box ends. */
  body: number;
  end: number;
}

/** The boxes (ISO base media file format, which HEIF is) in `[start, end)`, up to a malformed one. */
function* boxes(data: Uint8Array, start: number, end: number): Generator<Box> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at; // the box runs to the end
    }
    if (size < header || at + size > end) return;
    yield {
      type: Buffer.from(data.subarray(at + 4, at + 8)).toString("latin1"),
      body: at + header,
      end: at + size,
    };
    at += size;
  }
}

function childBox(data: Uint8Array, parent: Pick<Box, "body" | "end">, type: string): Box | undefined {
  for (const box of boxes(data, parent.body, parent.end)) if (box.type === type) return box;
  return undefined;
}

/** What a HEIF file's header declares, read without decoding anything. */
export interface HeifHeader {
  /** Every image size (`ispe` properties): the image, each tile of a grid, thumbnails. */
  sizes: { width: number; height: number }[];
  /** Images coded with HEVC (`hvcC` properties), which sharp cannot decode; AV1 ones it can. */
  hevc: boolean;
}

/** The header of a HEIF file; no sizes and no HEVC when it has none or is not HEIF. */
export function readHeifHeader(data: Uint8Array): HeifHeader {
  const meta = childBox(data, { body: 0, end: data.length }, "meta");
  // `meta` is a full box: a version and flags come before its children.
  const iprp = meta && childBox(data, { body: meta.body + 4, end: meta.end }, "iprp");
  const ipco = iprp && childBox(data, iprp, "ipco");
  const properties = ipco ? [...boxes(data, ipco.body, ipco.end)] : [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    sizes: properties
      .filter((box) => box.type === "ispe" && box.body + 12 <= box.end)
      .map((box) => ({ width: view.getUint32(box.body + 4), height: view.getUint32(box.body + 8) })),
    hevc: properties.some((box) => box.type === "hvcC"),
  };
}
