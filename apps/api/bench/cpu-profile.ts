// Where a `node --cpu-prof` profile's time went: self time by function and by package, limited to
// a time window (the load run, not the start-up). Used by `npm run bench -- --profile <path>`.
import { readFileSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** Microseconds on the monotonic clock (`process.hrtime`'s, on the same machine). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(import.meta.dirname, "../../..");

/** `node_modules/react-dom/cjs/x.js` → `react-dom/cjs/x.js`; the app's files relative to the repository. */
function shortUrl(url: string): string {
  const file = url.replace(/^file:\/\//, "");
  const inModules = file.lastIndexOf("node_modules/");
  if (inModules >= 0) return file.slice(inModules + "node_modules/".length);
  return file.startsWith(root) ? path.relative(root, file) : file;
}

/** The package a function belongs to (React's with its file: development or production build). */
function area(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node (built-in)";
  const file = shortUrl(url);
  if (!url.includes("node_modules/")) {
    return file.startsWith("apps/web/build/") ? "apps/web/build (the server bundle)" : path.dirname(file);
  }
  const parts = file.split("/");
  const name = parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? file);
  return name === "react-dom" || name === "react" ? `${name} (${parts.at(-1)})` : name;
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1).padStart(5)} %`;

/**
 * The summary's lines: busy time in the window, then the `top` functions and packages by self time.
 * `window` is in microseconds of the monotonic clock (process.hrtime.bigint() / 1000n).
 */
export function summarizeProfile(file: string, window: { from: number; to: number }, top = 25): string[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let time = profile.startTime;
  let busy = 0;
  let idle = 0;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index] ?? 0;
    const weight = profile.timeDeltas[index + 1] ?? 0;
    if (time < window.from || time > window.to) continue;
    const node = nodes.get(profile.samples[index] ?? -1);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") {
      idle += weight;
      continue;
    }
    busy += weight;
    const key = `${functionName || "(anonymous)"}  ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + weight);
    const where = area(url, functionName);
    byArea.set(where, (byArea.get(where) ?? 0) + weight);
  }
  if (busy === 0) return ["(no samples in the load window)"];
  const ranked = (totals: Map<string, number>) => [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `CPU in the load window: ${(busy / 1000).toFixed(0)} ms busy, ${(idle / 1000).toFixed(0)} ms idle (${percent(busy, busy + idle).trim()} busy)`,
    "",
    `Top ${top} functions by self time (% of busy):`,
    ...ranked(byFunction).map(
      ([key, us]) => `  ${percent(us, busy)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`,
    ),
    "",
    "Self time by package:",
    ...ranked(byArea).map(
      ([key, us]) => `  ${percent(us, busy)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`,
    ),
  ];
}
