import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditEntries, users } from "../../db/schema/index.ts";
import { openTestDatabase } from "../../test/test-database.ts";
import { recordStaffAction } from "./audit.ts";

let database: DatabaseHandle;
let staffId: number;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  const [staff] = await database.db
    .insert(users)
    .values({ username: "audit_staff", roles: ["moderator"] })
    .returning({ id: users.id });
  staffId = staff?.id ?? 0;
});
afterAll(async () => {
  await database.close();
});

describe("recordStaffAction", () => {
  it("writes who, what, the object, before/after and the IP", async () => {
    await database.db.transaction(async (tx) => {
      await recordStaffAction(tx, {
        staff: staffId,
        action: "user.block",
        object: { type: "user", id: 42 },
        before: { blocked: false },
        after: { blocked: true, reason: "spam" },
        ip: "203.0.113.7",
      });
    });
    const rows = await database.db.select().from(auditEntries).where(eq(auditEntries.staffId, staffId));
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        staffId,
        action: "user.block",
        objectType: "user",
        objectId: "42",
        before: { blocked: false },
        after: { blocked: true, reason: "spam" },
        ip: "203.0.113.7",
        createdAt: expect.any(Date),
      },
    ]);
  });

  it("is undone with the transaction it was written in", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordStaffAction(tx, { staff: staffId, action: "ad.remove", object: { type: "ad", id: 7 } });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    const rows = await database.db.select().from(auditEntries).where(eq(auditEntries.action, "ad.remove"));
    expect(rows).toEqual([]);
  });
});
