import type {
  CodeSent,
  GoogleLoginBody,
  Locale,
  Me,
  ResetPasswordBody,
  Session,
  SignInBody,
  SignPurpose,
  SignUpBody,
} from "@unaa/contracts";
import { USERNAME_MAX_LENGTH } from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { fieldError } from "../../lib/field-errors.ts";
import type { GoogleIdTokenVerifier } from "../../lib/google-id-token.ts";
import { type ParsedLogin, parseLogin } from "../../lib/login.ts";
import { checkPasswordRules, hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { type RateCounter, RateLimitedError } from "../../lib/rate-counter.ts";
import {
  findPhonesOfUser,
  findUserByEmail,
  findUserByGoogleSub,
  findUserById,
  findUserByPhone,
  insertPhone,
  insertUser,
  isUsernameTaken,
  recordUserLocale,
  type UserRow,
  updateUser,
} from "../users/users.repository.ts";
import { type RequestContext, toRoles, type UsersService } from "../users/users.service.ts";
import type { CodesService } from "./codes.service.ts";
import type { ClientInfo, IssuedSession, SessionsService } from "./sessions.service.ts";

/** A sign-in's outcome: the answer's user and the session behind the cookies. */
export interface SignedIn {
  user: Me;
  session: IssuedSession;
}

export interface AuthService {
  /** `userId` is the caller, needed for the `phone` and `email` purposes only. */
  requestCode(
    purpose: SignPurpose,
    rawLogin: string,
    userId: number | null,
    context: RequestContext,
  ): Promise<CodeSent>;
  signUp(body: SignUpBody, context: RequestContext): Promise<SignedIn>;
  signIn(body: SignInBody, context: RequestContext): Promise<SignedIn>;
  resetPassword(body: ResetPasswordBody, context: RequestContext): Promise<SignedIn>;
  googleLogin(body: GoogleLoginBody, context: RequestContext): Promise<SignedIn>;
  /** Also keeps `locale` (the page's language) as the account's (decision 059). */
  refresh(refreshToken: string | undefined, locale: Locale): Promise<SignedIn>;
  /** Ends the session of the refresh cookie, or of the access token; never fails. */
  logout(refreshToken: string | undefined, sessionId: string | undefined): Promise<void>;
  listSessions(userId: number, currentSessionId: string): Promise<Session[]>;
  endSession(userId: number, sessionId: string): Promise<void>;
  endOtherSessions(userId: number, currentSessionId: string): Promise<void>;
}

export function createAuthService(deps: {
  db: Database;
  codes: CodesService;
  sessions: SessionsService;
  users: UsersService;
  verifyGoogleIdToken: GoogleIdTokenVerifier;
  /** Failed password sign-ins per login: 10 in 15 minutes, then a code is required. */
  signInFailures: RateCounter;
}): AuthService {
  const { db, codes, sessions, users, verifyGoogleIdToken, signInFailures } = deps;

  function parseLoginField(raw: string): ParsedLogin {
    const login = parseLogin(raw);
    if (!login) throw fieldError("LOGIN_INVALID", "login");
    return login;
  }

  function findUserByLogin(login: ParsedLogin): Promise<UserRow | undefined> {
    return login.kind === "phone" ? findUserByPhone(db, login.value) : findUserByEmail(db, login.value);
  }

  function clientOf(
    body: { device: ClientInfo["device"]; source: string },
    context: RequestContext,
  ): ClientInfo {
    return { device: body.device, source: body.source, ip: context.ip, locale: context.locale };
  }

  async function signedIn(user: UserRow, session: IssuedSession): Promise<SignedIn> {
    return { user: await users.toMe(user, await findPhonesOfUser(db, user.id)), session };
  }

  /** The user row after a transaction changed it. */
  async function reload(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError("INTERNAL");
    return user;
  }

  /** A free username made from a Google name or email: letters, digits, `_`, `.`. */
  async function pickUsername(seed: string): Promise<string> {
    const cleaned = seed
      .normalize("NFKC")
      .replace(/\s+/g, ".")
      .replace(/[^\p{L}\p{N}_.]/gu, "")
      .slice(0, USERNAME_MAX_LENGTH - 5);
    const base = cleaned.length >= 3 ? cleaned : `user${cleaned}`;
    if (!/^deleted-\d+$/i.test(base) && !(await isUsernameTaken(db, base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await isUsernameTaken(db, candidate))) return candidate;
    }
    return `${base}${Date.now().toString(36)}`.slice(0, USERNAME_MAX_LENGTH);
  }

  return {
    async requestCode(purpose, rawLogin, userId, context) {
      if (purpose === "phone" || purpose === "email") {
        if (userId === null) throw new AppError("UNAUTHORIZED");
        return purpose === "phone"
          ? users.requestPhone(userId, rawLogin, context)
          : users.requestEmail(userId, rawLogin, context);
      }
      const login = parseLoginField(rawLogin);
      const user = await findUserByLogin(login);
      if (purpose === "sign-up" && user) throw fieldError("ACCOUNT_EXISTS", "login");
      if (purpose === "sign-up") return codes.sendCode({ purpose, login, userId: null, ...context });
      if (user?.blockedAt && !user.deletedAt) throw new AppError("BLOCKED");
      // Sign-in and reset answer an unknown login as a known one (no account enumeration): the
      // limits count the same, only no code goes out.
      const isAccount = user !== undefined && !user.deletedAt;
      return codes.sendCode({ purpose, login, userId: null, deliver: isAccount, ...context });
    },

    async signUp(body, context) {
      const login = parseLoginField(body.login);
      if (await findUserByLogin(login)) throw fieldError("ACCOUNT_EXISTS", "login");
      await users.assertUsernameFree(body.username);
      const problems = checkPasswordRules(body.password, [login.value, body.username]);
      if (problems.length > 0) throw new AppError("PASSWORD_WEAK", { errors: problems });
      const checked = await codes.checkCode({
        purpose: "sign-up",
        destinations: [login.value],
        userId: null,
        code: body.code,
      });
      const passwordHash = await hashPassword(body.password);
      try {
        const session = await db.transaction(async (tx) => {
          await codes.spendCode(tx, checked.id);
          const user = await insertUser(tx, {
            username: body.username,
            passwordHash,
            ...(login.kind === "email" ? { email: login.value, emailConfirmed: true } : {}),
          });
          if (login.kind === "phone")
            await insertPhone(tx, { userId: user.id, phone: login.value, isMain: true });
          return sessions.startSession(tx, user.id, [], clientOf(body, context));
        });
        return signedIn(await reload(session.userId), session);
      } catch (error) {
        if (isUniqueViolation(error, "users_username_lower_unique"))
          throw fieldError("USERNAME_TAKEN", "username");
        if (isUniqueViolation(error)) throw fieldError("ACCOUNT_EXISTS", "login");
        throw error;
      }
    },

    async signIn(body, context) {
      const login = parseLoginField(body.login);
      if (body.code !== undefined) {
        const checked = await codes.checkCode({
          purpose: "sign-in",
          destinations: [login.value],
          userId: null,
          code: body.code,
        });
        const user = await findUserByLogin(login);
        if (!user || user.deletedAt) throw fieldError("CODE_INVALID", "code");
        if (user.blockedAt) throw new AppError("BLOCKED");
        const session = await db.transaction(async (tx) => {
          await codes.spendCode(tx, checked.id);
          return sessions.startSession(tx, user.id, toRoles(user.roles), clientOf(body, context));
        });
        return signedIn(user, session);
      }

      const failures = await signInFailures.peek(login.value);
      if (failures.isFull) throw new RateLimitedError("CODE_REQUIRED", failures.retryAfterSeconds);
      const user = await findUserByLogin(login);
      const isMatch = await verifyPassword(
        user && !user.deletedAt ? user.passwordHash : null,
        body.password ?? "",
      );
      if (!user || !isMatch) {
        await signInFailures.hit(login.value);
        throw fieldError("CREDENTIALS_INVALID", "password");
      }
      if (user.blockedAt) throw new AppError("BLOCKED");
      const session = await sessions.startSession(db, user.id, toRoles(user.roles), clientOf(body, context));
      return signedIn(user, session);
    },

    async resetPassword(body, context) {
      const login = parseLoginField(body.login);
      // The code first: an unknown login has none, so it gets CODE_INVALID like a wrong code.
      const checked = await codes.checkCode({
        purpose: "reset",
        destinations: [login.value],
        userId: null,
        code: body.code,
      });
      const user = await findUserByLogin(login);
      if (!user || user.deletedAt) throw fieldError("CODE_INVALID", "code");
      if (user.blockedAt) throw new AppError("BLOCKED");
      const phones = await findPhonesOfUser(db, user.id);
      const identities = [login.value, user.username, user.email, ...phones.map((phone) => phone.phone)];
      const problems = checkPasswordRules(body.password, identities);
      if (problems.length > 0) throw new AppError("PASSWORD_WEAK", { errors: problems });
      const passwordHash = await hashPassword(body.password);
      const session = await db.transaction(async (tx) => {
        await codes.spendCode(tx, checked.id);
        await updateUser(tx, user.id, { passwordHash });
        await sessions.endSessionsOfUser(tx, user.id, "reset");
        return sessions.startSession(tx, user.id, toRoles(user.roles), clientOf(body, context));
      });
      return signedIn(await reload(user.id), session);
    },

    async googleLogin(body, context) {
      const identity = await verifyGoogleIdToken(body.idToken);
      let user = await findUserByGoogleSub(db, identity.sub);
      if (!user && identity.email && identity.emailVerified) {
        const owner = await findUserByEmail(db, identity.email);
        // Linked only to an email the account confirmed: Google vouches for the same address.
        if (owner?.emailConfirmed && !owner.deletedAt) {
          user = await updateUser(db, owner.id, { googleSub: identity.sub });
        }
      }
      if (!user) {
        const email = identity.email && identity.emailVerified ? identity.email : null;
        const emailFree = email ? !(await findUserByEmail(db, email)) : false;
        const username = await pickUsername(identity.name ?? identity.email?.split("@")[0] ?? "user");
        try {
          user = await insertUser(db, {
            username,
            googleSub: identity.sub,
            ...(email && emailFree ? { email, emailConfirmed: true } : {}),
          });
        } catch (error) {
          // Two first sign-ins at once: the other one made the account.
          if (!isUniqueViolation(error)) throw error;
          user = await findUserByGoogleSub(db, identity.sub);
          if (!user) throw error;
        }
      }
      if (user.blockedAt) throw new AppError("BLOCKED");
      const session = await sessions.startSession(db, user.id, toRoles(user.roles), clientOf(body, context));
      return signedIn(user, session);
    },

    async refresh(refreshToken, locale) {
      const { session, user } = await sessions.refreshSession(refreshToken);
      await recordUserLocale(db, user.id, locale);
      return signedIn(user, session);
    },

    async logout(refreshToken, sessionId) {
      const fromCookie = refreshToken ? await sessions.findSessionIdByRefreshToken(refreshToken) : null;
      const target = fromCookie ?? sessionId;
      if (target) await sessions.endSession(target, "logout");
    },

    listSessions: (userId, currentSessionId) => sessions.listSessions(userId, currentSessionId),

    async endSession(userId, sessionId) {
      if (!(await sessions.endSessionOfUser(userId, sessionId))) throw new AppError("NOT_FOUND");
    },

    async endOtherSessions(userId, currentSessionId) {
      await sessions.endSessionsOfUser(db, userId, "others-revoked", currentSessionId);
    },
  };
}
