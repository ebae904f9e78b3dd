import type { Locale } from "@unaa/contracts";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { oneTimeCodes, userPhones, users } from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;
export type UserPhoneRow = typeof userPhones.$inferSelect;

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account, its row locked for the transaction. */
export async function findUserForUpdate(tx: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

/** The ids of the live, unblocked admins, their rows locked for the transaction. */
export async function lockActiveAdminIds(tx: Database): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, isNull(users.deletedAt), isNull(users.blockedAt)))
    .orderBy(users.id)
    .for("update");
  return rows.map((row) => row.id);
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function findUserByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(userPhones)
    .innerJoin(users, eq(users.id, userPhones.userId))
    .where(eq(userPhones.phone, phone));
  return row?.user;
}

export async function findUserByGoogleSub(db: Database, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
  return row;
}

export async function isUsernameTaken(
  db: Database,
  username: string,
  exceptUserId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  return row !== undefined;
}

export async function findPhonesOfUser(db: Database, userId: number): Promise<UserPhoneRow[]> {
  return db.select().from(userPhones).where(eq(userPhones.userId, userId)).orderBy(asc(userPhones.id));
}

export async function findPhoneOfUser(
  db: Database,
  userId: number,
  phoneId: number,
): Promise<UserPhoneRow | undefined> {
  const [row] = await db
    .select()
    .from(userPhones)
    .where(and(eq(userPhones.id, phoneId), eq(userPhones.userId, userId)));
  return row;
}

export async function findPhoneOwner(db: Database, phone: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: userPhones.userId })
    .from(userPhones)
    .where(eq(userPhones.phone, phone));
  return row?.userId;
}

export interface NewUser {
  username: string;
  email?: string | null;
  emailConfirmed?: boolean;
  passwordHash?: string | null;
  googleSub?: string | null;
  roles?: string[];
}

export async function insertUser(db: Database, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert into users returned nothing");
  return row;
}

/**
 * Remembers the interface language the user last used (decision 059): what their notification
 * emails are written in. Writes only when it changed, so a refresh in the same language costs no write.
 */
export async function recordUserLocale(db: Database, id: number, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, id), sql`${users.locale} is distinct from ${locale}`));
}

export async function updateUser(
  db: Database,
  id: number,
  values: Partial<Omit<UserRow, "id" | "createdAt">>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertPhone(
  db: Database,
  values: { userId: number; phone: string; isMain: boolean },
): Promise<UserPhoneRow> {
  const [row] = await db
    .insert(userPhones)
    .values({ ...values, confirmedAt: sql`now()` })
    .returning();
  if (!row) throw new Error("insert into user_phones returned nothing");
  return row;
}

/** Makes `phoneId` the user's one main phone. */
export async function setMainPhone(db: Database, userId: number, phoneId: number): Promise<void> {
  await db
    .update(userPhones)
    .set({ isMain: false })
    .where(and(eq(userPhones.userId, userId), ne(userPhones.id, phoneId)));
  await db
    .update(userPhones)
    .set({ isMain: true })
    .where(and(eq(userPhones.userId, userId), eq(userPhones.id, phoneId)));
}

export async function deletePhone(db: Database, userId: number, phoneId: number): Promise<void> {
  await db.delete(userPhones).where(and(eq(userPhones.id, phoneId), eq(userPhones.userId, userId)));
}

export async function deletePhonesOfUser(db: Database, userId: number): Promise<void> {
  await db.delete(userPhones).where(eq(userPhones.userId, userId));
}

/** Removes the address from the code log of an erased account (the masked form stays). */
export async function redactCodeDestinations(db: Database, destinations: string[]): Promise<void> {
  if (destinations.length === 0) return;
  await db
    .update(oneTimeCodes)
    .set({ destination: "erased" })
    .where(inArray(oneTimeCodes.destination, destinations));
}
