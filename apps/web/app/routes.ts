import { index, layout, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { verticalDefinitions, verticals } from "@unaa/contracts";
import { dashboardSectionPages } from "./lib/dashboard-sections.ts";
import { gateModule } from "./route-gates.ts";

/** A pathless route that applies a named gate to its children. */
function gate(name: string, children: RouteConfigEntry[]): RouteConfigEntry {
  return layout(gateModule(name), children);
}

const verticalEdits = verticals.map((vertical) =>
  route(`${vertical}/:id/edit`, "routes/ad-edit.tsx", { id: `routes/${vertical}-edit` }),
);

/**
 * The verticals listed by group — category or service type, the values of the definition's
 * category field — each with its list, its list by group and its ad pages. Cars are listed by
 * catalogue path instead (routes/car.tsx).
 */
const groupedVerticalRoutes = verticals
  .filter((vertical) => verticalDefinitions[vertical].categoryField)
  .flatMap((vertical) => [
    route(vertical, "routes/vertical-list.tsx", { id: `routes/${vertical}` }),
    route(`${vertical}/:group/all`, "routes/vertical-list.tsx", { id: `routes/${vertical}-group` }),
    route(`${vertical}/:id`, "routes/ad-detail.tsx", { id: `routes/${vertical}-ad` }),
  ]);

/**
 * The dashboard's section pages (S2.8), one module each. Each section's loader applies the section
 * gate (`applySectionGate`).
 */
const dashboardSectionModules: Record<(typeof dashboardSectionPages)[number], string> = {
  adds: "routes/dashboard/adds.tsx",
  photos: "routes/dashboard/photos.tsx",
  complaints: "routes/dashboard/complaints.tsx",
  history: "routes/dashboard/history.tsx",
  users: "routes/dashboard/users.tsx",
  codes: "routes/dashboard/codes.tsx",
  "code-access": "routes/dashboard/code-access.tsx",
  regions: "routes/dashboard/regions.tsx",
  services: "routes/dashboard/services.tsx",
  content: "routes/dashboard/content.tsx",
  notification: "routes/dashboard/notification.tsx",
  advertising: "routes/dashboard/advertising.tsx",
  settings: "routes/dashboard/settings.tsx",
  subscribes: "routes/dashboard/subscribes.tsx",
  payments: "routes/dashboard/payments.tsx",
  stats: "routes/dashboard/stats.tsx",
  catalogue: "routes/dashboard/catalogue.tsx",
};
const dashboardSectionRoutes = dashboardSectionPages.map((section) =>
  route(section, dashboardSectionModules[section], {
    id: `routes/dashboard/${section}`,
  }),
);

/** Every page of spec section 2, as it appears under one locale prefix. */
function pages(): RouteConfigEntry[] {
  return [
    layout("layouts/default.tsx", [
      index("routes/home.tsx"),
      route("about", "routes/about.tsx"),
      route("accessibility", "routes/accessibility.tsx"),
      route("advert", "routes/advert.tsx"),
      route("agreement-policy", "routes/agreement-policy.tsx"),
      route("business", "routes/business.tsx"),
      route("business/:link", "routes/business-profile.tsx"),
      route("catalog", "routes/catalog/index.tsx"),
      route("catalog/:mark", "routes/catalog/mark.tsx"),
      route("catalog/:mark/:model", "routes/catalog/model.tsx"),
      route("catalog/:mark/:model/:generation", "routes/catalog/generation.tsx"),
      route("catalog/:mark/:model/:generation/:complectation", "routes/catalog/complectation.tsx"),
      ...groupedVerticalRoutes,
      route("contact", "routes/contact.tsx"),
      route("faq", "routes/faq.tsx"),
      route("favorites", "routes/favorites.tsx"),
      route("mobile-app", "routes/mobile-app.tsx"),
      route("reviews", "routes/reviews.tsx"),
      route("urgent", "routes/urgent.tsx"),
      route("services/:type/:id", "routes/services.tsx"),
      // /car/{id} is an ad, /car/{mark}/{model}/{generation} a listing: one splat decides.
      route("car/*", "routes/car.tsx"),
      route("profile/:id", "routes/profile/layout.tsx", [
        index("routes/profile/index.tsx"),
        route("adds", "routes/profile/adds.tsx"),
        route("uslugi", "routes/profile/uslugi.tsx"),
      ]),
      gate("auth", [
        ...verticalEdits,
        // The sandbox payment provider's checkout (decision 061), beyond the spec's pages.
        route("sandbox-pay/:id", "routes/sandbox-pay.tsx"),
        route("create", "routes/create/layout.tsx", [
          index("routes/create/index.tsx"),
          ...verticals.map((vertical) =>
            route(vertical, "routes/create/vertical.tsx", { id: `routes/create/${vertical}` }),
          ),
        ]),
        route("settings", "routes/settings/layout.tsx", [
          index("routes/settings/index.tsx"),
          route("adds", "routes/settings/adds.tsx"),
          route("business", "routes/settings/business.tsx"),
          route("balance", "routes/settings/balance.tsx"),
          route("chats", "routes/settings/chats.tsx"),
          route("notifications", "routes/settings/notifications.tsx"),
          route("profile", "routes/settings/profile.tsx"),
          route("sessions", "routes/settings/sessions.tsx"),
          route("subscribe", "routes/settings/subscribe.tsx"),
        ]),
      ]),
      gate("dashboard", [
        route("dashboard", "routes/dashboard/layout.tsx", [
          index("routes/dashboard/index.tsx"),
          ...dashboardSectionRoutes,
          route("users/:id", "routes/dashboard/user.tsx"),
        ]),
      ]),
      route("*", "routes/not-found.tsx"),
    ]),
    layout("layouts/simple.tsx", [
      gate("guest", [
        route("login", "routes/login.tsx"),
        route("reset-password", "routes/reset-password.tsx"),
      ]),
    ]),
    route("sitemap.xml", "routes/sitemap.ts"),
  ];
}

/** Gives every route of a copy of the tree its own id (a file may serve several routes). */
function withIds(entries: RouteConfigEntry[], prefix: string): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: `${prefix}${entry.id ?? entry.file.replace(/\.tsx?$/, "")}`,
    ...(entry.children ? { children: withIds(entry.children, prefix) } : {}),
  }));
}

/**
 * The whole route table (spec section 2). Every page exists four times: without a prefix (Russian)
 * and under /ru, /ky and /en — the `:lang` copy, whose locale route answers 404 for any other
 * prefix. The unprefixed copy comes first, so where a path fits both (is /business/about the
 * business "about", or /about in the language "business"?) the page without a prefix wins.
 */
export default [
  // Files for crawlers, in no language: the sitemap index's files and robots.txt.
  route("sitemaps/:file", "routes/sitemap-file.ts"),
  route("robots.txt", "routes/robots.ts"),
  layout("routes/locale.tsx", { id: "locale" }, withIds(pages(), "")),
  route(":lang", "routes/locale.tsx", { id: "lang" }, withIds(pages(), "lang/")),
] satisfies RouteConfigEntry[];
