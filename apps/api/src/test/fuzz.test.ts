// Property-based fuzzing of every endpoint of the OpenAPI document: fast-check builds path values,
// queries and bodies from each operation's schema, swaps parts of them for hostile values (wrong
// types, huge strings, NUL, lone surrogates, deep nesting, numbers at the edges, malformed
// encodings and multipart), and sends them as a guest and as a signed-in admin (who gets past
// every role check). No answer may be a 5xx, and no error answer may show a stack trace or SQL.
//
// Seeded and bounded: FUZZ_RUNS requests per endpoint and caller (default 12), FUZZ_SEED to replay
// a failure (the seed and path are printed by fast-check); e.g. `FUZZ_RUNS=5000 npx vitest run
// --project api apps/api/src/test/fuzz.test.ts` for a long run.
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextIp, type TestClient } from "../modules/auth/auth-test-kit.ts";
import { authHeaders, signUpPersona } from "./personas.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);

/** The part of JSON Schema the zod contracts produce (draft 2019 via fastify-type-provider-zod). */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}

interface Operation {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  parameters?: { in: "path" | "query" | "header"; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface SentRequest {
  options: InjectOptions;
  /** The whole request as text, for the failure list. */
  text: string;
}

// ---- hostile values ----

const hugeString = "ы".repeat(200_000);
function deepNesting(depth: number): unknown {
  let value: unknown = "x";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

const hostileStrings = [
  "",
  " ",
  "        ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "\uFEFF\u202E\u200B",
  hugeString,
  "%",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "' OR '1'='1",
  "\\",
  "<script>alert(1)</script>",
  "𝔘𝔫𝔞𝔞 🚗",
  "NaN",
  "Infinity",
  "-1",
  "1e999",
  "0x10",
  "null",
  "true",
  "[]",
  "{}",
  "\r\n\t",
];
const edgeNumbers = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  5e-324,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...edgeNumbers),
  fc.constantFrom(null, true, false, [], {}, [null], { "": "" }, { __proto__: { polluted: 1 } }),
  fc.constantFrom(deepNesting(64), deepNesting(2_000)),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("\u0000", "\uD800", "\uDC00", "a", "я", "%", "&", "="), maxLength: 12 }),
  fc.double(),
  fc.bigInt().map(String),
);

/** Keys the contracts use somewhere, offered as unknown extra keys (filters, mass assignment). */
const extraKeys = fc.constantFrom(
  "id",
  "userId",
  "roles",
  "status",
  "q",
  "mark",
  "model",
  "priceFrom",
  "priceTo",
  "yearFrom",
  "__proto__",
  "constructor",
  "fields",
  "sort",
  "limit",
);

// ---- values from a schema, with hostile parts ----

function validFrom(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueFrom(choice, depth)));
  if (schema.allOf?.[0]) return valueFrom(schema.allOf[0], depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= 200);
        } catch {
          // a pattern JavaScript cannot compile: plain strings below
        }
      }
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
    }
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? valueFrom(schema.items, depth + 1) : fc.anything(), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "object": {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          valueFrom(property, depth + 1),
        ]),
      );
      return fc
        .tuple(
          fc.record(properties, { requiredKeys: schema.required ?? [] }),
          fc.dictionary(extraKeys, hostileValue, { maxKeys: 1 }),
          fc.nat(9),
        )
        .map(([record, extra, dice]) => (dice === 0 ? { ...record, ...extra } : record));
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** A valid value of the schema most of the time; a hostile one in its place sometimes, at any depth. */
function valueFrom(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileValue;
  return fc.oneof({ weight: 6, arbitrary: validFrom(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

// ---- requests ----

/** Percent-encodes a value; a lone surrogate, which encodeURIComponent refuses, as its raw UTF-8 bytes. */
function encodeValue(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const unit = char.charCodeAt(0);
        if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
          return `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 63)).toString(16)}%${(0x80 | (unit & 63)).toString(16)}`.toUpperCase();
        }
        return encodeURIComponent(char);
      })
      .join("");
  }
}

/** Malformed percent-encodings and separators, sent as they are. */
const rawPathValue = fc.constantFrom(
  "%E0%A4%A",
  "%",
  "%ZZ",
  "%00",
  "..",
  "%2e%2e",
  "a%2Fb",
  "%C0%AF",
  ";",
  "1;2",
);

function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => `${encodeValue(key)}=${encodeValue(item)}`),
    )
    .join("&");
}

const multipartBodies = fc.oneof(
  fc.constantFrom(
    { type: "multipart/form-data", body: "not multipart" },
    { type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data\r\n\r\n" },
    {
      type: "multipart/form-data; boundary=x",
      body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n--x--\r\n',
    },
    { type: "multipart/form-data; boundary=x", body: "--x--" },
    { type: "application/json", body: "{}" },
  ),
  fc.tuple(fc.string({ maxLength: 20 }), fc.uint8Array({ maxLength: 400 })).map(([boundary, bytes]) => ({
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n`),
      Buffer.from(bytes),
    ]),
  })),
);

/** Raw JSON bodies a schema cannot describe: broken syntax, wrong media types, deep nesting. */
const rawBodies = fc.constantFrom(
  { type: "application/json", body: "{" },
  { type: "application/json", body: "" },
  { type: "application/json", body: '{"a":"\\u0000"}' },
  { type: "application/json", body: '{"a":"\\ud800"}' },
  { type: "application/json", body: `${"[".repeat(5_000)}${"]".repeat(5_000)}` },
  { type: "application/json", body: '{"__proto__":{"isAdmin":true}}' },
  { type: "text/plain", body: "hello" },
  { type: "application/x-www-form-urlencoded", body: "a=1&b=%00" },
  { type: "application/json; charset=utf-7", body: "{}" },
);

function requestsFor(operation: Operation): fc.Arbitrary<SentRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === "path");
  const queryParameters = parameters.filter((parameter) => parameter.in === "query");
  const pathValues = fc.tuple(
    ...pathParameters.map((parameter) =>
      fc.oneof(
        { weight: 8, arbitrary: valueFrom(parameter.schema).map(encodeValue) },
        { weight: 1, arbitrary: rawPathValue },
      ),
    ),
  );
  const query = fc.record(
    Object.fromEntries(queryParameters.map((parameter) => [parameter.name, valueFrom(parameter.schema)])),
    {
      requiredKeys: queryParameters
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    },
  );
  const extraQuery = fc.dictionary(extraKeys, hostileValue, { maxKeys: 2 });
  const jsonSchema = operation.requestBody?.content["application/json"]?.schema;
  const isMultipart = /multipart\/form-data/.test(`${operation.summary} ${operation.description}`);
  const body: fc.Arbitrary<{ type: string; body: string | Buffer } | undefined> = isMultipart
    ? multipartBodies
    : jsonSchema
      ? fc.oneof(
          {
            weight: 8,
            arbitrary: valueFrom(jsonSchema).map((value) => ({
              type: "application/json",
              body: JSON.stringify(value) ?? "null",
            })),
          },
          { weight: 1, arbitrary: rawBodies },
        )
      : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBodies });

  return fc
    .tuple(pathValues, query, extraQuery, fc.nat(3), body)
    .map(([values, queryValues, extra, dice, payload]) => {
      let index = 0;
      const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++] ?? "1");
      const search = queryString(dice === 0 ? { ...queryValues, ...extra } : queryValues);
      const options: InjectOptions = {
        method: operation.method as InjectOptions["method"],
        url: search ? `${path}?${search}` : path,
        remoteAddress: nextIp(),
        headers: payload ? { "content-type": payload.type } : {},
        ...(payload ? { payload: payload.body } : {}),
      };
      return {
        options,
        text: `${options.url} ${payload ? payload.body.toString() : ""}`,
      };
    });
}

// ---- the answers ----

const LEAKS = [
  /\n\s+at .+:\d+:\d+/, // a stack frame
  /node:internal|node_modules|\.ts:\d+/,
  /"stack"\s*:/,
  /syntax error at or near|violates .* constraint|duplicate key value|invalid input syntax|relation "\w+"/i,
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b[\s\S]{0,200}\b(FROM|VALUES|SET|WHERE)\b/,
];

function findLeak(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode < 400) return undefined;
  return LEAKS.find((pattern) => pattern.test(response.body))?.source;
}

function describeRequest(sent: SentRequest): string {
  const shown = sent.text.length > 300 ? `${sent.text.slice(0, 300)}…` : sent.text;
  return `${sent.options.method} ${JSON.stringify(shown)}`;
}

let harness: TestApp;
let admin: TestClient | null;
let operations: Operation[];
let requestCount = 0;
/** Every failing request: the whole list is shown at the end, not only the first. */
const failures: string[] = [];

beforeAll(async () => {
  harness = await createTestApp();
  admin = await signUpPersona(harness, "admin");
  const document = harness.app.swagger() as {
    paths: Record<string, Record<string, Omit<Operation, "method" | "path">>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      method: method.toUpperCase(),
      path,
    })),
  );
}, 180_000);

afterAll(async () => {
  console.info(`fuzz: ${requestCount} requests to ${operations?.length} endpoints`);
  await harness?.close();
});

/** The admin again when a fuzzed call signed them out or deleted the account. */
async function keepAdminSignedIn(): Promise<void> {
  const check = await harness.app.inject({ method: "GET", url: "/api/user/me", headers: authHeaders(admin) });
  if (check.statusCode !== 200) admin = await signUpPersona(harness, "admin");
}

async function send(sent: SentRequest, asAdmin: boolean): Promise<void> {
  requestCount += 1;
  const headers = {
    ...(asAdmin ? authHeaders(admin) : {}),
    ...(sent.options.headers as Record<string, string>),
  };
  const response = await harness.app.inject({ ...sent.options, headers });
  if (asAdmin && sent.options.method !== "GET" && response.statusCode < 300) await keepAdminSignedIn();
  const leak = findLeak(response);
  if (response.statusCode >= 500 || leak) {
    failures.push(
      `${describeRequest(sent)} → ${response.statusCode}${leak ? ` leaking /${leak}/` : ""}: ${response.body.slice(0, 200)}`,
    );
  }
}

describe("fuzzing every endpoint of the OpenAPI document", () => {
  it("reads the endpoints from the app's OpenAPI document", () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it("answers no 5xx and leaks no stack trace or SQL, as a guest and as a signed-in admin", {
    timeout: Math.max(60_000, RUNS * 8_000),
  }, async () => {
    for (const operation of operations) {
      for (const asAdmin of [false, true]) {
        await fc.assert(
          fc.asyncProperty(requestsFor(operation), (sent) => send(sent, asAdmin)),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }
    expect(requestCount).toBeGreaterThanOrEqual(operations.length * 2 * RUNS);
    expect(failures).toEqual([]);
  });
});
