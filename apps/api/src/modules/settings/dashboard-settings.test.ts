import type { DashboardSettings, ErrorBody, PublicConfig } from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs } from "../ads/ads-test-kit.ts";
import type { TestClient } from "../auth/auth-test-kit.ts";
import { settingDefinitions } from "./settings.definitions.ts";
import { readSettings } from "./settings.service.ts";

let harness: TestApp;
let admin: TestClient;
let moderator: TestClient;
let editor: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  admin = (await signUpPersona(harness, "admin")) as TestClient;
  moderator = (await signUpPersona(harness, "moderator")) as TestClient;
  editor = (await signUpPersona(harness, "editor")) as TestClient;
});
afterAll(async () => {
  await harness.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

function auditOf(key: string) {
  return harness.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.action, "setting.change"), eq(auditEntries.objectId, key)));
}

describe("[S2.8] dashboard settings", () => {
  it("describes every defined setting with its kind, value and default", async () => {
    const response = await as(admin)("GET", "/api/dashboard/settings");
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<DashboardSettings>();
    expect(items.map((item) => item.key)).toEqual(Object.keys(settingDefinitions));
    const byKey = Object.fromEntries(items.map((item) => [item.key, item]));
    expect(byKey.moderationMode).toMatchObject({ kind: "enum", options: ["pre", "post", "auto"] });
    expect(byKey.adLifetimeDays).toMatchObject({ kind: "number", default: 30 });
    expect(byKey.freeAdLimits).toMatchObject({
      kind: "numbers",
      options: ["car", "commercial", "moto", "uslugi"],
    });
    expect(byKey.analyticsId).toMatchObject({ kind: "string", default: "" });
  });

  it("an admin's change is in force at once and audited with before and after; the same value again is not", async () => {
    const before = (await readSettings(harness.database.db)).adLifetimeDays;
    const next = before === 45 ? 46 : 45;
    const response = await as(admin)("PUT", "/api/dashboard/settings/adLifetimeDays", { value: next });
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json<DashboardSettings>().items.find((item) => item.key === "adLifetimeDays")?.value,
    ).toBe(next);
    expect((await readSettings(harness.database.db)).adLifetimeDays).toBe(next);
    const entries = await auditOf("adLifetimeDays");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      staffId: admin.userId,
      objectType: "setting",
      before: { value: before },
      after: { value: next },
    });

    const again = await as(admin)("PUT", "/api/dashboard/settings/adLifetimeDays", { value: next });
    expect(again.statusCode).toBe(200);
    expect(await auditOf("adLifetimeDays")).toHaveLength(1);
  });

  it("the public config shows a changed usdRate and analytics id without a restart", async () => {
    await harness.app.inject({ url: "/api/configs" });
    expect((await as(admin)("PUT", "/api/dashboard/settings/usdRate", { value: 91.25 })).statusCode).toBe(
      200,
    );
    const put = await as(admin)("PUT", "/api/dashboard/settings/analyticsId", { value: "12345678" });
    expect(put.statusCode).toBe(200);
    const config = (await harness.app.inject({ url: "/api/configs" })).json<PublicConfig>();
    expect(config.usdRate).toBe(91.25);
    expect((await readSettings(harness.database.db)).analyticsId).toBe("12345678");
    expect(config.analytics?.siteId).toBe("12345678");
  });

  it("a value that fails the setting's schema is 400 with field errors and changes nothing", async () => {
    const before = await readSettings(harness.database.db);
    const cases: [string, unknown, string][] = [
      ["adLifetimeDays", 0, "value"],
      ["adLifetimeDays", "many", "value"],
      ["moderationMode", "never", "value"],
      ["freeAdLimits", { car: -1, commercial: 3, moto: 3, uslugi: 5 }, "value.car"],
      ["analyticsId", "G-<script>", "value"],
    ];
    for (const [key, value, path] of cases) {
      const response = await as(admin)("PUT", `/api/dashboard/settings/${key}`, { value });
      expect(response.statusCode, `${key} ${response.body}`).toBe(400);
      const body = response.json<ErrorBody>();
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.errors?.map((error) => error.path)).toContain(path);
      expect(body.errors?.every((error) => error.message.length > 0)).toBe(true);
    }
    expect(await readSettings(harness.database.db)).toEqual(before);
    expect((await as(admin)("PUT", "/api/dashboard/settings/noSuchSetting", { value: 1 })).statusCode).toBe(
      404,
    );
    expect((await as(admin)("PUT", "/api/dashboard/settings/usdRate", {})).statusCode).toBe(400);
  });

  it("a moderator or an editor gets 404 for settings, reading or writing", async () => {
    for (const client of [moderator, editor]) {
      expect((await as(client)("GET", "/api/dashboard/settings")).statusCode).toBe(404);
      const write = await as(client)("PUT", "/api/dashboard/settings/moderationMode", { value: "pre" });
      expect(write.statusCode).toBe(404);
    }
    expect(await auditOf("moderationMode")).toHaveLength(0);
  });
});
