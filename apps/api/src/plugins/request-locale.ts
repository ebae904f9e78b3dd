import { defaultLocale, isLocale, type Locale } from "@unaa/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyRequest {
    /** The interface locale of the caller: `X-Lang` (spec section 7), else Accept-Language, else ru. */
    locale: Locale;
  }
}

export function localeOf(request: Pick<FastifyRequest, "headers">): Locale {
  const header = request.headers["x-lang"];
  if (isLocale(header)) return header;
  const accepted = request.headers["accept-language"] ?? "";
  for (const part of accepted.split(",")) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return defaultLocale;
}

export const requestLocale = fp(async (app: FastifyInstance) => {
  app.decorateRequest("locale", defaultLocale);
  app.addHook("onRequest", async (request) => {
    request.locale = localeOf(request);
  });
});
