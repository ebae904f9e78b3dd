// How the server answers a page (React Router's catch-all route): the whole HTML is buffered and
// compressed once, in one call (not chunk by chunk through a compression stream), and a guest's
// page is kept for a few seconds, so a burst of visitors or a crawler asking for the same address
// costs one render (decision 041).
import { Readable } from "node:stream";
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import { LOCALE_COOKIE, SESSION_COOKIE } from "@unaa/contracts";
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";

type Encoding = "zstd" | "br" | "gzip";

/** The cookies a page may read: the only ones, so that they can key the cache (the locale cookie). */
export const PAGE_COOKIES = [LOCALE_COOKIE] as const;

/** A request's cookies that pages may read; the others never reach a page (see PAGE_COOKIES). */
export function pageCookies(cookies: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of PAGE_COOKIES) {
    const value = cookies[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/**
 * Whether a request comes from a phone, by its user agent ("Mobi" as phones' browsers write it;
 * tablets leave it out). Pages leave out of the server's HTML what only a wide screen shows (the
 * list pages' filter sidebar), so it keys the cache and the answer varies by user agent.
 */
export function isPhoneRequest(headers: Readonly<Record<string, string | string[] | undefined>>): boolean {
  const userAgent = headers["user-agent"];
  return typeof userAgent === "string" && /Mobi|iPhone|iPod|Opera Mini/.test(userAgent);
}

/** The headers a page's answer brings of its own; the rest are added per request by other hooks. */
const PAGE_HEADERS = ["content-type", "content-security-policy", "cache-control"] as const;
/** Below this size compression saves less than it costs (as the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;

interface CachedPage {
  expiresAt: number;
  headers: Record<string, string>;
  html: Buffer;
  /** The HTML compressed, by encoding, made when first asked for. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

export interface PageResponsesOptions {
  /** How long a guest's page is kept (ms); 0 keeps none. */
  ttlMs: number;
  /** At most this many pages are kept; the oldest goes first. */
  maxPages: number;
  now?: () => number;
}

/**
 * Zstandard at its default level where the browser takes it (Chromium-based browsers and Firefox):
 * 3–5 times less CPU than brotli 4 for 5–7 % more bytes (decision 090). Safari gets brotli.
 */
function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === "zstd") return zstdCompressSync(body);
  if (encoding === "gzip") return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      // Quality 4, as the compression plugin: most of the gain for a fraction of the default 11's CPU.
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

async function readBody(payload: unknown): Promise<Buffer | null> {
  if (payload === null || payload === undefined) return null;
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === "string") return Buffer.from(payload);
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }
  return null;
}

/**
 * The page route's hooks (Fastify route options): a page comes from the cache when a guest asked
 * for the same address (and host, locale cookie and kind of device) in the last `ttlMs`; otherwise it is rendered,
 * buffered and compressed, and a guest's 200 without `Set-Cookie` is kept. A request carrying a
 * session cookie never reads nor fills the cache: a signed-in viewer's page is never shown to
 * anyone else, and a guest's page is never shown to a signed-in viewer. The route's own compression
 * is turned off: this is the one place that compresses pages.
 */
export function pageResponses(options: PageResponsesOptions): RouteShorthandOptions {
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  const negotiator = new Negotiator<Encoding>({ supportedValues: ["zstd", "br", "gzip"], cache: new Map() });
  /** The cache key of each request that may read and fill it (guests' GETs). */
  const keys = new WeakMap<FastifyRequest, string>();
  /**
   * Pages being rendered, by cache key: requests for one of them wait for its render instead of
   * rendering it again (when a kept page expires under load, dozens of requests ask at once). Each
   * settles with the page kept, or with nothing (an answer that is not kept: each waiter renders).
   */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const settles = new WeakMap<FastifyRequest, (page: CachedPage | undefined) => void>();

  function settle(request: FastifyRequest, page: CachedPage | undefined): void {
    const settleRender = settles.get(request);
    if (!settleRender) return;
    settles.delete(request);
    const key = keys.get(request);
    if (key !== undefined) rendering.delete(key);
    settleRender(page);
  }

  function freshPage(key: string): CachedPage | undefined {
    const page = pages.get(key);
    if (page && page.expiresAt > now()) return page;
    if (page) pages.delete(key);
    return undefined;
  }

  function cacheKey(request: FastifyRequest): string | undefined {
    if (options.ttlMs <= 0 || request.method !== "GET" || request.cookies[SESSION_COOKIE] !== undefined) {
      return undefined;
    }
    // The host and protocol too: without a configured public origin, pages link to their own.
    const cookies = PAGE_COOKIES.map((name) => request.cookies[name] ?? "").join(";");
    const device = isPhoneRequest(request.headers) ? "phone" : "wide";
    return `${request.protocol}://${request.host}${request.url}\n${cookies}\n${device}`;
  }

  function encodingOf(request: FastifyRequest): Encoding | null {
    const header = request.headers["accept-encoding"];
    return typeof header === "string" ? negotiator.negotiate(header) : null;
  }

  function sendBody(request: FastifyRequest, reply: FastifyReply, html: Buffer, page?: CachedPage): Buffer {
    reply.header("vary", "accept-encoding, user-agent");
    const encoding = html.length >= COMPRESS_FROM_BYTES ? encodingOf(request) : null;
    if (!encoding) return html;
    let body = page?.compressed[encoding];
    if (!body) {
      body = compress(html, encoding);
      if (page) page.compressed[encoding] = body;
    }
    reply.header("content-encoding", encoding);
    return body;
  }

  function remember(key: string, reply: FastifyReply, html: Buffer): CachedPage | undefined {
    if (reply.statusCode !== 200 || reply.hasHeader("set-cookie")) return undefined;
    const headers: Record<string, string> = {};
    for (const name of PAGE_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === "string") headers[name] = value;
    }
    const page: CachedPage = { expiresAt: now() + options.ttlMs, headers, html, compressed: {} };
    pages.delete(key);
    pages.set(key, page);
    if (pages.size > options.maxPages) {
      const oldest = pages.keys().next().value;
      if (oldest !== undefined) pages.delete(oldest);
    }
    return page;
  }

  return {
    compress: false,
    onRequest: async (request, reply) => {
      const key = cacheKey(request);
      if (key === undefined) return;
      const pending = rendering.get(key);
      const page = freshPage(key) ?? (pending ? await pending : undefined);
      if (page) {
        reply.headers(page.headers);
        return reply.send(sendBody(request, reply, page.html, page));
      }
      keys.set(request, key);
      // The first to ask renders; who asks meanwhile waits for it (a waiter left with nothing renders).
      if (!pending) {
        rendering.set(key, new Promise((resolve) => settles.set(request, resolve)));
      }
    },
    onSend: async (request, reply, payload) => {
      // Answers from the cache are already compressed.
      if (reply.hasHeader("content-encoding")) return payload;
      const html = await readBody(payload);
      const key = keys.get(request);
      const page = html && key !== undefined ? remember(key, reply, html) : undefined;
      settle(request, page);
      return html ? sendBody(request, reply, html, page) : payload;
    },
    // However the answer ended (an error, a closed connection), nobody waits for it any longer.
    onResponse: async (request) => settle(request, undefined),
  };
}
