import type { Role } from "@unaa/contracts";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../lib/passwords.ts";
import type { Database } from "../client.ts";
import { userPhones, users } from "../schema/index.ts";

/** Shared by the four demo accounts (development only; documented in the README). */
export const DEMO_PASSWORD = "unaa-demo-2025";

export const demoUsers: { username: string; phone: string; email: string; roles: Role[] }[] = [
  { username: "demo_user", phone: "+996700000001", email: "user@demo.unaa.kg", roles: [] },
  { username: "demo_editor", phone: "+996700000002", email: "editor@demo.unaa.kg", roles: ["editor"] },
  {
    username: "demo_moderator",
    phone: "+996700000003",
    email: "moderator@demo.unaa.kg",
    roles: ["moderator"],
  },
  { username: "demo_admin", phone: "+996700000004", email: "admin@demo.unaa.kg", roles: ["admin"] },
];

/**
 * One demo account per role. Idempotent: an existing demo account gets its roles back; its
 * password, phones and email are left as they are. Never called in production.
 */
export async function seedDemoUsers(db: Database): Promise<number> {
  let created = 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of demoUsers) {
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, demo.username));
      if (existing) {
        await tx.update(users).set({ roles: demo.roles }).where(eq(users.id, existing.id));
        return;
      }
      const [phoneOwner] = await tx.select().from(userPhones).where(eq(userPhones.phone, demo.phone));
      const [emailOwner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
      if (phoneOwner || emailOwner) return;
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          email: demo.email,
          emailConfirmed: true,
          passwordHash,
          roles: demo.roles,
        })
        .returning({ id: users.id });
      if (!user) return;
      await tx
        .insert(userPhones)
        .values({ userId: user.id, phone: demo.phone, isMain: true, confirmedAt: new Date() });
      created += 1;
    });
  }
  return created;
}
