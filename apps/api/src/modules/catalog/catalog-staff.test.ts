import {
  catalogStaffGenerationsResponseSchema,
  catalogStaffMarkSchema,
  catalogStaffMarksResponseSchema,
  catalogStaffModelSchema,
  catalogStaffModelsResponseSchema,
  type Role,
} from "@unaa/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogChanges, catalogModels } from "../../db/schema/index.ts";
import { importCatalog } from "../../db/seed/catalog.seed.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { bearer, signUpUser, type TestClient } from "../auth/auth-test-kit.ts";

let harness: TestApp;
let editor: TestClient;

beforeAll(async () => {
  harness = await createTestApp();
  editor = await userWithRoles("editor");
});
afterAll(async () => {
  await harness.close();
});

async function userWithRoles(...roles: Role[]): Promise<TestClient> {
  const user = await signUpUser(harness);
  await harness.app.accounts.users.setRoles(user.userId, roles);
  return user;
}

function call(method: "GET" | "POST" | "PATCH", url: string, client?: TestClient, payload?: unknown) {
  return harness.app.inject({
    method,
    url,
    headers: client ? bearer(client) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const publicGet = (url: string) => harness.app.inject({ url });

async function searchNames(q: string): Promise<string[]> {
  const response = await publicGet(`/api/catalog/search?q=${encodeURIComponent(q)}&kind=car`);
  return response
    .json()
    .items.map((item: { mark: { name: string }; model: { name: string } | null }) =>
      item.model ? `${item.mark.name} ${item.model.name}` : item.mark.name,
    );
}

async function toyotaModelId(slug: string): Promise<number> {
  const body = (await publicGet("/api/catalog/marks/toyota/models")).json();
  const model = body.items.find((item: { slug: string }) => item.slug === slug);
  if (!model) throw new Error(`no ${slug}`);
  return model.id;
}

const newMark = {
  kind: "car",
  slug: "test-motors",
  name: "Test Motors",
  nameCyrillic: "Тест Моторс",
  country: "kg",
};

describe("who may edit the catalogue", () => {
  it("[S6.1] refuses a guest with 401 and a user without a staff role with 404", async () => {
    const guest = await call("POST", "/api/catalog/staff/marks", undefined, newMark);
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe("UNAUTHORIZED");
    // The role is checked before the body: a bad body tells an outsider nothing either.
    expect((await call("POST", "/api/catalog/staff/marks", undefined, {})).statusCode).toBe(401);
    const user = await userWithRoles();
    for (const [method, url] of [
      ["POST", "/api/catalog/staff/marks"],
      ["GET", "/api/catalog/staff/marks/1"],
      ["PATCH", "/api/catalog/staff/models/1"],
      ["POST", "/api/catalog/staff/models/1/merge"],
    ] as const) {
      const response = await call(method, url, user, method === "GET" ? undefined : { intoId: 2, name: "x" });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe("ROUTE_NOT_FOUND");
    }
  });

  it("[S6.1] lets editors, moderators and admins in", async () => {
    for (const role of ["editor", "moderator", "admin"] as const) {
      const staff = await userWithRoles(role);
      const response = await call("GET", `/api/catalog/staff/models/${await toyotaModelId("camry")}`, staff);
      expect(response.statusCode, role).toBe(200);
      expect(catalogStaffModelSchema.parse(response.json())).toMatchObject({
        slug: "camry",
        createdBy: null,
      });
    }
  });
});

describe("creating and editing entries", () => {
  it("creates a mark, model, generation and complectation, recorded with who and when", async () => {
    const mark = await call("POST", "/api/catalog/staff/marks", editor, newMark);
    expect(mark.statusCode).toBe(201);
    const markBody = catalogStaffMarkSchema.parse(mark.json());
    expect(markBody).toMatchObject({
      slug: "test-motors",
      createdBy: editor.userId,
      updatedBy: editor.userId,
    });
    expect(Date.parse(markBody.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const model = await call("POST", "/api/catalog/staff/models", editor, {
      markId: markBody.id,
      slug: "roadrunner",
      name: "Roadrunner",
      nameCyrillic: "Роудраннер",
      yearFrom: 2020,
      yearTo: null,
      popularity: 10,
    });
    expect(model.statusCode).toBe(201);
    const generation = await call("POST", "/api/catalog/staff/generations", editor, {
      modelId: model.json().id,
      slug: "i",
      name: "I",
      yearFrom: 2020,
      yearTo: null,
    });
    expect(generation.statusCode).toBe(201);
    const complectation = await call("POST", "/api/catalog/staff/complectations", editor, {
      generationId: generation.json().id,
      slug: "1-6-mt",
      name: "1.6 MT",
      body: "sedan",
      engineVolume: 1.6,
      powerHp: 110,
      fuel: "petrol",
      gearbox: "manual",
      drive: "front",
    });
    expect(complectation.statusCode).toBe(201);

    const specs = await publicGet(
      "/api/catalog/marks/test-motors/models/roadrunner/generations/i/complectations/1-6-mt",
    );
    expect(specs.statusCode).toBe(200);
    expect(specs.json().complectation).toMatchObject({ name: "1.6 MT", powerHp: 110, fuelConsumption: null });
    expect(await searchNames("тест мо")).toContain("Test Motors");
    expect(await searchNames("роудр")).toContain("Test Motors Roadrunner");

    const changes = await harness.database.db
      .select()
      .from(catalogChanges)
      .where(and(eq(catalogChanges.level, "mark"), eq(catalogChanges.entryId, markBody.id)));
    expect(changes).toEqual([expect.objectContaining({ action: "create", userId: editor.userId })]);
  });

  it("refuses bad input with field errors, a taken slug with 409, a missing parent with 400", async () => {
    const badYears = await call("POST", "/api/catalog/staff/models", editor, {
      markId: 1,
      slug: "x-1",
      name: "X1",
      yearFrom: 2020,
      yearTo: 2010,
    });
    expect(badYears.statusCode).toBe(400);
    expect(badYears.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "yearTo" }] });

    const badSlug = await call("POST", "/api/catalog/staff/marks", editor, {
      ...newMark,
      slug: "Test Motors",
    });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().errors[0].path).toBe("slug");

    const badEnum = await call("POST", "/api/catalog/staff/complectations", editor, {
      generationId: 1,
      slug: "x",
      name: "X",
      body: "spaceship",
      fuel: "petrol",
      gearbox: "manual",
      drive: "front",
    });
    expect(badEnum.statusCode).toBe(400);
    expect(badEnum.json().errors[0].path).toBe("body");

    const taken = await call("POST", "/api/catalog/staff/marks", editor, { ...newMark, slug: "toyota" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "CATALOG_SLUG_TAKEN", errors: [{ path: "slug" }] });

    const orphan = await call("POST", "/api/catalog/staff/generations", editor, {
      modelId: 999_999,
      slug: "g",
      name: "G",
      yearFrom: 2000,
      yearTo: 2001,
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ path: "modelId" }] });

    const unknown = await call("PATCH", "/api/catalog/staff/models/999999", editor, { name: "Nothing" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("CATALOG_NOT_FOUND");

    // A patch may not move one end of the years past the other end it did not send.
    const camry = await toyotaModelId("camry");
    const backwards = await call("PATCH", `/api/catalog/staff/models/${camry}`, editor, { yearTo: 1970 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors[0].path).toBe("yearTo");
  });

  it("edits an entry: who and when are recorded and search follows at once", async () => {
    const id = await toyotaModelId("ipsum");
    expect(await searchNames("ипсумчик")).toEqual([]);
    const response = await call("PATCH", `/api/catalog/staff/models/${id}`, editor, {
      aliases: ["ипсумчик"],
      popularity: 60,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      aliases: ["ипсумчик"],
      popularity: 60,
      updatedBy: editor.userId,
    });
    expect(await searchNames("ипсумчик")).toEqual(["Toyota Ipsum"]);
  });

  it("an ad's references (kept a minute) follow a rename at once", async () => {
    const id = await toyotaModelId("ipsum");
    const refsOf = () => harness.app.services.catalogService.findRefs({ mark: null, model: id });
    expect((await refsOf()).model?.name).toBe("Ipsum");
    await call("PATCH", `/api/catalog/staff/models/${id}`, editor, { name: "Ipsum Verso" });
    expect((await refsOf()).model?.name).toBe("Ipsum Verso");
    await call("PATCH", `/api/catalog/staff/models/${id}`, editor, { name: "Ipsum" });
    expect((await refsOf()).model?.name).toBe("Ipsum");
  });

  it("lists and pages (kept a minute) follow a rename at once", async () => {
    const id = await toyotaModelId("ipsum");
    const modelName = async () => {
      const models = (await publicGet("/api/catalog/marks/toyota/models")).json().items;
      const generations = (await publicGet("/api/catalog/marks/toyota/models/ipsum/generations")).json();
      return [models.find((item: { id: number }) => item.id === id)?.name, generations.model.name];
    };
    expect(await modelName()).toEqual(["Ipsum", "Ipsum"]);
    await call("PATCH", `/api/catalog/staff/models/${id}`, editor, { name: "Ipsum Verso" });
    expect(await modelName()).toEqual(["Ipsum Verso", "Ipsum Verso"]);
    await call("PATCH", `/api/catalog/staff/models/${id}`, editor, { name: "Ipsum" });
    expect(await modelName()).toEqual(["Ipsum", "Ipsum"]);
  });

  it("the data import keeps what staff changed", async () => {
    const id = await toyotaModelId("ipsum");
    const result = await importCatalog(harness.database.db);
    expect(result.inserted).toBe(0);
    const [row] = await harness.database.db.select().from(catalogModels).where(eq(catalogModels.id, id));
    expect(row).toMatchObject({ aliases: ["ипсумчик"], popularity: 60, updatedBy: editor.userId });
  });
});

describe("hiding", () => {
  it("takes an entry out of lists, search and pages; staff still see it; showing brings it back", async () => {
    const id = await toyotaModelId("estima");
    const hidden = await call("PATCH", `/api/catalog/staff/models/${id}`, editor, { isHidden: true });
    expect(hidden.json()).toMatchObject({ isHidden: true, updatedBy: editor.userId });

    const models = (await publicGet("/api/catalog/marks/toyota/models")).json().items;
    expect(models.map((item: { slug: string }) => item.slug)).not.toContain("estima");
    expect(await searchNames("эстима")).toEqual([]);
    expect((await publicGet("/api/catalog/marks/toyota/models/estima/generations")).statusCode).toBe(404);
    expect((await call("GET", `/api/catalog/staff/models/${id}`, editor)).json().isHidden).toBe(true);

    await call("PATCH", `/api/catalog/staff/models/${id}`, editor, { isHidden: false });
    expect((await publicGet("/api/catalog/marks/toyota/models/estima/generations")).statusCode).toBe(200);
    expect(await searchNames("эстима")).toEqual(["Toyota Estima"]);
  });
});

describe("staff lists", () => {
  it("[S2.8] list a kind's marks, a mark's models and a model's generations, hidden ones included", async () => {
    const create = async (path: string, body: object): Promise<number> => {
      const response = await call("POST", `/api/catalog/staff/${path}`, editor, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id;
    };
    const markId = await create("marks", { ...newMark, slug: "list-motors", name: "List Motors" });
    const shown = await create("models", {
      markId,
      slug: "shown",
      name: "Shown",
      yearFrom: 2001,
      yearTo: null,
    });
    const hidden = await create("models", {
      markId,
      slug: "hidden",
      name: "Hidden",
      yearFrom: 2002,
      yearTo: null,
    });
    await call("PATCH", `/api/catalog/staff/models/${hidden}`, editor, { isHidden: true });
    const older = await create("generations", {
      modelId: shown,
      slug: "one",
      name: "I",
      yearFrom: 2001,
      yearTo: 2005,
    });
    const newer = await create("generations", {
      modelId: shown,
      slug: "two",
      name: "II",
      yearFrom: 2006,
      yearTo: null,
    });

    const marks = await call("GET", "/api/catalog/staff/marks?kind=car", editor);
    expect(marks.statusCode).toBe(200);
    expect(marks.headers["cache-control"]).toBe("no-store");
    expect(catalogStaffMarksResponseSchema.parse(marks.json()).items.map((mark) => mark.id)).toContain(
      markId,
    );

    const models = catalogStaffModelsResponseSchema.parse(
      (await call("GET", `/api/catalog/staff/marks/${markId}/models`, editor)).json(),
    ).items;
    expect(models.map((model) => [model.slug, model.isHidden]).sort()).toEqual([
      ["hidden", true],
      ["shown", false],
    ]);
    const publicModels = (await publicGet("/api/catalog/marks/list-motors/models")).json().items;
    expect(publicModels.map((model: { slug: string }) => model.slug)).toEqual(["shown"]);

    const generations = async () =>
      catalogStaffGenerationsResponseSchema
        .parse((await call("GET", `/api/catalog/staff/models/${shown}/generations`, editor)).json())
        .items.map((generation) => generation.id);
    expect(await generations()).toEqual([older, newer]);
    // A merged entry is left out: it lives on as the one it was merged into.
    const merged = await call("POST", `/api/catalog/staff/generations/${older}/merge`, editor, {
      intoId: newer,
    });
    expect(merged.statusCode).toBe(204);
    expect(await generations()).toEqual([newer]);

    expect((await call("GET", "/api/catalog/staff/marks/999999999/models", editor)).statusCode).toBe(404);
    expect((await call("GET", "/api/catalog/staff/models/999999999/generations", editor)).json().code).toBe(
      "CATALOG_NOT_FOUND",
    );
    expect((await call("GET", "/api/catalog/staff/marks?kind=car")).statusCode).toBe(401);
    expect((await call("GET", "/api/catalog/staff/marks?kind=car", await userWithRoles())).statusCode).toBe(
      404,
    );
  });
});

describe("merging duplicates", () => {
  it("moves the children, merges same-slug ones, and leads old addresses to the one that stays", async () => {
    const toyota = (await publicGet("/api/catalog/marks/toyota/models")).json().mark.id;
    const duplicate = (
      await call("POST", "/api/catalog/staff/models", editor, {
        markId: toyota,
        slug: "kamri",
        name: "Kamri",
        yearFrom: 1982,
        yearTo: null,
      })
    ).json();
    const twin = (
      await call("POST", "/api/catalog/staff/generations", editor, {
        modelId: duplicate.id,
        slug: "xv70",
        name: "XV70",
        yearFrom: 2017,
        yearTo: 2021,
      })
    ).json();
    await call("POST", "/api/catalog/staff/complectations", editor, {
      generationId: twin.id,
      slug: "2-5-hybrid-cvt",
      name: "2.5 hybrid CVT",
      body: "sedan",
      engineVolume: 2.5,
      fuel: "hybrid",
      gearbox: "cvt",
      drive: "front",
    });
    await call("POST", "/api/catalog/staff/generations", editor, {
      modelId: duplicate.id,
      slug: "xv99-test",
      name: "XV99 test",
      yearFrom: 2030 - 5,
      yearTo: null,
    });
    const camry = await toyotaModelId("camry");

    const merged = await call("POST", `/api/catalog/staff/models/${duplicate.id}/merge`, editor, {
      intoId: camry,
    });
    expect(merged.statusCode).toBe(204);

    // The duplicate's address answers with Camry (its real slugs), its children live on Camry.
    const old = (await publicGet("/api/catalog/marks/toyota/models/kamri/generations")).json();
    expect(old.model.slug).toBe("camry");
    expect(old.items.map((item: { slug: string }) => item.slug)).toContain("xv99-test");
    const xv70 = (
      await publicGet("/api/catalog/marks/toyota/models/camry/generations/xv70/complectations")
    ).json();
    expect(xv70.items.map((item: { slug: string }) => item.slug)).toEqual(
      expect.arrayContaining(["2-5-at", "2-5-hybrid-cvt"]),
    );
    const models = (await publicGet("/api/catalog/marks/toyota/models")).json().items;
    expect(models.map((item: { slug: string }) => item.slug)).not.toContain("kamri");
    expect(await searchNames("kamri")).not.toContain("Toyota Kamri");
    expect((await call("GET", `/api/catalog/staff/models/${duplicate.id}`, editor)).json()).toMatchObject({
      mergedIntoId: camry,
      updatedBy: editor.userId,
    });
    const log = await harness.database.db
      .select()
      .from(catalogChanges)
      .where(and(eq(catalogChanges.level, "model"), eq(catalogChanges.entryId, duplicate.id)));
    expect(log.map((change) => change.action)).toEqual(["create", "merge"]);
  });

  it("refuses a merge into itself, into another kind, or of an entry already merged", async () => {
    const camry = await toyotaModelId("camry");
    const corolla = await toyotaModelId("corolla");
    const self = await call("POST", `/api/catalog/staff/models/${camry}/merge`, editor, { intoId: camry });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe("CATALOG_MERGE_INVALID");

    const kamaz = (await publicGet("/api/catalog/marks/kamaz/models?kind=commercial")).json();
    const truck = kamaz.items[0].id;
    const otherKind = await call("POST", `/api/catalog/staff/models/${corolla}/merge`, editor, {
      intoId: truck,
    });
    expect(otherKind.statusCode).toBe(400);

    const toyota = (await publicGet("/api/catalog/marks/toyota/models")).json().mark.id;
    const intoCommercial = await call("POST", `/api/catalog/staff/marks/${toyota}/merge`, editor, {
      intoId: kamaz.mark.id,
    });
    expect(intoCommercial.statusCode).toBe(400);

    const missing = await call("POST", "/api/catalog/staff/models/999999/merge", editor, { intoId: camry });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("CATALOG_NOT_FOUND");
  });
});
