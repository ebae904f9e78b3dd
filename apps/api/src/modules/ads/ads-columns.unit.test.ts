import { verticalDefinitions, verticals } from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import { filterColumnOf } from "./ads.repository.ts";

/** The column types a field kind may be copied into. */
const columnTypes: Record<string, string[]> = {
  enum: ["PgText"],
  integer: ["PgInteger"],
  number: ["PgDoublePrecision"],
  boolean: ["PgBoolean"],
  catalog: ["PgInteger"],
};

describe("ads columns", () => {
  it("[P5] every filterable field of every vertical has a typed column of its kind", () => {
    for (const vertical of verticals) {
      for (const field of verticalDefinitions[vertical].fields) {
        if (!field.filter) continue;
        const column = filterColumnOf(field);
        expect(column, `${vertical}.${field.name}`).toBeDefined();
        expect(columnTypes[field.kind], `${vertical}.${field.name}`).toContain(column?.columnType);
        expect(column?.notNull, `${vertical}.${field.name} must be nullable`).toBe(false);
      }
      for (const name of verticalDefinitions[vertical].similarBy) {
        const field = verticalDefinitions[vertical].fields.find((candidate) => candidate.name === name);
        expect(field?.filter, `${vertical} similarBy ${name} must be a filterable field`).toBeDefined();
      }
    }
  });
});
