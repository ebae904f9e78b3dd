/**
 * Who may see or change an ad, and which action its state allows (the life cycle in contracts).
 * Another user's ad is not found, never forbidden.
 */
import { type AdAction, type AdStatus, adActionsFrom, type Role } from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { type AdRow, findAdById, findAdForUpdate } from "./ads.repository.ts";

/** The signed-in user looking at an ad (null: a guest). */
export interface AdViewer {
  id: number;
  roles: readonly Role[];
}

const staffRoles: readonly Role[] = ["moderator", "admin"];

/** Moderators and admins see every ad, whatever its state. */
export function isStaffViewer(viewer: AdViewer | null): boolean {
  return viewer?.roles.some((role) => staffRoles.includes(role)) ?? false;
}

/** An active ad for anyone; any other state only for its owner and for moderators; else not found. */
export async function findVisibleAd(db: Database, viewer: AdViewer | null, id: number): Promise<AdRow> {
  const row = await findAdById(db, id);
  if (!row || (row.status !== "active" && row.userId !== viewer?.id && !isStaffViewer(viewer))) {
    throw new AppError("AD_NOT_FOUND");
  }
  return row;
}

/** The owner's ad, locked for the change; anyone else's is not found (never 403). */
export async function findOwnAdForUpdate(tx: Database, userId: number, id: number): Promise<AdRow> {
  const row = await findAdForUpdate(tx, id);
  if (!row || row.userId !== userId) throw new AppError("AD_NOT_FOUND");
  return row;
}

/** `AD_STATE_CONFLICT` unless the action may start from the ad's status. */
export function checkAllowed(row: AdRow, action: Exclude<AdAction, "extend">): void {
  if (!adActionsFrom[action].includes(row.status as AdStatus)) throw new AppError("AD_STATE_CONFLICT");
}
