/** `/api/dashboard/stats` and `stats.csv` (decision 073): per-day series and their CSV export. */
import { queryOptions } from "@tanstack/react-query";
import type { DashboardStats } from "@unaa/contracts";
import { api } from "../../../lib/app-state.ts";
import { localDay, siteTimeZone } from "../../../lib/local-day.ts";

/** `YYYY-MM-DD` of a day number (days since 1970). */
function isoOfDayNumber(dayNumber: number): string {
  return new Date(dayNumber * 86_400_000).toISOString().slice(0, 10);
}

/** The last `days` days up to today on the site's clock (Asia/Bishkek), both inclusive. */
export function statsPeriodOf(days: number, now: Date = new Date()): { from: string; to: string } {
  const today = localDay(now, siteTimeZone).dayNumber;
  return { from: isoOfDayNumber(today - days + 1), to: isoOfDayNumber(today) };
}

export function statsQueryOptions(viewerId: number | undefined, period: { from: string; to: string }) {
  return queryOptions({
    queryKey: ["dashboard", viewerId, "stats", period] as const,
    queryFn: ({ signal }) =>
      api.get<DashboardStats>("/api/dashboard/stats", { signal, silent: true, query: period }),
    enabled: viewerId !== undefined,
  });
}

/** `attachment; filename="unaa-stats-….csv"` → the file name, when it names a plain one. */
export function fileNameOf(disposition: string | null): string | null {
  const name = disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return name && !/[\\/]/.test(name) ? name : null;
}

/**
 * The CSV of a period through the shared client (the bearer token, the refresh-and-retry and its
 * error toast), kept byte for byte (the BOM spreadsheets need), with the answer's file name.
 */
export async function fetchStatsCsv(period: { from: string; to: string }): Promise<{
  blob: Blob;
  fileName: string;
}> {
  let answer: Response | null = null;
  await api.get<string>("/api/dashboard/stats.csv", {
    query: period,
    headers: { Accept: "text/csv" },
    // The client reads the body as text (which drops the BOM): keep a copy of the answer itself.
    transport: async (input, init) => {
      const response = await fetch(input, init);
      if (response.ok) answer = response.clone();
      return response;
    },
  });
  const response = answer as Response | null;
  if (!response) throw new Error("The CSV answer is missing");
  return {
    blob: await response.blob(),
    fileName:
      fileNameOf(response.headers.get("content-disposition")) ?? `unaa-stats-${period.from}-${period.to}.csv`,
  };
}

/** Saves a Blob as a download: a temporary object URL on an `<a download>`, revoked after. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
