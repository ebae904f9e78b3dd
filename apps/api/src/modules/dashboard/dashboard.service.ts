/**
 * The staff dashboard's own reads and decisions (issue 17, decision 065): the audit history, users
 * (search, detail, block, roles) and the overview. Routes check the section (`requireSection`); the
 * rules that depend on who is asking are checked here as well.
 */
import {
  type AuditEntry,
  type DashboardOverview,
  type DashboardUser,
  type DashboardUserRow,
  type DashboardUsersPage,
  type DashboardUsersQuery,
  type HistoryPage,
  type HistoryQuery,
  historyOwnOnly,
  type Role,
  sectionAccess,
  type UserBlockInput,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { bishkekToday } from "../../lib/bishkek-day.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { countWaitingPhotos } from "../moderation/moderation.repository.ts";
import { findUserById } from "../users/users.repository.ts";
import type { UsersService } from "../users/users.service.ts";
import { toRoles } from "../users/users.service.ts";
import {
  type AuditRow,
  countAdsOf,
  countComplaintsAgainst,
  countCreatedSince,
  countOpenComplaints,
  countPendingAds,
  findAuditEntries,
  findPhonesOf,
  findSessionsOf,
  findUsers,
  sumRevenueSince,
  type UserListRow,
} from "./dashboard.repository.ts";

/** The staff member calling (from the access token) and their IP, for the audit history. */
export interface StaffCaller {
  id: number;
  roles: readonly Role[];
  ip?: string;
}

export interface DashboardService {
  history(caller: StaffCaller, query: HistoryQuery): Promise<HistoryPage>;
  listUsers(query: DashboardUsersQuery): Promise<DashboardUsersPage>;
  getUser(id: number): Promise<DashboardUser>;
  blockUser(caller: StaffCaller, id: number, input: UserBlockInput): Promise<DashboardUser>;
  unblockUser(caller: StaffCaller, id: number, input: UserBlockInput): Promise<DashboardUser>;
  setRoles(caller: StaffCaller, id: number, roles: Role[]): Promise<DashboardUser>;
  overview(caller: StaffCaller): Promise<DashboardOverview>;
}

/** How many sessions a user's page lists. */
const sessionsShown = 20;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function presentEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    staff: row.staffId === null ? null : { id: row.staffId, name: row.staffName ?? "" },
    action: row.action as AuditEntry["action"],
    objectType: row.objectType as AuditEntry["objectType"],
    objectId: row.objectId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentRow(row: UserListRow): DashboardUserRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    roles: toRoles(row.roles),
    blockedAt: iso(row.blockedAt),
    deletedAt: iso(row.deletedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createDashboardService(deps: {
  db: Database;
  storage: FileStorage;
  users: UsersService;
  /** After a block is committed: ends the user's open sockets (their sessions ended with it). */
  onBlocked?(userId: number): void;
}): DashboardService {
  const { db, storage, users } = deps;

  async function getUser(id: number): Promise<DashboardUser> {
    const row = await findUserById(db, id);
    if (!row) throw new AppError("USER_NOT_FOUND");
    const [phones, adsCount, sessionRows, complaintsAgainst] = await Promise.all([
      findPhonesOf(db, id),
      countAdsOf(db, id),
      findSessionsOf(db, id, sessionsShown),
      countComplaintsAgainst(db, id),
    ]);
    return {
      ...presentRow({ ...row, phone: phones[0] ?? null }),
      phones,
      avatar: row.avatarKey ? storage.publicUrl(row.avatarKey) : null,
      blockReason: row.blockedAt ? row.blockReason : null,
      ads: adsCount,
      sessions: sessionRows.map((session) => ({
        id: session.id,
        deviceLabel: session.deviceLabel,
        source: session.source,
        ip: session.ip,
        city: session.city,
        createdAt: session.createdAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        endedAt: iso(session.endedAt),
        endReason: session.endReason,
      })),
      complaintsAgainst,
    };
  }

  const decision = (caller: StaffCaller, reason?: string) => ({
    staff: caller.id,
    roles: caller.roles,
    ...(caller.ip === undefined ? {} : { ip: caller.ip }),
    ...(reason === undefined ? {} : { reason }),
  });

  /** Users decisions are the `users` section's writes: moderators and admins. */
  function requireUsersWriter(caller: StaffCaller): void {
    if (sectionAccess(caller.roles, "users") !== "W") throw new AppError("ROUTE_NOT_FOUND");
  }

  return {
    async history(caller, query) {
      if (!sectionAccess(caller.roles, "history")) throw new AppError("ROUTE_NOT_FOUND");
      // Editors read only their own entries (product.md section 1: "R (own)").
      const rows = await findAuditEntries(db, query, historyOwnOnly(caller.roles) ? caller.id : null);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentEntry),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },

    async listUsers(query) {
      const rows = await findUsers(db, query);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentRow),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
      };
    },

    getUser,

    async blockUser(caller, id, { reason }) {
      requireUsersWriter(caller);
      await users.blockUser(id, decision(caller, reason));
      deps.onBlocked?.(id);
      return getUser(id);
    },

    async unblockUser(caller, id, { reason }) {
      requireUsersWriter(caller);
      await users.unblockUser(id, decision(caller, reason));
      return getUser(id);
    },

    async setRoles(caller, id, roles) {
      await users.setRoles(id, roles, decision(caller));
      return getUser(id);
    },

    async overview(caller) {
      const may = (section: "adds" | "photos" | "complaints" | "payments") =>
        sectionAccess(caller.roles, section) !== null;
      const since = bishkekToday();
      const [pendingAds, waitingPhotos, complaints, created, revenue] = await Promise.all([
        may("adds") ? countPendingAds(db) : null,
        may("photos") ? countWaitingPhotos(db) : null,
        may("complaints") ? countOpenComplaints(db) : null,
        countCreatedSince(db, since),
        may("payments") ? sumRevenueSince(db, since) : null,
      ]);
      return {
        queues: {
          pendingAds,
          waitingPhotos,
          adComplaints: complaints?.adComplaints ?? null,
          chatReports: complaints?.chatReports ?? null,
          reportedReviews: complaints?.reportedReviews ?? null,
        },
        today: { ...created, revenue },
      };
    },
  };
}
