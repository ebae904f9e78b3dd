import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToastStore,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SCALE_STEP,
  TOOLTIP_DELAY_MS,
} from "./toast-store.ts";

describe("toast store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2025-03-01T10:00:00Z"));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("[S9.2] exports the toast and tooltip constants", () => {
    expect({
      TOAST_LIMIT,
      TOAST_REMOVE_DELAY_MS,
      TOAST_DURATION_MS,
      TOAST_GAP_PX,
      TOAST_SCALE_STEP,
      TOOLTIP_DELAY_MS,
    }).toEqual({
      TOAST_LIMIT: 5,
      TOAST_REMOVE_DELAY_MS: 200,
      TOAST_DURATION_MS: 2000,
      TOAST_GAP_PX: 16,
      TOAST_SCALE_STEP: 0.05,
      TOOLTIP_DELAY_MS: 100,
    });
  });

  it("[S3.4] a toast has the creation timestamp as id, an open flag, title, color and extra fields", () => {
    const store = createToastStore();
    const id = store.add({ title: "Saved", color: "success", description: "Ad published", icon: "check" });
    expect(id).toBe(Date.parse("2025-03-01T10:00:00Z"));
    expect(store.getSnapshot()).toEqual([
      { id, open: true, title: "Saved", color: "success", description: "Ad published", icon: "check" },
    ]);
  });

  it("[S3.4] ids stay unique when two toasts are added in the same millisecond", () => {
    const store = createToastStore({ now: () => 1000 });
    const first = store.add({ title: "a" });
    const second = store.add({ title: "b" });
    const third = store.add({ title: "c" });
    expect([first, second, third]).toEqual([1000, 1001, 1002]);
    expect(new Set(store.getSnapshot().map((toast) => toast.id)).size).toBe(3);
  });

  it("[S3.4] an id or open flag passed in the toast does not override the store's", () => {
    const store = createToastStore({ now: () => 50 });
    const id = store.add({ title: "x", id: 7, open: false });
    expect(id).toBe(50);
    expect(store.getSnapshot()[0]).toMatchObject({ id: 50, open: true });
  });

  it("[S4.12] adding a toast keeps only the latest 5", () => {
    let time = 0;
    const store = createToastStore({ now: () => ++time });
    for (let index = 1; index <= 7; index++) store.add({ title: `toast ${index}` });
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual([
      "toast 3",
      "toast 4",
      "toast 5",
      "toast 6",
      "toast 7",
    ]);
  });

  it("[S4.13] removing a toast marks it closed, then deletes it after 200 ms", () => {
    const store = createToastStore();
    const id = store.add({ title: "Bye" });
    store.remove(id);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("[S4.13] removing twice schedules one deletion and leaves other toasts alone", () => {
    const store = createToastStore({
      now: (() => {
        let time = 0;
        return () => ++time;
      })(),
    });
    const keep = store.add({ title: "keep" });
    const drop = store.add({ title: "drop" });
    const listener = vi.fn();
    store.subscribe(listener);
    store.remove(drop);
    store.remove(drop);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([keep]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("[S4.13] removing an unknown id changes nothing", () => {
    const store = createToastStore();
    store.add({ title: "a" });
    const before = store.getSnapshot();
    store.remove(123);
    expect(store.getSnapshot()).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("[S4.14] a toast can be updated by id", () => {
    let time = 0;
    const store = createToastStore({ now: () => ++time });
    const first = store.add({ title: "Uploading", color: "info" });
    const second = store.add({ title: "Other" });
    store.update(first, { title: "Uploaded", color: "success", progress: 100, id: 999 });
    expect(store.getSnapshot()).toEqual([
      { id: first, open: true, title: "Uploaded", color: "success", progress: 100 },
      { id: second, open: true, title: "Other" },
    ]);
  });

  it("[S4.14] the list can be cleared, and a pending deletion does not resurrect anything", () => {
    let time = 0;
    const store = createToastStore({ now: () => ++time });
    const id = store.add({ title: "a" });
    store.add({ title: "b" });
    store.remove(id);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    const later = store.add({ title: "c" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([later]);
  });

  it("[S9.2] scheduleAutoClose closes after 2000 ms and then deletes after 200 ms", () => {
    const store = createToastStore();
    const id = store.add({ title: "Auto" });
    store.scheduleAutoClose(id);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getSnapshot()[0]?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.getSnapshot()).toEqual([]);
  });

  it("[S9.2] a cancelled auto-close keeps the toast open", () => {
    const store = createToastStore();
    const id = store.add({ title: "Hovered" });
    const cancel = store.scheduleAutoClose(id);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, open: true })]);
  });

  it("uses injected timers when given", () => {
    const scheduled: { callback: () => void; ms: number }[] = [];
    const store = createToastStore({
      now: () => 1,
      setTimeout: (callback, ms) => scheduled.push({ callback, ms }),
      clearTimeout: () => undefined,
    });
    const id = store.add({ title: "x" });
    store.remove(id);
    expect(scheduled.map((entry) => entry.ms)).toEqual([TOAST_REMOVE_DELAY_MS]);
    scheduled[0]?.callback();
    expect(store.getSnapshot()).toEqual([]);
  });

  it("[S3.3] snapshots are immutable: a new array on change, the same array otherwise", () => {
    let time = 0;
    const store = createToastStore({ now: () => ++time });
    const empty = store.getSnapshot();
    expect(store.getSnapshot()).toBe(empty);
    store.clear();
    expect(store.getSnapshot()).toBe(empty);
    const id = store.add({ title: "a" });
    const afterAdd = store.getSnapshot();
    expect(afterAdd).not.toBe(empty);
    expect(store.getSnapshot()).toBe(afterAdd);
    store.update(999, { title: "nobody" });
    expect(store.getSnapshot()).toBe(afterAdd);
    store.update(id, { title: "b" });
    expect(store.getSnapshot()).not.toBe(afterAdd);
    expect(afterAdd[0]?.title).toBe("a");
    expect(Object.isFrozen(store.getSnapshot())).toBe(true);
    expect(Object.isFrozen(store.getSnapshot()[0])).toBe(true);
    expect(() => (store.getSnapshot() as unknown[]).push({})).toThrow(TypeError);
  });

  it("notifies subscribers on every change until they unsubscribe", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ title: "a" });
    store.update(id, { color: "error" });
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.add({ title: "b" });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
