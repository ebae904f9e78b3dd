import { recordIdSchema } from "@unaa/contracts";
import { AppError } from "../errors.ts";

/**
 * The opaque cursor of a list ordered by a time, then by id, newest first (chats by activity,
 * reviews by writing): the last item's time and id.
 */
export function encodeTimeCursor(at: Date, id: number): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

/** The keyset of a cursor; anything else is a 400 naming the `cursor` field. */
export function decodeTimeCursor(cursor: string): { at: Date; id: number } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string") {
      const at = new Date(parsed[0]);
      if (!Number.isNaN(at.getTime()) && recordIdSchema.safeParse(parsed[1]).success) {
        return { at, id: parsed[1] as number };
      }
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError("VALIDATION_FAILED", {
    errors: [{ path: "cursor", code: "invalid", message: "invalid cursor" }],
  });
}
