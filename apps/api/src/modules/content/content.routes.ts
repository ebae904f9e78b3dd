import {
  contactInputSchema,
  contactMessageParamsSchema,
  contactMessageSchema,
  contactMessagesPageSchema,
  contactMessagesQuerySchema,
  contactSentSchema,
  faqSchema,
  siteContentSchema,
  sitePageBodySchema,
  sitePageParamsSchema,
} from "@unaa/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badInput, errors, sectionHidden, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, dashboardSection as section } from "../../plugins/auth.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import type { ContentService } from "./content.service.ts";

function callerOf(request: FastifyRequest): StaffCaller {
  const user = currentUser(request);
  return { id: user.id, roles: user.roles, ip: request.ip };
}

/**
 * Site content (decision 072): the contact form for everyone, and the dashboard's `content`
 * section — the static pages' texts, the FAQ and the contact messages.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ contentService: ContentService }> = async (
  app,
  { contentService },
) => {
  const tags = ["content"];
  const security = [{ bearer: [] }];

  app.post(
    "/contact",
    {
      schema: {
        tags,
        summary: "Send a message to the site's staff (the /contact and /advert forms); guests too",
        description:
          "At most 5 messages an hour per IP and 3 per email/phone (`RATE_LIMITED` with `Retry-After`). " +
          "`website` is a honeypot: a filled one is answered as sent and not kept.",
        body: contactInputSchema,
        response: { 200: contactSentSchema, 400: badInput, 429: errors("`RATE_LIMITED`; see `Retry-After`") },
      },
    },
    async (request) => {
      await contentService.sendContact(request.body, {
        userId: request.user?.id ?? null,
        ip: request.ip,
        locale: request.locale,
      });
      return { sent: true as const };
    },
  );

  const read = section("content", "R");
  const write = section("content", "W");

  app.get(
    "/dashboard/content",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "Every static page's text and the FAQ, in every language",
        security,
        response: { 200: siteContentSchema, 401: unauthorized, 404: sectionHidden },
      },
    },
    async () => contentService.all(),
  );

  app.put(
    "/dashboard/content/pages/:page",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Save a static page's text in ky, ru and en (restricted Markdown; audited)",
        description:
          "`## heading`, `- list item`, `[text](link)` and paragraphs separated by a blank line; a link goes " +
          "to a path of this site, an https address, `mailto:` or `tel:`. Nothing is rendered as HTML.",
        security,
        params: sitePageParamsSchema,
        body: sitePageBodySchema,
        response: { 200: sitePageBodySchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => contentService.savePage(callerOf(request), request.params.page, request.body),
  );

  app.put(
    "/dashboard/content/faq",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Save the FAQ: topics and their questions in order, in ky, ru and en (audited)",
        security,
        body: faqSchema,
        response: { 200: faqSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => contentService.saveFaq(callerOf(request), request.body),
  );

  app.get(
    "/dashboard/content/messages",
    {
      preValidation: read.preValidation,
      schema: {
        ...read.extension,
        tags,
        summary: "The contact forms' messages, newest first (keyset pages), by status",
        security,
        querystring: contactMessagesQuerySchema,
        response: { 200: contactMessagesPageSchema, 400: badInput, 401: unauthorized, 404: sectionHidden },
      },
    },
    async (request) => contentService.listMessages(request.query),
  );

  app.post(
    "/dashboard/content/messages/:id/handled",
    {
      preValidation: write.preValidation,
      schema: {
        ...write.extension,
        tags,
        summary: "Mark a contact message handled (audited; again: no change)",
        security,
        params: contactMessageParamsSchema,
        response: {
          200: contactMessageSchema,
          400: badInput,
          401: unauthorized,
          404: errors("`NOT_FOUND`; `ROUTE_NOT_FOUND` when the caller's roles do not open this section"),
        },
      },
    },
    async (request) => contentService.markHandled(callerOf(request), request.params.id),
  );
};
