/**
 * Money and moments as pages show them: tyiyn as som with the currency's label, and dates on the
 * site's clock (Asia/Bishkek) with the site's month names — Kyrgyz ones too, which Intl lacks.
 */
import { useTranslation } from "react-i18next";
import { formatTyiyn } from "./format.ts";
import { formatSiteDay, localDay, siteTimeZone } from "./local-day.ts";
import { useLocale } from "./use-locale.ts";

/** "1 500 сом". */
export function useMoney(): (tyiyn: number) => string {
  const locale = useLocale();
  const { t } = useTranslation();
  const options = { locale, label: t("currency.KGS.label") };
  return (tyiyn) => formatTyiyn(tyiyn, options);
}

/** "26 ноября 2026". */
export function useSiteDay(): (iso: string) => string {
  const { t } = useTranslation();
  return (iso) => formatSiteDay(t, iso);
}

/** "26 ноября 2026, 14:05". */
export function useSiteDateTime(): (iso: string) => string {
  const { t } = useTranslation();
  return (iso) => `${formatSiteDay(t, iso)}, ${localDay(new Date(iso), siteTimeZone).time}`;
}
