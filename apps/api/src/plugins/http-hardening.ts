import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import { contentSecurityPolicy, REFRESH_COOKIE, SESSION_COOKIE } from "@unaa/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Answers every request with "Connection: close" for `milliseconds`, before `close()`. */
    drainConnections(milliseconds: number): Promise<void>;
  }
}

/**
 * An API answer that may carry someone's data: the request is signed in (a Bearer token or a session
 * cookie) or the answer sets a cookie (sign-in, refresh). Nothing may keep it — not the browser's
 * cache, not a proxy — unless its route marked it `public` (the same for everyone, e.g. the
 * catalogue and the configuration) or `private` (a file that never changes, which only the
 * member's own browser may keep: chat photos, decision 059).
 */
function isPersonalApiAnswer(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.url.startsWith("/api/")) return false;
  if (/^(public|private)\b/.test(String(reply.getHeader("cache-control") ?? ""))) return false;
  return (
    request.headers.authorization !== undefined ||
    request.cookies?.[SESSION_COOKIE] !== undefined ||
    request.cookies?.[REFRESH_COOKIE] !== undefined ||
    reply.hasHeader("set-cookie")
  );
}

/**
 * `Cache-Control: no-store` on personal API answers. Registered after @fastify/cookie, whose own
 * onSend hook writes the Set-Cookie header this one looks for.
 */
export const noStoreForPersonalAnswers = fp(
  async (app: FastifyInstance) => {
    app.addHook("onSend", async (request, reply) => {
      if (isPersonalApiAnswer(request, reply)) reply.header("cache-control", "no-store");
    });
  },
  { name: "unaa-no-store", dependencies: ["@fastify/cookie"] },
);

/** The API's policy: the shared directives as they are (pages add their own scripts). */
const apiContentSecurityPolicy = contentSecurityPolicy();

/**
 * Security headers and compression for every response, web and API alike. The CSP comes from the
 * one builder in contracts; pages replace it with one that also lists the hashes of their inline
 * scripts (apps/web/app/entry.server.tsx).
 */
export const httpHardening = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // HSTS only where the request really came over HTTPS (see the hook below).
    strictTransportSecurity: false,
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("content-security-policy", apiContentSecurityPolicy);
  });
  // On shutdown (SIGTERM: apps/web/server.ts), first a drain: requests still arriving on kept-alive
  // connections are answered as usual, each answer closing its connection ("Connection: close"),
  // so none is reset; then `close()` finishes what is in flight and closes the connections still
  // idle (forceCloseConnections: "idle").
  let isClosing = false;
  app.decorate("drainConnections", async (milliseconds: number) => {
    isClosing = true;
    await new Promise((resolve) => setTimeout(resolve, milliseconds));
  });
  app.addHook("preClose", async () => {
    isClosing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (isClosing) reply.header("connection", "close");
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });
  // Answers up to 1 MB are compressed in one call, as pages are (decision 041), with their length
  // set: the library's default on 2 cores (8 KB) sent search answers (14–19 KB) and the configuration
  // through a compression stream, 0.25 ms of CPU an answer instead of 0.09 (decision 086).
  // Zstandard (its default level) first where the client takes it, as pages (decision 090).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 1024 * 1024,
    encodings: ["zstd", "br", "gzip", "deflate"],
  });
});
