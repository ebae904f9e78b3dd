// The dashboard's authorization matrix (issue 17, decision 065): every endpoint under /api/dashboard,
// listed from the OpenAPI document, called as guest, user, editor, moderator (and one granted the
// codes log), admin and a blocked staff member, answers what product.md's table (`sectionAccess`) says for its declared section
// (`x-dashboard-section`). An endpoint that declares no section fails.
import { type DashboardSection, dashboardSectionNames, type Role, sectionAccess } from "@unaa/contracts";
import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.ts";
import { sectionExtension } from "../../plugins/auth.ts";
import { authHeaders, signUpPersona } from "../../test/personas.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { nextIp, type TestClient } from "../auth/auth-test-kit.ts";

type Caller = "guest" | "user" | "editor" | "moderator" | "granted moderator" | "admin" | "blocked moderator";
const callers: Caller[] = [
  "guest",
  "user",
  "editor",
  "moderator",
  "granted moderator",
  "admin",
  "blocked moderator",
];
const rolesOf: Record<Caller, Role[]> = {
  guest: [],
  user: [],
  editor: ["editor"],
  moderator: ["moderator"],
  "granted moderator": ["moderator"],
  admin: ["admin"],
  "blocked moderator": ["moderator"],
};

interface Endpoint {
  method: string;
  path: string;
  /** "users:W", "history:R", "users:admin". */
  declared: string | undefined;
}

let harness: TestApp;
const clients = {} as Record<Caller, TestClient | null>;

beforeAll(async () => {
  harness = await createTestApp();
  clients.guest = null;
  for (const caller of ["user", "editor", "moderator", "admin"] as const) {
    clients[caller] = await signUpPersona(harness, caller);
  }
  // A moderator granted the codes log in code-access (decision 067).
  const granted = (await signUpPersona(harness, "moderator")) as TestClient;
  await harness.database.db
    .update(users)
    .set({ codesAccessGrantedAt: new Date() })
    .where(eq(users.id, granted.userId));
  clients["granted moderator"] = granted;
  const blocked = (await signUpPersona(harness, "moderator")) as TestClient;
  await harness.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.userId));
  clients["blocked moderator"] = blocked;
});
afterAll(async () => {
  await harness.close();
});

function dashboardEndpoints(): Endpoint[] {
  const document = harness.app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith("/api/dashboard/"))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        declared: operation[sectionExtension] as string | undefined,
      })),
    );
}

/** Whether the caller's roles open the declared section at the declared level. */
function allowed(caller: Caller, declared: string): boolean {
  const [section, level] = declared.split(":") as [DashboardSection, "R" | "W" | "admin"];
  const roles = rolesOf[caller];
  if (level === "admin") return roles.includes("admin");
  const access = sectionAccess(roles, section, { codeAccess: caller === "granted moderator" });
  return level === "R" ? access !== null : access === "W";
}

describe("[S2.8] dashboard authorization matrix", () => {
  it("every dashboard endpoint declares a section of the matrix and a level", () => {
    const endpoints = dashboardEndpoints();
    expect(endpoints.length).toBeGreaterThanOrEqual(7);
    for (const { method, path, declared } of endpoints) {
      const [section, level] = (declared ?? "").split(":");
      expect(dashboardSectionNames, `${method} ${path}`).toContain(section);
      expect(["R", "W", "admin"], `${method} ${path}`).toContain(level);
    }
  });

  it("answers each caller as product.md's table says: 401 guest, 404 hidden, 403 blocked", async () => {
    const mismatches: string[] = [];
    for (const { method, path, declared } of dashboardEndpoints()) {
      // Ids in the path name the admin's own account; a write's empty body is refused after the gate.
      const url = path.replace(/\{[^}]+\}/g, String(clients.admin?.userId ?? 1));
      for (const caller of callers) {
        const response = await harness.app.inject({
          method: method as InjectOptions["method"],
          url,
          remoteAddress: nextIp(),
          headers: authHeaders(clients[caller]),
          ...(method === "GET" ? {} : { payload: {} }),
        });
        // A CSV answer (stats.csv) has no code.
        const isJson = String(response.headers["content-type"]).startsWith("application/json");
        const code = isJson ? response.json<{ code?: string }>().code : undefined;
        const passed =
          caller === "guest"
            ? response.statusCode === 401
            : caller === "blocked moderator"
              ? response.statusCode === 403 && code === "BLOCKED"
              : allowed(caller, declared ?? "")
                ? response.statusCode !== 401 && response.statusCode !== 403 && code !== "ROUTE_NOT_FOUND"
                : response.statusCode === 404 && code === "ROUTE_NOT_FOUND";
        if (!passed) mismatches.push(`${method} ${path} as ${caller}: ${response.statusCode} ${code ?? ""}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
