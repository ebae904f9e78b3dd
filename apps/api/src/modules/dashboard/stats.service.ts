/**
 * The dashboard's statistics (issue 17, decision 073): per Asia/Bishkek day, new ads by vertical,
 * sign-ups, chats started and what balances paid for services and plans, every day of the period
 * present (zeros filled by `generate_series`); one grouped query per series, and one for the active
 * ads now. Also the same days as CSV.
 */
import {
  type DashboardStats,
  type StatsDay,
  type StatsQuery,
  type StatsRevenueKey,
  statsDaySpan,
  statsDaysDefault,
  statsDaysMax,
  statsRevenueKeys,
  type Vertical,
  verticals,
} from "@unaa/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bishkekDayEnd, bishkekDayStart } from "../../lib/bishkek-day.ts";
import { fieldError } from "../../lib/field-errors.ts";
import { bishkekDay } from "../services/service-lift.ts";

export interface StatsService {
  stats(query: StatsQuery): Promise<DashboardStats>;
  csv(query: StatsQuery): Promise<{ filename: string; body: string }>;
}

const dayMs = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(day) + days * dayMs).toISOString().slice(0, 10);

/** The period asked for: `to` defaults to today in Bishkek, `from` to 30 days up to `to`. */
export function statsPeriod(query: StatsQuery, now: Date = new Date()): { from: string; to: string } {
  const today = new Date(now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? shiftDay(to, 1 - statsDaysDefault);
  if (statsDaySpan(from, to) > statsDaysMax) throw fieldError("VALIDATION_FAILED", "from");
  return { from, to };
}

type SeriesRow = { day: string; key: string | null; n: number | string | null };

/**
 * One series per day and key: `source` selects `created_at`, `key` and `n` of the rows in the period;
 * each day of the period comes back (with a null key when it had none).
 */
async function series(db: Database, period: { from: string; to: string }, source: SQL): Promise<SeriesRow[]> {
  const { rows } = (await db.execute(sql`
    select d.day::date::text as day, s.key, s.n
    from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
    left join (
      select ${bishkekDay(sql`created_at`)} as day, key, sum(n) as n
      from (${source}) rows
      where created_at >= ${bishkekDayStart(period.from).toISOString()}::timestamptz
        and created_at < ${bishkekDayEnd(period.to).toISOString()}::timestamptz
      group by 1, 2
    ) s on s.day = d.day::date
    order by 1`)) as unknown as { rows: SeriesRow[] };
  return rows;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

export function createStatsService(deps: { db: Database; now?: () => Date }): StatsService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function stats(query: StatsQuery): Promise<DashboardStats> {
    const period = statsPeriod(query, now());
    const [adRows, userRows, chatRows, revenueRows, active] = await Promise.all([
      series(db, period, sql`select created_at, vertical as key, 1 as n from ads`),
      series(db, period, sql`select created_at, '' as key, 1 as n from users`),
      series(db, period, sql`select created_at, '' as key, 1 as n from chats`),
      // What balances paid: `ad:<id>:<service>` purchases by service; plans bought and renewed.
      series(
        db,
        period,
        sql`select created_at,
          case when reference like 'plan:%' then 'plans' else split_part(reference, ':', 3) end as key,
          -amount as n
        from ledger_entries where kind in ('purchase', 'plan_renewal')`,
      ),
      db.execute(
        sql`select vertical, count(*)::int as n from ads where status = 'active' group by vertical`,
      ) as unknown as Promise<{
        rows: { vertical: string; n: number | string }[];
      }>,
    ]);

    const days = new Map<string, StatsDay>();
    const dayOf = (day: string) => {
      let entry = days.get(day);
      if (!entry) {
        entry = { day, ads: zeros(verticals), signUps: 0, chats: 0, revenue: zeros(statsRevenueKeys) };
        days.set(day, entry);
      }
      return entry;
    };
    for (const row of adRows) {
      const entry = dayOf(row.day);
      if (row.key && (verticals as readonly string[]).includes(row.key))
        entry.ads[row.key as Vertical] = Number(row.n);
    }
    for (const row of userRows) dayOf(row.day).signUps = Number(row.n ?? 0);
    for (const row of chatRows) dayOf(row.day).chats = Number(row.n ?? 0);
    for (const row of revenueRows) {
      const entry = dayOf(row.day);
      if (row.key && (statsRevenueKeys as readonly string[]).includes(row.key)) {
        entry.revenue[row.key as StatsRevenueKey] = Number(row.n);
      }
    }
    const activeAds = zeros(verticals);
    for (const row of active.rows) {
      if ((verticals as readonly string[]).includes(row.vertical))
        activeAds[row.vertical as Vertical] = Number(row.n);
    }
    return { ...period, days: [...days.values()], activeAds };
  }

  async function csv(query: StatsQuery): Promise<{ filename: string; body: string }> {
    const result = await stats(query);
    const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    const header = [
      "date",
      ...verticals.map((vertical) => `ads_${vertical}`),
      "sign_ups",
      "chats",
      ...statsRevenueKeys.map((key) => `revenue_${snake(key)}_kgs`),
    ];
    const lines = result.days.map((day) =>
      [
        day.day,
        ...verticals.map((vertical) => day.ads[vertical]),
        day.signUps,
        day.chats,
        ...statsRevenueKeys.map((key) => (day.revenue[key] / 100).toFixed(2)),
      ].join(","),
    );
    // A BOM so spreadsheet programs read UTF-8; CRLF line ends (RFC 4180).
    const body = `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
    return { filename: `unaa-stats-${result.from}-${result.to}.csv`, body };
  }

  return { stats, csv };
}
