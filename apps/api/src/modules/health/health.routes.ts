import { healthSchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { DatabaseHandle } from "../../db/client.ts";
import { API_VERSION } from "../../version.ts";

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database status",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      let latencyMs = 0;
      let isUp = true;
      try {
        latencyMs = await database.ping();
      } catch {
        isUp = false;
      }
      return reply.status(isUp ? 200 : 503).send({
        status: isUp ? "ok" : "degraded",
        database: { status: isUp ? "up" : "down", driver: database.driver, latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
        version: API_VERSION,
      });
    },
  );
};
