import { type KeyObject, randomInt } from "node:crypto";
import {
  CODE_LENGTH,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type CodeSent,
  type Locale,
  type SignPurpose,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { fieldError } from "../../lib/field-errors.ts";
import { maskDestination, type ParsedLogin } from "../../lib/login.ts";
import { type RateCounter, RateLimitedError } from "../../lib/rate-counter.ts";
import { type CodeSender, writeCodeMessage } from "../../lib/senders/code-sender.ts";
import { hashOneTimeCode, isSameHash } from "../../lib/tokens.ts";
import {
  findLatestCode,
  incrementCodeAttempts,
  insertCode,
  markCodeUsed,
  updateCodeDelivery,
} from "./codes.repository.ts";

export const MAX_CODE_ATTEMPTS = 5;

/** The four resend limits: 1 a minute and 5 an hour, per destination and per IP. */
export interface CodeLimits {
  perDestinationMinute: RateCounter;
  perDestinationHour: RateCounter;
  perIpMinute: RateCounter;
  perIpHour: RateCounter;
}

export interface SendCodeInput {
  purpose: SignPurpose;
  login: ParsedLogin;
  /** The account adding a phone or email (`phone`/`email` purposes); null otherwise. */
  userId: number | null;
  ip: string;
  locale: Locale;
}

export interface CheckCodeInput {
  purpose: SignPurpose;
  /** Where the code may have been sent (several for "any login of this account"). */
  destinations: string[];
  userId: number | null;
  code: string;
}

export interface CodesService {
  sendCode(input: SendCodeInput): Promise<CodeSent>;
  /** Checks a code without spending it: returns its id for `spendCode` once the action succeeds. */
  checkCode(input: CheckCodeInput): Promise<{ id: number; destination: string }>;
  /** Spends a checked code, inside the transaction of the action it allows. */
  spendCode(db: Database, id: number): Promise<void>;
}

export function createCodesService(deps: {
  db: Database;
  codeKey: KeyObject;
  sender: CodeSender;
  limits: CodeLimits;
  now?: () => number;
}): CodesService {
  const { db, codeKey, sender, limits } = deps;
  const now = deps.now ?? (() => Date.now());

  async function checkLimits(destination: string, ip: string) {
    const checks: [RateCounter, string][] = [
      [limits.perDestinationMinute, destination],
      [limits.perIpMinute, ip],
      [limits.perDestinationHour, destination],
      [limits.perIpHour, ip],
    ];
    const states = await Promise.all(checks.map(([counter, key]) => counter.peek(key)));
    // The hourly refusal wins when both apply: it is the longer wait.
    let refusal: RateLimitedError | undefined;
    states.forEach((state, index) => {
      const counter = checks[index]?.[0];
      if (state.isFull && counter)
        refusal = new RateLimitedError(counter.rule.code ?? "RATE_LIMITED", state.retryAfterSeconds);
    });
    if (refusal) throw refusal;
    return checks;
  }

  return {
    async sendCode({ purpose, login, userId, ip, locale }) {
      const checks = await checkLimits(login.value, ip);
      await Promise.all(checks.map(([counter, key]) => counter.hit(key)));

      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
      const maskedDestination = maskDestination(login.channel, login.value);
      const id = await insertCode(db, {
        purpose,
        channel: login.channel,
        destination: login.value,
        maskedDestination,
        userId,
        codeHash: hashOneTimeCode(codeKey, login.value, purpose, code),
        expiresAt: new Date(now() + CODE_TTL_SECONDS * 1000),
        deliveryStatus: "pending",
        ip,
      });
      try {
        await sender.send(
          writeCodeMessage(locale, { channel: login.channel, to: login.value, code, purpose }),
        );
      } catch (error) {
        await updateCodeDelivery(db, id, "failed", (error as Error).message.slice(0, 500));
        throw new AppError("CODE_DELIVERY_FAILED", { cause: error });
      }
      await updateCodeDelivery(db, id, sender.kind, null);
      return {
        channel: login.channel,
        sentTo: maskedDestination,
        expiresInSeconds: CODE_TTL_SECONDS,
        resendInSeconds: CODE_RESEND_SECONDS,
      };
    },

    async checkCode({ purpose, destinations, userId, code }) {
      const row = await findLatestCode(db, purpose, destinations, userId);
      if (!row || row.usedAt || row.deliveryStatus === "failed") throw fieldError("CODE_INVALID", "code");
      if (row.attempts >= MAX_CODE_ATTEMPTS) throw fieldError("CODE_ATTEMPTS_EXCEEDED", "code");
      if (row.expiresAt.getTime() <= now()) throw fieldError("CODE_EXPIRED", "code");
      if (!isSameHash(hashOneTimeCode(codeKey, row.destination, purpose, code), row.codeHash)) {
        const attempts = await incrementCodeAttempts(db, row.id);
        throw fieldError(attempts >= MAX_CODE_ATTEMPTS ? "CODE_ATTEMPTS_EXCEEDED" : "CODE_INVALID", "code");
      }
      return { id: row.id, destination: row.destination };
    },

    async spendCode(tx, id) {
      if (!(await markCodeUsed(tx, id))) throw fieldError("CODE_INVALID", "code");
    },
  };
}
