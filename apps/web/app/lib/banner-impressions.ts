/**
 * Banner impressions, batched (decision 071): the ids shown are gathered and sent together a few
 * seconds later, or when the page is hidden or left (a click on the banner itself leaves it), in one
 * `POST /api/banners/events` — as a beacon where the browser has one, which still leaves while the
 * page unloads.
 */
import { api } from "./app-state.ts";

const flushAfterMs = 3_000;
const pending: number[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

/** Sends the impressions gathered so far (a click on a banner sends them before the page goes). */
export function flushBannerImpressions(): void {
  clearTimeout(timer);
  timer = undefined;
  const impressions = pending.splice(0, 20);
  if (impressions.length === 0) return;
  const body = JSON.stringify({ impressions });
  const sent = navigator.sendBeacon?.("/api/banners/events", new Blob([body], { type: "application/json" }));
  if (!sent) api.post("/api/banners/events", { impressions }, { silent: true }).catch(() => undefined);
  if (pending.length > 0) flushBannerImpressions();
}

export function countBannerImpression(id: number): void {
  pending.push(id);
  if (timer === undefined) {
    timer = setTimeout(flushBannerImpressions, flushAfterMs);
    document.addEventListener("visibilitychange", flushBannerImpressions, { once: true });
    window.addEventListener("pagehide", flushBannerImpressions, { once: true });
  }
}
