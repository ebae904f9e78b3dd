/**
 * The one HTTP client of the web app (spec S7.1–S7.5, S4.2–S4.7, S8.1, S8.2). Framework-agnostic: the
 * session lives outside (getAccessToken, onSessionRefreshed, onSessionCleared) so the same client works
 * in the browser and, with a per-request instance, during server rendering.
 */

export interface ApiErrorItem {
  path: string;
  code: string;
  message: string;
}

/** S7.3: a response with status 400–599. Carries what the API sent: `{ code, message, errors? }`. */
export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  readonly code: string;
  readonly errors: readonly (ApiErrorItem | string)[];
  /** The parsed response body (JSON, text, or undefined when empty). */
  readonly body: unknown;
  readonly method: string;
  readonly path: string;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    errors: readonly (ApiErrorItem | string)[];
    body: unknown;
    method: string;
    path: string;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
  }
}

/** The request never got a response (connection refused, DNS, CORS, reset). */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  readonly method: string;
  readonly path: string;

  constructor(method: string, path: string, cause: unknown) {
    super(`Network error on ${method} ${path}`, { cause });
    this.method = method;
    this.path = path;
  }
}

export interface RefreshResult<TUser = unknown> {
  user: TUser;
  accessToken: string;
}

export interface HttpClientOptions<TUser = unknown> {
  /** API origin, e.g. "https://api.unaa.kg" or "" for same-origin; request paths start with "/". */
  baseUrl: string;
  fetch?: typeof fetch;
  getLocale: () => string;
  apiVersion: () => string;
  getAccessToken: () => string;
  onSessionRefreshed: (result: RefreshResult<TUser>) => void;
  onSessionCleared: () => void;
  /** S4.6: the app shows the fatal error page, status 403, with the blocked message. */
  onBlocked: () => void;
  /** S8.2: the app shows an error-coloured toast with this title (the error it describes, too). */
  onErrorToast: (title: string, error: unknown) => void;
}

export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE";

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** FormData, URLSearchParams, Blob and binary bodies are sent as-is; anything else is sent as JSON. */
  body?: unknown;
  /** Added to the URL; null and undefined are skipped, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /**
   * S7.2: true sends cookies (fetch credentials "include"). Defaults to true for the calls the spec
   * marks (cred) — see isCredentialedCall — and to "same-origin" otherwise.
   */
  credentials?: boolean;
  headers?: Record<string, string>;
  /** No error toast (forms that show field errors themselves). 401-refresh and 403 rules still apply. */
  silent?: boolean;
  /**
   * Retries for idempotent methods on a retryable status or a network error (default 1, S7.4).
   * Ignored for POST, PUT, PATCH and DELETE: those are never retried, a repeat could duplicate a write.
   */
  retry?: number;
  signal?: AbortSignal;
  /**
   * Sends this request through another fetch-shaped function (e.g. one on XMLHttpRequest that
   * reports upload progress); headers, the token, the refresh-and-retry and errors stay the client's.
   */
  transport?: typeof fetch;
}

export type BodylessOptions = Omit<RequestOptions, "method" | "body">;

export interface HttpClient<TUser = unknown> {
  request<T = unknown>(path: string, init?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, init?: BodylessOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, init?: BodylessOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, init?: BodylessOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, init?: BodylessOptions): Promise<T>;
  del<T = unknown>(path: string, init?: BodylessOptions): Promise<T>;
  /**
   * POST /api/auth/refresh (S7.9), shared with any refresh already running (S4.3). Success calls
   * onSessionRefreshed; a 403 calls onSessionCleared (S4.5). Rejects on failure without a toast, so the
   * app can call it at start-up for a guest.
   */
  refresh(): Promise<RefreshResult<TUser>>;
  /** POST /api/auth/logout; onSessionCleared runs whatever the answer (S4.7). Never rejects. */
  logout(): Promise<void>;
}

export const REFRESH_PATH = "/api/auth/refresh";
export const SIGN_IN_PATH = "/api/auth/sign-in";
export const LOGOUT_PATH = "/api/auth/logout";

/** S7.4 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
const DEFAULT_IDEMPOTENT_RETRY = 1;

// The calls the spec marks (cred), section 7.
const CREDENTIALED_CALLS: readonly (readonly [HttpMethod, RegExp])[] = [
  ["POST", /^\/api\/auth\/(refresh|token|sign-in|sign-up|reset-password|logout)$/],
  ["DELETE", /^\/api\/auth\/token\/[^/]+$/],
];

/** Whether the spec marks this call (cred): it then sends cookies by default (S7.2). */
export function isCredentialedCall(method: string, path: string): boolean {
  const pathname = stripQuery(path);
  return CREDENTIALED_CALLS.some(([callMethod, pattern]) => callMethod === method && pattern.test(pathname));
}

function stripQuery(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions["query"]): string {
  let url = /^https?:\/\//i.test(path)
    ? path
    : `${baseUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      const values = Array.isArray(value) ? value : [value];
      for (const item of values) {
        if (item !== null && item !== undefined) params.append(key, String(item));
      }
    }
    const search = params.toString();
    if (search) url += `${url.includes("?") ? "&" : "?"}${search}`;
  }
  return url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

async function readBody(response: Response, method: string): Promise<unknown> {
  if (method === "HEAD" || response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (!/[/+]json\b/i.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    if (response.ok) throw new Error(`Invalid JSON in the response of ${method} ${response.url}`, { cause });
    // An error page from a proxy may claim JSON; the status still says what happened.
    return text;
  }
}

function toErrorItems(value: unknown): (ApiErrorItem | string)[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ApiErrorItem | string =>
      typeof item === "string" ||
      (typeof item === "object" &&
        item !== null &&
        typeof (item as { message?: unknown }).message === "string"),
  );
}

function createHttpError(response: Response, body: unknown, method: string, path: string): HttpError {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const fallbackMessage = response.statusText || `HTTP ${response.status}`;
  return new HttpError({
    status: response.status,
    code: typeof fields.code === "string" ? fields.code : "",
    message: typeof fields.message === "string" && fields.message ? fields.message : fallbackMessage,
    errors: toErrorItems(fields.errors),
    body,
    method,
    path,
  });
}

/**
 * S8.2, the title of every error toast of an API answer (the client's own and the features'): the
 * first entry of `errors` (its message when it is an object; the API writes messages in the
 * caller's language), otherwise `message`.
 */
export function getErrorTitle(error: unknown): string {
  if (error instanceof HttpError) {
    const first = error.errors[0];
    if (typeof first === "string" && first) return first;
    if (typeof first === "object" && first.message) return first.message;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

interface SendResult {
  error: HttpError | null;
  data: unknown;
  sentToken: string;
}

interface RefreshFlight<TUser> {
  promise: Promise<RefreshResult<TUser>>;
  toastShown: boolean;
}

export function createHttpClient<TUser = unknown>(options: HttpClientOptions<TUser>): HttpClient<TUser> {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let refreshFlight: RefreshFlight<TUser> | null = null;

  /** One exchange plus the transport retries of S7.4. HTTP errors are returned, other failures thrown. */
  async function send(path: string, init: RequestOptions, token: string): Promise<SendResult> {
    const method = init.method ?? "GET";
    const headers: Record<string, string> = {
      Accept: "application/json",
      "X-Lang": options.getLocale(),
      "X-Api-Version": options.apiVersion(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (isRawBody(init.body)) {
        // The browser sets multipart boundaries itself; a hand-written content type would break them.
        body = init.body;
      } else {
        body = JSON.stringify(init.body);
        headers["Content-Type"] = "application/json";
      }
    }
    Object.assign(headers, init.headers);
    const credentials = (init.credentials ?? isCredentialedCall(method, path)) ? "include" : "same-origin";
    const url = buildUrl(options.baseUrl, path, init.query);
    const retries = IDEMPOTENT_METHODS.has(method) ? Math.max(0, init.retry ?? DEFAULT_IDEMPOTENT_RETRY) : 0;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await (init.transport ?? fetchImpl)(url, {
          method,
          headers,
          body,
          credentials,
          signal: init.signal,
        });
      } catch (cause) {
        if (isAbortError(cause) || init.signal?.aborted) throw cause;
        if (attempt < retries) continue;
        throw new NetworkError(method, path, cause);
      }
      if (response.status >= 400 && response.status <= 599) {
        if (attempt < retries && RETRYABLE_STATUSES.has(response.status)) {
          // Free the connection before trying again.
          await response.body?.cancel().catch(() => undefined);
          continue;
        }
        const errorBody = await readBody(response, method).catch(() => undefined);
        return {
          error: createHttpError(response, errorBody, method, path),
          data: undefined,
          sentToken: token,
        };
      }
      return { error: null, data: await readBody(response, method), sentToken: token };
    }
  }

  function refreshShared(): RefreshFlight<TUser> {
    if (refreshFlight) return refreshFlight;
    const flight: RefreshFlight<TUser> = {
      toastShown: false,
      promise: (async () => {
        const result = await send(
          REFRESH_PATH,
          { method: "POST", credentials: true },
          options.getAccessToken(),
        );
        if (result.error) {
          // S4.5: the refresh session is gone or the user is blocked: sign out locally.
          if (result.error.status === 403) options.onSessionCleared();
          throw result.error;
        }
        const data = result.data as Partial<RefreshResult<TUser>> | undefined;
        if (typeof data?.accessToken !== "string" || !data.accessToken) {
          throw new Error("The refresh response has no accessToken");
        }
        const refreshed: RefreshResult<TUser> = { user: data.user as TUser, accessToken: data.accessToken };
        options.onSessionRefreshed(refreshed);
        return refreshed;
      })().finally(() => {
        refreshFlight = null;
      }),
    };
    refreshFlight = flight;
    return flight;
  }

  function reportError(error: HttpError, init: RequestOptions): void {
    if (error.status === 403) {
      // S4.6: a blocked user is signed out and sees the blocked page; no toast on top of it.
      options.onSessionCleared();
      options.onBlocked();
      return;
    }
    if (!init.silent) options.onErrorToast(getErrorTitle(error), error);
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const first = await send(path, init, options.getAccessToken());
    if (!first.error) return first.data as T;

    const pathname = stripQuery(path);
    const mayRefresh =
      first.error.status === 401 &&
      first.sentToken !== "" &&
      pathname !== REFRESH_PATH &&
      pathname !== SIGN_IN_PATH;
    if (!mayRefresh) {
      if (pathname !== REFRESH_PATH || first.error.status !== 403) reportError(first.error, init);
      else options.onSessionCleared();
      throw first.error;
    }

    // S4.2/S7.5: one refresh, then one retry. A request that raced a finished refresh already has a
    // newer token available and goes straight to the retry.
    let token = options.getAccessToken();
    if (!token || token === first.sentToken) {
      const flight = refreshShared();
      try {
        token = (await flight.promise).accessToken;
      } catch (refreshError) {
        const forbidden = refreshError instanceof HttpError && refreshError.status === 403;
        // S8.1: one toast per failed refresh, however many requests were waiting on it.
        if (!forbidden && !flight.toastShown) {
          flight.toastShown = true;
          options.onErrorToast(getErrorTitle(refreshError), refreshError);
        }
        throw first.error;
      }
    }

    const second = await send(path, init, token);
    if (!second.error) return second.data as T;
    reportError(second.error, init);
    throw second.error;
  }

  function withMethod(method: HttpMethod) {
    return <T>(path: string, body?: unknown, init: BodylessOptions = {}) =>
      request<T>(path, { ...init, method, body });
  }

  return {
    request,
    get: (path, init = {}) => request(path, { ...init, method: "GET" }),
    post: withMethod("POST"),
    put: withMethod("PUT"),
    patch: withMethod("PATCH"),
    del: (path, init = {}) => request(path, { ...init, method: "DELETE" }),
    refresh: () => refreshShared().promise,
    async logout() {
      try {
        await send(LOGOUT_PATH, { method: "POST", credentials: true }, options.getAccessToken());
      } catch {
        // S4.7: the local session ends even when the server cannot be reached.
      } finally {
        options.onSessionCleared();
      }
    },
  };
}
