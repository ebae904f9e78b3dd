// `npm run bench:ssr`: server-rendering time of pages (median and p95 over 200 sequential requests
// each) and the first-load JavaScript of the home page in KB gzip. Starts the production server on a
// fresh embedded database unless BASE_URL names a running one. Run `npm run build` first.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { startTestServer } from "../e2e/test-server.ts";

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const pages = ["/", "/en/catalog", "/nope"];
const clientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../build/client");

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const server = process.env.BASE_URL ? undefined : await startTestServer();
const baseUrl = process.env.BASE_URL ?? server?.url ?? "";
try {
  for (const page of pages) {
    for (let warm = 0; warm < 20; warm++) await (await fetch(baseUrl + page)).text();
    const times: number[] = [];
    for (let index = 0; index < REQUESTS; index++) {
      const started = performance.now();
      const response = await fetch(baseUrl + page);
      await response.text();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.info(
      `SSR ${page.padEnd(12)} median ${percentile(times, 0.5).toFixed(2)} ms  p95 ${percentile(times, 0.95).toFixed(2)} ms  (${REQUESTS} requests)`,
    );
  }

  // First-load JS: the entry script and every module the home page preloads, gzip-compressed.
  const html = await (await fetch(`${baseUrl}/`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g))
    if (match[1]) scripts.add(match[1]);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) if (match[1]) scripts.add(match[1]);
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const body = readFileSync(path.join(clientDir, script));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].reduce(
    (sum, match) => sum + gzipSync(readFileSync(path.join(clientDir, match[1] ?? ""))).length,
    0,
  );
  console.info(
    `First-load JS of /: ${scripts.size} files, ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip; CSS ${(css / 1024).toFixed(1)} KB gzip; HTML ${(gzipSync(html).length / 1024).toFixed(1)} KB gzip`,
  );
} finally {
  await server?.stop();
}
