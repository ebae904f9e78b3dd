import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { serverNodeFlags } from "./server-node-flags.ts";

it("npm start runs the server with the flags the benches use", () => {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts.start).toBe(`node ${serverNodeFlags.join(" ")} scripts/start.ts`);
});
