import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A file of DATA_DIR that the first start writes and every later start reads (the auth secret,
 * the VAPID keys): its text, made by `create` when the file is missing. The text is written whole
 * under a name of its own, then linked into place, so a process starting at the same moment finds
 * no file or the whole one, never one being written; when two write at once, the first link wins
 * and both read it.
 */
export function keptFile(file: string, create: () => string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(draft, create(), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, "utf8");
}
