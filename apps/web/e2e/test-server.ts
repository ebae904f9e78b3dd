import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const serverEntry = fileURLToPath(new URL("../server.ts", import.meta.url));

export interface TestServer {
  url: string;
  process: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real production server (`node apps/web/server.ts`, built beforehand by `npm run
 * build`) on a free port with a fresh embedded database, and resolves when it is listening.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "unaa-e2e-"));
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      SEED_DEMO: "false",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // Production requires a signing secret; each test server gets its own throw-away one.
      AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(48).toString("base64"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("\n")}`)), 60_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line) continue;
        logs.push(line);
        const ready = /Unaa is ready at (http:\/\/\S+?)"/.exec(line);
        if (ready?.[1]) {
          clearTimeout(timer);
          resolve(ready[1].replace("localhost", "127.0.0.1"));
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join("\n")}`));
    });
  });
  return {
    url,
    process: child,
    logs,
    stop(signal = "SIGTERM") {
      return new Promise((resolve) => {
        if (child.exitCode !== null) {
          rmSync(dataDir, { recursive: true, force: true });
          resolve(child.exitCode);
          return;
        }
        child.once("exit", (code) => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}
