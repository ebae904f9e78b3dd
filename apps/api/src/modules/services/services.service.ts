/**
 * Paid services for ads (issue 16, decision 063): the owner's view of an ad's services (prices of
 * its vertical, what is in force, a reach forecast, the lift of ended purchases), buying one from
 * the balance, the daily auto-raises (the `paid-services` job) and the admins' prices.
 *
 * Timed services are the ad's `<service>_until` times, which lists compare with the clock, so they
 * start at once and end on time without a job; a purchase while one runs extends it from its end.
 */
import {
  type ActiveService,
  type AdServices,
  forecastSamplesMin,
  type PaidService,
  type ServiceForecast,
  type ServicePrice,
  type ServicePriceList,
  type ServicePricesInput,
  type ServicePurchase,
  type ServicePurchaseInput,
  servicePriceKeys,
  type TimedService,
  type Vertical,
  verticals,
} from "@unaa/contracts";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adPurchases, ads, servicePrices } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { recordStaffAction } from "../audit/audit.ts";
import { readBalance, spend } from "../money/ledger.ts";
import { bishkekDay, findLift } from "./service-lift.ts";

/** The queue of the auto-raises (and any later notices about services), every five minutes. */
export const paidServicesJob = "paid-services";
/** Every minute: promoted ads whose strongest placement ran out take their tier now in force (decision 094). */
export const promotedTiersJob = "promoted-tiers";

const DAY_MS = 86_400_000;
/** Asia/Bishkek is UTC+6 all year. */
const BISHKEK_OFFSET_MS = 6 * 3_600_000;
/** A forecast is the same for every owner of a vertical: worked out at most every ten minutes. */
const FORECAST_TTL_MS = 10 * 60_000;

const untilColumn = {
  top: "topUntil",
  vip: "vipUntil",
  premium: "premiumUntil",
  highlight: "highlightUntil",
  urgent: "urgentUntil",
} as const satisfies Record<TimedService, keyof typeof ads.$inferSelect>;

/** The first time after `at` that is `HH:MM` in Bishkek. */
export function nextBishkekTime(at: Date, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const local = new Date(at.getTime() + BISHKEK_OFFSET_MS);
  const candidate =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hours, minutes) -
    BISHKEK_OFFSET_MS;
  return new Date(candidate > at.getTime() ? candidate : candidate + DAY_MS);
}

export interface ServicesService {
  getAdServices(userId: number | undefined, vertical: Vertical, adId: number): Promise<AdServices>;
  purchase(
    userId: number,
    vertical: Vertical,
    adId: number,
    input: ServicePurchaseInput,
  ): Promise<ServicePurchase>;
  listPrices(): Promise<ServicePriceList>;
  /** Sets prices (admins), each change audited in the same transaction. */
  setPrices(staffId: number, input: ServicePricesInput, ip?: string | null): Promise<ServicePriceList>;
  /** Raises the ads whose auto-raise is due at `at`; answers how many. */
  runAutoRaises(at?: Date): Promise<number>;
  /**
   * Gives the active ads whose premium, VIP or TOP has run out the promoted tier now in force
   * (decision 094: written with the times, it goes stale when one runs out); answers how many.
   */
  refreshPromotedTiers(): Promise<number>;
}

export interface ServicesServiceOptions {
  db: Database;
  /** Drops the cached search answers: a purchase changes the promoted order at once. */
  forgetSearches(): void;
}

const now = () => new Date();

export function createServicesService({ db, forgetSearches }: ServicesServiceOptions): ServicesService {
  const forecasts = new Map<Vertical, { at: number; value: Promise<ServiceForecast[]> }>();

  async function pricesOf(vertical: Vertical): Promise<ServicePrice[]> {
    const rows = await db
      .select({ service: servicePrices.service, days: servicePrices.days, price: servicePrices.price })
      .from(servicePrices)
      .where(eq(servicePrices.vertical, vertical));
    // In the contracts' order; a combination no longer sold is left out.
    return servicePriceKeys.flatMap((key) => {
      const row = rows.find((price) => price.service === key.service && price.days === key.days);
      return row ? [{ service: key.service, days: key.days, price: row.price }] : [];
    });
  }

  /**
   * Extra views per day of the vertical's purchases of the last 30 days: views per day while in
   * force minus views per day in the 7 days before, as a p25–p75 range per service. One query.
   */
  async function computeForecasts(vertical: Vertical, at: Date): Promise<ServiceForecast[]> {
    const start = bishkekDay(sql`p.starts_at`);
    // The days in force so far, its last day excluded (as in the lift report); at least one.
    const end = sql`greatest(${bishkekDay(sql`least(p.ends_at, ${at.toISOString()}::timestamptz)`)}, ${start} + 1)`;
    type Row = { service: string; samples: number; low: number | null; high: number | null };
    const { rows } = (await db.execute(sql`
      select service, count(*)::int as samples,
        percentile_cont(0.25) within group (order by extra) as low,
        percentile_cont(0.75) within group (order by extra) as high
      from (
        select p.service,
          (select count(*) from ad_views v where v.ad_id = p.ad_id and v.day >= ${start} and v.day < ${end})::float8
            / (${end} - ${start})
          - (select count(*) from ad_views v where v.ad_id = p.ad_id and v.day >= ${start} - 7 and v.day < ${start})::float8
            / 7 as extra
        from ad_purchases p
        where p.vertical = ${vertical}
          and p.starts_at > ${at.toISOString()}::timestamptz - interval '30 days'
          and p.starts_at <= ${at.toISOString()}::timestamptz
          and p.refunded = 0
      ) comparable
      group by service`)) as unknown as { rows: Row[] };
    return servicePriceKeys
      .filter((key, index, keys) => keys.findIndex((other) => other.service === key.service) === index)
      .map(({ service }) => {
        const row = rows.find((found) => found.service === service);
        const samples = row ? Number(row.samples) : 0;
        const enough = samples >= forecastSamplesMin && row?.low != null && row.high != null;
        return {
          service,
          samples,
          low: enough ? Math.max(0, Math.round(Number(row.low) * 10) / 10) : null,
          high: enough ? Math.max(0, Math.round(Number(row.high) * 10) / 10) : null,
        };
      });
  }

  function forecastsOf(vertical: Vertical, at: Date): Promise<ServiceForecast[]> {
    const cached = forecasts.get(vertical);
    if (cached && at.getTime() - cached.at < FORECAST_TTL_MS) return cached.value;
    const value = computeForecasts(vertical, at);
    forecasts.set(vertical, { at: at.getTime(), value });
    value.catch(() => forecasts.delete(vertical));
    return value;
  }

  /** The owner's ad of that vertical, or `AD_NOT_FOUND` for anyone else (staff too) and guests. */
  async function ownAd(userId: number | undefined, vertical: Vertical, adId: number) {
    if (userId === undefined) throw new AppError("AD_NOT_FOUND");
    const [ad] = await db
      .select({
        id: ads.id,
        vertical: ads.vertical,
        title: ads.title,
        status: ads.status,
        userId: ads.userId,
      })
      .from(ads)
      .where(and(eq(ads.id, adId), eq(ads.userId, userId), eq(ads.vertical, vertical)));
    if (!ad) throw new AppError("AD_NOT_FOUND");
    return ad;
  }

  async function activeOf(adId: number, at: Date): Promise<ActiveService[]> {
    const rows = await db
      .select()
      .from(adPurchases)
      .where(
        and(
          eq(adPurchases.adId, adId),
          eq(adPurchases.refunded, 0),
          or(
            gt(adPurchases.raisesLeft, 0),
            and(gt(adPurchases.endsAt, at), sql`${adPurchases.service} <> 'raise'`),
          ),
        ),
      )
      .orderBy(asc(adPurchases.endsAt));
    // One line per service: the latest end of its purchases (an extension runs on from the last).
    const byService = new Map<PaidService, ActiveService>();
    for (const row of rows) {
      const service = row.service as PaidService;
      const known = byService.get(service);
      byService.set(service, {
        service,
        endsAt: row.endsAt.toISOString(),
        nextRaiseAt:
          row.nextRaiseAt && (!known?.nextRaiseAt || row.nextRaiseAt.toISOString() < known.nextRaiseAt)
            ? row.nextRaiseAt.toISOString()
            : (known?.nextRaiseAt ?? null),
        raisesLeft:
          row.raisesLeft === null ? (known?.raisesLeft ?? null) : (known?.raisesLeft ?? 0) + row.raisesLeft,
      });
    }
    return [...byService.values()];
  }

  async function listPrices(): Promise<ServicePriceList> {
    return {
      items: await Promise.all(
        verticals.map(async (vertical) => ({ vertical, prices: await pricesOf(vertical) })),
      ),
    };
  }

  return {
    async getAdServices(userId, vertical, adId) {
      const ad = await ownAd(userId, vertical, adId);
      const at = now();
      const [balance, prices, active, forecast, lift] = await Promise.all([
        readBalance(db, ad.userId),
        pricesOf(vertical),
        activeOf(adId, at),
        forecastsOf(vertical, at),
        findLift(db, [adId], at, 10).then((lift) => lift.get(adId) ?? []),
      ]);
      return {
        ad: { id: ad.id, vertical, title: ad.title, status: ad.status },
        balance,
        prices,
        active,
        forecasts: forecast,
        lift,
      };
    },

    async purchase(userId, vertical, adId, input) {
      const { service } = input;
      const purchased = await db.transaction(async (tx) => {
        // The ad's row first (then the wallet, in spend): purchases of one ad extend one after another.
        const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for("update");
        if (!ad || ad.userId !== userId || ad.vertical !== vertical) throw new AppError("AD_NOT_FOUND");
        if (ad.status !== "active") throw new AppError("AD_STATE_CONFLICT");
        const days = service === "raise" || service === "autoRaise" ? null : (input.days ?? null);
        const [priceRow] = await tx
          .select({ price: servicePrices.price })
          .from(servicePrices)
          .where(
            and(
              eq(servicePrices.vertical, vertical),
              eq(servicePrices.service, service),
              days === null ? isNull(servicePrices.days) : eq(servicePrices.days, days),
            ),
          );
        if (!priceRow) throw new AppError("SERVICE_PRICE_MISSING");
        const at = now();
        let price = priceRow.price;
        let startsAt = at;
        let endsAt: Date;
        let raise: { raiseTime: string; nextRaiseAt: Date; raisesLeft: number } | null = null;
        const adChange: Partial<typeof ads.$inferInsert> = {};
        if (service === "raise") {
          endsAt = new Date(at.getTime() + DAY_MS);
          adChange.raisedAt = at;
        } else if (service === "autoRaise") {
          const raises = input.days ?? 1;
          const time = input.time ?? "09:00";
          price *= raises;
          const nextRaiseAt = nextBishkekTime(at, time);
          endsAt = new Date(nextRaiseAt.getTime() + (raises - 1) * DAY_MS);
          raise = { raiseTime: time, nextRaiseAt, raisesLeft: raises };
        } else {
          const column = untilColumn[service];
          const current = ad[column];
          startsAt = current && current > at ? current : at;
          endsAt = new Date(startsAt.getTime() + (input.days ?? 1) * DAY_MS);
          adChange[column] = endsAt;
        }
        const entry = await spend(tx, userId, price, "purchase", `ad:${adId}:${service}`);
        const [row] = await tx
          .insert(adPurchases)
          .values({
            adId,
            userId,
            vertical,
            service,
            days: service === "raise" ? null : (input.days ?? null),
            price,
            startsAt,
            endsAt,
            ...(raise ?? {}),
            ledgerEntryId: entry.id,
          })
          .returning();
        if (!row) throw new Error("purchase not written");
        if (Object.keys(adChange).length > 0) await tx.update(ads).set(adChange).where(eq(ads.id, adId));
        return { row, balance: entry.balanceAfter };
      });
      forgetSearches();
      const { row, balance } = purchased;
      return {
        id: row.id,
        service,
        days: row.days,
        price: row.price,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        balance,
      };
    },

    listPrices,

    async setPrices(staffId, input, ip) {
      await db.transaction(async (tx) => {
        for (const item of input.items) {
          const [before] = await tx
            .select({ price: servicePrices.price })
            .from(servicePrices)
            .where(
              and(
                eq(servicePrices.vertical, item.vertical),
                eq(servicePrices.service, item.service),
                item.days === null ? isNull(servicePrices.days) : eq(servicePrices.days, item.days),
              ),
            )
            .for("update");
          await tx
            .insert(servicePrices)
            .values({ ...item, updatedAt: now() })
            .onConflictDoUpdate({
              target: [servicePrices.vertical, servicePrices.service, servicePrices.days],
              set: { price: item.price, updatedAt: now() },
            });
          await recordStaffAction(tx, {
            staff: staffId,
            action: "price.change",
            object: { type: "price", id: `${item.vertical}:${item.service}:${item.days ?? "-"}` },
            before: { price: before?.price ?? null },
            after: { price: item.price },
            ip,
          });
        }
      });
      return listPrices();
    },

    async runAutoRaises(at = now()) {
      const raised = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: adPurchases.id, adId: adPurchases.adId })
          .from(adPurchases)
          .where(and(gt(adPurchases.raisesLeft, 0), lte(adPurchases.nextRaiseAt, at)))
          .for("update", { skipLocked: true });
        if (due.length === 0) return 0;
        await tx
          .update(ads)
          .set({ raisedAt: at })
          .where(
            and(
              inArray(ads.id, [...new Set(due.map((purchase) => purchase.adId))]),
              eq(ads.status, "active"),
            ),
          );
        await tx
          .update(adPurchases)
          .set({
            raisesLeft: sql`${adPurchases.raisesLeft} - 1`,
            nextRaiseAt: sql`case when ${adPurchases.raisesLeft} > 1 then ${adPurchases.nextRaiseAt} + interval '1 day' end`,
          })
          .where(
            inArray(
              adPurchases.id,
              due.map((purchase) => purchase.id),
            ),
          );
        return due.length;
      });
      if (raised > 0) forgetSearches();
      return raised;
    },

    async refreshPromotedTiers() {
      const inForce = sql`ad_promoted_tier(${ads.premiumUntil}, ${ads.vipUntil}, ${ads.topUntil})`;
      const changed = await db
        .update(ads)
        .set({ promotedTier: inForce })
        .where(
          and(
            eq(ads.status, "active"),
            isNotNull(ads.promotedTier),
            sql`${ads.promotedTier} is distinct from ${inForce}`,
          ),
        )
        .returning({ id: ads.id });
      if (changed.length > 0) forgetSearches();
      return changed.length;
    },
  };
}
