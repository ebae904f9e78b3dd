import {
  type Notification,
  type NotificationListResponse,
  notificationChannels,
  notificationKinds,
} from "@unaa/contracts";
import { describe, expect, it } from "vitest";
import { latestLimit } from "./api/notifications-api.ts";
import { preferenceChannels, preferenceKinds } from "./notification-kinds.ts";
import {
  listWithNew,
  listWithRead,
  type NotificationPages,
  pagesWithNew,
  pagesWithRead,
} from "./notification-list.ts";
import { createUnreadCountStore } from "./unread-count.ts";

function note(id: number, isRead = false): Notification {
  return {
    id,
    isRead,
    createdAt: "2026-11-26T08:00:00Z",
    kind: "adApproved",
    payload: { adId: id, title: `Ad ${id}`, link: `/car/${id}` },
  };
}

describe("the panel's list in place", () => {
  it("puts a new notification on top once, keeping the panel's length", () => {
    const list: NotificationListResponse = { items: [note(2), note(1)], nextCursor: null };
    const next = listWithNew(list, note(3));
    expect(next.items.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(listWithNew(next, note(3))).toBe(next);
    const full = {
      items: Array.from({ length: latestLimit }, (_, i) => note(latestLimit - i)),
      nextCursor: null,
    };
    const over = listWithNew(full, note(latestLimit + 1));
    expect(over.items).toHaveLength(latestLimit);
    expect(over.items[0]?.id).toBe(latestLimit + 1);
    expect(over.nextCursor).toBe("2");
  });

  it("marks some or all read, and returns the same list when nothing changes", () => {
    const list: NotificationListResponse = { items: [note(3), note(2, true), note(1)], nextCursor: null };
    const one = listWithRead(list, [3]);
    expect(one.items.map((item) => item.isRead)).toEqual([true, true, false]);
    expect(listWithRead(one, [3])).toBe(one);
    expect(listWithRead(list, null).items.every((item) => item.isRead)).toBe(true);
  });
});

describe("the unread count store", () => {
  it("tells its listeners of changes only, never below zero", () => {
    const store = createUnreadCountStore();
    let calls = 0;
    const stop = store.subscribe(() => {
      calls += 1;
    });
    store.set(2);
    store.set(2);
    store.set(-1);
    expect(store.get()).toBe(0);
    expect(calls).toBe(2);
    stop();
    store.set(5);
    expect(calls).toBe(2);
  });
});

describe("the preference table's rows and columns", () => {
  it("are the contracts' kinds and channels, in their order", () => {
    expect(preferenceKinds).toEqual([...notificationKinds]);
    expect(preferenceChannels).toEqual([...notificationChannels]);
  });
});

describe("the full list's pages in place", () => {
  const pages = (...lists: number[][]): NotificationPages => ({
    pages: lists.map((ids, index) => ({
      items: ids.map((id) => note(id)),
      nextCursor: index < lists.length - 1 ? String(ids.at(-1)) : null,
    })),
    pageParams: lists.map((_, index) => (index === 0 ? null : String(index))),
  });

  it("puts a new notification on top of the first page once", () => {
    const data = pages([4, 3], [2, 1]);
    const next = pagesWithNew(data, note(5));
    expect(next.pages.map((page) => page.items.map((item) => item.id))).toEqual([
      [5, 4, 3],
      [2, 1],
    ]);
    expect(pagesWithNew(next, note(5))).toBe(next);
    expect(pagesWithNew(next, note(1))).toBe(next);
  });

  it("marks one or all read across the pages, and keeps the object when nothing changed", () => {
    const data = pages([4, 3], [2, 1]);
    const one = pagesWithRead(data, [2]);
    expect(
      one.pages.flatMap((page) => page.items.filter((item) => item.isRead).map((item) => item.id)),
    ).toEqual([2]);
    expect(one.pages[0]).toBe(data.pages[0]);
    const all = pagesWithRead(one, null);
    expect(all.pages.every((page) => page.items.every((item) => item.isRead))).toBe(true);
    expect(pagesWithRead(all, null)).toBe(all);
  });
});
