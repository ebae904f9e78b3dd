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
import { callAs, carBody, createPublished, pickCatalog, pickPlaces, setSetting } from "./ads-test-kit.ts";

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
