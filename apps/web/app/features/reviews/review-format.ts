import type { TFunction } from "i18next";
import { localDay } from "../../lib/local-day.ts";

/** The site's time zone (product.md: Asia/Bishkek), the day a review or reply was written in. */
const SITE_TIME_ZONE = "Asia/Bishkek";

/** "25 ноября 2026 г.": the day a review or reply was written, with the site's month names. */
export function formatReviewDate(t: TFunction, iso: string): string {
  const { day, month, year } = localDay(new Date(iso), SITE_TIME_ZONE);
  return t("ads.date.dayMonthYear", { day, month: t(`ads.date.month.${month}`), year });
}

/** The page of an ad: `/car/123` (the ads feature's rule, which features may not import). */
export function reviewAdPath(ad: { vertical: string; id: number }): string {
  return `/${ad.vertical}/${ad.id}`;
}
