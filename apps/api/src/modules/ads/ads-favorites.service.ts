/**
 * Favourites (spec S3.3): a user's list on the server, counted on each ad; a guest's list lives in
 * the browser, shown by the cards of its ids and merged into the account at sign-in.
 */
import { type AdCard, type AdFavoriteResponse, adFavoritesMax } from "@unaa/contracts";
import { AppError } from "../../errors.ts";
import {
  deleteFavorite,
  findAdById,
  findAdCardsByIds,
  findFavoriteAdIds,
  findFavoriteAds,
  findFavoriteCount,
  insertFavorite,
} from "./ads.repository.ts";
import type { AdsContext } from "./ads-context.ts";
import { toCard } from "./ads-presenters.ts";

export interface AdFavorites {
  /** Only an active ad can become a favourite; removing works whatever its state. */
  addFavorite(userId: number, id: number): Promise<AdFavoriteResponse>;
  removeFavorite(userId: number, id: number): Promise<AdFavoriteResponse>;
  listFavorites(userId: number): Promise<AdCard[]>;
  /** The cards of these ads in the given order, active, archived or sold ones only (a guest's favourites). */
  findAdCards(ids: readonly number[]): Promise<AdCard[]>;
  /** A guest's favourites (local storage) join the account at sign-in; ads no longer active are skipped. */
  mergeFavorites(userId: number, adIds: readonly number[]): Promise<number[]>;
}

export function createAdFavorites({ db, storage }: AdsContext): AdFavorites {
  return {
    async addFavorite(userId, id) {
      await db.transaction(async (tx) => {
        const ad = await findAdById(tx, id);
        if (ad?.status !== "active") throw new AppError("AD_NOT_FOUND");
        await insertFavorite(tx, userId, id);
      });
      return { adId: id, isFavorite: true, favorites: await findFavoriteCount(db, id) };
    },

    async removeFavorite(userId, id) {
      const favorites = await db.transaction(async (tx) => {
        const ad = await findAdById(tx, id);
        if (!ad) throw new AppError("AD_NOT_FOUND");
        await deleteFavorite(tx, userId, id);
        return findFavoriteCount(tx, id);
      });
      return { adId: id, isFavorite: false, favorites };
    },

    async listFavorites(userId) {
      return (await findFavoriteAds(db, userId, adFavoritesMax)).map((row) => toCard(row, storage));
    },

    async findAdCards(ids) {
      if (ids.length === 0) return [];
      const rows = await findAdCardsByIds(db, ids, ["active", "archived", "sold"]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toCard(row, storage)] : [];
      });
    },

    async mergeFavorites(userId, adIds) {
      const held = new Set(await findFavoriteAdIds(db, userId));
      const room = adFavoritesMax - held.size;
      const fresh = [...new Set(adIds)].filter((id) => !held.has(id)).slice(0, Math.max(room, 0));
      await db.transaction(async (tx) => {
        for (const id of fresh) {
          const ad = await findAdById(tx, id);
          if (ad?.status === "active") await insertFavorite(tx, userId, id);
        }
      });
      return findFavoriteAdIds(db, userId);
    },
  };
}
