// The site's service worker. Web push (decision 054): a push carries { id, kind, title, body,
// link }; it is shown as a notification, and a click focuses a tab already on that page or opens
// it. The installable app (decision 072): pages come from the network, and when it cannot be
// reached the small offline page precached at install answers instead. Nothing else is cached:
// no API answer and no page (pages may be a signed-in person's).
const offlineCache = "unaa-offline-v1";
const offlinePage = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(offlineCache)
      .then((cache) => cache.addAll([offlinePage, "/favicon.svg"]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("unaa-offline-") && name !== offlineCache)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    // Network first, never stored; the offline page only when the network fails.
    event.respondWith(fetch(request).catch(() => caches.match(offlinePage, { cacheName: offlineCache })));
    return;
  }
  // The offline page's own icon, while offline.
  if (url.pathname === "/favicon.svg") {
    event.respondWith(fetch(request).catch(() => caches.match("/favicon.svg", { cacheName: offlineCache })));
  }
});

self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || typeof message.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: `notification-${message.id}`,
      icon: "/apple-touch-icon.png",
      data: { link: typeof message.link === "string" && message.link.startsWith("/") ? message.link : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.link ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
