import {
  chatBlockResponseSchema,
  chatBlocksResponseSchema,
  chatIdParamsSchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatMessageInputSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatMuteInputSchema,
  chatOpenInputSchema,
  chatPhotoParamsSchema,
  chatReadInputSchema,
  chatReadResponseSchema,
  chatReportInputSchema,
  chatReportSchema,
  chatSchema,
  chatUserIdParamsSchema,
} from "@unaa/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badInput, errors, unauthorized } from "../../lib/route-errors.ts";
import { currentUser, requireUser } from "../../plugins/auth.ts";
import type { ChatsService } from "./chats.service.ts";

const notFound = errors("`CHAT_NOT_FOUND`: no such chat, or not one of yours");

/**
 * `GET /api/chats/photos/:file` (decision 059): a chat photo, for its uploader and its chat's
 * members only. An `<img>` cannot send the Bearer token, so the signed-in browser's
 * `unaa_session` cookie (httpOnly, SameSite=Lax) names the viewer too; a token, when sent, comes first.
 */
export const chatPhotosRoutes: FastifyPluginAsyncZod<{
  chatsService: ChatsService;
  resolveViewer(cookies: Readonly<Record<string, string | undefined>>): Promise<{ id: number } | null>;
}> = async (app, { chatsService, resolveViewer }) => {
  app.get(
    "/chats/photos/:file",
    {
      schema: {
        tags: ["chats"],
        summary: "One size of a chat photo (the URLs of a message's `photos`), for its chat's members",
        description:
          "Served to the uploader (before it is sent, too) and to the members of the chat its message is in " +
          "(unless they deleted that history). The viewer is named by the access token or, for an `<img>`, " +
          "by the `unaa_session` cookie. Anyone else, a guest included, gets 404. `Cache-Control: private`.",
        security: [{ bearer: [] }],
        params: chatPhotoParamsSchema,
        response: {
          200: z.any().describe("The image: image/webp or image/avif"),
          400: badInput,
          404: errors("`AD_PHOTO_NOT_FOUND`: no such photo, or not in a chat of yours"),
        },
      },
    },
    async (request, reply) => {
      const viewerId = request.user?.id ?? (await resolveViewer(request.cookies))?.id ?? null;
      const photo = await chatsService.openPhoto(viewerId, request.params.file);
      return reply
        .header("content-type", photo.contentType)
        .header("content-length", photo.size)
        .header("cache-control", "private, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .send(photo.stream);
    },
  );
};

/**
 * The chat (issue 14, decision 052): a user's chats, their messages, reads, blocks and reports.
 * Every route is the signed-in user's own; someone else's chat answers 404 like a missing one.
 */
export const chatsRoutes: FastifyPluginAsyncZod<{ chatsService: ChatsService }> = async (
  app,
  { chatsService },
) => {
  const tags = ["chats"];
  const security = [{ bearer: [] }];
  app.addHook("preHandler", requireUser);

  app.get(
    "/chats",
    {
      schema: {
        tags,
        summary: "The user's chats, latest activity first (keyset pages)",
        security,
        querystring: chatListQuerySchema,
        response: { 200: chatListResponseSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request) => chatsService.listChats(currentUser(request).id, request.query),
  );

  app.post(
    "/chats",
    {
      schema: {
        tags,
        summary: "Open a chat about an ad (or with a user's profile), or resume the existing one",
        description:
          "201 with a new chat, 200 with the existing one (brought back if the user had deleted it). A new " +
          'chat about an ad needs the ad to be active; "chat only" ads are fine. New chats per hour are ' +
          "limited, more tightly for accounts younger than a day.",
        security,
        body: chatOpenInputSchema,
        response: {
          200: chatSchema,
          201: chatSchema,
          400: errors("`VALIDATION_FAILED`; `CHAT_SELF`: one's own ad or profile"),
          401: unauthorized,
          404: errors("`AD_NOT_FOUND`, `CHAT_USER_NOT_FOUND`"),
          409: errors(
            "`CHAT_AD_UNAVAILABLE`: the ad is not active; `CHAT_BLOCKED`: one of the two blocked the other; " +
              "`CHAT_USER_DELETED`",
          ),
          429: errors("`CHAT_NEW_CHATS_LIMIT`"),
        },
      },
    },
    async (request, reply) => {
      const { chat, created } = await chatsService.openChat(currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(chat);
    },
  );

  app.get(
    "/chats/blocks",
    {
      schema: {
        tags,
        summary: "The users the user blocked",
        security,
        response: { 200: chatBlocksResponseSchema, 401: unauthorized },
      },
    },
    async (request) => chatsService.listBlocks(currentUser(request).id),
  );

  app.put(
    "/chats/blocks/:userId",
    {
      schema: {
        tags,
        summary: "Block a user: neither can write to the other until unblocked",
        security,
        params: chatUserIdParamsSchema,
        response: {
          200: chatBlockResponseSchema,
          400: errors("`VALIDATION_FAILED`; `CHAT_SELF`"),
          401: unauthorized,
          404: errors("`CHAT_USER_NOT_FOUND`"),
        },
      },
    },
    async (request) => chatsService.block(currentUser(request).id, request.params.userId),
  );

  app.delete(
    "/chats/blocks/:userId",
    {
      schema: {
        tags,
        summary: "Unblock a user",
        security,
        params: chatUserIdParamsSchema,
        response: { 200: chatBlockResponseSchema, 400: badInput, 401: unauthorized },
      },
    },
    async (request) => chatsService.unblock(currentUser(request).id, request.params.userId),
  );

  app.get(
    "/chats/:id",
    {
      schema: {
        tags,
        summary: "One chat",
        security,
        params: chatIdParamsSchema,
        response: { 200: chatSchema, 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request) => chatsService.getChat(currentUser(request).id, request.params.id),
  );

  app.delete(
    "/chats/:id",
    {
      schema: {
        tags,
        summary: "Delete a chat for oneself",
        description:
          "Its history is hidden for the user only; a new message from the other member brings the chat back " +
          "with only the newer messages.",
        security,
        params: chatIdParamsSchema,
        response: { 204: z.null(), 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request, reply) => {
      await chatsService.deleteChatForMe(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/chats/:id/messages",
    {
      schema: {
        tags,
        summary: "History of a chat, newest page first; `before` for earlier pages",
        security,
        params: chatIdParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesResponseSchema, 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request) => chatsService.listMessages(currentUser(request).id, request.params.id, request.query),
  );

  app.post(
    "/chats/:id/messages",
    {
      schema: {
        tags,
        summary: "Send a message: text, photos (ids from POST /api/photos), or both",
        description:
          "Reaches both members' sockets as `message:new`. Messages asking for prepayment or a card number, " +
          "carrying payment links or pushing to other messengers carry `warnings` for the receiver.",
        security,
        params: chatIdParamsSchema,
        body: chatMessageInputSchema,
        response: {
          201: chatMessageSchema,
          400: errors("`VALIDATION_FAILED`; `AD_PHOTO_INVALID` naming `photoIds.<index>`"),
          401: unauthorized,
          404: notFound,
          409: errors("`CHAT_BLOCKED`: one of the two blocked the other; `CHAT_USER_DELETED`"),
          429: errors("`CHAT_MESSAGES_TOO_FAST`"),
        },
      },
    },
    async (request, reply) => {
      const message = await chatsService.sendMessage(
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(message);
    },
  );

  app.post(
    "/chats/:id/read",
    {
      schema: {
        tags,
        summary: "Mark the chat read up to a message (read receipts: `chat:read` to both members)",
        security,
        params: chatIdParamsSchema,
        body: chatReadInputSchema,
        response: {
          200: chatReadResponseSchema,
          400: errors("`VALIDATION_FAILED`; `CHAT_MESSAGE_NOT_FOUND` naming `messageId`"),
          401: unauthorized,
          404: notFound,
        },
      },
    },
    async (request) =>
      chatsService.markRead(currentUser(request).id, request.params.id, request.body.messageId),
  );

  app.put(
    "/chats/:id/mute",
    {
      schema: {
        tags,
        summary: "Mute or unmute a chat for oneself",
        description:
          "A muted chat's new messages send the user no notification (in-app, email or push) and leave " +
          "`unreadedChatIds` (the header's badge); the inbox still counts them in `unreadCount`.",
        security,
        params: chatIdParamsSchema,
        body: chatMuteInputSchema,
        response: { 200: chatSchema, 400: badInput, 401: unauthorized, 404: notFound },
      },
    },
    async (request) => chatsService.muteChat(currentUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/chats/:id/report",
    {
      schema: {
        tags,
        summary: "Report a chat to the moderators (once per chat)",
        security,
        params: chatIdParamsSchema,
        body: chatReportInputSchema,
        response: {
          201: chatReportSchema,
          400: badInput,
          401: unauthorized,
          404: notFound,
          409: errors("`CHAT_REPORT_EXISTS`"),
        },
      },
    },
    async (request, reply) => {
      const report = await chatsService.reportChat(currentUser(request).id, request.params.id, request.body);
      return reply.status(201).send(report);
    },
  );
};
