// The pages part of `npm run bench` (bench.ts): server rendering of the pages visitors land on. For
// each page: the HTML's size (raw and gzip), the JavaScript its first load fetches (gzip), the
// server's own time and CPU time for it (sequential requests, compressed as for a browser: loaders,
// render and compression, no queueing), and pages/s under load, for one URL repeated and a
// different URL each request (a page without a query or an id gets an unused query parameter).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import {
  cpuMsOf,
  type LoadResult,
  type LoadSettings,
  type PathSequence,
  pathAt,
  percentile,
  phoneUserAgent,
  requestHeaders,
  runLoad,
} from "../../api/bench/load.ts";
import { formatLoad, formatMs } from "../../api/bench/search.ts";

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));
/**
 * Sequential requests whose `Server-Timing` gives a page's render time and whose CPU time (divided
 * by their number) its cost, after a few to warm up.
 */
const TIMED_REQUESTS = 60;
const WARM_REQUESTS = 10;
/** Where a page's warm-up and timed requests start in its distinct URLs: never the run's own. */
const WARM_UP_START = 50_000;
const TIMED_START = 90_000;

export interface PageCase {
  name: string;
  path: string;
  /** Pages that take a query or an id: a different URL each request. */
  distinct?: PathSequence;
  /** The target for the distinct run (or the repeated one for pages without). */
  target?: { perSecond: number; p95?: number };
  /** Asked for from a phone's browser (load.ts `phoneUserAgent`); a wide screen's otherwise. */
  userAgent?: string;
}

/** The pages: home, the car list, a model's list with filters, an ad, a page without data, favourites. */
export function pageCases(ads: { firstId: number; count: number }): PageCase[] {
  const listTarget = { perSecond: 200, p95: 150 };
  const camry = "/car/toyota/camry?yearFrom=2012&yearTo=2020&priceTo=3000000&sort=price-asc";
  return [
    { name: "home", path: "/", target: listTarget },
    {
      name: "car list",
      path: "/car",
      distinct: { template: "/car?priceFrom={n}", from: 1 },
      target: listTarget,
    },
    {
      name: "car list, phone",
      path: "/car",
      distinct: { template: "/car?priceFrom={n}", from: 1 },
      target: listTarget,
      userAgent: phoneUserAgent,
    },
    {
      name: "model list, filtered",
      path: `${camry}&priceFrom=1000000`,
      distinct: { template: `${camry}&priceFrom={n}`, from: 1_000_001 },
    },
    {
      name: "ad page",
      path: `/car/${ads.firstId}`,
      distinct: { template: "/car/{n}", from: ads.firstId, count: ads.count },
      target: listTarget,
    },
    {
      name: "about (no data)",
      path: "/about",
      distinct: { template: "/about?visit={n}", from: 1 },
      target: { perSecond: 600 },
    },
    {
      name: "favorites (guest)",
      path: "/favorites",
      distinct: { template: "/favorites?visit={n}", from: 1 },
    },
  ];
}

interface PageFetch {
  status: number;
  location: string | null;
  html: string;
  serverMs: number;
  sent: { bytes: number; encoding: string | null };
}

async function fetchPage(url: string, compressed = false, userAgent?: string): Promise<PageFetch> {
  const headers = { ...requestHeaders(userAgent), ...(compressed ? {} : { "accept-encoding": "identity" }) };
  const response = await fetch(url, { redirect: "manual", headers });
  const timing = /(?:^|,)\s*ssr;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
  return {
    status: response.status,
    location: response.headers.get("location"),
    html: await response.text(),
    serverMs: timing?.[1] ? Number(timing[1]) : Number.NaN,
    // What went over the wire (fetch gives the body decoded): the answer's own length and encoding.
    sent: {
      bytes: Number(response.headers.get("content-length")),
      encoding: response.headers.get("content-encoding"),
    },
  };
}

/** The address the server answers 200 for: a list page moves its filters into canonical order first. */
async function answeredAddress(baseUrl: string, address: string): Promise<string> {
  let current = address;
  for (let hop = 0; hop < 2; hop++) {
    const page = await fetchPage(baseUrl + current);
    if (page.status === 200) return current;
    if (page.status < 300 || page.status >= 400 || !page.location) break;
    const moved = new URL(page.location, baseUrl);
    current = `${moved.pathname}${moved.search}`;
  }
  throw new Error(`${address} is not answered with a page (at ${current})`);
}

/** The case with its addresses in the shape the server answers without redirecting. */
async function canonical(baseUrl: string, page: PageCase): Promise<PageCase> {
  const path = await answeredAddress(baseUrl, page.path);
  if (!page.distinct) return { ...page, path };
  const value = String(page.distinct.from ?? 0);
  const first = await answeredAddress(baseUrl, pathAt(page.distinct, 0));
  const template = first.replace(new RegExp(`(?<=[=/])${value}(?=&|$)`), "{n}");
  if (!template.includes("{n}")) throw new Error(`${pathAt(page.distinct, 0)} moved to ${first}`);
  return { ...page, path, distinct: { ...page.distinct, template } };
}

/** The JavaScript the page's first load fetches: the entry and every module it preloads. */
function firstLoadScripts(html: string): { files: number; gzip: number } {
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g))
    if (match[1]) scripts.add(match[1]);
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) if (match[1]) scripts.add(match[1]);
  let gzip = 0;
  for (const script of scripts) gzip += gzipSync(readFileSync(path.join(clientDir, script))).length;
  return { files: scripts.size, gzip };
}

export interface PageResult {
  page: PageCase;
  html: { raw: number; gzip: number };
  /** The first distinct page's answer as a browser gets it (compressed as it accepts). */
  sent: { bytes: number; encoding: string | null };
  firstLoadJs: { files: number; gzip: number };
  /** The server's time per page (Server-Timing), sequential requests. */
  serverMs: { p50: number; p95: number };
  /** The server's CPU time per page over the same requests (undefined where /proc is missing). */
  serverCpuMs: number | undefined;
  repeated: LoadResult;
  distinct: LoadResult | undefined;
}

/**
 * Each page's sizes, server time and CPU per page; then, unless `sequentialOnly`, its load runs
 * (repeated, and distinct where it has distinct URLs).
 */
export async function measurePages(
  settings: LoadSettings & { serverPid?: number },
  cases: PageCase[],
  sequentialOnly = false,
): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const original of cases) {
    const page = await canonical(settings.baseUrl, original);
    const { html } = await fetchPage(settings.baseUrl + page.path, false, page.userAgent);
    const timedPaths = page.distinct ?? { template: page.path };
    const times: number[] = [];
    let sent: PageResult["sent"] = { bytes: Number.NaN, encoding: null };
    let cpuBefore: number | undefined;
    for (let index = 0; index < WARM_REQUESTS + TIMED_REQUESTS; index++) {
      if (index === WARM_REQUESTS && settings.serverPid) cpuBefore = cpuMsOf(settings.serverPid);
      const timed = await fetchPage(
        settings.baseUrl + pathAt(timedPaths, TIMED_START + index),
        true,
        page.userAgent,
      );
      if (timed.status !== 200)
        throw new Error(`${pathAt(timedPaths, TIMED_START + index)}: ${timed.status}`);
      if (index >= WARM_REQUESTS) times.push(timed.serverMs);
      if (index === 0) sent = timed.sent;
    }
    const cpuAfter = settings.serverPid ? cpuMsOf(settings.serverPid) : undefined;
    const serverCpuMs =
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / TIMED_REQUESTS;
    times.sort((a, b) => a - b);
    const noRun: LoadResult = { perSecond: 0, requests: 0, p50: 0, p95: 0, p99: 0, non2xx: 0, errors: 0 };
    const load = { ...settings, ...(page.userAgent ? { userAgent: page.userAgent } : {}) };
    if (!sequentialOnly) await runLoad({ ...load, duration: 2, paths: { template: page.path } });
    const repeated = sequentialOnly ? noRun : await runLoad({ ...load, paths: { template: page.path } });
    let distinct: LoadResult | undefined;
    if (page.distinct && !sequentialOnly) {
      await runLoad({ ...load, duration: 2, paths: { ...page.distinct, start: WARM_UP_START } });
      distinct = await runLoad({ ...load, paths: page.distinct });
    }
    results.push({
      page,
      html: { raw: Buffer.byteLength(html), gzip: gzipSync(html).length },
      sent,
      firstLoadJs: firstLoadScripts(html),
      serverMs: { p50: percentile(times, 0.5), p95: percentile(times, 0.95) },
      serverCpuMs,
      repeated,
      distinct,
    });
    if (!sequentialOnly)
      console.info(
        `measured: ${page.name} — repeated ${Math.round(repeated.perSecond)}/s` +
          (distinct ? `, distinct ${Math.round(distinct.perSecond)}/s` : ""),
      );
  }
  return results;
}

export interface ComparedPage {
  page: PageCase;
  /** Server CPU per page (ms): this checkout's build, then the other's. */
  cpuMs: [number, number];
}

/**
 * Each page's server CPU on two servers (this build and another checkout's), from sequential
 * requests sent to one then the other, their order swapped every request: a machine whose speed
 * drifts during a run (other tenants) slows both alike, where separate runs spread by ±15 %.
 */
export async function comparePages(
  servers: [{ baseUrl: string; pid: number }, { baseUrl: string; pid: number }],
  cases: PageCase[],
  requests: number,
): Promise<ComparedPage[]> {
  const results: ComparedPage[] = [];
  for (const original of cases) {
    const page = await canonical(servers[0].baseUrl, original);
    const paths = page.distinct ?? { template: page.path };
    const cpuMs: [number, number] = [0, 0];
    for (let index = 0; index < WARM_REQUESTS + requests; index++) {
      const address = pathAt(paths, TIMED_START + index);
      for (const side of index % 2 ? ([1, 0] as const) : ([0, 1] as const)) {
        const server = servers[side];
        const before = cpuMsOf(server.pid) ?? 0;
        const { status } = await fetchPage(server.baseUrl + address, true, page.userAgent);
        if (status !== 200) throw new Error(`${server.baseUrl}${address}: ${status}`);
        if (index >= WARM_REQUESTS) cpuMs[side] += (cpuMsOf(server.pid) ?? 0) - before;
      }
    }
    results.push({ page, cpuMs: [cpuMs[0] / requests, cpuMs[1] / requests] });
    console.info(`compared: ${page.name}`);
  }
  return results;
}

export function reportComparedPages(results: ComparedPage[], other: string, requests: number): string[] {
  return [
    `Server CPU per page, this build against ${other} (${requests} sequential requests to each, alternated, distinct URLs where the page has them):`,
    "",
    ...results.map(({ page, cpuMs: [own, others] }) => {
      const change = ((own - others) / others) * 100;
      return `${page.name.padEnd(22)} ${formatMs(own).padStart(7)} ms against ${formatMs(others).padStart(7)} ms (${change > 0 ? "+" : ""}${change.toFixed(1)} %)`;
    }),
  ];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function reportPages(results: PageResult[], sequentialOnly = false): string[] {
  const lines = [
    "Pages (server rendering) — targets: home, car list and ad page ≥ 200 pages/s with p95 ≤ 150 ms on distinct URLs; about ≥ 600 pages/s",
    "",
  ];
  for (const { page, html, sent, firstLoadJs, serverMs, serverCpuMs, repeated, distinct } of results) {
    const verdict = (run: LoadResult) => {
      if (!page.target) return "    ";
      const pass =
        run.perSecond >= page.target.perSecond &&
        (page.target.p95 === undefined || run.p95 <= page.target.p95) &&
        run.non2xx === 0 &&
        run.errors === 0;
      return pass ? "PASS" : "FAIL";
    };
    // The target applies to the distinct run where there is one.
    lines.push(
      `${page.name}  ${page.path}`,
      `      HTML ${kb(html.raw)} raw, ${kb(html.gzip)} gzip, sent ${kb(sent.bytes)} ${sent.encoding ?? "uncompressed"}; first-load JS ${firstLoadJs.files} files, ${kb(firstLoadJs.gzip)} gzip`,
      `      server time per page (Server-Timing, ${TIMED_REQUESTS} sequential requests${page.distinct ? " to distinct URLs" : ""}): p50 ${formatMs(serverMs.p50)} ms, p95 ${formatMs(serverMs.p95)} ms` +
        (serverCpuMs === undefined ? "" : `; server CPU ${formatMs(serverCpuMs)} ms a page`),
    );
    if (sequentialOnly) continue;
    lines.push(`      ${distinct ? "    " : verdict(repeated)} repeated: ${formatLoad(repeated, "pages/s")}`);
    if (distinct) {
      lines.push(`      ${verdict(distinct)} distinct: ${formatLoad(distinct, "pages/s")}`);
      lines.push(`             (${page.distinct?.template})`);
    }
  }
  return lines;
}
