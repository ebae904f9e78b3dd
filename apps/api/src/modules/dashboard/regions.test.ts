import type { DashboardRegions, PlaceEdit, Region } from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../db/schema/index.ts";
import { signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { callAs } from "../ads/ads-test-kit.ts";
import type { TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let editor: TestClient;
let user: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  editor = (await signUpPersona(harness, "editor")) as TestClient;
  user = (await signUpPersona(harness, "user")) as TestClient;
});
afterAll(async () => {
  await harness.close();
});

const as = (client: TestClient | null) => callAs(harness, client);

async function dictionary(): Promise<DashboardRegions> {
  const response = await as(editor)("GET", "/api/dashboard/regions");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function publicRegions(): Promise<Region[]> {
  return (await harness.app.inject({ url: "/api/configs" })).json().regions;
}

function editOf(
  place: DashboardRegions["items"][number] | DashboardRegions["items"][number]["towns"][number],
): PlaceEdit {
  return { name: place.name, position: place.position, hidden: place.hidden };
}

describe("[S2.8] regions dictionary", () => {
  it("renames a town in three languages and hides another; the public configuration follows at once, audited", async () => {
    await publicRegions(); // warm the configuration's cache
    const region = (await dictionary()).items.find((item) => item.towns.length >= 2);
    if (!region) throw new Error("seed has no region with two towns");
    const [renamed, hidden] = region.towns as [(typeof region.towns)[0], (typeof region.towns)[0]];
    const name = { ky: "Жаңы шаар", ru: "Новый город", en: "New Town" };
    const rename = await as(editor)("PUT", `/api/dashboard/towns/${renamed.id}`, {
      ...editOf(renamed),
      name,
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const hide = await as(editor)("PUT", `/api/dashboard/towns/${hidden.id}`, {
      ...editOf(hidden),
      hidden: true,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const listed = hide.json<DashboardRegions>().items.find((item) => item.id === region.id);
    expect(listed?.towns.find((town) => town.id === hidden.id)?.hidden).toBe(true);

    const publicTowns = (await publicRegions()).find((item) => item.id === region.id)?.towns ?? [];
    expect(publicTowns.find((town) => town.id === renamed.id)?.name).toEqual(name);
    expect(publicTowns.map((town) => town.id)).not.toContain(hidden.id);

    const entries = await harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, "town"), eq(auditEntries.staffId, editor.userId)));
    expect(entries.map((entry) => [entry.action, entry.objectId])).toEqual([
      ["town.edit", String(renamed.id)],
      ["town.edit", String(hidden.id)],
    ]);
    expect(entries[0]).toMatchObject({ before: { name: renamed.name }, after: { name } });
  });

  it("hides a region from the public configuration and shows it again", async () => {
    const region = (await dictionary()).items.at(-1);
    if (!region) throw new Error("no regions");
    await as(editor)("PUT", `/api/dashboard/regions/${region.id}`, { ...editOf(region), hidden: true });
    expect((await publicRegions()).map((item) => item.id)).not.toContain(region.id);
    await as(editor)("PUT", `/api/dashboard/regions/${region.id}`, { ...editOf(region), hidden: false });
    expect((await publicRegions()).map((item) => item.id)).toContain(region.id);
    const actions = await harness.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(and(eq(auditEntries.objectType, "region"), eq(auditEntries.objectId, String(region.id))));
    expect(actions).toEqual([{ action: "region.edit" }, { action: "region.edit" }]);
  });

  it("adds a town; a taken slug in the region is 409 on `slug`", async () => {
    const region = (await dictionary()).items[0];
    if (!region) throw new Error("no regions");
    const body = { slug: "test-town-1", kind: "village", name: { ky: "Сынак", ru: "Проба", en: "Test" } };
    const added = await as(editor)("POST", `/api/dashboard/regions/${region.id}/towns`, body);
    expect(added.statusCode, added.body).toBe(200);
    const town = added
      .json<DashboardRegions>()
      .items.find((item) => item.id === region.id)
      ?.towns.find((item) => item.slug === "test-town-1");
    expect(town).toMatchObject({ name: body.name, hidden: false });
    expect(
      (await publicRegions()).find((item) => item.id === region.id)?.towns.map((item) => item.slug),
    ).toContain("test-town-1");

    const again = await as(editor)("POST", `/api/dashboard/regions/${region.id}/towns`, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "TOWN_SLUG_TAKEN", errors: [{ path: "slug" }] });
    const [entry] = await harness.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, "town.add"), eq(auditEntries.objectId, String(town?.id))));
    expect(entry?.staffId).toBe(editor.userId);
  });

  it("refuses bad input with field errors and writes nothing", async () => {
    const town = (await dictionary()).items[0]?.towns[0];
    if (!town) throw new Error("no towns");
    for (const [body, path] of [
      [{ ...editOf(town), name: { ...town.name, ru: "" } }, "name.ru"],
      [{ ...editOf(town), name: { ...town.name, en: "x".repeat(81) } }, "name.en"],
      [{ ...editOf(town), position: -1 }, "position"],
    ] as const) {
      const response = await as(editor)("PUT", `/api/dashboard/towns/${town.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const badSlug = await as(editor)("POST", `/api/dashboard/regions/${town.id}/towns`, {
      slug: "Bad Slug",
      kind: "village",
      name: town.name,
    });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().errors.map((error: { path: string }) => error.path)).toContain("slug");
    expect((await as(editor)("PUT", "/api/dashboard/towns/999999", editOf(town))).json().code).toBe(
      "TOWN_NOT_FOUND",
    );
    const after = (await dictionary()).items[0]?.towns[0];
    expect(after).toEqual(town);
  });

  it("is hidden (404) from an ordinary account", async () => {
    expect((await as(user)("GET", "/api/dashboard/regions")).statusCode).toBe(404);
  });
});
