import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import {
  createAccessTokenVerifier,
  deriveAuthKeys,
  hashOneTimeCode,
  signAccessToken,
  verifyAccessToken,
} from "./tokens.ts";

const keys = deriveAuthKeys("x".repeat(40));
const otherKeys = deriveAuthKeys("y".repeat(40));

describe("tokens", () => {
  it("signs and checks access tokens; another secret or an expired token is refused", async () => {
    const claims = {
      userId: 7,
      sessionId: "0b5a3c52-3d7e-4a59-9b1e-5f1f4e0c1a11",
      roles: ["editor" as const],
    };
    const signedAt = Date.now();
    const token = await signAccessToken(keys.accessToken, claims, signedAt);
    // The expiry comes back too (the socket ends when the token does): 15 minutes, to the second.
    expect(await verifyAccessToken(keys.accessToken, token)).toEqual({
      ...claims,
      expiresAt: (Math.floor(signedAt / 1000) + 15 * 60) * 1000,
    });
    await expect(verifyAccessToken(otherKeys.accessToken, token)).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    const old = await signAccessToken(keys.accessToken, claims, Date.now() - 16 * 60_000);
    await expect(verifyAccessToken(keys.accessToken, old)).rejects.toBeInstanceOf(AppError);
    await expect(verifyAccessToken(keys.accessToken, old)).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
  });

  it("remembers accepted tokens (LRU), still refusing them once expired, and never remembers a refused one", async () => {
    let clock = Date.now();
    const verify = createAccessTokenVerifier(keys.accessToken, { size: 2, now: () => clock });
    const sign = (userId: number) =>
      signAccessToken(keys.accessToken, { userId, sessionId: "s", roles: [] }, clock);
    const [first, second, third] = [await sign(1), await sign(2), await sign(3)];
    expect(await verify(first)).toMatchObject({ userId: 1 });
    // A remembered token is answered without checking its signature again: same claims.
    expect(await verify(first)).toEqual(await verifyAccessToken(keys.accessToken, first));
    const forged = `${second.slice(0, -2)}xx`;
    for (let attempt = 0; attempt < 2; attempt++)
      await expect(verify(forged)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await verify(second);
    await verify(third);
    // Its expiry is checked on every use, remembered or not.
    clock += 15 * 60_000;
    for (const token of [first, second, third])
      await expect(verify(token)).rejects.toMatchObject({ code: "TOKEN_EXPIRED" });
  });

  it("keeps each key to its purpose: one key per use, each from the secret", () => {
    const raw = [keys.accessToken.export(), keys.sessionCookie, keys.oneTimeCode.export()];
    expect(new Set(raw.map((key) => key.toString("hex"))).size).toBe(3);
    expect(keys.sessionCookie.equals(otherKeys.sessionCookie)).toBe(false);
    expect(deriveAuthKeys("x".repeat(40)).sessionCookie.equals(keys.sessionCookie)).toBe(true);
  });

  it("binds a code hash to its purpose and destination", () => {
    const hash = hashOneTimeCode(keys.oneTimeCode, "+996700123456", "sign-in", "123456");
    expect(hashOneTimeCode(keys.oneTimeCode, "+996700123456", "reset", "123456")).not.toBe(hash);
    expect(hashOneTimeCode(keys.oneTimeCode, "+996700123457", "sign-in", "123456")).not.toBe(hash);
    expect(hash).not.toContain("123456");
  });
});
