/**
 * The lift report (decision 063): an ad's views per day in the 7 days before a purchase, while it
 * held, and in up to 7 days after it ended, from `ad_views` (one row per visitor per Bishkek day).
 */
import type { PaidService, ServiceLift } from "@unaa/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/** Bishkek's calendar day of a time, as SQL (`ad_views.day` is one). */
export const bishkekDay = (value: unknown): SQL =>
  sql`((${value})::timestamptz at time zone 'Asia/Bishkek')::date`;

const round = (value: number) => Math.round(value * 10) / 10;

/** The newest `perAd` ended purchases of each of the ads, with their lift: one query. */
export async function findLift(
  db: Database,
  adIds: number[],
  at: Date,
  perAd: number,
): Promise<Map<number, ServiceLift[]>> {
  const lift = new Map<number, ServiceLift[]>();
  if (adIds.length === 0) return lift;
  const start = bishkekDay(sql`p.starts_at`);
  const end = bishkekDay(sql`p.ends_at`);
  const today = bishkekDay(sql`${at.toISOString()}`);
  type Row = {
    id: number;
    ad_id: number;
    service: string;
    starts_at: string | Date;
    ends_at: string | Date;
    before: number;
    during: number;
    after: number | null;
  };
  const { rows } = (await db.execute(sql`
    select p.id, p.ad_id, p.service, p.starts_at, p.ends_at,
      (select count(*) from ad_views v where v.ad_id = p.ad_id and v.day >= ${start} - 7 and v.day < ${start})::float8 / 7 as before,
      (select count(*) from ad_views v where v.ad_id = p.ad_id and v.day >= ${start} and v.day < greatest(${end}, ${start} + 1))::float8
        / greatest(${end} - ${start}, 1) as during,
      case when least(7, ${today} - ${end}) > 0 then
        (select count(*) from ad_views v where v.ad_id = p.ad_id and v.day >= ${end} and v.day < least(${end} + 7, ${today}))::float8
          / least(7, ${today} - ${end})
      end as after
    from (
      select *, row_number() over (partition by ad_id order by ends_at desc, id desc) as place
      from ad_purchases
      where ad_id in (${sql.join(
        adIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ends_at <= ${at.toISOString()}::timestamptz and refunded = 0
    ) p
    where p.place <= ${perAd}
    order by p.ends_at desc, p.id desc`)) as unknown as { rows: Row[] };
  for (const row of rows) {
    const adId = Number(row.ad_id);
    const list = lift.get(adId) ?? [];
    list.push({
      purchaseId: Number(row.id),
      service: row.service as PaidService,
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: new Date(row.ends_at).toISOString(),
      before: round(Number(row.before)),
      during: round(Number(row.during)),
      after: row.after === null ? null : round(Number(row.after)),
    });
    lift.set(adId, list);
  }
  return lift;
}
