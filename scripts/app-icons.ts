/**
 * Draws the web app's icons (decision 072) from apps/web/public/favicon.svg: 192 and 512 px
 * PNGs, and a 512 px maskable one whose mark sits inside the safe circle on the brand colour.
 * Run after changing the favicon: `node scripts/app-icons.ts`; the PNGs are committed.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const publicDirectory = path.join(import.meta.dirname, "../apps/web/public");
const svg = await readFile(path.join(publicDirectory, "favicon.svg"));
const brand = "#4f46e5";

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(path.join(publicDirectory, `icon-${size}.png`));
}

// Maskable: the platform may cut the icon to any shape inside the central 80 % circle, so the
// mark takes 64 % of the side on a full square of the brand colour.
const size = 512;
const mark = Math.round(size * 0.64);
const markPng = await sharp(svg, { density: (72 * mark) / 32 })
  .resize(mark, mark)
  .png()
  .toBuffer();
await sharp({ create: { width: size, height: size, channels: 4, background: brand } })
  .composite([{ input: markPng, gravity: "centre" }])
  .png()
  .toFile(path.join(publicDirectory, "icon-maskable-512.png"));
process.stdout.write(`icons written to ${publicDirectory}\n`);
