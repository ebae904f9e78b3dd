/** Asia/Bishkek has no summer time: a day there starts at 18:00 UTC the day before. */
const bishkekOffset = "+06:00";

/** The first instant of a `YYYY-MM-DD` day in Asia/Bishkek. */
export function bishkekDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${bishkekOffset}`);
}

/** The first instant after a `YYYY-MM-DD` day in Asia/Bishkek. */
export function bishkekDayEnd(day: string): Date {
  const next = bishkekDayStart(day);
  next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** Today's midnight in Asia/Bishkek. */
export function bishkekToday(now: Date = new Date()): Date {
  return bishkekDayStart(new Date(now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10));
}
