/**
 * The server in several processes (decision 081), as it runs with PostgreSQL and Redis: the
 * processes share the port and answer alike, a settings change made through one is in every one's
 * configuration at once, a process that ends is replaced without the site going down, and SIGTERM
 * stops them all. Its own server; runs where CI has PostgreSQL and Redis.
 */
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import type { PublicConfig } from "@unaa/contracts";
import { apiCall, signInStaff } from "./ad-seed.ts";
import { describe, expect, poll, startOwnServer, test } from "./fixtures.ts";

const redisUrl = process.env.TEST_REDIS_URL;

/** The server's processes: the first process's children. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A GET on a connection of its own (the processes take connections in turn), answered as JSON in 10 s. */
function getOnNewConnection<T>(url: string): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { agent: false, headers: { connection: "close" }, timeout: 10_000 },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as T }));
      },
    );
    call.on("timeout", () => call.destroy(new Error(`no answer in 10 s: ${url}`)));
    call.on("error", reject);
    call.end();
  });
}

describe.runIf(redisUrl && process.env.TEST_DATABASE_URL)("the server in two processes", () => {
  test("[S2.13] both answer; a settings change through one is in the other's configuration at once; an ended process is replaced; SIGTERM stops both", {
    timeout: 180_000,
  }, async () => {
    const server = await startOwnServer({ SERVER_PROCESSES: "2", REDIS_URL: redisUrl as string });
    let stopped = false;
    try {
      const first = server.process.pid as number;
      await poll(() => server.logs.filter((line) => line.includes("Unaa is ready")).length).toBe(2);
      expect(server.logs.some((line) => line.includes("serving in 2 processes"))).toBe(true);
      expect(childrenOf(first)).toHaveLength(2);

      // Connections go to the processes in turn: requests on ten of them reach both.
      const configs = () =>
        Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            getOnNewConnection<PublicConfig>(`${server.url}/api/configs?probe=${index}`),
          ),
        );
      const before = await configs();
      expect(before.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const answeredBy = new Set(
        server.logs
          .filter((line) => line.includes('"url":"/api/configs?probe='))
          .map((line) => (JSON.parse(line) as { pid: number }).pid),
      );
      expect(answeredBy.size).toBe(2);

      // Both keep the configuration (30 s); the admin's change reaches the one that did not make it.
      const rate = before[0]?.body.usdRate === 89.5 ? 89.25 : 89.5;
      const admin = await signInStaff(server, "admin");
      await apiCall(server, "PUT", "/api/dashboard/settings/usdRate", { value: rate }, admin.accessToken);
      await poll(async () => (await configs()).map((answer) => answer.body.usdRate)).toEqual(
        Array(10).fill(rate),
      );

      // A process that ends is replaced; the site answers meanwhile. (A connection the first process
      // hands to a copy in the instant it dies, before the first process sees it end, is lost: a
      // limit of node:cluster, hence the wait for that notice.)
      const [ended] = childrenOf(first);
      process.kill(ended as number, "SIGKILL");
      await poll(() => server.logs.some((line) => line.includes("a server process ended"))).toBe(true);
      expect((await getOnNewConnection<unknown>(`${server.url}/api/health`)).status).toBe(200);
      // A process starts in about 5 s on two idle cores, and took over 15 s (the usual wait) beside
      // another browser file and PostgreSQL: the new one is given a minute.
      await expect
        .poll(() => server.logs.filter((line) => line.includes("Unaa is ready")).length, { timeout: 60_000 })
        .toBe(3);
      const now = childrenOf(first);
      expect(now).toHaveLength(2);
      expect(now).not.toContain(ended);

      const code = await server.stop();
      stopped = true;
      expect(code).toBe(0);
      expect(now.filter((pid) => readdirSync("/proc").includes(String(pid)))).toEqual([]);
    } finally {
      if (!stopped) await server.stop();
    }
  });
});
