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
import { ipNetwork } from "../../lib/ip-network.ts";
import { maskDestination, type ParsedLogin, phoneCountry } from "../../lib/login.ts";
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

/**
 * The limits on codes sent (decision 043): per destination and per IP address (a minute, an hour),
 * per IP network (IPv4 /24, IPv6 /64), per account, and for SMS per destination country abroad and
 * one hourly budget for the whole site.
 */
export interface CodeLimits {
  perDestinationMinute: RateCounter;
  perDestinationHour: RateCounter;
  perIpMinute: RateCounter;
  perIpHour: RateCounter;
  perNetworkHour: RateCounter;
  perAccountHour: RateCounter;
  /** SMS to one foreign country (the home country's SMS count only against the budget). */
  perForeignCountryHour: RateCounter;
  smsBudgetHour: RateCounter;
}

/** Where codes go without a country limit of their own. */
export const HOME_COUNTRY = "KG";

export interface SendCodeInput {
  purpose: SignPurpose;
  login: ParsedLogin;
  /** The account adding a phone or email (`phone`/`email` purposes); null otherwise. */
  userId: number | null;
  /**
   * False when no account may receive it (sign-in or reset for an unknown login): the limits count
   * and the answer is the same, but nothing is sent, so the answer does not tell who has an account.
   */
  deliver?: boolean;
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
  log: { warn(details: object, message: string): void };
  now?: () => number;
}): CodesService {
  const { db, codeKey, sender, limits, log } = deps;
  const now = deps.now ?? (() => Date.now());
  // The budget's warning is logged once per window, not on every refusal.
  let budgetWarnedUntil = 0;

  async function checkLimits({ login, ip, userId }: SendCodeInput) {
    const checks: [RateCounter, string][] = [
      [limits.perDestinationMinute, login.value],
      [limits.perIpMinute, ip],
      [limits.perDestinationHour, login.value],
      [limits.perIpHour, ip],
      [limits.perNetworkHour, ipNetwork(ip)],
    ];
    if (userId !== null) checks.push([limits.perAccountHour, String(userId)]);
    if (login.channel === "sms") {
      const country = phoneCountry(login.value);
      if (country !== HOME_COUNTRY) checks.push([limits.perForeignCountryHour, country]);
      checks.push([limits.smsBudgetHour, "site"]);
    }
    const states = await Promise.all(checks.map(([counter, key]) => counter.peek(key)));
    // The hourly refusal wins when both apply: it is the longer wait.
    let refusal: RateLimitedError | undefined;
    states.forEach((state, index) => {
      const counter = checks[index]?.[0];
      if (state.isFull && counter)
        refusal = new RateLimitedError(counter.rule.code ?? "RATE_LIMITED", state.retryAfterSeconds);
      if (state.isFull && counter === limits.smsBudgetHour && now() >= budgetWarnedUntil) {
        budgetWarnedUntil = now() + state.retryAfterSeconds * 1000;
        log.warn(
          { budget: counter.rule.max, retryAfterSeconds: state.retryAfterSeconds },
          "SMS budget reached: no SMS codes are sent until the hour is over (SMS_HOURLY_BUDGET)",
        );
      }
    });
    if (refusal) throw refusal;
    return checks;
  }

  return {
    async sendCode(input) {
      const { purpose, login, userId, ip, locale } = input;
      const checks = await checkLimits(input);
      await Promise.all(checks.map(([counter, key]) => counter.hit(key)));

      const maskedDestination = maskDestination(login.channel, login.value);
      const answer: CodeSent = {
        channel: login.channel,
        sentTo: maskedDestination,
        expiresInSeconds: CODE_TTL_SECONDS,
        resendInSeconds: CODE_RESEND_SECONDS,
      };
      if (input.deliver === false) return answer;
      const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
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
      return answer;
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
