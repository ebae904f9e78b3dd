import { randomBytes } from "node:crypto";
import {
  roles as allRoles,
  type ChangePasswordBody,
  type CodeSent,
  type DeleteAccountBody,
  isAdminOnly,
  isStaff,
  type Locale,
  type Me,
  type Role,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fieldError } from "../../lib/field-errors.ts";
import { processAvatar } from "../../lib/images.ts";
import { normalizeEmail, normalizePhone } from "../../lib/login.ts";
import { checkPasswordRules, hashPassword, verifyPassword } from "../../lib/passwords.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { findFavoriteAdIds } from "../ads/ads.repository.ts";
import { recordStaffAction } from "../audit/audit.ts";
import type { CodesService } from "../auth/codes.service.ts";
import type { SessionsService } from "../auth/sessions.service.ts";
import {
  deletePhone,
  deletePhonesOfUser,
  findPhoneOfUser,
  findPhoneOwner,
  findPhonesOfUser,
  findUserByEmail,
  findUserById,
  findUserForUpdate,
  insertPhone,
  isUsernameTaken,
  lockActiveAdminIds,
  recordUserLocale,
  redactCodeDestinations,
  setMainPhone,
  type UserPhoneRow,
  type UserRow,
  updateUser,
} from "./users.repository.ts";

export interface RequestContext {
  ip: string;
  locale: Locale;
}

/**
 * Another domain's part of an account deletion (the ads are archived; the chat issue labels the
 * chats "deleted user"). It runs inside the deletion's transaction, so the account and its data
 * change together or not at all; the work it answers runs once the deletion is committed (files to
 * remove, cached answers to drop).
 */
export type AccountDeletionHook = (
  tx: Database,
  userId: number,
) => Promise<(() => Promise<void>) | undefined>;

/** Usernames given to erased accounts; nobody may choose one. */
const RESERVED_USERNAME = /^deleted-\d+$/i;

export function toRoles(values: readonly string[]): Role[] {
  return values.filter((value): value is Role => (allRoles as readonly string[]).includes(value));
}

export interface UsersService {
  getMe(userId: number): Promise<Me>;
  toMe(user: UserRow, phones: UserPhoneRow[]): Promise<Me>;
  /** `USERNAME_TAKEN` when taken by another account or reserved. */
  assertUsernameFree(username: string, exceptUserId?: number): Promise<void>;
  requestPhone(userId: number, rawPhone: string, context: RequestContext): Promise<CodeSent>;
  confirmPhone(userId: number, rawPhone: string, code: string): Promise<Me>;
  setMainPhone(userId: number, phoneId: number): Promise<Me>;
  deletePhone(userId: number, phoneId: number): Promise<Me>;
  requestEmail(userId: number, email: string, context: RequestContext): Promise<CodeSent>;
  confirmEmail(userId: number, email: string, code: string): Promise<Me>;
  changePassword(userId: number, sessionId: string, body: ChangePasswordBody): Promise<void>;
  changeUsername(userId: number, username: string): Promise<Me>;
  /** Remembers the interface language the user switched to (decision 059). */
  setLocale(userId: number, locale: Locale): Promise<void>;
  uploadAvatar(userId: number, file: Buffer): Promise<Me>;
  deleteAvatar(userId: number): Promise<Me>;
  deleteAccount(userId: number, body: DeleteAccountBody): Promise<void>;
  /**
   * Blocks the account: every call answers 403 `BLOCKED` and every session ends. `by`: a staff
   * member's decision from the dashboard, checked and audited in the same transaction.
   */
  blockUser(userId: number, by?: StaffDecision): Promise<void>;
  unblockUser(userId: number, by?: StaffDecision): Promise<void>;
  /** `by`: an admin's change from the dashboard; nobody changes their own, the last admin stays. */
  setRoles(userId: number, roles: Role[], by?: StaffDecision): Promise<void>;
}

/** A staff member's decision about an account (decision 065). */
export interface StaffDecision {
  staff: number;
  roles: readonly string[];
  ip?: string;
  reason?: string;
}

/**
 * The account a staff decision is about, locked for the transaction: `USER_NOT_FOUND` when there is
 * none (or it is deleted), `STAFF_SELF` for one's own account.
 */
/**
 * Refuses to leave the site without a live admin when `userId` stops being one (loses the role, is
 * blocked, deletes the account). Every live admin row is locked first, so two admins doing this to
 * each other at once are taken one at a time and the second is refused.
 */
async function keepAnAdmin(tx: Database, userId: number): Promise<void> {
  const admins = await lockActiveAdminIds(tx);
  if (admins.includes(userId) && !admins.some((id) => id !== userId)) throw new AppError("STAFF_LAST_ADMIN");
}

function refuseSelf(userId: number, by: StaffDecision): void {
  if (by.staff === userId) throw new AppError("STAFF_SELF");
}

async function lockTarget(tx: Database, userId: number, by: StaffDecision | undefined): Promise<UserRow> {
  const row = await findUserForUpdate(tx, userId);
  if (!row || (by && row.deletedAt)) throw new AppError("USER_NOT_FOUND");
  if (by) refuseSelf(userId, by);
  return row;
}

export function createUsersService(deps: {
  db: Database;
  codes: CodesService;
  sessions: SessionsService;
  storage: FileStorage;
  deletionHooks?: AccountDeletionHook[];
}): UsersService {
  const { db, codes, sessions, storage } = deps;
  const deletionHooks = deps.deletionHooks ?? [];

  async function requireUser(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user || user.deletedAt) throw new AppError("UNAUTHORIZED");
    return user;
  }

  async function toMe(user: UserRow, phones: UserPhoneRow[]): Promise<Me> {
    return {
      id: user.id,
      username: user.username,
      avatar: user.avatarKey ? storage.publicUrl(user.avatarKey) : null,
      email: user.email,
      emailConfirmed: user.emailConfirmed,
      phones: phones.map((phone) => ({
        id: phone.id,
        phone: phone.phone,
        isMain: phone.isMain,
        confirmed: phone.confirmedAt !== null,
      })),
      roles: toRoles(user.roles),
      codeAccess: user.codesAccessGrantedAt !== null,
      favoriteAds: await findFavoriteAdIds(db, user.id),
      hasPassword: user.passwordHash !== null,
      createdAt: user.createdAt.toISOString(),
    };
  }

  async function getMe(userId: number): Promise<Me> {
    const user = await requireUser(userId);
    return toMe(user, await findPhonesOfUser(db, userId));
  }

  async function assertUsernameFree(username: string, exceptUserId?: number): Promise<void> {
    if (RESERVED_USERNAME.test(username) || (await isUsernameTaken(db, username, exceptUserId))) {
      throw fieldError("USERNAME_TAKEN", "username");
    }
  }

  /** The logins a code for "this account" may have gone to: its phones and its email. */
  async function loginsOf(user: UserRow): Promise<string[]> {
    const phones = await findPhonesOfUser(db, user.id);
    return [
      ...phones.map((phone) => phone.phone),
      ...(user.email && user.emailConfirmed ? [user.email] : []),
    ];
  }

  return {
    getMe,
    toMe,
    assertUsernameFree,

    async requestPhone(userId, rawPhone, context) {
      await requireUser(userId);
      const phone = normalizePhone(rawPhone);
      if (!phone) throw fieldError("PHONE_INVALID", "phone");
      const owner = await findPhoneOwner(db, phone);
      if (owner !== undefined) throw fieldError(owner === userId ? "CONFLICT" : "PHONE_TAKEN", "phone");
      return codes.sendCode({
        purpose: "phone",
        login: { kind: "phone", channel: "sms", value: phone },
        userId,
        ...context,
      });
    },

    async confirmPhone(userId, rawPhone, code) {
      await requireUser(userId);
      const phone = normalizePhone(rawPhone);
      if (!phone) throw fieldError("PHONE_INVALID", "phone");
      const owner = await findPhoneOwner(db, phone);
      if (owner !== undefined) throw fieldError(owner === userId ? "CONFLICT" : "PHONE_TAKEN", "phone");
      const checked = await codes.checkCode({ purpose: "phone", destinations: [phone], userId, code });
      try {
        await db.transaction(async (tx) => {
          await codes.spendCode(tx, checked.id);
          const existing = await findPhonesOfUser(tx, userId);
          await insertPhone(tx, { userId, phone, isMain: !existing.some((row) => row.isMain) });
        });
      } catch (error) {
        if (isUniqueViolation(error, "user_phones_phone_unique")) throw fieldError("PHONE_TAKEN", "phone");
        throw error;
      }
      return getMe(userId);
    },

    async setMainPhone(userId, phoneId) {
      if (!(await findPhoneOfUser(db, userId, phoneId))) throw new AppError("NOT_FOUND");
      await db.transaction((tx) => setMainPhone(tx, userId, phoneId));
      return getMe(userId);
    },

    async deletePhone(userId, phoneId) {
      const user = await requireUser(userId);
      const phone = await findPhoneOfUser(db, userId, phoneId);
      if (!phone) throw new AppError("NOT_FOUND");
      await db.transaction(async (tx) => {
        const phones = await findPhonesOfUser(tx, userId);
        const others = phones.filter((row) => row.id !== phoneId);
        // A code can only reach a phone or a confirmed email; Google is the other way in.
        const hasOtherLogin = others.length > 0 || (user.email && user.emailConfirmed) || user.googleSub;
        if (!hasOtherLogin) throw new AppError("PHONE_LAST");
        await deletePhone(tx, userId, phoneId);
        const nextMain = others[0];
        if (phone.isMain && nextMain) await setMainPhone(tx, userId, nextMain.id);
      });
      return getMe(userId);
    },

    async requestEmail(userId, rawEmail, context) {
      const user = await requireUser(userId);
      const email = normalizeEmail(rawEmail);
      if (!email) throw fieldError("LOGIN_INVALID", "email");
      const owner = await findUserByEmail(db, email);
      if (owner) throw fieldError(owner.id === user.id ? "CONFLICT" : "EMAIL_TAKEN", "email");
      return codes.sendCode({
        purpose: "email",
        login: { kind: "email", channel: "email", value: email },
        userId,
        ...context,
      });
    },

    async confirmEmail(userId, rawEmail, code) {
      await requireUser(userId);
      const email = normalizeEmail(rawEmail);
      if (!email) throw fieldError("LOGIN_INVALID", "email");
      const owner = await findUserByEmail(db, email);
      if (owner && owner.id !== userId) throw fieldError("EMAIL_TAKEN", "email");
      const checked = await codes.checkCode({ purpose: "email", destinations: [email], userId, code });
      try {
        await db.transaction(async (tx) => {
          await codes.spendCode(tx, checked.id);
          await updateUser(tx, userId, { email, emailConfirmed: true });
        });
      } catch (error) {
        if (isUniqueViolation(error, "users_email_unique")) throw fieldError("EMAIL_TAKEN", "email");
        throw error;
      }
      return getMe(userId);
    },

    async changePassword(userId, sessionId, { currentPassword, newPassword }) {
      const user = await requireUser(userId);
      if (user.passwordHash) {
        if (currentPassword === undefined || !(await verifyPassword(user.passwordHash, currentPassword))) {
          throw fieldError("PASSWORD_WRONG", "currentPassword");
        }
      }
      const identities = [...(await loginsOf(user)), user.username];
      const problems = checkPasswordRules(newPassword, identities, "newPassword");
      if (problems.length > 0) throw new AppError("PASSWORD_WEAK", { errors: problems });
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash });
        await sessions.endSessionsOfUser(tx, userId, "password", sessionId);
      });
    },

    async setLocale(userId, locale) {
      await recordUserLocale(db, userId, locale);
    },

    async changeUsername(userId, username) {
      await requireUser(userId);
      await assertUsernameFree(username, userId);
      try {
        await updateUser(db, userId, { username });
      } catch (error) {
        if (isUniqueViolation(error, "users_username_lower_unique"))
          throw fieldError("USERNAME_TAKEN", "username");
        throw error;
      }
      return getMe(userId);
    },

    async uploadAvatar(userId, file) {
      const user = await requireUser(userId);
      const webp = await processAvatar(file);
      // A new name for every upload: the file is cached for a year and never changes.
      const key = `avatars/${userId}-${randomBytes(8).toString("hex")}.webp`;
      await storage.put(key, webp);
      await updateUser(db, userId, { avatarKey: key });
      if (user.avatarKey) await storage.remove(user.avatarKey);
      return getMe(userId);
    },

    async deleteAvatar(userId) {
      const user = await requireUser(userId);
      if (user.avatarKey) {
        await updateUser(db, userId, { avatarKey: null });
        await storage.remove(user.avatarKey);
      }
      return getMe(userId);
    },

    async deleteAccount(userId, { password, code }) {
      const user = await requireUser(userId);
      const logins = await loginsOf(user);
      let codeId: number | undefined;
      if (password !== undefined) {
        if (!(await verifyPassword(user.passwordHash, password)))
          throw fieldError("PASSWORD_WRONG", "password");
      } else if (code !== undefined) {
        codeId = (await codes.checkCode({ purpose: "sign-in", destinations: logins, userId: null, code })).id;
      }
      const afterCommit = await db.transaction(async (tx) => {
        await keepAnAdmin(tx, userId);
        if (codeId !== undefined) await codes.spendCode(tx, codeId);
        const followUps: (() => Promise<void>)[] = [];
        for (const hook of deletionHooks) {
          const followUp = await hook(tx, userId);
          if (followUp) followUps.push(followUp);
        }
        await deletePhonesOfUser(tx, userId);
        await redactCodeDestinations(tx, logins);
        await updateUser(tx, userId, {
          username: `deleted-${userId}`,
          email: null,
          emailConfirmed: false,
          passwordHash: null,
          googleSub: null,
          avatarKey: null,
          roles: [],
          deletedAt: new Date(),
        });
        await sessions.endSessionsOfUser(tx, userId, "deleted");
        return followUps;
      });
      for (const followUp of afterCommit) await followUp();
      if (user.avatarKey) await storage.remove(user.avatarKey);
    },

    async blockUser(userId, by) {
      await db.transaction(async (tx) => {
        if (by) {
          refuseSelf(userId, by);
          await keepAnAdmin(tx, userId);
        }
        const before = await lockTarget(tx, userId, by);
        // Staff accounts are blocked by admins only (a moderator cannot lock out their admin).
        if (by && isStaff(before.roles) && !isAdminOnly(by.roles)) throw new AppError("STAFF_BLOCK_STAFF");
        await updateUser(tx, userId, { blockedAt: new Date(), blockReason: by?.reason ?? null });
        const ended = await sessions.endSessionsOfUser(tx, userId, "blocked");
        if (by) {
          await recordStaffAction(tx, {
            staff: by.staff,
            action: "user.block",
            object: { type: "user", id: userId },
            before: { blocked: before.blockedAt !== null },
            after: { blocked: true, reason: by.reason, sessionsEnded: ended },
            ip: by.ip,
          });
        }
      });
    },

    async unblockUser(userId, by) {
      await db.transaction(async (tx) => {
        const before = await lockTarget(tx, userId, by);
        await updateUser(tx, userId, { blockedAt: null, blockReason: null });
        if (by) {
          await recordStaffAction(tx, {
            staff: by.staff,
            action: "user.unblock",
            object: { type: "user", id: userId },
            before: { blocked: before.blockedAt !== null, reason: before.blockReason },
            after: { blocked: false, reason: by.reason },
            ip: by.ip,
          });
        }
      });
    },

    async setRoles(userId, roles, by) {
      const next = [...new Set(roles)];
      await db.transaction(async (tx) => {
        if (by && !isAdminOnly(by.roles)) throw new AppError("ROUTE_NOT_FOUND");
        if (by) refuseSelf(userId, by);
        if (by && !next.includes("admin")) await keepAnAdmin(tx, userId);
        const before = await lockTarget(tx, userId, by);
        await updateUser(tx, userId, { roles: next });
        if (by) {
          await recordStaffAction(tx, {
            staff: by.staff,
            action: "user.roles",
            object: { type: "user", id: userId },
            before: { roles: before.roles },
            after: { roles: next },
            ip: by.ip,
          });
        }
      });
    },
  };
}
