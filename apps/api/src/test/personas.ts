// Accounts of every kind of caller, for the tests that try each endpoint as each of them (fuzz,
// access matrix). Not a test file itself.
import type { Role } from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/index.ts";
import { bearer, signUpUser, type TestClient } from "../modules/auth/auth-test-kit.ts";
import type { TestApp } from "./test-app.ts";

export const personaNames = ["guest", "user", "other", "editor", "moderator", "admin", "blocked"] as const;
export type PersonaName = (typeof personaNames)[number];

const rolesOf: Record<Exclude<PersonaName, "guest">, Role[]> = {
  user: [],
  other: [],
  editor: ["editor"],
  moderator: ["moderator"],
  admin: ["admin"],
  blocked: [],
};

/** A signed-in account of that kind (staff roles and the block set in the database), or null for a guest. */
export async function signUpPersona(harness: TestApp, name: PersonaName): Promise<TestClient | null> {
  if (name === "guest") return null;
  const client = await signUpUser(harness);
  const roles = rolesOf[name];
  const blockedAt = name === "blocked" ? new Date() : null;
  if (roles.length > 0 || blockedAt) {
    await harness.database.db.update(users).set({ roles, blockedAt }).where(eq(users.id, client.userId));
  }
  return client;
}

/** The headers of a call by that client (none for a guest). */
export function authHeaders(client: TestClient | null): Record<string, string> {
  return client ? bearer(client) : {};
}
