import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { keptFile } from "./kept-file.ts";

const folder = mkdtempSync(path.join(tmpdir(), "unaa-kept-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("files kept in DATA_DIR", () => {
  it("writes the text once, owner-only, and reads it back on every later start", () => {
    const file = path.join(folder, "once", "secret");
    expect(keptFile(file, () => "first\n")).toBe("first\n");
    expect(keptFile(file, () => "second\n")).toBe("first\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(["secret"]);
  });

  it("gives server processes starting at once the same text, never a file half written", async () => {
    const run = promisify(execFile);
    const module = new URL("./kept-file.ts", import.meta.url).href;
    // Each process waits for the same moment, writes a text large enough to take more than one
    // write, and prints what it kept.
    const script = `import { keptFile } from ${JSON.stringify(module)};
      const [file, at] = process.argv.slice(1);
      while (Date.now() < Number(at));
      process.stdout.write(keptFile(file, () => String(process.pid).padStart(8, "0").repeat(200_000)));`;
    for (let round = 0; round < 3; round++) {
      const file = path.join(folder, `race-${round}`, "vapid.json");
      const at = String(Date.now() + 500);
      const kept = await Promise.all(
        Array.from({ length: 6 }, () =>
          run(process.execPath, ["--input-type=module", "--eval", script, file, at], { maxBuffer: 1 << 24 }),
        ),
      );
      const texts = new Set(kept.map((output) => output.stdout));
      expect(texts.size).toBe(1);
      const [text] = texts;
      expect(text?.length).toBeGreaterThan(1_000_000);
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(readdirSync(path.dirname(file))).toEqual(["vapid.json"]);
    }
    // Eighteen Node processes, each loading the module: ~3.5 s on two idle cores, more on a busy
    // machine (it timed out at the default 5 s under load).
  }, 30_000);

  it("refuses a kept secret or key pair that is not one, saying what to do", async () => {
    const { resolveAuthSecret } = await import("./auth-secret.ts");
    const { resolveVapidKeys } = await import("./web-push.ts");
    const { parseConfig } = await import("../config.ts");
    const dataDir = path.join(folder, "broken");
    const config = parseConfig({ DATA_DIR: dataDir });
    keptFile(path.join(dataDir, "secret"), () => "\n");
    keptFile(path.join(dataDir, "vapid.json"), () => "");
    expect(() => resolveAuthSecret({ ...config, authSecret: undefined })).toThrow(
      /remove it, or set AUTH_SECRET/,
    );
    expect(() => resolveVapidKeys(config)).toThrow(/remove it, or set VAPID_PUBLIC_KEY/);
    writeFileSync(path.join(dataDir, "vapid.json"), "{}");
    expect(() => resolveVapidKeys(config)).toThrow(/holds no key pair/);
  });
});
