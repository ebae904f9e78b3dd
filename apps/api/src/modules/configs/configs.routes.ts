import { publicConfigSchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ConfigService } from "./configs.service.ts";

const ENUM_DESCRIPTION =
  "`enum.cars` holds the value list of every car field (labels: `show.detail.{field}.{value}`, " +
  "`country.{value}` for registration, `currency.{value}.label` for currency).";

/** What `/api/configs/{version}` answers a version that names today's content: kept for a year. */
export const VERSIONED_CONFIG_CACHE = "public, max-age=31536000, immutable";

export const configsRoutes: FastifyPluginAsyncZod<{ configService: ConfigService }> = async (
  app,
  { configService },
) => {
  app.get(
    "/configs",
    {
      schema: {
        tags: ["system"],
        summary: "Public configuration, loaded once at app start",
        description: ENUM_DESCRIPTION,
        response: { 200: publicConfigSchema, 304: z.null().describe("Not modified (ETag matched)") },
      },
    },
    async (request, reply) => {
      const { config, version } = await configService.getVersionedConfig();
      const etag = `"${version}"`;
      reply.header("etag", etag).header("cache-control", "public, max-age=60");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      return config;
    },
  );

  // The address pages name (spec S2.13, S7.6): the content's hash in the path, so the browser keeps
  // the answer for good and loads it once, and a changed configuration gets a new address.
  app.get(
    "/configs/:version",
    {
      schema: {
        tags: ["system"],
        summary: "Public configuration at a content-hashed address, cacheable for a year",
        description:
          `${ENUM_DESCRIPTION} A version other than the current one (the configuration changed ` +
          "since the page named it) answers the current configuration, not to be cached.",
        params: z.object({ version: z.string().max(64) }),
        response: { 200: publicConfigSchema },
      },
    },
    async (request, reply) => {
      const { config, version } = await configService.getVersionedConfig();
      reply.header("cache-control", request.params.version === version ? VERSIONED_CONFIG_CACHE : "no-cache");
      return config;
    },
  );
};
