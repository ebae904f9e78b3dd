import { createHash } from "node:crypto";
import { publicConfigSchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ConfigService } from "./configs.service.ts";

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
        description:
          "`enum.cars` holds the value list of every car field (labels: `show.detail.{field}.{value}`, " +
          "`country.{value}` for registration, `currency.{value}.label` for currency).",
        response: { 200: publicConfigSchema, 304: z.null().describe("Not modified (ETag matched)") },
      },
    },
    async (request, reply) => {
      const body = await configService.getPublicConfig();
      const etag = `"${createHash("sha1").update(JSON.stringify(body)).digest("base64url")}"`;
      reply.header("etag", etag).header("cache-control", "public, max-age=60");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send(null);
      return body;
    },
  );
};
