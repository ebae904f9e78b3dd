import { readFileSync } from "node:fs";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import {
  type FieldError,
  PASSWORD_MIN_LENGTH,
  type PasswordRuleCode,
  passwordRuleMessages,
} from "@unaa/contracts";

/**
 * argon2id, 64 MiB, 3 passes, 1 lane: RFC 9106's memory-constrained setting, about 58 ms a hash
 * here (OWASP's 19 MiB × 2 took 10 ms, cheap for an attacker). See docs/decisions/005-passwords.md.
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package declares a const enum, which type stripping cannot inline.
  algorithm: 2 as Algorithm,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Signing in to an unknown account still costs one verification, so timing does not tell.
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `passwordHash`; with no hash, spends the same time and says no. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("unaa-timing-equaliser");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(new URL("./data/common-passwords.txt", import.meta.url), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#")),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** One character over and over ("aaaaaaaa"), or nothing but whitespace. */
function isRepetitive(password: string): boolean {
  return new Set(password).size <= 1 || password.trim() === "";
}

/**
 * The password rules: 8+ characters, not a common password, not one repeated character or only
 * whitespace, not the account's phone, email or username. Returns field errors on `path` (empty when the password is fine).
 */
export function checkPasswordRules(
  password: string,
  identities: readonly (string | null | undefined)[],
  path = "password",
): FieldError[] {
  const codes: PasswordRuleCode[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) codes.push("too_short");
  if (isCommonPassword(password)) codes.push("common");
  else if (isRepetitive(password)) codes.push("repetitive");
  const lowered = password.trim().toLowerCase();
  const equalsIdentity = identities.some((identity) => {
    if (!identity) return false;
    const value = identity.toLowerCase();
    // A phone counts in any spelling: "+996700123456", "996700123456", "0700123456", "700123456".
    const digits = value.replace(/\D/g, "");
    const typedDigits = lowered.replace(/\D/g, "");
    const isPhoneLike = value.startsWith("+") && digits.length >= 6 && /^[+\d\s()\-.]+$/.test(lowered);
    return (
      lowered === value ||
      (isPhoneLike &&
        typedDigits.length >= 6 &&
        (digits.endsWith(typedDigits.replace(/^0+/, "")) || typedDigits === digits))
    );
  });
  if (equalsIdentity) codes.push("equals_login");
  return codes.map((code) => ({ path, code, message: passwordRuleMessages.en[code] }));
}
