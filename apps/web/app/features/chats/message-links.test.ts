import { describe, expect, it } from "vitest";
import { splitMessageText } from "./message-links.ts";

const origin = "https://unaa.kg";

describe("links in chat messages", () => {
  it("turns addresses on the site's own origin into links to their path", () => {
    expect(splitMessageText("Смотрите https://unaa.kg/car/15?x=1, тоже продаю", origin)).toEqual([
      { kind: "text", text: "Смотрите " },
      { kind: "link", text: "https://unaa.kg/car/15?x=1", href: "/car/15?x=1" },
      { kind: "text", text: ", тоже продаю" },
    ]);
    expect(splitMessageText("www.unaa.kg/moto/3.", origin)).toEqual([
      { kind: "link", text: "www.unaa.kg/moto/3", href: "/moto/3" },
      { kind: "text", text: "." },
    ]);
    expect(splitMessageText("unaa.kg/uslugi/7#photos", origin)).toEqual([
      { kind: "link", text: "unaa.kg/uslugi/7#photos", href: "/uslugi/7#photos" },
    ]);
  });

  it("keeps every other address as plain text, lookalike hosts included", () => {
    for (const text of [
      "оплата тут https://pay-unaa.kg/card",
      "http://unaa.kg.evil.example/login",
      "https://evil.example/?u=https://unaa.kg",
      "https://user:pass@unaa.kg/car/1",
      "https://unaa.kg:8443/car/1",
      "www.example.com",
    ]) {
      const parts = splitMessageText(text, origin);
      expect(parts, text).toEqual([{ kind: "text", text }]);
    }
  });

  it("leaves text without addresses whole, and an empty text empty", () => {
    expect(splitMessageText("Здравствуйте! Машина ещё продаётся?", origin)).toEqual([
      { kind: "text", text: "Здравствуйте! Машина ещё продаётся?" },
    ]);
    expect(splitMessageText("", origin)).toEqual([]);
  });

  it("follows the configured origin (a development port)", () => {
    expect(
      splitMessageText(
        "http://localhost:3000/car/1 and http://localhost:4000/car/1",
        "http://localhost:3000",
      ),
    ).toEqual([
      { kind: "link", text: "http://localhost:3000/car/1", href: "/car/1" },
      { kind: "text", text: " and http://localhost:4000/car/1" },
    ]);
  });
});
