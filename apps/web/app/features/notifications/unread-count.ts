import { useSyncExternalStore } from "react";

/**
 * The signed-in user's unread notification count, as the server last said (the count endpoint on
 * load, then `notifications:unread`). A tiny store rather than a query: the header is on every page
 * and its first-load JavaScript is budgeted.
 */
export interface UnreadCountStore {
  get(): number;
  set(count: number): void;
  subscribe(listener: () => void): () => void;
}

export function createUnreadCountStore(): UnreadCountStore {
  let count = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => count,
    set(next) {
      const value = Math.max(0, Math.trunc(next));
      if (value === count) return;
      count = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const unreadNotifications: UnreadCountStore = createUnreadCountStore();

const serverCount = () => 0;

export function useUnreadNotifications(): number {
  return useSyncExternalStore(unreadNotifications.subscribe, unreadNotifications.get, serverCount);
}
