/** How money pages write amounts (tyiyn as som) and times (Asia/Bishkek). */
import { useTranslation } from "react-i18next";
import { formatTyiyn } from "../../lib/format.ts";
import { useLocale } from "../../lib/use-locale.ts";

const dateLocales = { ru: "ru-RU", ky: "ky-KG", en: "en-GB" } as const;
const timeZone = "Asia/Bishkek";

/** Formats tyiyn as som with the currency's label. */
export function useMoney() {
  const locale = useLocale();
  const { t } = useTranslation();
  const options = { locale, label: t("currency.KGS.label") };
  return (tyiyn: number) => formatTyiyn(tyiyn, options);
}

/** Formats a time as a Bishkek date and time. */
export function useDateTime() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(dateLocales[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  });
  return (iso: string) => format.format(new Date(iso));
}

/** Formats a time as a Bishkek date, without the time of day. */
export function useDay() {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(dateLocales[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone,
  });
  return (iso: string) => format.format(new Date(iso));
}
