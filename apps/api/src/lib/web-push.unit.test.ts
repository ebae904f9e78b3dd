import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "../config.ts";
import { resolveVapidKeys } from "./web-push.ts";

const folder = mkdtempSync(path.join(tmpdir(), "unaa-vapid-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("VAPID keys", () => {
  it("generates a pair once and keeps it in DATA_DIR when the variables are unset", () => {
    const config = parseConfig({ DATA_DIR: folder });
    const first = resolveVapidKeys(config);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(resolveVapidKeys(config)).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(folder, "vapid.json"), "utf8")).publicKey).toBe(first.publicKey);
    expect(first.subject).toBe("mailto:push@localhost");
  });

  it("takes the configured pair and subject; an https public address is the default subject", () => {
    const publicKey = "B".repeat(87);
    const privateKey = "A".repeat(43);
    const set = parseConfig({ DATA_DIR: folder, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(resolveVapidKeys(set)).toMatchObject({ publicKey, privateKey });
    expect(
      resolveVapidKeys(parseConfig({ DATA_DIR: folder, PUBLIC_ORIGIN: "https://example.test" })).subject,
    ).toBe("https://example.test");
    const subject = parseConfig({ DATA_DIR: folder, VAPID_SUBJECT: "mailto:ops@example.test" });
    expect(resolveVapidKeys(subject).subject).toBe("mailto:ops@example.test");
  });

  it("refuses half a pair and a subject that is neither https: nor mailto:", () => {
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: "B".repeat(87) })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => parseConfig({ VAPID_SUBJECT: "http://x.test" })).toThrow(/VAPID_SUBJECT/);
  });
});
