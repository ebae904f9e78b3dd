/**
 * The moderators' sections `adds`, `photos` and `complaints` (issue 17 item 3, decision 066).
 * Ad decisions themselves are the ads service's (approve, reject, remove); this service lists the
 * queues, shows an ad with its waiting edit as a diff, reviews photos and resolves complaints.
 * Every action is audited in its own transaction (decision 065).
 */
import type {
  ComplaintGroup,
  ComplaintKind,
  ComplaintResolution,
  ComplaintResolveInput,
  DashboardAdChange,
  DashboardAdDetail,
  DashboardAdRow,
  DashboardAdsQuery,
  DashboardAdsResponse,
  DashboardComplaintsQuery,
  DashboardComplaintsResponse,
  DashboardPhotosResponse,
  DuplicateMatch,
  ModerationBulkResult,
  NotificationPayloads,
  PhotoRejectInput,
  Vertical,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import type { StoredAdPhoto } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { decodeTimeCursor, encodeTimeCursor } from "../../lib/time-cursor.ts";
import type { AdsService } from "../ads/ads.service.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { deletePhotoRow, dropPhotoFromAd, findAdPhotoListsForUpdate } from "../photos/photos.repository.ts";
import { removePhotoFiles, toAdCover } from "../photos/photos.service.ts";
import type { ReviewsService } from "../reviews/reviews.service.ts";
import type { StaffDecision } from "../users/users.service.ts";
import {
  findAdComplaints,
  findAdPhotoWithAd,
  findAdsByIds,
  findChatsByIds,
  findComplaintGroups,
  findModerationAd,
  findModerationAds,
  findPhotosOfAd,
  findPhotosWithAds,
  findReviewsByIds,
  findUsernames,
  findWaitingPhotos,
  type ModerationAdRow,
  markPhotosReviewed,
  resolveComplaintsOf,
} from "./moderation.repository.ts";

export interface ModerationService {
  listAds(query: DashboardAdsQuery): Promise<DashboardAdsResponse>;
  getAd(id: number): Promise<DashboardAdDetail>;
  approveAds(staffId: number, ids: number[], ip: string): Promise<ModerationBulkResult>;
  listPhotos(query: { cursor?: string; limit: number }): Promise<DashboardPhotosResponse>;
  approvePhotos(staffId: number, ids: number[], ip: string): Promise<ModerationBulkResult>;
  rejectPhoto(staffId: number, id: number, input: PhotoRejectInput, ip: string): Promise<void>;
  listComplaints(query: DashboardComplaintsQuery): Promise<DashboardComplaintsResponse>;
  resolveComplaints(
    staff: { id: number; roles: readonly string[] },
    kind: ComplaintKind,
    objectId: number,
    input: ComplaintResolveInput,
    ip: string,
  ): Promise<ComplaintResolution>;
}

export interface ModerationServiceDeps {
  db: Database;
  storage: FileStorage;
  ads: Pick<AdsService, "approveAd" | "removeAd">;
  reviews: Pick<ReviewsService, "moderate">;
  /** The users service's block: its rules (not oneself; staff by admins only), audited. */
  blockUser(userId: number, by: StaffDecision): Promise<void>;
  /** Tells a user of a decision (notifications' `notify`); a failure must not throw. */
  notify(userId: number, payload: NotificationPayloads["moderationNotice"]): Promise<unknown>;
}

/** Fields of an ad a waiting edit may change, as the diff names them (the typed filter columns repeat `fields`). */
const diffedColumns = [
  "title",
  "description",
  "price",
  "currency",
  "negotiable",
  "regionId",
  "townId",
  "abroadCountry",
  "videoUrl",
  "chatOnly",
] as const;

const isSame = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The waiting edit, field by field: what it would change of the live version. */
export function revisionChanges(
  live: Record<string, unknown> & { photos: StoredAdPhoto[]; fields: Record<string, unknown> },
  revision: Record<string, unknown> | null,
): DashboardAdChange[] {
  if (!revision) return [];
  const changes: DashboardAdChange[] = [];
  for (const column of diffedColumns) {
    if (column in revision && !isSame(live[column], revision[column])) {
      changes.push({ field: column, before: live[column] ?? null, after: revision[column] ?? null });
    }
  }
  const fields = (revision.fields ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(live.fields), ...Object.keys(fields)])) {
    if (!isSame(live.fields[key], fields[key])) {
      changes.push({ field: `fields.${key}`, before: live.fields[key] ?? null, after: fields[key] ?? null });
    }
  }
  const ids = (photos: unknown) =>
    Array.isArray(photos) ? photos.map((photo) => (photo as StoredAdPhoto).id) : [];
  if ("photos" in revision && !isSame(ids(live.photos), ids(revision.photos))) {
    changes.push({ field: "photos", before: ids(live.photos), after: ids(revision.photos) });
  }
  return changes;
}

function cursorOf(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** A cursor this service wrote, or a 400 naming `cursor`. */
function readCursor<T>(cursor: string, isValid: (value: unknown) => value is T): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (isValid(value)) return value;
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError("VALIDATION_FAILED", {
    errors: [{ path: "cursor", code: "invalid", message: "invalid cursor" }],
  });
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

export function createModerationService(deps: ModerationServiceDeps): ModerationService {
  const { db, storage } = deps;
  const person = (id: number, username: string) => ({ id, username });

  function presentAdRow(row: ModerationAdRow): DashboardAdRow {
    const [cover] = row.photos;
    return {
      id: row.id,
      title: row.title,
      vertical: row.vertical as Vertical,
      status: row.status as DashboardAdRow["status"],
      seller: person(row.userId, row.username),
      createdAt: row.createdAt.toISOString(),
      waitingSince: row.updatedAt.toISOString(),
      cover: cover ? toAdCover(cover, storage) : null,
      duplicatePhotos: row.duplicatePhotos,
      hasPendingChanges: row.pendingRevision !== null,
      complaints: row.complaints,
    };
  }

  /** The originals of copied photos, by id. */
  async function duplicateMatches(ids: (number | null)[]): Promise<Map<number, DuplicateMatch>> {
    const rows = await findPhotosWithAds(db, [...new Set(ids.filter((id): id is number => id !== null))]);
    return new Map(
      rows.map((row) => [
        row.id,
        {
          photoId: row.id,
          cover: toAdCover(row, storage),
          adId: row.adId,
          vertical: (row.vertical as Vertical | null) ?? null,
          title: row.title,
          seller: person(row.userId, row.username),
        },
      ]),
    );
  }

  async function notifySoftly(userId: number, payload: NotificationPayloads["moderationNotice"]) {
    try {
      await deps.notify(userId, payload);
    } catch {
      // A notice that failed is not worth undoing the decision for.
    }
  }

  return {
    async listAds(query) {
      const queue = query.tab === "queue";
      const q = query.q ?? "";
      const id = /^\d{1,9}$/.test(q) ? Number(q) : undefined;
      let after: { at: Date; id: number } | { id: number } | undefined;
      if (query.cursor) {
        after = queue
          ? decodeTimeCursor(query.cursor)
          : { id: readCursor(query.cursor, (value): value is number => isId(value)) };
      }
      const rows = await findModerationAds(db, {
        queue,
        id,
        text: id === undefined && q ? q : undefined,
        sellerId: query.sellerId,
        phone: query.phone ? `+${query.phone.replace(/^\+/, "")}` : undefined,
        status: query.status,
        vertical: query.vertical,
        after,
        limit: query.limit,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(presentAdRow),
        nextCursor:
          rows.length > query.limit && last
            ? queue
              ? encodeTimeCursor(last.updatedAt, last.id)
              : cursorOf(last.id)
            : null,
      };
    },

    async getAd(id) {
      const row = await findModerationAd(db, id);
      if (!row) throw new AppError("AD_NOT_FOUND");
      const [photoRows, complaints] = await Promise.all([findPhotosOfAd(db, id), findAdComplaints(db, id)]);
      const matches = await duplicateMatches(photoRows.map((photo) => photo.duplicateOfId));
      const copies = new Map(photoRows.map((photo) => [photo.id, photo.duplicateOfId]));
      const revisionPhotos = (row.pendingRevision?.photos ?? []) as StoredAdPhoto[];
      const shown = [
        ...row.photos,
        ...revisionPhotos.filter((photo) => !row.photos.some((p) => p.id === photo.id)),
      ];
      return {
        ...presentAdRow(row),
        description: row.description,
        price: row.price,
        currency: row.currency,
        rejectReason: row.rejectReason as DashboardAdDetail["rejectReason"],
        rejectNote: row.rejectNote,
        changes: revisionChanges(row, row.pendingRevision),
        photos: shown.map((photo) => {
          const original = copies.get(photo.id);
          return {
            id: photo.id,
            cover: toAdCover(photo, storage),
            duplicateOf: original ? (matches.get(original) ?? null) : null,
          };
        }),
        complaintList: complaints.map((complaint) => ({
          id: complaint.id,
          reporter: person(complaint.reporterId, complaint.username),
          reason: complaint.reason,
          text: complaint.text,
          status: complaint.status as "new" | "resolved",
          createdAt: complaint.createdAt.toISOString(),
        })),
      };
    },

    async approveAds(staffId, ids, ip) {
      const results: ModerationBulkResult["results"] = [];
      // One ad at a time, each in its own transaction with its audit entry: one refusal stops none of the others.
      for (const id of new Set(ids)) {
        try {
          await deps.ads.approveAd(staffId, id, ip);
          results.push({ id, code: null });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, code: error.code });
        }
      }
      return { results };
    },

    async listPhotos(query) {
      const after = query.cursor
        ? readCursor(
            query.cursor,
            (value): value is { original: boolean; id: number } =>
              typeof value === "object" &&
              value !== null &&
              typeof (value as { original?: unknown }).original === "boolean" &&
              isId((value as { id?: unknown }).id),
          )
        : undefined;
      const rows = await findWaitingPhotos(db, { after, limit: query.limit });
      const page = rows.slice(0, query.limit);
      const matches = await duplicateMatches(page.map((row) => row.duplicateOfId));
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          cover: toAdCover(row, storage),
          createdAt: row.createdAt.toISOString(),
          ad: {
            id: row.adId,
            vertical: row.vertical as Vertical,
            title: row.title,
            status: row.status as DashboardAdRow["status"],
          },
          seller: person(row.userId, row.username),
          duplicateOf: row.duplicateOfId === null ? null : (matches.get(row.duplicateOfId) ?? null),
        })),
        nextCursor:
          rows.length > query.limit && last
            ? cursorOf({ original: last.duplicateOfId === null, id: last.id })
            : null,
      };
    },

    async approvePhotos(staffId, ids, ip) {
      const unique = [...new Set(ids)];
      const marked = await db.transaction(async (tx) => {
        const done = await markPhotosReviewed(tx, unique, new Date());
        for (const id of done) {
          await recordStaffAction(tx, {
            staff: staffId,
            action: "photo.approve",
            object: { type: "photo", id },
            ip,
          });
        }
        return new Set(done);
      });
      return { results: unique.map((id) => ({ id, code: marked.has(id) ? null : "AD_PHOTO_NOT_FOUND" })) };
    },

    async rejectPhoto(staffId, id, input, ip) {
      const photo = await findAdPhotoWithAd(db, id);
      if (!photo?.adId) throw new AppError("AD_PHOTO_NOT_FOUND");
      const adId = photo.adId;
      const files = await db.transaction(async (tx) => {
        // The ad first (its row locked as an ad update locks it), then the photo.
        await findAdPhotoListsForUpdate(tx, adId);
        await dropPhotoFromAd(tx, adId, id);
        const removed = await deletePhotoRow(tx, id, adId);
        if (!removed) throw new AppError("AD_PHOTO_NOT_FOUND");
        await recordStaffAction(tx, {
          staff: staffId,
          action: "photo.reject",
          object: { type: "photo", id },
          before: { adId },
          after: { reason: input.reason, note: input.note },
          ip,
        });
        return removed;
      });
      await removePhotoFiles(storage, files);
      await notifySoftly(photo.userId, {
        topic: "photoRejected",
        subject: "ad",
        title: photo.title,
        outcome: null,
        reason: input.reason,
        note: input.note,
        link: `/${photo.vertical}/${adId}/edit`,
      });
    },

    listComplaints: (query) => complaintGroups(query),

    async resolveComplaints(staff, kind, objectId, input, ip) {
      const { outcome, note } = input;
      const staffId = staff.id;
      if (kind === "chat" && outcome === "remove") throw new AppError("COMPLAINT_OUTCOME_INVALID");
      const [open] = (await complaintGroups({ kind, status: "new", limit: 1, objectId })).items;
      if (!open) throw new AppError("COMPLAINT_NOT_FOUND");
      const offender = open.offender;
      // Taking the object down and blocking are the ads', reviews' and users' own audited decisions,
      // taken before the complaints close (a refusal leaves them open).
      // The ads service tells the owner of the removal.
      if (outcome === "remove" && kind === "ad") {
        await removeQuietly(() => deps.ads.removeAd(staffId, objectId, ip, { reason: "other", note }));
      }
      if (outcome === "remove" && kind === "review") {
        await deps.reviews.moderate(staffId, objectId, true, { reason: note || "complaint" }, ip);
      }
      if (outcome === "block" && offender) {
        await deps.blockUser(offender.id, {
          staff: staffId,
          roles: staff.roles,
          ip,
          reason: note || "complaint",
        });
      }
      const reporters = await db.transaction(async (tx) => {
        const closed = await resolveComplaintsOf(tx, kind, objectId);
        if (closed.length === 0) throw new AppError("COMPLAINT_NOT_FOUND");
        await recordStaffAction(tx, {
          staff: staffId,
          action: "complaint.resolve",
          object: { type: "complaint", id: `${kind}:${objectId}` },
          before: { open: closed.length },
          after: { outcome, note },
          ip,
        });
        return closed;
      });
      const title = kind === "review" ? "" : open.title;
      if (offender && outcome === "warn") {
        await notifySoftly(offender.id, {
          topic: "warned",
          subject: kind,
          title,
          outcome,
          reason: null,
          note,
          link: open.link,
        });
      }
      for (const reporter of new Set(reporters)) {
        await notifySoftly(reporter, {
          topic: "complaintResolved",
          subject: kind,
          title,
          outcome,
          reason: null,
          note: "",
          link: null,
        });
      }
      return { kind, objectId, outcome, resolved: reporters.length };
    },
  };

  /** Complaints grouped by object, with each object's title, link and offender. */
  async function complaintGroups(
    query: DashboardComplaintsQuery & { objectId?: number },
  ): Promise<DashboardComplaintsResponse> {
    const after = query.cursor
      ? readCursor(
          query.cursor,
          (value): value is { ms: number; kind: string; id: number } =>
            typeof value === "object" &&
            value !== null &&
            typeof (value as { ms?: unknown }).ms === "number" &&
            typeof (value as { kind?: unknown }).kind === "string" &&
            isId((value as { id?: unknown }).id),
        )
      : undefined;
    const rows = await findComplaintGroups(db, {
      kind: query.kind,
      objectId: query.objectId,
      status: query.status,
      after,
      limit: query.limit,
    });
    const page = rows.slice(0, query.limit);
    const idsOf = (kind: ComplaintKind) =>
      page.filter((row) => row.kind === kind).map((row) => row.object_id);
    const [adRows, chatRows, reviewRows] = await Promise.all([
      findAdsByIds(db, idsOf("ad")),
      findChatsByIds(db, idsOf("chat")),
      findReviewsByIds(db, idsOf("review")),
    ]);
    const adById = new Map(adRows.map((row) => [row.id, row]));
    const chatById = new Map(chatRows.map((row) => [row.id, row]));
    const reviewById = new Map(reviewRows.map((row) => [row.id, row]));
    const objects = page.map((row) => {
      if (row.kind === "ad") {
        const ad = adById.get(row.object_id);
        return {
          title: ad?.title ?? "",
          link: ad ? `/${ad.vertical}/${ad.id}` : null,
          offenderId: ad?.userId ?? null,
        };
      }
      if (row.kind === "review") {
        const review = reviewById.get(row.object_id);
        return {
          title: review ? review.text.slice(0, 80) : "",
          link: review ? `/profile/${review.sellerId}` : null,
          offenderId: review?.authorId ?? null,
        };
      }
      const chat = chatById.get(row.object_id);
      const reporter = row.reporter_ids[0];
      return {
        title: chat?.title ?? "",
        link: null,
        offenderId: chat ? (chat.sellerId === reporter ? chat.buyerId : chat.sellerId) : null,
      };
    });
    const names = new Map(
      (
        await findUsernames(db, [
          ...page.flatMap((row) => row.reporter_ids),
          ...objects.flatMap((object) => (object.offenderId === null ? [] : [object.offenderId])),
        ])
      ).map((row) => [row.id, row.username]),
    );
    const named = (id: number) => person(id, names.get(id) ?? `deleted-${id}`);
    const last = page.at(-1);
    return {
      items: page.map((row, index): ComplaintGroup => {
        const object = objects[index] as (typeof objects)[number];
        return {
          kind: row.kind,
          objectId: row.object_id,
          title: object.title,
          link: object.link,
          offender: object.offenderId === null ? null : named(object.offenderId),
          count: row.count,
          latestReason: row.latest_reason,
          latestText: row.latest_text,
          latestAt: new Date(row.latest_ms).toISOString(),
          reporters: row.reporter_ids.map(named),
        };
      }),
      nextCursor:
        rows.length > query.limit && last
          ? cursorOf({ ms: last.latest_ms, kind: last.kind, id: last.object_id })
          : null,
    };
  }
}

/** An ad already removed is what the outcome wants. */
async function removeQuietly(remove: () => Promise<unknown>): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "AD_STATE_CONFLICT") throw error;
  }
}
