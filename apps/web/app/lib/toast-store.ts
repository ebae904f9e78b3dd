/**
 * The toast list of the client state (spec S3.3, S3.4, S4.12–S4.14, S9.2). A tiny external store shaped
 * for React's useSyncExternalStore: getSnapshot returns the same frozen array until something changes.
 */

export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_DURATION_MS = 2000;
export const TOAST_GAP_PX = 16;
export const TOAST_SCALE_STEP = 0.05;
export const TOOLTIP_DELAY_MS = 100;

export interface ToastInput {
  title: string;
  color?: string;
  [extra: string]: unknown;
}

export interface Toast extends ToastInput {
  /** The creation timestamp (ms), made unique within the store. */
  readonly id: number;
  open: boolean;
}

/** Fields to change; an `id` in the patch is ignored (ids never change). */
export interface ToastPatch {
  title?: string;
  color?: string;
  open?: boolean;
  [extra: string]: unknown;
}

type TimerHandle = unknown;

export interface ToastStoreOptions {
  now?: () => number;
  setTimeout?: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout?: (handle: TimerHandle) => void;
}

export interface ToastStore {
  /** Adds an open toast and returns its id; only the latest TOAST_LIMIT toasts are kept. */
  add(toast: ToastInput): number;
  /** Marks the toast closed (so it can animate out), then deletes it TOAST_REMOVE_DELAY_MS later. */
  remove(id: number): void;
  update(id: number, patch: ToastPatch): void;
  clear(): void;
  /** Calls remove(id) after TOAST_DURATION_MS; returns a function that cancels it (e.g. on hover). */
  scheduleAutoClose(id: number): () => void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

const EMPTY: readonly Toast[] = Object.freeze([]);

export function createToastStore(options: ToastStoreOptions = {}): ToastStore {
  const now = options.now ?? Date.now;
  // Resolved on each call, not captured here, so fake timers installed after creation still apply.
  const schedule =
    options.setTimeout ?? ((callback: () => void, ms: number) => globalThis.setTimeout(callback, ms));
  const cancel =
    options.clearTimeout ??
    ((handle: TimerHandle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));

  let toasts: readonly Toast[] = EMPTY;
  let lastId = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<number, TimerHandle>();

  function commit(next: Toast[]): void {
    const kept = new Set(next.map((toast) => toast.id));
    for (const [id, handle] of removalTimers) {
      if (!kept.has(id)) {
        cancel(handle);
        removalTimers.delete(id);
      }
    }
    toasts = Object.freeze(next);
    for (const listener of [...listeners]) listener();
  }

  function deleteToast(id: number): void {
    removalTimers.delete(id);
    if (toasts.some((toast) => toast.id === id)) commit(toasts.filter((toast) => toast.id !== id));
  }

  function remove(id: number): void {
    const index = toasts.findIndex((toast) => toast.id === id);
    const current = toasts[index];
    if (!current || removalTimers.has(id)) return;
    removalTimers.set(
      id,
      schedule(() => deleteToast(id), TOAST_REMOVE_DELAY_MS),
    );
    if (current.open) {
      const next = [...toasts];
      next[index] = Object.freeze({ ...current, open: false });
      commit(next);
    }
  }

  return {
    add(toast) {
      // Two toasts in the same millisecond would share an id; bumping keeps ids unique and increasing.
      let id = now();
      if (id <= lastId) id = lastId + 1;
      lastId = id;
      const created: Toast = Object.freeze({ ...toast, id, open: true });
      commit([...toasts, created].slice(-TOAST_LIMIT));
      return id;
    },
    remove,
    update(id, patch) {
      const index = toasts.findIndex((toast) => toast.id === id);
      const current = toasts[index];
      if (!current) return;
      const next = [...toasts];
      next[index] = Object.freeze({ ...current, ...patch, id });
      commit(next);
    },
    clear() {
      if (toasts.length === 0) return;
      commit([]);
    },
    scheduleAutoClose(id) {
      const handle = schedule(() => remove(id), TOAST_DURATION_MS);
      return () => cancel(handle);
    },
    getSnapshot() {
      return toasts;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
