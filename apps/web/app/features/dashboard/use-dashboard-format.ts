import { useTranslation } from "react-i18next";
import { formatTyiyn } from "../../lib/format.ts";
import { useLocale } from "../../lib/use-locale.ts";

const dateLocales = { ru: "ru-RU", ky: "ky-KG", en: "en-GB" } as const;

/** Dates and money as the dashboard shows them: Asia/Bishkek time, som. */
export function useDashboardFormat() {
  const locale = useLocale();
  const { t } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(dateLocales[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Asia/Bishkek",
  });
  return {
    when: (iso: string) => dateTime.format(new Date(iso)),
    money: (tyiyn: number) => formatTyiyn(tyiyn, { locale, label: t("currency.KGS.label") }),
  };
}
