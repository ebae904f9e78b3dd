import {
  type AdFilters,
  adFilterSchemas,
  adSearchKey,
  adSearchKeySql,
  adSearchResponseSchema,
  verticalDefinitions,
} from "@unaa/contracts";
import { eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStatement } from "../../db/client.ts";
import { ads, adTitleWords } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { signUpUser, type TestClient } from "../auth/auth-test-kit.ts";
import { createAdSearch, textCondition } from "./ads-search.ts";
import {
  type CatalogPick,
  callAs,
  carBody,
  createPublished,
  pickCatalog,
  pickPlaces,
  setSetting,
  validBodies,
} from "./ads-test-kit.ts";

let harness: TestApp;
let seller: TestClient;
let regionId: number;
const ad: Record<string, number> = {};

async function service(title: string, description: string): Promise<number> {
  const body = {
    vertical: "uslugi",
    title,
    description,
    price: 1000,
    currency: "KGS",
    regionId,
    fields: { category: "repair" },
  };
  return (await createPublished(harness, seller, body)).id;
}

beforeAll(async () => {
  harness = await createTestApp();
  seller = await signUpUser(harness);
  ({ regionId } = await pickPlaces(harness));
  await setSetting(harness, "freeAdLimits", { car: 1000, commercial: 1000, moto: 1000, uslugi: 1000 });
  const camry = await pickCatalog(harness, "car", "toyota", "camry");
  const cruiser = await pickCatalog(harness, "car", "toyota", "land-cruiser");
  const honda = await pickCatalog(harness, "car", "honda");
  const camaro = await pickCatalog(harness, "car", "chevrolet", "camaro");
  const creta = await pickCatalog(harness, "car", "hyundai", "creta");
  ad.camry = (await createPublished(harness, seller, carBody(camry, regionId))).id;
  ad.cruiser = (await createPublished(harness, seller, carBody(cruiser, regionId))).id;
  ad.honda = (await createPublished(harness, seller, carBody(honda, regionId))).id;
  ad.camaro = (await createPublished(harness, seller, carBody(camaro, regionId))).id;
  ad.creta = (await createPublished(harness, seller, carBody(creta, regionId))).id;
  ad.rental = await service("Toyota Camry в аренду посуточно", "Чистая машина, полный бак");
  ad.prado = await service("Ремонт ходовой части", "Чиним Прадо и другие внедорожники с новым двигателем");
  ad.kyrgyz = await service("Унаа оңдоо", "Унааңызды үйдө оңдойбуз, тез жана арзан");
});
afterAll(async () => {
  await harness.close();
});

async function find(vertical: string, q: string): Promise<number[]> {
  const response = await callAs(harness, null)(
    "GET",
    `/api/ads?vertical=${vertical}&limit=50&q=${encodeURIComponent(q)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return adSearchResponseSchema.parse(response.json()).items.map((item) => item.id);
}

describe("free-text search", () => {
  it("[P5] 'камри' finds Camry: the Latin title and the catalogue's Cyrillic name", async () => {
    expect(await find("car", "камри")).toEqual([ad.camry]);
    expect(await find("car", "КАМРИ")).toEqual([ad.camry]);
    // A seller's own title, no catalogue behind it: the transliteration alone.
    expect(await find("uslugi", "камри")).toEqual([ad.rental]);
    expect(await find("uslugi", "тойота камри")).toEqual([ad.rental]);
  });

  it("[P5] 'camry' finds the ads whose title is Camry", async () => {
    expect(await find("car", "camry")).toEqual([ad.camry]);
    expect(await find("uslugi", "Camry")).toEqual([ad.rental]);
  });

  it("[P5] 'лэнд крузер' and 'ленд крузер' find Land Cruiser, and no other car", async () => {
    expect(await find("car", "лэнд крузер")).toEqual([ad.cruiser]);
    expect(await find("car", "ленд крузер")).toEqual([ad.cruiser]);
    expect(await find("car", "land cruiser")).toEqual([ad.cruiser]);
    expect(await find("car", "крузак")).toEqual([ad.cruiser]);
  });

  it("[P5] tolerates typos in the title by trigram similarity", async () => {
    expect(await find("car", "camr")).toEqual([ad.camry]);
    expect(await find("car", "toyta camri")).toEqual([ad.camry]);
    expect(await find("car", "хонда")).toEqual([ad.honda]);
    expect(await find("car", "mazda")).toEqual([]);
    expect(await find("car", "kamaro")).toEqual([ad.camaro]);
  });

  it("[P5] a word spelled right is not widened to its look-alikes", async () => {
    // "Камри" is a title word: Camaro and Kamiq-like words stay out; "кредит" is no typo of Creta.
    expect(await find("car", "камри")).toEqual([ad.camry]);
    expect(await find("car", "камаро")).toEqual([ad.camaro]);
    expect(await find("car", "кредит")).toEqual([]);
    expect(await find("car", "крета")).toEqual([ad.creta]);
  });

  it("[P5] a Latin word finds its Cyrillic spelling in a description", async () => {
    expect(await find("uslugi", "prado")).toEqual([ad.prado]);
  });

  it("[P5] finds Kyrgyz words, also typed in Latin letters", async () => {
    expect(await find("uslugi", "үйдө")).toEqual([ad.kyrgyz]);
    expect(await find("uslugi", "оңдойбуз")).toEqual([ad.kyrgyz]);
    expect(await find("uslugi", "uido")).toEqual([ad.kyrgyz]);
  });

  it("[P5] finds a Russian word in another form by stemming", async () => {
    expect(await find("uslugi", "двигатель")).toEqual([ad.prado]);
    expect(await find("uslugi", "машины")).toEqual([ad.rental]);
    expect(await find("uslugi", "внедорожник")).toEqual([ad.prado]);
  });

  it("computes the same search key in the database as in JavaScript", async () => {
    const samples = [
      "Toyota Camry XV70, 2018",
      "ЛЭНД КРУЗЕР Прадо",
      "Mercedes-Benz Чехия Щука",
      "Үйдө Аңгеме Өтө ЁЖ",
      "Jeep Wrangler, Phaeton, Quattro",
      "it's",
    ];
    for (const text of samples) {
      const result = (await harness.database.db.execute(
        sql`select ${sql.raw(adSearchKeySql("input"))} as key from (select ${text}::text as input) as sample`,
      )) as unknown as { rows: { key: string }[] };
      expect(result.rows[0]?.key, text).toBe(adSearchKey(text));
    }
    const [row] = await harness.database.db
      .select({ titleKey: ads.titleKey, title: ads.title, terms: ads.searchTerms })
      .from(ads)
      .where(eq(ads.id, ad.camry ?? 0));
    expect(row?.titleKey).toBe(adSearchKey(`${row?.title} ${row?.terms}`));
    expect(row?.terms).toContain("Камри");
  });

  it("is served by the full-text index, typos by a look-up of title words, never a scan of every ad", async () => {
    const { db } = harness.database;
    const adSearch = createAdSearch(db);
    const filters = adFilterSchemas.car.parse({ vertical: "car", q: "camr prado" }) as AdFilters;
    const bound = await adSearch.bind(verticalDefinitions.car, filters);
    // "camr" resembles the title word "kamri" (Camry): the typo is searched as the word it resembles.
    expect(bound.values.qTypos).toContain("'kamri'");
    const planOf = (query: SQL, values: Record<string, unknown>) =>
      db.transaction(async (tx) => {
        // The tables are tiny: forbid the plain scan so the plan shows what could serve the condition.
        await tx.execute(sql`set local enable_seqscan = off`);
        const lines = await prepareStatement<Record<string, string>>(tx, query, undefined).execute(values);
        return lines.map((line) => Object.values(line).join(" ")).join("\n");
      });
    const text = textCondition(filters.q ?? "", bound.values.qTypos as string);
    const adsPlan = await planOf(
      sql`explain select ${ads.id} from ${ads} where ${text.sql}`,
      text.values ?? {},
    );
    expect(adsPlan).toContain("ads_search_vector_idx");
    expect(adsPlan).not.toContain("Seq Scan");
    const wordsPlan = await planOf(
      sql`explain select ${adTitleWords.word} from ${adTitleWords} where ${adTitleWords.word} % ${sql.placeholder("word")}::text`,
      { word: "kamr" },
    );
    expect(wordsPlan).toContain("ad_title_words_trgm_idx");
    expect(wordsPlan).not.toContain("Seq Scan");
  });

  it("keeps the title words of every ad written, for typo look-ups", async () => {
    const rows = await harness.database.db.select({ word: adTitleWords.word }).from(adTitleWords);
    const words = rows.map((row) => row.word);
    // The catalogue's names and other spellings of the Camry ad, as keys; no numbers.
    expect(words).toEqual(expect.arrayContaining(["toiota", "kamri", "lend", "kruzer"]));
    expect(words.some((word) => /^[0-9.,]+$/.test(word))).toBe(false);
  });
});

describe("counting a name and its words", () => {
  /** The search's ads read whole with its one condition, and the search counted with each limit. */
  async function counted(vertical: "car" | "commercial", q: string) {
    const { db } = harness.database;
    const adSearch = createAdSearch(db);
    const filters = adFilterSchemas[vertical].parse({ vertical, q }) as AdFilters;
    const bound = await adSearch.bind(verticalDefinitions[vertical], filters);
    expect(bound.either?.parts).toHaveLength(2);
    const matching = await prepareStatement<{ id: number }>(
      db,
      sql`select ${ads.id} as id from ${ads} where ${bound.where}`,
      undefined,
    ).execute(bound.values);
    const counts = async (limit: number) => adSearch.count(bound, limit);
    return { ids: matching.map((row) => Number(row.id)).sort((a, b) => a - b), counts };
  }
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it("[P5.1] counts the model's ads and the ads whose text names it part by part: each ad once, up to the limit", async () => {
    const camry = await pickCatalog(harness, "car", "toyota", "camry");
    const camaro = await pickCatalog(harness, "car", "chevrolet", "camaro");
    const sold = "Продаю, торг. Брал вместо камри";
    const named = [
      ad.camry ?? 0,
      // The model, and the word in its text too: counted once.
      (await createPublished(harness, seller, { ...carBody(camry, regionId), description: sold })).id,
      // The word alone, with another model.
      (await createPublished(harness, seller, { ...carBody(camaro, regionId), description: sold })).id,
    ];
    const { ids, counts } = await counted("car", "камри");
    expect(ids).toEqual(sorted(named));
    expect(await counts(100)).toEqual({ total: named.length, isExact: true });
    expect(await counts(named.length)).toEqual({ total: named.length, isExact: true });
    for (const limit of [1, named.length - 1]) {
      expect(await counts(limit)).toEqual({ total: limit, isExact: false });
    }
  });

  it("[P5.1] counts an ad without a make whose text names it", async () => {
    const { commercial } = await validBodies(harness);
    const fields = commercial.fields as Record<string, unknown>;
    const caterpillar = await pickCatalog(harness, "commercial", "caterpillar");
    const withMake = (pick: CatalogPick) => ({
      ...commercial,
      fields: { ...fields, mark: pick.markId, model: pick.modelId },
    });
    const named = [
      (await createPublished(harness, seller, withMake(caterpillar))).id,
      (
        await createPublished(harness, seller, {
          ...commercial,
          fields: { ...fields, mark: undefined, model: undefined, markText: "Самосборный" },
          description: "Экскаватор как Caterpillar, только дешевле",
        })
      ).id,
    ];
    await createPublished(harness, seller, withMake(await pickCatalog(harness, "commercial", "belarus")));
    const { ids, counts } = await counted("commercial", "caterpillar");
    expect(ids).toEqual(sorted(named));
    expect(await counts(100)).toEqual({ total: 2, isExact: true });
    expect(await counts(1)).toEqual({ total: 1, isExact: false });
  });
});
