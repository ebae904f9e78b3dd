/**
 * Staff broadcasts (dashboard → notification, decision 070): a preview with the segment's count,
 * the send (a row, a queued job and the audit entry in one transaction), the list, and the job that
 * hands every account of the segment the notice in their own language, a batch at a time.
 */
import {
  type Broadcast,
  type BroadcastInput,
  type BroadcastListQuery,
  type BroadcastPage,
  type BroadcastPreview,
  broadcastSchema,
  broadcastsPerHour,
  defaultLocale,
  isLocale,
  type Locale,
  locales,
} from "@unaa/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../audit/audit.ts";
import type { StaffCaller } from "../dashboard/dashboard.service.ts";
import {
  type BroadcastRow,
  countRecentBroadcasts,
  countSegment,
  findBroadcast,
  findBroadcastsPage,
  findSegmentBatch,
  insertBroadcast,
  updateBroadcast,
} from "./broadcasts.repository.ts";
import { writeNotificationText } from "./notification-texts.ts";
import { type NotificationsService, notificationJobs } from "./notifications.service.ts";

export interface BroadcastJob {
  broadcastId: number;
}

export interface BroadcastsServiceDeps {
  db: Database;
  notifications: NotificationsService;
  /** Adds a job (pg-boss); given a transaction, inside it. */
  sendJob(name: string, data: object, tx?: Database): Promise<unknown>;
}

export interface BroadcastsService {
  preview(input: BroadcastInput): Promise<BroadcastPreview>;
  send(caller: StaffCaller, input: BroadcastInput): Promise<Broadcast>;
  list(query: BroadcastListQuery): Promise<BroadcastPage>;
  /** The job: resumes after the last account it reached (a retry sends nobody a second notice). */
  run(job: BroadcastJob): Promise<void>;
}

const batchSize = 500;

function toBroadcast(row: BroadcastRow, staffName: string | null): Broadcast {
  return broadcastSchema.parse({
    ...row,
    staff: row.staffId === null ? null : { id: row.staffId, name: staffName ?? "" },
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  });
}

export function createBroadcastsService({
  db,
  notifications,
  sendJob,
}: BroadcastsServiceDeps): BroadcastsService {
  return {
    async preview(input) {
      const payload = (locale: Locale) => ({
        title: input.title[locale],
        text: input.text[locale],
        link: input.link,
      });
      const notices = Object.fromEntries(
        locales.map((locale) => [locale, writeNotificationText(locale, "staffBroadcast", payload(locale))]),
      ) as BroadcastPreview["notices"];
      return { recipients: await countSegment(db, input.segment), notices };
    },

    async send(caller, input) {
      if ((await countRecentBroadcasts(db, caller.id)) >= broadcastsPerHour)
        throw new AppError("RATE_LIMITED");
      const recipients = await countSegment(db, input.segment);
      const row = await db.transaction(async (tx) => {
        const created = await insertBroadcast(tx, { ...input, staffId: caller.id, recipients });
        await sendJob(notificationJobs.broadcast, { broadcastId: created.id } satisfies BroadcastJob, tx);
        await recordStaffAction(tx, {
          staff: caller.id,
          action: "notification.broadcast",
          object: { type: "notification", id: created.id },
          after: { ...input, recipients },
          ip: caller.ip,
        });
        return created;
      });
      return toBroadcast(row, null);
    },

    async list({ cursor, limit }) {
      const rows = await findBroadcastsPage(db, cursor === undefined ? null : Number(cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => toBroadcast(row.broadcast, row.staffDeletedAt ? "" : row.staffName)),
        nextCursor: rows.length > limit && last ? String(last.broadcast.id) : null,
      };
    },

    async run({ broadcastId }) {
      const broadcast = await findBroadcast(db, broadcastId);
      if (!broadcast || broadcast.status === "sent") return;
      let { lastUserId, sentCount } = broadcast;
      await updateBroadcast(db, broadcastId, { status: "sending" });
      for (;;) {
        const batch = await findSegmentBatch(db, broadcast.segment, lastUserId, batchSize);
        if (batch.length === 0) break;
        // Each account reads it in the language it last used the site in (decision 059).
        for (const locale of locales) {
          const ids = batch
            .filter((user) => (isLocale(user.locale) ? user.locale : defaultLocale) === locale)
            .map((user) => user.id);
          if (ids.length === 0) continue;
          await notifications.notifyMany(
            ids,
            "staffBroadcast",
            { title: broadcast.title[locale], text: broadcast.text[locale], link: broadcast.link },
            { channels: broadcast.channels },
          );
        }
        lastUserId = batch.at(-1)?.id ?? lastUserId;
        sentCount += batch.length;
        await updateBroadcast(db, broadcastId, { lastUserId, sentCount });
      }
      await updateBroadcast(db, broadcastId, { status: "sent", sentAt: new Date() });
    },
  };
}
