// The browser part of `npm run bench -- --main-thread`: how long a page's first load keeps the
// browser's main thread busy. Each page loads in Chromium (a fresh context: nothing cached) with
// the CPU slowed four times, as Lighthouse's mobile run does, and a `longtask` observer records
// every task over 50 ms until 3 s after `load`. Reported per page (median of the runs): the blocking
// time (each long task's part over 50 ms, summed: what Lighthouse calls TBT, here measured rather
// than simulated) and the longest task. A wide screen's window, or a phone's (412 px, its user agent).
import { chromium } from "playwright-core";
import { chromiumPath } from "../e2e/browser.ts";
import type { PageCase } from "./pages.ts";

const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3000;

export interface MainThreadResult {
  page: PageCase;
  /** Per run, sorted: the summed blocking time and the longest task (ms). */
  blocking: number[];
  longest: number[];
}

declare global {
  interface Window {
    __longTasks?: number[];
  }
}

export async function measureMainThread(
  baseUrl: string,
  pages: PageCase[],
  runs: number,
): Promise<MainThreadResult[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--no-sandbox"] });
  try {
    const results: MainThreadResult[] = [];
    for (const page of pages) {
      const blocking: number[] = [];
      const longest: number[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext(
          page.userAgent
            ? {
                viewport: { width: 412, height: 823 },
                isMobile: true,
                hasTouch: true,
                userAgent: page.userAgent,
              }
            : { viewport: { width: 1350, height: 940 } },
        );
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await tab.addInitScript(() => {
          const durations: number[] = [];
          window.__longTasks = durations;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) durations.push(entry.duration);
          }).observe({ type: "longtask", buffered: true });
        });
        await tab.goto(baseUrl + page.path, { waitUntil: "load" });
        await tab.waitForTimeout(SETTLE_MS);
        const tasks = await tab.evaluate(() => window.__longTasks ?? []);
        blocking.push(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0));
        longest.push(Math.max(0, ...tasks));
        await context.close();
      }
      const ascending = (a: number, b: number) => a - b;
      results.push({ page, blocking: blocking.sort(ascending), longest: longest.sort(ascending) });
    }
    return results;
  } finally {
    await browser.close();
  }
}

export function reportMainThread(results: MainThreadResult[]): string[] {
  const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;
  const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(" ");
  return [
    `Main thread of a first load (Chromium, CPU slowed ${CPU_SLOWDOWN}×, until ${SETTLE_MS / 1000} s after load; median of ${results[0]?.blocking.length ?? 0} runs)`,
    "",
    ...results.flatMap(({ page, blocking, longest }) => [
      `${page.name.padEnd(22)} ${page.path}`,
      `      blocking time ${median(blocking).toFixed(0)} ms (runs: ${ms(blocking)}); longest task ${median(longest).toFixed(0)} ms`,
    ]),
  ];
}
