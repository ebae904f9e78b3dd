import { errorBodySchema, publicProfileSchema, userIdParamsSchema } from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ProfilesService } from "./profiles.service.ts";

/** `GET /api/user/{id}` (spec S7.8): the public profile; the account's own calls are in users.routes.ts. */
export const profilesRoutes: FastifyPluginAsyncZod<{ profilesService: ProfilesService }> = async (
  app,
  { profilesService },
) => {
  app.get(
    "/user/:id",
    {
      schema: {
        tags: ["user"],
        summary: "A user's public profile: the trust card (never a phone or an email)",
        description:
          "Response rate and time come from the chats others opened with the user in the last 90 days, " +
          "and are null below 5 such chats.",
        params: userIdParamsSchema,
        response: {
          200: publicProfileSchema,
          400: errorBodySchema.describe("`VALIDATION_FAILED`: not an id"),
          404: errorBodySchema.describe(
            "`USER_NOT_FOUND`: no such user; `USER_UNAVAILABLE`: the account was deleted or blocked",
          ),
        },
      },
    },
    async (request) => profilesService.getProfile(request.params.id),
  );
};
