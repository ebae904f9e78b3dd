// `npm run build`: builds the web app and records, beside the build, a hash of what it was built
// from. `npm start` (start.ts) asks `buildWebIfChanged()`, which builds only when that hash differs:
// a restart with unchanged sources starts in seconds instead of spending 16–18 s on a build. The
// client's text files are then compressed once, at the highest levels (apps/web/precompress.ts).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { precompressClient } from "../apps/web/precompress.ts";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(root, "apps/web/build");
const hashFile = path.join(buildDir, "sources.sha256");

/**
 * Everything the build reads from the repository: the app and its static files, the contracts it
 * bundles, the build's configuration, and the lock file for every dependency's version.
 */
const inputs = [
  "apps/web/app",
  "apps/web/public",
  "apps/web/package.json",
  "apps/web/react-router.config.ts",
  "apps/web/vite.config.ts",
  "packages/contracts/package.json",
  "packages/contracts/src",
  "package-lock.json",
  "tsconfig.json",
];

function filesOf(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** A hash of the inputs' paths and contents. */
export function sourcesHash(): string {
  const hash = createHash("sha256");
  const files = inputs.flatMap(filesOf).map((file) => file.split(path.sep).join("/"));
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Builds the web app (its workspace's `build` script) and records the hash of its sources. */
export async function buildWeb(): Promise<void> {
  const hash = sourcesHash();
  const result = spawnSync("npm", ["run", "build", "-w", "@unaa/web"], {
    cwd: root,
    stdio: "inherit",
    // npm is a .cmd script on Windows, which only a shell starts.
    shell: process.platform === "win32",
  });
  if (result.status !== 0) throw new Error(`the web build failed (exit code ${result.status})`);
  const started = performance.now();
  const compressed = await precompressClient(path.join(buildDir, "client"));
  console.info(
    `compressed ${compressed} client files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  writeFileSync(hashFile, `${hash}\n`);
}

/** Builds only when the sources differ from those of the last build (or there is none). */
export async function buildWebIfChanged(): Promise<void> {
  const built =
    existsSync(path.join(buildDir, "server/index.js")) &&
    existsSync(hashFile) &&
    readFileSync(hashFile, "utf8").trim() === sourcesHash();
  if (built) {
    console.info("The web build is up to date (no source changed since it was made).");
    return;
  }
  await buildWeb();
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await buildWeb();
