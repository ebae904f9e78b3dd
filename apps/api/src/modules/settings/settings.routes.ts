import { dashboardSettingsSchema, settingKeyParamsSchema, settingValueInputSchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/client.ts";
import { errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import { changeSetting, describeSettings } from "./settings.service.ts";

/**
 * Dashboard → settings (issue 17, decision 069): admins read and change the site settings, one at
 * a time; the screen is built from what `GET` describes.
 */
export const dashboardSettingsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** After a change is committed: drop caches built from settings. */
  onChanged(): void;
}> = async (app, { db, onChanged }) => {
  const tags = ["dashboard"];
  const security = [{ bearer: [] }];
  const read = section("settings", "R");
  const write = section("settings", "W");

  app.get(
    "/dashboard/settings",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "The site settings: each one's key, kind (form field), current value and default",
        security,
        response: {
          200: dashboardSettingsSchema,
          401: unauthorized,
          404: errors("`ROUTE_NOT_FOUND`: the caller's roles do not open this section"),
        },
      },
    },
    async () => describeSettings(db),
  );

  app.put(
    "/dashboard/settings/:key",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Change one setting (audited with before and after; the same value again is no change)",
        security,
        params: settingKeyParamsSchema,
        body: settingValueInputSchema,
        response: {
          200: dashboardSettingsSchema,
          400: errors("`VALIDATION_FAILED` with field errors under `value`"),
          401: unauthorized,
          404: errors("`NOT_FOUND` (no such setting); `ROUTE_NOT_FOUND` (section not open)"),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (await changeSetting(db, { id: user.id, ip: request.ip }, request.params.key, request.body.value)) {
        onChanged();
      }
      return describeSettings(db);
    },
  );
};
