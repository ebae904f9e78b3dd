import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";
import { contentSecurityPolicy } from "@unaa/contracts";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { serverContext } from "#server-context";
import { SharedConfigContext } from "./lib/shared-config.ts";

export const streamTimeout = 5_000;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/g;

/** The hashes of the page's inline scripts: the only inline scripts its CSP lets run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? "";
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [...hashes];
}

const EXTERNAL_SCRIPT = /<script[^>]*\ssrc="(https:\/\/[^"/]+)[^"]*"/g;

/** Origins of the page's third-party scripts (the configured analytics tag, if any). */
export function externalScriptOrigins(html: string): string[] {
  return [...new Set([...html.matchAll(EXTERNAL_SCRIPT)].map((match) => match[1] ?? ""))].filter(Boolean);
}

/** The shared policy (contracts) plus this page's inline scripts and analytics origin. */
export function pageContentSecurityPolicy(html: string): string {
  return contentSecurityPolicy({
    inlineScriptHashes: inlineScriptHashes(html),
    thirdPartyOrigins: externalScriptOrigins(html),
  });
}

/**
 * Renders the whole page before answering (no streaming), so the CSP header can list the hash of
 * every inline script the page carries (hydration data, scroll restoration, colour mode). The shared
 * configuration comes from the server's own copy: the browser loads it by its address, not with
 * the page.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const sharedConfig = await loadContext.get(serverContext).services.configService.getPublicConfig();
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const options: RenderToPipeableStreamOptions = {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const html = Buffer.concat(chunks).toString("utf8");
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Security-Policy", pageContentSecurityPolicy(html));
          resolve(new Response(html, { headers: responseHeaders, status }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <SharedConfigContext value={sharedConfig}>
        <ServerRouter context={routerContext} url={request.url} />
      </SharedConfigContext>,
      options,
    );
  });
}
