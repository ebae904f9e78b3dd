import { useMoney, useSiteDateTime } from "../../lib/use-site-format.ts";

/** Dates and money as the dashboard shows them (`lib/use-site-format.ts`). */
export function useDashboardFormat() {
  return { when: useSiteDateTime(), money: useMoney() };
}
