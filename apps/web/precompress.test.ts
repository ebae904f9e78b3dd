import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressClient } from "./precompress.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the client build's compressed copies", () => {
  it("are written beside text files of 1 KB and more, and decompress to the same bytes; images and small files are left", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "unaa-precompress-"));
    mkdirSync(path.join(dir, "assets"));
    const script = `export const texts = ${JSON.stringify(Array.from({ length: 300 }, (_, n) => `text ${n}`))};\n`;
    writeFileSync(path.join(dir, "assets/page-abc.js"), script);
    writeFileSync(path.join(dir, "assets/tiny.css"), "a{color:red}");
    writeFileSync(path.join(dir, "icon.png"), Buffer.alloc(4096, 7));
    expect(await precompressClient(dir)).toBe(1);
    const file = path.join(dir, "assets/page-abc.js");
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${file}.br`).length).toBeLessThan(script.length / 3);
    expect(existsSync(path.join(dir, "assets/tiny.css.br"))).toBe(false);
    expect(existsSync(path.join(dir, "icon.png.br"))).toBe(false);
  });
});
