// `npm run test:budget` (after the build) runs this check: the shell's stylesheet imports Mantine's
// styles component by component (apps/web/app/mantine-styles.css), only those whose classes the built
// client's JavaScript uses — Mantine's whole stylesheet is 42 KB of render-blocking CSS (gzip), most
// of it for components the site never shows. The check fails, naming the files, when a component's
// classes are used but its styles are not imported, or imported but no longer used.
// `node scripts/mantine-styles.ts --write` rewrites the list from the last build, in Mantine's order.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stylesDir = path.join(root, "node_modules/@mantine/core/styles");
const listFile = path.join(root, "apps/web/app/mantine-styles.css");
const assetsDir = path.join(root, "apps/web/build/client/assets");

/** Mantine's class names as its components write them: `m_` and eight hex digits. */
const CLASS = /m_[0-9a-f]{8}/g;
/** The styles every page needs whatever components it shows (reset, variables, global classes). */
const GLOBAL_FILES = ["baseline.layer.css", "default-css-variables.layer.css", "global.layer.css"];

export interface StyleFile {
  name: string;
  classes: Set<string>;
}

/** Mantine's per-component layered style files, in the order its whole stylesheet has them. */
export function mantineStyleFiles(): StyleFile[] {
  const whole = readFileSync(path.join(root, "node_modules/@mantine/core/styles.layer.css"), "utf8");
  const files = readdirSync(stylesDir)
    .filter((name) => name.endsWith(".layer.css") && !GLOBAL_FILES.includes(name))
    .map((name) => {
      const text = readFileSync(path.join(stylesDir, name), "utf8");
      return { name, classes: new Set(text.match(CLASS)), at: whole.indexOf(firstRule(text)) };
    });
  files.sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
  return files.map(({ name, classes }) => ({ name, classes }));
}

/** The first rule of a layered file, as it appears inside the whole stylesheet's layer. */
function firstRule(text: string): string {
  const inner = text.slice(text.indexOf("{") + 1).trimStart();
  return inner.slice(0, inner.indexOf("{"));
}

/** The Mantine classes the built client's JavaScript names. */
export function classesUsedByBuild(dir = assetsDir): Set<string> {
  const used = new Set<string>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".js"))) {
    for (const match of readFileSync(path.join(dir, name), "utf8").matchAll(CLASS)) used.add(match[0]);
  }
  return used;
}

/** The component files whose classes are used, in Mantine's order. */
export function neededFiles(files: StyleFile[], used: Set<string>): string[] {
  return files.filter((file) => [...file.classes].some((name) => used.has(name))).map((file) => file.name);
}

/** The component files the list imports (the global ones aside). */
export function importedFiles(list: string): string[] {
  return [...list.matchAll(/@import "@mantine\/core\/styles\/([\w-]+\.layer\.css)"/g)]
    .map((match) => match[1] ?? "")
    .filter((name) => !GLOBAL_FILES.includes(name));
}

function listText(needed: string[]): string {
  const imports = [...GLOBAL_FILES, ...needed].map((name) => `@import "@mantine/core/styles/${name}";`);
  return `/*
 * Mantine's styles, component by component: only those whose classes the site's JavaScript uses
 * (each in the cascade layer \`mantine\`, decision 076). Written by \`node scripts/mantine-styles.ts
 * --write\` from a build, checked by \`npm run test:budget\`; in Mantine's own order.
 */
${imports.join("\n")}
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const needed = neededFiles(mantineStyleFiles(), classesUsedByBuild());
  if (process.argv.includes("--write")) {
    writeFileSync(listFile, listText(needed));
    console.info(`${path.relative(root, listFile)}: ${needed.length} component files`);
  } else {
    const imported = importedFiles(readFileSync(listFile, "utf8"));
    const missing = needed.filter((name) => !imported.includes(name));
    const unused = imported.filter((name) => !needed.includes(name));
    console.info(
      `Mantine styles: ${imported.length} component files imported, ${needed.length} used by the build`,
    );
    if (missing.length > 0) console.error(`used but not imported: ${missing.join(", ")}`);
    if (unused.length > 0) console.error(`imported but not used: ${unused.join(", ")}`);
    if (missing.length > 0 || unused.length > 0) {
      console.error("run `node scripts/mantine-styles.ts --write` after `npm run build`, then build again");
      process.exit(1);
    }
  }
}
