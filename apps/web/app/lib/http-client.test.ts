import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createHttpClient,
  getErrorTitle,
  type HttpClientOptions,
  HttpError,
  type HttpMethod,
  isCredentialedCall,
  NetworkError,
  RETRYABLE_STATUSES,
} from "./http-client.ts";

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

function sendJson(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: Server;
let baseUrl = "";
let handler: Handler = (_request, response) => sendJson(response, 200, {});
let requests: RecordedRequest[] = [];

beforeAll(async () => {
  server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, response)).catch((error: unknown) => {
        response.writeHead(599).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  handler = (_request, response) => sendJson(response, 200, {});
});

function requestsTo(path: string): RecordedRequest[] {
  return requests.filter((request) => request.url.split("?")[0] === path);
}

/** A client wired like the app wires it: the token lives in a variable the callbacks update. */
function setup(overrides: Partial<HttpClientOptions> & { token?: string } = {}) {
  const session = { token: overrides.token ?? "" };
  const fetchCalls: RequestInit[] = [];
  // Real network fetch; the wrapper only records the init, because credentials mode is invisible to a server.
  const realFetch: typeof fetch = (input, init) => {
    fetchCalls.push(init ?? {});
    return fetch(input, init);
  };
  const callbacks = {
    onSessionRefreshed: vi.fn((result: { user: unknown; accessToken: string }) => {
      session.token = result.accessToken;
    }),
    onSessionCleared: vi.fn(() => {
      session.token = "";
    }),
    onBlocked: vi.fn(),
    onErrorToast: vi.fn(),
  };
  const client = createHttpClient({
    baseUrl,
    fetch: realFetch,
    getLocale: () => "ky",
    apiVersion: () => "3",
    getAccessToken: () => session.token,
    ...callbacks,
    ...overrides,
  });
  return { client, session, fetchCalls, ...callbacks };
}

function callWithMethod(client: ReturnType<typeof setup>["client"], method: HttpMethod, path: string) {
  return client.request(path, { method, body: method === "GET" || method === "HEAD" ? undefined : { a: 1 } });
}

const IDEMPOTENT: HttpMethod[] = ["GET", "HEAD", "OPTIONS"];
const NON_IDEMPOTENT: HttpMethod[] = ["POST", "PUT", "PATCH", "DELETE"];
const RETRYABLE = [408, 409, 425, 429, 500, 502, 503, 504];

describe("retries (S7.4)", () => {
  it("[S7.4] the retryable statuses are exactly 408, 409, 425, 429, 500, 502, 503, 504", () => {
    expect([...RETRYABLE_STATUSES].sort((a, b) => a - b)).toEqual(RETRYABLE);
  });

  describe.each(IDEMPOTENT)("%s", (method) => {
    it.each(RETRYABLE)(
      `[S7.4] ${method} answered %i is retried exactly once, then rejects`,
      async (status) => {
        handler = (_request, response) =>
          sendJson(response, status, { code: "E", message: `failed ${status}` });
        const { client } = setup();
        const error = await callWithMethod(client, method, "/api/thing").catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).status).toBe(status);
        expect(requestsTo("/api/thing").map((request) => request.method)).toEqual([method, method]);
      },
    );

    it.each([400, 401, 403, 404, 422])(`[S7.4] ${method} answered %i is not retried`, async (status) => {
      handler = (_request, response) => sendJson(response, status, { code: "E", message: "no" });
      const { client } = setup();
      await expect(callWithMethod(client, method, "/api/thing")).rejects.toMatchObject({ status });
      expect(requestsTo("/api/thing")).toHaveLength(1);
    });
  });

  describe.each(NON_IDEMPOTENT)("%s", (method) => {
    it.each([...RETRYABLE, 400, 404, 422])(
      `[S7.4] ${method} answered %i is never retried`,
      async (status) => {
        handler = (_request, response) => sendJson(response, status, { code: "E", message: "no" });
        const { client } = setup();
        await expect(callWithMethod(client, method, "/api/thing")).rejects.toMatchObject({ status });
        expect(requestsTo("/api/thing")).toHaveLength(1);
      },
    );
  });

  it("[S7.4] a GET that fails once and then succeeds resolves with the second answer", async () => {
    handler = (_request, response) =>
      requests.length === 1
        ? sendJson(response, 503, { message: "busy" })
        : sendJson(response, 200, { ok: 2 });
    const { client, onErrorToast } = setup();
    await expect(client.get("/api/configs")).resolves.toEqual({ ok: 2 });
    expect(requests).toHaveLength(2);
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it("[S7.4] retry: 0 turns the retry off for a GET, and retry is ignored for a POST", async () => {
    handler = (_request, response) => sendJson(response, 503, { message: "busy" });
    const { client } = setup();
    await expect(client.get("/api/a", { retry: 0 })).rejects.toMatchObject({ status: 503 });
    await expect(client.post("/api/b", {}, { retry: 3 })).rejects.toMatchObject({ status: 503 });
    expect(requestsTo("/api/a")).toHaveLength(1);
    expect(requestsTo("/api/b")).toHaveLength(1);
  });

  it("[S7.4] a GET whose connection drops is retried once", async () => {
    handler = (_request, response) => {
      if (requests.length === 1) response.socket?.destroy();
      else sendJson(response, 200, { ok: true });
    };
    const { client } = setup();
    await expect(client.get("/api/user/me")).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
  });

  it("[S7.4] a dropped GET with retry: 0 rejects after one attempt, so the retry above is the client's", async () => {
    handler = (_request, response) => {
      response.socket?.destroy();
    };
    const { client } = setup();
    await expect(client.get("/api/user/me", { retry: 0 })).rejects.toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(1);
  });

  it("[S7.4] a POST whose connection drops is not retried and rejects with a NetworkError", async () => {
    handler = (_request, response) => {
      response.socket?.destroy();
    };
    const { client, onErrorToast } = setup();
    await expect(client.post("/api/user/request-phone", { phone: "1" })).rejects.toBeInstanceOf(NetworkError);
    expect(requests).toHaveLength(1);
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it("[S7.4] an aborted GET is neither retried nor wrapped", async () => {
    handler = async (_request, response) => {
      await delay(200);
      sendJson(response, 200, {});
    };
    const { client } = setup();
    const controller = new AbortController();
    const pending = client.get("/api/slow", { signal: controller.signal });
    await delay(30);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    await delay(250);
    expect(requests).toHaveLength(1);
  });
});

describe("headers and bodies (S7.1–S7.3)", () => {
  it("[S7.1] sends X-Lang, X-Api-Version, Accept and the bearer token", async () => {
    const { client } = setup({ token: "abc.def" });
    await client.get("/api/user/me");
    const headers = requests[0]?.headers;
    expect(headers?.["x-lang"]).toBe("ky");
    expect(headers?.["x-api-version"]).toBe("3");
    expect(headers?.accept).toBe("application/json");
    expect(headers?.authorization).toBe("Bearer abc.def");
  });

  it("[S7.1] sends no Authorization header without a token, and reads the locale on every call", async () => {
    let locale = "ru";
    const { client } = setup({ getLocale: () => locale });
    await client.get("/api/configs");
    locale = "en";
    await client.get("/api/configs");
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests.map((request) => request.headers["x-lang"])).toEqual(["ru", "en"]);
  });

  it("[S7.3] sends a JSON body with a JSON content type and parses the JSON answer", async () => {
    handler = (request, response) => sendJson(response, 201, { echoed: JSON.parse(request.body) });
    const { client } = setup();
    const result = await client.patch("/api/user/username", { username: "Айбек" });
    expect(result).toEqual({ echoed: { username: "Айбек" } });
    expect(requests[0]?.method).toBe("PATCH");
    expect(requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("[S7.20] sends FormData as multipart, without a JSON content type", async () => {
    const { client } = setup();
    const form = new FormData();
    form.set("file", new Blob(["png-bytes"], { type: "image/png" }), "avatar.png");
    await client.post("/api/user/avatar", form);
    const request = requests[0];
    expect(request?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="file"; filename="avatar.png"');
    expect(request?.body).toContain("png-bytes");
  });

  it("adds query parameters, skipping empty ones and repeating arrays", async () => {
    const { client } = setup();
    await client.get("/api/ads", {
      query: { page: 2, mark: "toyota", empty: undefined, none: null, ids: [1, 2] },
    });
    expect(requests[0]?.url).toBe("/api/ads?page=2&mark=toyota&ids=1&ids=2");
  });

  it("resolves an empty or 204 answer to undefined and text answers to text", async () => {
    handler = (request, response) => {
      if (request.url === "/api/empty") response.writeHead(204).end();
      else response.writeHead(200, { "Content-Type": "text/plain" }).end("plain");
    };
    const { client } = setup();
    await expect(client.del("/api/empty")).resolves.toBeUndefined();
    await expect(client.get("/api/text")).resolves.toBe("plain");
  });

  it("[S7.2] (cred) calls include cookies, other calls stay same-origin", async () => {
    const { client, fetchCalls } = setup({ token: "t" });
    await client.post("/api/auth/sign-in", { login: "a", password: "b" });
    await client.post("/api/auth/token", {});
    await client.del("/api/auth/token/all");
    await client.del("/api/auth/token/42");
    await client.get("/api/user/me");
    await client.post("/api/user/request-email", {});
    await client.get("/api/user/me", { credentials: true });
    expect(fetchCalls.map((init) => init.credentials)).toEqual([
      "include",
      "include",
      "include",
      "include",
      "same-origin",
      "same-origin",
      "include",
    ]);
  });

  it("[S7.2] knows every call the spec marks (cred)", () => {
    for (const path of ["refresh", "token", "sign-in", "sign-up", "reset-password", "logout"]) {
      expect(isCredentialedCall("POST", `/api/auth/${path}`)).toBe(true);
    }
    expect(isCredentialedCall("DELETE", "/api/auth/token/all")).toBe(true);
    expect(isCredentialedCall("DELETE", "/api/auth/token/17")).toBe(true);
    expect(isCredentialedCall("POST", "/api/auth/sign-request")).toBe(false);
    expect(isCredentialedCall("POST", "/api/auth/google-login")).toBe(false);
    expect(isCredentialedCall("GET", "/api/auth/token")).toBe(false);
  });

  it("[S7.3] statuses 400–599 reject with an HttpError carrying what the API sent", async () => {
    const errors = [{ path: "email", code: "invalid_string", message: "Неверный email" }];
    handler = (_request, response) =>
      sendJson(response, 422, { code: "VALIDATION", message: "Invalid", errors });
    const { client } = setup();
    const error = (await client
      .post("/api/user/request-email", {}, { silent: true })
      .catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 422, code: "VALIDATION", message: "Invalid", errors });
    expect(error.body).toEqual({ code: "VALIDATION", message: "Invalid", errors });
  });

  it("[S7.3] statuses below 400 resolve", async () => {
    handler = (_request, response) => sendJson(response, 202, { fine: true });
    const { client } = setup();
    await expect(client.get("/api/x")).resolves.toEqual({ fine: true });
  });
});

describe("error toasts (S8.2)", () => {
  it("[S8.2] the title is the first entry of the errors list (its message when it is an object)", async () => {
    handler = (_request, response) =>
      sendJson(response, 422, {
        code: "VALIDATION",
        message: "Validation failed",
        errors: [
          { path: "phone", code: "too_short", message: "Телефон слишком короткий" },
          { path: "code", code: "required", message: "second" },
        ],
      });
    const { client, onErrorToast } = setup();
    await expect(client.post("/api/user/confirm-phone", {})).rejects.toBeInstanceOf(HttpError);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Телефон слишком короткий", expect.any(HttpError));
  });

  it("[S8.2] a list of strings gives its first string", async () => {
    handler = (_request, response) =>
      sendJson(response, 400, { code: "BAD", message: "Bad", errors: ["Код устарел", "x"] });
    const { client, onErrorToast } = setup();
    await expect(client.patch("/api/user/confirm-email", {})).rejects.toMatchObject({
      errors: ["Код устарел", "x"],
    });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Код устарел", expect.any(HttpError));
  });

  it("[S8.2] without errors the title is the message field", async () => {
    handler = (_request, response) =>
      sendJson(response, 404, { code: "NOT_FOUND", message: "Объявление не найдено" });
    const { client, onErrorToast } = setup();
    await expect(client.get("/api/ads/1")).rejects.toMatchObject({ status: 404 });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Объявление не найдено", expect.any(HttpError));
  });

  it("[S8.2] a non-JSON error answer falls back to the status text", async () => {
    handler = (_request, response) => {
      response.writeHead(502, { "Content-Type": "text/html" }).end("<h1>502</h1>");
    };
    const { client, onErrorToast } = setup();
    const error = (await client.post("/api/x", {}).catch((e) => e)) as HttpError;
    expect(error).toMatchObject({ status: 502, code: "", body: "<h1>502</h1>", errors: [] });
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Bad Gateway", expect.any(HttpError));
  });

  it("[S8.2] a retried GET toasts once, after its retry", async () => {
    handler = (_request, response) => sendJson(response, 500, { message: "Сервер недоступен" });
    const { client, onErrorToast } = setup();
    await expect(client.get("/api/x")).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(2);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Сервер недоступен", expect.any(HttpError));
  });

  it("[S8.2] silent requests reject without a toast", async () => {
    handler = (_request, response) => sendJson(response, 422, { message: "x", errors: ["field"] });
    const { client, onErrorToast } = setup();
    await expect(client.post("/api/auth/sign-up", {}, { silent: true })).rejects.toMatchObject({
      status: 422,
    });
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it("[S8.2] a 401 without a token is an ordinary error: toast, no refresh", async () => {
    handler = (_request, response) => sendJson(response, 401, { message: "Unauthorized" });
    const { client, onErrorToast } = setup();
    await expect(client.get("/api/user/me")).rejects.toMatchObject({ status: 401 });
    expect(requestsTo("/api/auth/refresh")).toHaveLength(0);
    expect(requests).toHaveLength(1);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Unauthorized", expect.any(HttpError));
  });
});

describe("getErrorTitle: the one rule for an error toast's title (S8.2)", () => {
  const answer = (body: { message: string; errors?: unknown[] }) =>
    new HttpError({
      status: 409,
      code: "AD_NOT_FOUND",
      message: body.message,
      errors: (body.errors ?? []) as HttpError["errors"],
      body,
      method: "PUT",
      path: "/api/ads/1/favorite",
    });

  it("[S8.2] the first entry's message, not the answer's message or its code's text", () => {
    const error = answer({
      message: "The ad was not found",
      errors: [
        { path: "id", code: "sold", message: "The seller has just sold this car" },
        { path: "id", code: "other", message: "Second entry" },
      ],
    });
    expect(getErrorTitle(error)).toBe("The seller has just sold this car");
  });

  it("[S8.2] a string entry is the title itself", () => {
    expect(getErrorTitle(answer({ message: "Bad", errors: ["Код устарел", "x"] }))).toBe("Код устарел");
  });

  it("[S8.2] without entries, or with an empty first one, the answer's message", () => {
    expect(getErrorTitle(answer({ message: "Объявление не найдено" }))).toBe("Объявление не найдено");
    expect(getErrorTitle(answer({ message: "Объявление не найдено", errors: [""] }))).toBe(
      "Объявление не найдено",
    );
    expect(
      getErrorTitle(
        answer({ message: "Объявление не найдено", errors: [{ path: "", code: "x", message: "" }] }),
      ),
    ).toBe("Объявление не найдено");
  });

  it("errors that are no API answer keep their own message", () => {
    expect(getErrorTitle(new Error("Failed to fetch"))).toBe("Failed to fetch");
    expect(getErrorTitle("plain text")).toBe("plain text");
  });
});

/** /api/user/me answers 401 to "old" and 200 to "new"; refresh hands out "new" after `refreshDelay`. */
function serveRefresh(refresh: { status: number; body: unknown; delayMs?: number }): void {
  handler = async (request, response) => {
    if (request.url === "/api/auth/refresh") {
      await delay(refresh.delayMs ?? 0);
      sendJson(response, refresh.status, refresh.body);
      return;
    }
    if (request.url === "/api/auth/sign-in") {
      sendJson(response, 401, { message: "Неверный пароль" });
      return;
    }
    if (request.url === "/api/slow") await delay(150);
    if (request.headers.authorization === "Bearer new") sendJson(response, 200, { url: request.url });
    else sendJson(response, 401, { code: "UNAUTHORIZED", message: "jwt expired" });
  };
}

describe("session refresh (S4.2–S4.5, S7.5, S8.1)", () => {
  const refreshed = { user: { id: 7, username: "aibek", favoriteAds: [3] }, accessToken: "new" };

  it("[S4.2][S7.5] a 401 with a token refreshes once and retries once with the new token", async () => {
    serveRefresh({ status: 200, body: refreshed });
    const { client, onSessionRefreshed, onErrorToast, fetchCalls } = setup({ token: "old" });
    await expect(client.get("/api/user/me")).resolves.toEqual({ url: "/api/user/me" });
    expect(requests.map((request) => [request.method, request.url, request.headers.authorization])).toEqual([
      ["GET", "/api/user/me", "Bearer old"],
      ["POST", "/api/auth/refresh", "Bearer old"],
      ["GET", "/api/user/me", "Bearer new"],
    ]);
    expect(fetchCalls[1]?.credentials).toBe("include");
    expect(onSessionRefreshed).toHaveBeenCalledExactlyOnceWith(refreshed);
    expect(onErrorToast).not.toHaveBeenCalled();
  });

  it("[S4.4] a refresh success hands over user (with favoriteAds) and token", async () => {
    serveRefresh({ status: 200, body: refreshed });
    const { client, onSessionRefreshed, session } = setup({ token: "old" });
    await client.post("/api/user/request-phone", { phone: "+996555000000" });
    expect(onSessionRefreshed).toHaveBeenCalledWith({ user: refreshed.user, accessToken: "new" });
    expect(session.token).toBe("new");
    expect(requestsTo("/api/user/request-phone").map((request) => request.body)).toEqual([
      '{"phone":"+996555000000"}',
      '{"phone":"+996555000000"}',
    ]);
  });

  it("[S4.3] 10 concurrent 401s share exactly one refresh", async () => {
    serveRefresh({ status: 200, body: refreshed, delayMs: 100 });
    const { client, onSessionRefreshed } = setup({ token: "old" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) => client.get(`/api/user/${index}`)),
    );
    expect(results).toEqual(Array.from({ length: 10 }, (_, index) => ({ url: `/api/user/${index}` })));
    expect(requestsTo("/api/auth/refresh")).toHaveLength(1);
    expect(onSessionRefreshed).toHaveBeenCalledOnce();
    const retried = requests.filter((request) => request.headers.authorization === "Bearer new");
    expect(retried).toHaveLength(10);
  });

  it("[S4.3] a 401 that arrives after the refresh finished reuses the new token", async () => {
    serveRefresh({ status: 200, body: refreshed });
    const { client } = setup({ token: "old" });
    await Promise.all([client.get("/api/user/me"), client.get("/api/slow")]);
    expect(requestsTo("/api/auth/refresh")).toHaveLength(1);
    expect(requestsTo("/api/slow").map((request) => request.headers.authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
  });

  it("[S4.2] a second 401 after the retry does not refresh again", async () => {
    handler = (request, response) =>
      request.url === "/api/auth/refresh"
        ? sendJson(response, 200, refreshed)
        : sendJson(response, 401, { message: "still unauthorized" });
    const { client, onErrorToast } = setup({ token: "old" });
    await expect(client.get("/api/user/me")).rejects.toMatchObject({ status: 401 });
    expect(requestsTo("/api/auth/refresh")).toHaveLength(1);
    expect(requestsTo("/api/user/me")).toHaveLength(2);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("still unauthorized", expect.any(HttpError));
  });

  it("[S4.5] a refresh failing with 403 clears the session without retry, toast or blocked page", async () => {
    serveRefresh({ status: 403, body: { code: "FORBIDDEN", message: "refresh revoked" } });
    const { client, session, onSessionCleared, onBlocked, onErrorToast, onSessionRefreshed } = setup({
      token: "old",
    });
    const error = await client.get("/api/user/me").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: "jwt expired" });
    expect(onSessionCleared).toHaveBeenCalledOnce();
    expect(session.token).toBe("");
    expect(onBlocked).not.toHaveBeenCalled();
    expect(onErrorToast).not.toHaveBeenCalled();
    expect(onSessionRefreshed).not.toHaveBeenCalled();
    expect(requestsTo("/api/user/me")).toHaveLength(1);
  });

  it("[S8.1] a refresh failing otherwise shows one toast with its error text and rejects the original error", async () => {
    serveRefresh({ status: 500, body: { message: "Сессия не обновлена" }, delayMs: 50 });
    const { client, onErrorToast, onSessionCleared, session } = setup({ token: "old" });
    const errors = await Promise.all(
      [1, 2, 3].map((index) => client.get(`/api/user/${index}`).catch((caught: unknown) => caught)),
    );
    for (const error of errors) expect(error).toMatchObject({ status: 401, message: "jwt expired" });
    expect(requestsTo("/api/auth/refresh")).toHaveLength(1);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Сессия не обновлена", expect.any(HttpError));
    expect(onSessionCleared).not.toHaveBeenCalled();
    expect(session.token).toBe("old");
  });

  it("[S8.1] a refresh whose connection drops hands the NetworkError to the toast, for a translated title", async () => {
    handler = (request, response) => {
      if (request.url === "/api/auth/refresh") response.socket?.destroy();
      else sendJson(response, 401, { message: "jwt expired" });
    };
    const { client, onErrorToast } = setup({ token: "old" });
    await expect(client.get("/api/user/me")).rejects.toMatchObject({ status: 401 });
    expect(onErrorToast).toHaveBeenCalledOnce();
    expect(onErrorToast.mock.calls[0]?.[1]).toBeInstanceOf(NetworkError);
  });

  it("[S8.1] a 401 on sign-in is not refreshed even with a token", async () => {
    serveRefresh({ status: 200, body: refreshed });
    const { client, onErrorToast } = setup({ token: "old" });
    await expect(client.post("/api/auth/sign-in", { login: "a" })).rejects.toMatchObject({ status: 401 });
    expect(requestsTo("/api/auth/refresh")).toHaveLength(0);
    expect(onErrorToast).toHaveBeenCalledExactlyOnceWith("Неверный пароль", expect.any(HttpError));
  });

  it("[S7.9] refresh() posts with credentials, stores the result and shares concurrent calls", async () => {
    serveRefresh({ status: 200, body: refreshed, delayMs: 30 });
    const { client, onSessionRefreshed, fetchCalls } = setup();
    const [first, second] = await Promise.all([client.refresh(), client.refresh()]);
    expect(first).toEqual(refreshed);
    expect(second).toBe(first);
    expect(requestsTo("/api/auth/refresh")).toHaveLength(1);
    expect(fetchCalls[0]).toMatchObject({ method: "POST", credentials: "include" });
    expect(onSessionRefreshed).toHaveBeenCalledOnce();
  });

  it("[S4.5] refresh() failing with 403 clears the session; other failures reject without a toast", async () => {
    serveRefresh({ status: 403, body: { message: "no session" } });
    const first = setup();
    await expect(first.client.refresh()).rejects.toMatchObject({ status: 403 });
    expect(first.onSessionCleared).toHaveBeenCalledOnce();

    serveRefresh({ status: 401, body: { message: "no cookie" } });
    const second = setup();
    await expect(second.client.refresh()).rejects.toMatchObject({ status: 401 });
    expect(second.onSessionCleared).not.toHaveBeenCalled();
    expect(second.onErrorToast).not.toHaveBeenCalled();
  });

  it("refresh() rejects an answer without an access token", async () => {
    serveRefresh({ status: 200, body: { user: {} } });
    const { client, onSessionRefreshed } = setup();
    await expect(client.refresh()).rejects.toThrow(/accessToken/);
    expect(onSessionRefreshed).not.toHaveBeenCalled();
  });

  it("a request's own transport sends it and its retry after a refresh, with the client's headers", async () => {
    serveRefresh({ status: 200, body: refreshed });
    const { client, fetchCalls } = setup({ token: "old" });
    const transported: string[] = [];
    const transport: typeof fetch = (input, init) => {
      transported.push(`${init?.method} ${String(input).replace(baseUrl, "")}`);
      return fetch(input, init);
    };
    const form = new FormData();
    form.append("file", new Blob(["x"], { type: "image/png" }), "a.png");
    await expect(client.post("/api/photos", form, { transport })).resolves.toEqual({ url: "/api/photos" });
    expect(transported).toEqual(["POST /api/photos", "POST /api/photos"]);
    expect(fetchCalls).toHaveLength(1);
    expect(requestsTo("/api/photos").map((request) => request.headers.authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
    expect(requestsTo("/api/photos")[1]?.headers["x-lang"]).toBe("ky");
  });
});

describe("blocked users (S4.6, S6.4)", () => {
  it("[S4.6][S6.4] a 403 on any other call clears the session and shows the blocked page, without a toast", async () => {
    handler = (_request, response) => sendJson(response, 403, { code: "BLOCKED", message: "blocked" });
    const { client, onSessionCleared, onBlocked, onErrorToast, session } = setup({ token: "t" });
    await expect(client.get("/api/user/me")).rejects.toMatchObject({ status: 403, code: "BLOCKED" });
    expect(onSessionCleared).toHaveBeenCalledOnce();
    expect(onBlocked).toHaveBeenCalledOnce();
    expect(onErrorToast).not.toHaveBeenCalled();
    expect(session.token).toBe("");
    expect(requests).toHaveLength(1);
  });

  it("[S4.6] a 403 on the retry after a refresh also blocks", async () => {
    handler = (request, response) =>
      request.url === "/api/auth/refresh"
        ? sendJson(response, 200, { user: {}, accessToken: "new" })
        : request.headers.authorization === "Bearer new"
          ? sendJson(response, 403, { message: "blocked" })
          : sendJson(response, 401, { message: "expired" });
    const { client, onBlocked, onSessionCleared } = setup({ token: "old" });
    await expect(client.del("/api/user/phone/3")).rejects.toMatchObject({ status: 403 });
    expect(onSessionCleared).toHaveBeenCalledOnce();
    expect(onBlocked).toHaveBeenCalledOnce();
  });
});

describe("logout (S4.7, S7.19)", () => {
  it("[S4.7][S7.19] posts the logout with credentials and clears the session", async () => {
    const { client, onSessionCleared, fetchCalls, session } = setup({ token: "t" });
    await client.logout();
    expect(requests.map((request) => [request.method, request.url])).toEqual([["POST", "/api/auth/logout"]]);
    expect(fetchCalls[0]?.credentials).toBe("include");
    expect(onSessionCleared).toHaveBeenCalledOnce();
    expect(session.token).toBe("");
  });

  it("[S4.7] clears the session when the server answers 500, without toast, retry or refresh", async () => {
    handler = (_request, response) => sendJson(response, 500, { message: "boom" });
    const { client, onSessionCleared, onErrorToast, onBlocked } = setup({ token: "t" });
    await expect(client.logout()).resolves.toBeUndefined();
    expect(onSessionCleared).toHaveBeenCalledOnce();
    expect(onErrorToast).not.toHaveBeenCalled();
    expect(onBlocked).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
  });

  it("[S4.7] clears the session when the server answers 401 or 403", async () => {
    for (const status of [401, 403]) {
      requests = [];
      handler = (_request, response) => sendJson(response, status, { message: "no" });
      const { client, onSessionCleared, onBlocked } = setup({ token: "t" });
      await expect(client.logout()).resolves.toBeUndefined();
      expect(onSessionCleared).toHaveBeenCalledOnce();
      expect(onBlocked).not.toHaveBeenCalled();
      expect(requestsTo("/api/auth/refresh")).toHaveLength(0);
    }
  });

  it("[S4.7] clears the session when the connection is refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { client, onSessionCleared } = setup({ token: "t", baseUrl: deadUrl });
    await expect(client.logout()).resolves.toBeUndefined();
    expect(onSessionCleared).toHaveBeenCalledOnce();
    // The same refused connection makes an ordinary call reject with a NetworkError.
    await expect(client.get("/api/user/me")).rejects.toBeInstanceOf(NetworkError);
  });
});
