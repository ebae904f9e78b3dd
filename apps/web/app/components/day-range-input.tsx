import "@mantine/dates/styles.layer.css";
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from "@mantine/dates";
import "dayjs/locale/ru";
import "dayjs/locale/ky";
import { useLocale } from "../lib/use-locale.ts";

/**
 * A range of days (one day is a range too), its calendar in the page's language with weeks from
 * Monday: the period filters of the balance and the dashboard's lists, a banner's days.
 */
export function DayRangeInput(props: Omit<DatePickerInputProps<"range">, "type">) {
  const locale = useLocale();
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <DatePickerInput type="range" allowSingleDateInRange valueFormat="D MMM YYYY" {...props} />
    </DatesProvider>
  );
}
