// `npm run user:admin -- <phone-or-email>`: makes that account an admin, creating it when no
// account has that phone or email (then it signs in with a code and sets a password in settings).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { parseLogin } from "../lib/login.ts";
import {
  findUserByEmail,
  findUserByPhone,
  insertPhone,
  insertUser,
  isUsernameTaken,
  updateUser,
} from "../modules/users/users.repository.ts";

export type AdminOutcome =
  | { kind: "promoted" | "already-admin" | "created"; userId: number; username: string; isBlocked: boolean }
  | { kind: "invalid-login" };

/** Gives the admin role to the account of `rawLogin`, creating the account if needed. */
export async function makeAdmin(db: Database, rawLogin: string): Promise<AdminOutcome> {
  const login = parseLogin(rawLogin);
  if (!login) return { kind: "invalid-login" };
  const existing =
    login.kind === "phone" ? await findUserByPhone(db, login.value) : await findUserByEmail(db, login.value);
  if (existing) {
    const isBlocked = existing.blockedAt !== null;
    if (existing.roles.includes("admin")) {
      return { kind: "already-admin", userId: existing.id, username: existing.username, isBlocked };
    }
    await updateUser(db, existing.id, { roles: [...existing.roles, "admin"] });
    return { kind: "promoted", userId: existing.id, username: existing.username, isBlocked };
  }
  let username = "admin";
  for (let suffix = 2; await isUsernameTaken(db, username); suffix += 1) username = `admin${suffix}`;
  const created = await db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      username,
      roles: ["admin"],
      ...(login.kind === "email" ? { email: login.value, emailConfirmed: true } : {}),
    });
    if (login.kind === "phone") await insertPhone(tx, { userId: user.id, phone: login.value, isMain: true });
    return user;
  });
  return { kind: "created", userId: created.id, username: created.username, isBlocked: false };
}

function describeOutcome(outcome: AdminOutcome, rawLogin: string): string {
  switch (outcome.kind) {
    case "invalid-login":
      return `"${rawLogin}" is neither a phone number nor an email.\nUsage: npm run user:admin -- <phone-or-email>`;
    case "already-admin":
      return `${outcome.username} (id ${outcome.userId}) is an admin already.`;
    case "promoted":
      return `${outcome.username} (id ${outcome.userId}) is now an admin.`;
    case "created":
      return (
        `Created the admin ${outcome.username} (id ${outcome.userId}). Sign in at /login with a code sent to ` +
        `${rawLogin}, then set a password in Settings → Profile.`
      );
  }
}

async function main(): Promise<number> {
  const rawLogin = process.argv[2];
  if (!rawLogin) {
    process.stderr.write("Usage: npm run user:admin -- <phone-or-email>\n");
    return 1;
  }
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const outcome = await makeAdmin(handle.db, rawLogin);
    const stream = outcome.kind === "invalid-login" ? process.stderr : process.stdout;
    stream.write(`${describeOutcome(outcome, rawLogin)}\n`);
    if (outcome.kind !== "invalid-login" && outcome.isBlocked) {
      process.stderr.write("Warning: this account is blocked; unblock it in the dashboard.\n");
    }
    return outcome.kind === "invalid-login" ? 1 : 0;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
