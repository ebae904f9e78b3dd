/**
 * New-build detection (spec S4.19, S7.30): poll the build metadata file; when its id differs from the
 * build this page was loaded from, the next navigation becomes a full page load so the new assets are
 * used. Every failure is ignored: a missed check only delays the update.
 */

export const VERSION_CHECK_INTERVAL_MS = 60_000;
export const VERSION_CHECK_URL = "/builds/latest.json";

export interface VersionCheckOptions {
  /** The id of the build this page runs. Empty (dev server) disables the check. */
  currentId: string;
  fetch?: typeof fetch;
  intervalMs?: number;
  url?: string;
  /** Called once, with the new build id. */
  onUpdate: (newId: string) => void;
  now?: () => number;
}

export interface VersionCheck {
  /** Starts polling every intervalMs (the first check after one interval: the page is fresh). */
  start(): void;
  stop(): void;
  /** Checks once; resolves true when an update is pending. Never rejects. */
  checkNow(): Promise<boolean>;
  isUpdatePending(): boolean;
}

export function createVersionCheck(options: VersionCheckOptions): VersionCheck {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const intervalMs = options.intervalMs ?? VERSION_CHECK_INTERVAL_MS;
  const url = options.url ?? VERSION_CHECK_URL;
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setInterval> | null = null;
  let pending = false;
  let inFlight: Promise<boolean> | null = null;

  async function fetchLatestId(): Promise<string | null> {
    try {
      const separator = url.includes("?") ? "&" : "?";
      const response = await fetchImpl(`${url}${separator}t=${now()}`, {
        cache: "no-store",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return null;
      const data: unknown = await response.json();
      const id = typeof data === "object" && data !== null ? (data as { id?: unknown }).id : undefined;
      return typeof id === "string" && id ? id : null;
    } catch {
      return null;
    }
  }

  function stop(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  async function check(): Promise<boolean> {
    const latestId = await fetchLatestId();
    if (pending) return true;
    if (latestId === null || latestId === options.currentId) return false;
    pending = true;
    // Once the update is known there is nothing left to detect.
    stop();
    try {
      options.onUpdate(latestId);
    } catch (error) {
      console.error("Version update handler failed", error);
    }
    return true;
  }

  function checkNow(): Promise<boolean> {
    if (pending) return Promise.resolve(true);
    if (!options.currentId) return Promise.resolve(false);
    // Overlapping checks (slow network, manual call during a tick) share one request.
    inFlight ??= check().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    start() {
      if (timer !== null || pending || !options.currentId) return;
      timer = setInterval(() => {
        void checkNow();
      }, intervalMs);
    },
    stop,
    checkNow,
    isUpdatePending: () => pending,
  };
}

export interface UpdateOnNavigate {
  /** Records that a newer build exists (wire it to the version check's onUpdate). */
  recordUpdate(newId?: string): void;
  /** True after an update: the next navigation should be a full page load to the target URL. */
  shouldHardNavigate(): boolean;
  getPendingId(): string | null;
}

export function createUpdateOnNavigate(): UpdateOnNavigate {
  let updated = false;
  let pendingId: string | null = null;
  return {
    recordUpdate(newId) {
      updated = true;
      if (newId) pendingId = newId;
    },
    shouldHardNavigate: () => updated,
    getPendingId: () => pendingId,
  };
}
