// `node apps/api/bench/serialize.ts`: what writing one search answer (26 cards, as the bench's
// first page) costs in Node, per serializer: the zod serializer Fastify routes use by default (the
// answer checked against its schema, then JSON.stringify), fast-json-stringify compiled from the
// contract's JSON Schema, and JSON.stringify alone. Microseconds per answer, median of 7 rounds.
import { isDeepStrictEqual } from "node:util";
import { type AdCard, type AdSearchResponse, adSearchResponseSchema } from "@unaa/contracts";
import fastJson from "fast-json-stringify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

function card(id: number): AdCard {
  return {
    id,
    vertical: "car",
    status: "active",
    title: "Mercedes-Benz S-Class W220 (restyling), 2002",
    price: 9400,
    currency: "USD",
    priceKgs: 822_500,
    priceUsd: 9400,
    negotiable: false,
    regionId: 2,
    townId: 16,
    abroadCountry: null,
    fields: {
      year: 2002,
      body: "sedan",
      fuel: "hybrid",
      engineVolume: 1.3,
      gearbox: "cvt",
      mileage: 172_911,
      mileageUnit: "km",
    },
    publishedAt: "2026-11-17T23:03:29.756Z",
    raisedAt: "2026-11-26T02:22:57.280Z",
    oldPrice: null,
    promotion: null,
    isUrgent: false,
    isHighlighted: false,
    cover: {
      url: `/uploads/ad-photos/3f/0a1b2c3d4e5f60718293-${id}`,
      width: 1600,
      height: 1200,
      placeholder:
        "data:image/webp;base64,UklGRjIAAABXRUJQVlA4ICYAAACwAQCdASoQAAwAA4BaJYgCdAEOtW9oAP7C80DgJZF64PewrgAAAA==",
      hasAvif: true,
    },
    photoCount: 13,
  };
}

const answer: AdSearchResponse = {
  items: Array.from({ length: 20 }, (_, index) => card(1000 + index)),
  promoted: Array.from({ length: 6 }, (_, index) => card(2000 + index)),
  nextCursor: "WyJmcmVzaCIsIjIwMjYtMTEtMjVUMTE6MzY6MTguOTYxWiIsNDk4ODFd",
  total: 8700,
  totalIsExact: false,
  otherVerticals: [],
};

const serializers: Record<string, (data: unknown) => string> = {
  "zod (Fastify's default here)": serializerCompiler({
    schema: adSearchResponseSchema,
    method: "GET",
    url: "/api/ads",
  }) as (data: unknown) => string,
  "fast-json-stringify": fastJson(z.toJSONSchema(adSearchResponseSchema, { io: "output" }) as object),
  "JSON.stringify": (data) => JSON.stringify(data),
};

const reference = JSON.stringify(answer);
const rounds = 7;
const perRound = 2000;
console.info(`one answer: ${Buffer.byteLength(reference).toLocaleString("en")} bytes, 26 cards`);

for (const [name, serialize] of Object.entries(serializers)) {
  if (!isDeepStrictEqual(JSON.parse(serialize(answer)), answer))
    throw new Error(`${name} wrote another answer`);
  const times: number[] = [];
  for (let round = 0; round < rounds + 1; round++) {
    const started = performance.now();
    for (let index = 0; index < perRound; index++) serialize(answer);
    if (round > 0) times.push(((performance.now() - started) * 1000) / perRound);
  }
  times.sort((a, b) => a - b);
  console.info(`${name.padEnd(30)} ${times[Math.floor(rounds / 2)]?.toFixed(1)} µs an answer`);
}
