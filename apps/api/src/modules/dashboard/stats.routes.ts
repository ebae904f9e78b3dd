import { dashboardStatsSchema, statsQuerySchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { dashboardSection } from "../../plugins/auth.ts";
import type { StatsService } from "./stats.service.ts";

const badInput = errors("`VALIDATION_FAILED` with field errors: a bad day, `from` after `to`, over 366 days");

/** The dashboard's statistics and their CSV (issue 17, decision 073): section `stats`, read. */
export const statsRoutes: FastifyPluginAsyncZod<{ statsService: StatsService }> = async (
  app,
  { statsService },
) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];
  const stats = dashboardSection("stats", "R");

  app.get(
    "/dashboard/stats",
    {
      preValidation: stats.preValidation,
      schema: {
        ...stats.extension,
        tags,
        summary: "Per day (Asia/Bishkek): new ads by vertical, sign-ups, chats, revenue; active ads now",
        description: "Default: the 30 days up to today. At most 366 days.",
        security,
        querystring: statsQuerySchema,
        response: { 200: dashboardStatsSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => statsService.stats(request.query),
  );

  app.get(
    "/dashboard/stats.csv",
    {
      preValidation: stats.preValidation,
      schema: {
        ...stats.extension,
        tags,
        summary: "The same days as CSV: UTF-8 with a BOM, a header row, one row per day",
        security,
        querystring: statsQuerySchema,
        produces: ["text/csv"],
        response: {
          200: z.string().describe("CSV; revenue columns in som"),
          400: badInput,
          401: unauthorized,
          404: sectionHidden,
        },
      },
    },
    async (request, reply) => {
      const { filename, body } = await statsService.csv(request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
