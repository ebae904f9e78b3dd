import { describe, expect, it } from "vitest";
import { buildCatalogVocabulary, generationNumbersOf, readQuery } from "./ads-query-reader.ts";

const vocabulary = buildCatalogVocabulary({
  marks: [
    { id: 1, name: "Toyota", nameCyrillic: "Тойота", aliases: [] },
    { id: 2, name: "Audi", nameCyrillic: "Ауди", aliases: [] },
    { id: 3, name: "Lada (VAZ)", nameCyrillic: "Лада (ВАЗ)", aliases: ["ваз"] },
  ],
  models: [
    { id: 10, markId: 1, name: "Land Cruiser", nameCyrillic: "Ленд Крузер", aliases: ["lc", "крузак"] },
    { id: 11, markId: 1, name: "Camry", nameCyrillic: "Камри", aliases: [] },
    { id: 20, markId: 2, name: "100", nameCyrillic: "100", aliases: ["сотка"] },
    { id: 30, markId: 3, name: "2107", nameCyrillic: "2107", aliases: ["семерка"] },
  ],
  generations: [
    { id: 100, modelId: 10, name: "J100", aliases: ["100", "сотка"] },
    { id: 101, modelId: 10, name: "J100 (restyling 2)", aliases: ["100"] },
    { id: 200, modelId: 10, name: "J200", aliases: ["lc200"] },
    { id: 110, modelId: 11, name: "XV70", aliases: [] },
  ],
});

describe("reading a search query with the catalogue", () => {
  it("[P5] a generation goes by the trailing digits of its code and aliases, not its restyling number", () => {
    expect(generationNumbersOf("XV70 (restyling 2)", [])).toEqual(["70"]);
    expect(generationNumbersOf("XR10/XR20", ["tcr10"])).toEqual(["10", "20"]);
    expect(generationNumbersOf("T1N (W901–W905)", [])).toEqual([]);
    expect(generationNumbersOf("CY", ["lancer 10", "lancer x"])).toEqual(["10"]);
  });

  it("[P5] names marks and models by whole names in either script, the longest first", () => {
    expect(readQuery("Ленд Крузер", vocabulary, true)).toEqual({
      mentions: [{ markIds: [], modelIds: [10], words: "ленд крузер" }],
      generationIds: [],
      text: "",
    });
    expect(readQuery("toyota camry белая", vocabulary, true)).toEqual({
      mentions: [
        { markIds: [1], modelIds: [], words: "toyota" },
        { markIds: [], modelIds: [11], words: "camry" },
      ],
      generationIds: [],
      text: "белая",
    });
  });

  it("[P5] a number after a model is its generation before it is another name", () => {
    // "100" is also the Audi 100: after the Land Cruiser it is the J100.
    expect(readQuery("крузак 100", vocabulary, true)).toMatchObject({ generationIds: [100, 101], text: "" });
    expect(readQuery("lc 200", vocabulary, true)).toMatchObject({ generationIds: [200], text: "" });
    expect(readQuery("ваз 2107", vocabulary, true).mentions.map((mention) => mention.modelIds)).toEqual([
      [],
      [30],
    ]);
    // A number no generation goes by stays text; so does any number where the vertical has no generations.
    expect(readQuery("камри 2018", vocabulary, true)).toMatchObject({ generationIds: [], text: "2018" });
    expect(readQuery("крузак 100", vocabulary, false)).toMatchObject({ generationIds: [], text: "" });
    expect(readQuery("крузак 100", vocabulary, false).mentions.map((mention) => mention.modelIds)).toEqual([
      [10],
      [20],
    ]);
  });

  it("[P5] a query that names nothing, or uses the search's syntax, keeps its text as typed", () => {
    for (const q of ['"белая камри"', "камри -битая", "камри or крузак"]) {
      expect(readQuery(q, vocabulary, true), q).toEqual({ mentions: [], generationIds: [], text: q });
    }
    expect(readQuery("эвакуатор", vocabulary, true)).toEqual({
      mentions: [],
      generationIds: [],
      text: "эвакуатор",
    });
  });
});
