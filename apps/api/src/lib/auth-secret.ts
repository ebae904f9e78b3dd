import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Config } from "../config.ts";
import { keptFile } from "./kept-file.ts";

/**
 * The server secret behind access tokens, session cookies and code hashes. Production must set
 * AUTH_SECRET (the config refuses to start without it); development and tests generate one on the
 * first start and keep it in DATA_DIR/secret, so sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<Config, "authSecret" | "dataDir">): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "secret");
  const secret = keptFile(file, () => `${randomBytes(48).toString("base64url")}\n`).trim();
  if (secret.length < 32) throw new Error(`${file} holds no secret: remove it, or set AUTH_SECRET`);
  return secret;
}
