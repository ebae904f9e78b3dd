// Shared by the server entry (server.ts) and the SSR bundle through the `#server-context` package
// import, kept external in vite.config.ts so both see one context token.
import type { WebServices } from "@unaa/api";
import { createContext } from "react-router";

export interface Viewer {
  id: number;
  roles: string[];
  /** Granted the dashboard's codes log in code-access. */
  codeAccess: boolean;
}

export interface ServerContext {
  services: WebServices;
  requestId: string;
  /** The signed-in user of this request, or null (the accounts module resolves it). */
  viewer: Viewer | null;
  /**
   * The request's cookies that pages may read (the locale cookie): only those, because they key the
   * guests' page cache (apps/web/page-responses.ts).
   */
  cookies: Readonly<Record<string, string | undefined>>;
  /** Whether the request comes from a phone (page-responses.ts `isPhoneRequest`; it keys the cache too). */
  isPhone: boolean;
}

export const serverContext = createContext<ServerContext>();
