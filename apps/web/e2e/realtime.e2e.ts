import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, poll, test, waitForHydration } from "./fixtures.ts";

/** The token each socket.io connection of the page sent in its CONNECT packet (`40{"token":…}`). */
function recordSocketTokens(page: Page) {
  const sockets: Array<{ token: string; closed: boolean }> = [];
  page.on("websocket", (socket) => {
    if (!socket.url().includes("/api/socket")) return;
    const entry = { token: "", closed: false };
    sockets.push(entry);
    socket.on("framesent", ({ payload }) => {
      const text = String(payload);
      if (text.startsWith("40{")) entry.token = (JSON.parse(text.slice(2)) as { token: string }).token;
    });
    socket.on("close", () => {
      entry.closed = true;
    });
  });
  return sockets;
}

describe("the realtime connection in the browser", () => {
  test("[S4.8] connects with the token once signed in, and disconnects when signing out clears it", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    const sockets = recordSocketTokens(page);
    await visit("/");
    // A guest has no token: no socket (and socket.io-client is not even loaded).
    expect(sockets).toEqual([]);
    const user = await createUser("rt");
    await signIn(user);
    await visit("/settings");
    await poll(() => sockets.filter((socket) => socket.token !== "" && !socket.closed).length).toBe(1);
    await waitForHydration(page);
    await page.getByTestId("user-menu").click();
    await page.getByTestId("sign-out").click();
    await poll(() => sockets.every((socket) => socket.closed)).toBe(true);
  });

  test("[S4.11] an exception TokenExpiredError while connected refreshes the session and reconnects with the new token", async ({
    page,
    createUser,
    signIn,
    visit,
  }) => {
    // The page's sockets go through this route, which forwards both ways, records the token of each
    // CONNECT packet and lets the test speak as the server: the real server sends the same frame
    // when the token runs out (15 minutes; the API tests prove that side).
    const routes: Array<{ route: WebSocketRoute; token: string; closed: boolean }> = [];
    await page.routeWebSocket(/\/api\/socket/, (route) => {
      const entry = { route, token: "", closed: false };
      routes.push(entry);
      const server = route.connectToServer();
      route.onMessage((message) => {
        const text = String(message);
        if (text.startsWith("40{")) entry.token = (JSON.parse(text.slice(2)) as { token: string }).token;
        server.send(message);
      });
      server.onMessage((message) => route.send(message));
      route.onClose(() => {
        entry.closed = true;
        void server.close();
      });
      server.onClose(() => {
        entry.closed = true;
        void route.close();
      });
    });
    const sockets = routes;
    const refreshes: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/refresh")) refreshes.push(request.method());
    });
    const user = await createUser("rt");
    await signIn(user);
    await visit("/settings");
    await poll(() => sockets.filter((socket) => socket.token !== "" && !socket.closed).length).toBe(1);
    // The page's live socket (a socket opened while the page settled may have closed before it spoke).
    const live = sockets.find((socket) => socket.token !== "" && !socket.closed);
    const firstToken = live?.token;
    const refreshesBefore = refreshes.length;

    live?.route.send('42["exception",{"status":"TokenExpiredError"}]');

    await poll(() => refreshes.length).toBe(refreshesBefore + 1);
    await poll(() => sockets.filter((socket) => socket.token !== "" && !socket.closed).length).toBe(1);
    const current = sockets.find((socket) => !socket.closed);
    expect(live?.closed).toBe(true);
    expect(current?.token).toBeTruthy();
    expect(current?.token).not.toBe(firstToken);
    // Still signed in: the refreshed user is stored and the page did not fall back to a guest's.
    expect(await page.getByTestId("user-menu").count()).toBe(1);
  });
});
