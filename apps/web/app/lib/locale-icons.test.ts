import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchLocaleIcon, LOCALE_ICON_TIMEOUT_MS, localeIconUrl } from "./locale-icons.ts";

/** A fetch that never answers until its signal aborts, like a stalled connection. */
function stalledFetch(url: string, init: { signal: AbortSignal }): Promise<Response> {
  return new Promise((_, reject) => {
    init.signal.addEventListener("abort", () => reject(new DOMException(`${url} aborted`, "AbortError")));
  });
}

describe("language icons", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("[S9.3] gives up fetching a language's icon after 1500 ms, so the text fallback shows", async () => {
    vi.useFakeTimers();
    expect(LOCALE_ICON_TIMEOUT_MS).toBe(1500);
    const icon = fetchLocaleIcon("ky", stalledFetch);
    let settled = false;
    void icon.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(1499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(icon).resolves.toBeNull();
  });

  it("[S9.3] answers an object URL for an icon that arrives in time, null for a missing one", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    const requested: string[] = [];
    const found = await fetchLocaleIcon("ru", async (url) => {
      requested.push(url);
      return new Response(svg, { headers: { "content-type": "image/svg+xml" } });
    });
    expect(requested).toEqual([localeIconUrl("ru")]);
    expect(found).toMatch(/^blob:/);
    const missing = await fetchLocaleIcon("en", async () => new Response("", { status: 404 }));
    expect(missing).toBeNull();
  });
});
