/**
 * The dashboard's codes log, code access and regions dictionary (issue 17, decision 067). The codes
 * log never answers a code or its hash; a full destination goes only to staff granted in code-access
 * (admins read the log masked until granted), and nothing here logs one.
 */
import type {
  CodeAccessList,
  CodeLogPage,
  CodeLogQuery,
  DashboardRegions,
  DashboardTown,
  PlaceEdit,
  TownAdd,
} from "@unaa/contracts";
import { and, arrayOverlaps, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { oneTimeCodes, regions, towns, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fieldError } from "../../lib/field-errors.ts";
import { idKeyset } from "../../lib/id-keyset.ts";
import { normalizeEmail, normalizePhone } from "../../lib/login.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { toRoles } from "../users/users.service.ts";
import type { StaffCaller } from "./dashboard.service.ts";

export interface OpsService {
  /** Whether the staff member is granted the codes log in code-access. */
  hasCodeAccess(userId: number): Promise<boolean>;
  codes(caller: StaffCaller, query: CodeLogQuery): Promise<CodeLogPage>;
  codeAccess(): Promise<CodeAccessList>;
  setCodeAccess(caller: StaffCaller, userId: number, granted: boolean): Promise<CodeAccessList>;
  regions(): Promise<DashboardRegions>;
  editRegion(caller: StaffCaller, id: number, input: PlaceEdit): Promise<DashboardRegions>;
  editTown(caller: StaffCaller, id: number, input: PlaceEdit): Promise<DashboardRegions>;
  addTown(caller: StaffCaller, regionId: number, input: TownAdd): Promise<DashboardRegions>;
}

type PlaceRow = Pick<typeof towns.$inferSelect, "nameKy" | "nameRu" | "nameEn" | "position" | "hidden">;

/** The audited values of a region or town. */
const placeValues = (row: PlaceRow) => ({
  name: { ky: row.nameKy, ru: row.nameRu, en: row.nameEn },
  position: row.position,
  hidden: row.hidden,
});
const placeColumns = (input: PlaceEdit) => ({
  nameKy: input.name.ky,
  nameRu: input.name.ru,
  nameEn: input.name.en,
  position: input.position,
  hidden: input.hidden,
});

export function createOpsService(deps: {
  db: Database;
  /** After a region or town changed: drop the cached public configuration. */
  onRegionsChanged(): void;
}): OpsService {
  const { db, onRegionsChanged } = deps;

  async function hasCodeAccess(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ grantedAt: users.codesAccessGrantedAt })
      .from(users)
      .where(eq(users.id, userId));
    return !!row?.grantedAt;
  }

  async function codeAccess(): Promise<CodeAccessList> {
    const rows = await db
      .select({
        id: users.id,
        username: users.username,
        roles: users.roles,
        grantedAt: users.codesAccessGrantedAt,
      })
      .from(users)
      .where(arrayOverlaps(users.roles, ["moderator", "admin"]))
      .orderBy(asc(users.username));
    return {
      items: rows.map((row) => ({
        ...row,
        roles: toRoles(row.roles),
        grantedAt: row.grantedAt?.toISOString() ?? null,
      })),
    };
  }

  async function listRegions(): Promise<DashboardRegions> {
    const [regionRows, townRows] = await Promise.all([
      db.select().from(regions).orderBy(asc(regions.position), asc(regions.id)),
      db.select().from(towns).orderBy(asc(towns.position), asc(towns.id)),
    ]);
    const byRegion = new Map<number, DashboardTown[]>();
    for (const town of townRows) {
      const list = byRegion.get(town.regionId) ?? [];
      list.push({ id: town.id, slug: town.slug, kind: town.kind, ...placeValues(town) });
      byRegion.set(town.regionId, list);
    }
    return {
      items: regionRows.map((region) => ({
        id: region.id,
        slug: region.slug,
        ...placeValues(region),
        towns: byRegion.get(region.id) ?? [],
      })),
    };
  }

  /** After a committed change of the dictionary: the public configuration shows it, then the list. */
  function changed(): Promise<DashboardRegions> {
    onRegionsChanged();
    return listRegions();
  }

  return {
    hasCodeAccess,

    async codes(caller, query) {
      const conditions: SQL[] = [];
      if (query.purpose) conditions.push(eq(oneTimeCodes.purpose, query.purpose));
      if (query.channel) conditions.push(eq(oneTimeCodes.channel, query.channel));
      if (query.status) conditions.push(eq(oneTimeCodes.deliveryStatus, query.status));
      if (query.recipient) {
        const destination = query.recipient.includes("@")
          ? normalizeEmail(query.recipient)
          : normalizePhone(query.recipient);
        if (!destination) {
          const message = "must be a phone or an email";
          throw new AppError("VALIDATION_FAILED", {
            errors: [{ path: "recipient", code: "invalid_format", message }],
          });
        }
        conditions.push(eq(oneTimeCodes.destination, destination));
      }
      const keyset = idKeyset(oneTimeCodes.id, query);
      if (keyset.after) conditions.push(keyset.after);
      const full = await hasCodeAccess(caller.id);
      const rows = await db
        .select({
          id: oneTimeCodes.id,
          purpose: oneTimeCodes.purpose,
          channel: oneTimeCodes.channel,
          destination: oneTimeCodes.destination,
          maskedDestination: oneTimeCodes.maskedDestination,
          deliveryStatus: oneTimeCodes.deliveryStatus,
          deliveryError: oneTimeCodes.deliveryError,
          attempts: oneTimeCodes.attempts,
          usedAt: oneTimeCodes.usedAt,
          expiresAt: oneTimeCodes.expiresAt,
          ip: oneTimeCodes.ip,
          createdAt: oneTimeCodes.createdAt,
        })
        .from(oneTimeCodes)
        .where(and(...conditions))
        .orderBy(keyset.orderBy)
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        items: page.map((row) => ({
          id: row.id,
          purpose: row.purpose as CodeLogPage["items"][number]["purpose"],
          channel: row.channel as CodeLogPage["items"][number]["channel"],
          recipient: full ? row.destination : row.maskedDestination,
          masked: !full,
          deliveryStatus: row.deliveryStatus as CodeLogPage["items"][number]["deliveryStatus"],
          deliveryError: row.deliveryError,
          attempts: row.attempts,
          used: row.usedAt !== null,
          expiresAt: row.expiresAt.toISOString(),
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor: rows.length > query.limit ? String(page.at(-1)?.id) : null,
      };
    },

    codeAccess,

    async setCodeAccess(caller, userId, granted) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ roles: users.roles, grantedAt: users.codesAccessGrantedAt, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        const staff =
          row && !row.deletedAt && row.roles.some((role) => role === "moderator" || role === "admin");
        if (!staff) throw new AppError("USER_NOT_FOUND");
        if (!!row.grantedAt === granted) return;
        const grantedAt = granted ? new Date() : null;
        await tx.update(users).set({ codesAccessGrantedAt: grantedAt }).where(eq(users.id, userId));
        await recordStaffAction(tx, {
          staff: caller.id,
          action: granted ? "code-access.grant" : "code-access.revoke",
          object: { type: "user", id: userId },
          before: { granted: !granted },
          after: { granted },
          ip: caller.ip,
        });
      });
      return codeAccess();
    },

    regions: listRegions,

    async editRegion(caller, id, input) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(regions).where(eq(regions.id, id)).for("update");
        if (!before) throw new AppError("REGION_NOT_FOUND");
        const [after] = await tx
          .update(regions)
          .set(placeColumns(input))
          .where(eq(regions.id, id))
          .returning();
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "region.edit",
          object: { type: "region", id },
          before: placeValues(before),
          after: placeValues(after ?? before),
          ip: caller.ip,
        });
      });
      return changed();
    },

    async editTown(caller, id, input) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(towns).where(eq(towns.id, id)).for("update");
        if (!before) throw new AppError("TOWN_NOT_FOUND");
        const [after] = await tx.update(towns).set(placeColumns(input)).where(eq(towns.id, id)).returning();
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "town.edit",
          object: { type: "town", id },
          before: placeValues(before),
          after: placeValues(after ?? before),
          ip: caller.ip,
        });
      });
      return changed();
    },

    async addTown(caller, regionId, input) {
      try {
        await db.transaction(async (tx) => {
          const [region] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
          if (!region) throw new AppError("REGION_NOT_FOUND");
          const [town] = await tx
            .insert(towns)
            .values({
              regionId,
              slug: input.slug,
              kind: input.kind,
              ...placeColumns({ ...input, hidden: false }),
            })
            .returning();
          if (!town) throw new AppError("INTERNAL");
          await recordStaffAction(tx, {
            staff: caller.id,
            action: "town.add",
            object: { type: "town", id: town.id },
            after: { regionId, slug: town.slug, kind: town.kind, ...placeValues(town) },
            ip: caller.ip,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, "towns_region_slug_unique")) throw fieldError("TOWN_SLUG_TAKEN", "slug");
        throw error;
      }
      return changed();
    },
  };
}
