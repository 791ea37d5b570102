import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastCenter } from "../../../src/application/toastCenter";
import { toastReducer, type Toast } from "../../../src/domain/toast";

describe("ToastCenter", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one toast at a time, the newest", () => {
    const center = new ToastCenter();
    center.notify({ title: "First" });
    center.notify({ title: "Second", variant: "destructive" });
    expect(center.getSnapshot().map((toast) => [toast.title, toast.variant, toast.open])).toEqual([["Second", "destructive", true]]);
  });

  it("closes a toast after 5 s by default and removes it 1,000,000 ms after that", () => {
    const center = new ToastCenter();
    const listener = vi.fn();
    center.subscribe(listener);
    center.notify({ title: "Saved" });
    vi.advanceTimersByTime(4_999);
    expect(center.getSnapshot()[0]!.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(center.getSnapshot()[0]!.open).toBe(false);
    vi.advanceTimersByTime(999_999);
    expect(center.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(center.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("honours a longer duration, updates in place and dismisses on request", () => {
    const center = new ToastCenter();
    const id = center.notify({ title: "Syncing", durationMs: 60_000 });
    center.update({ id, description: "Half way" });
    expect(center.getSnapshot()[0]).toMatchObject({ title: "Syncing", description: "Half way", open: true });
    vi.advanceTimersByTime(59_000);
    expect(center.getSnapshot()[0]!.open).toBe(true);
    center.dismiss(id);
    expect(center.getSnapshot()[0]!.open).toBe(false);
  });

  it("dismisses every toast when no id is given, and forgets a toast a newer one replaced", () => {
    const center = new ToastCenter();
    const listener = vi.fn();
    center.notify({ title: "First", durationMs: 1_000 });
    center.subscribe(listener);
    center.notify({ title: "Second", durationMs: 60_000 });
    listener.mockClear();
    // The first toast's duration ends; it is gone, so nothing changes.
    vi.advanceTimersByTime(1_000);
    expect(listener).not.toHaveBeenCalled();
    center.dismiss();
    expect(center.getSnapshot().map((toast) => [toast.title, toast.open])).toEqual([["Second", false]]);
  });
});

describe("a toast with a button (Undo)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the button's label, runs its action once when pressed, and closes", () => {
    const center = new ToastCenter();
    const undo = vi.fn();
    const id = center.notify({ title: "Hidden", durationMs: 8_000, action: { label: "Undo", onAction: undo } });
    expect(center.getSnapshot()[0]).toMatchObject({ actionLabel: "Undo", open: true });
    center.act(id);
    center.act(id);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(center.getSnapshot()[0]!.open).toBe(false);
  });

  it("stays open while held, and forgets its action once it has closed by itself", () => {
    const center = new ToastCenter();
    const undo = vi.fn();
    const id = center.notify({ title: "Hidden", durationMs: 8_000, action: { label: "Undo", onAction: undo } });
    center.hold(id);
    vi.advanceTimersByTime(30_000);
    expect(center.getSnapshot()[0]!.open).toBe(true);
    center.release(id);
    vi.advanceTimersByTime(8_000);
    expect(center.getSnapshot()[0]!.open).toBe(false);
    center.act(id);
    expect(undo).not.toHaveBeenCalled();
  });

  it("has no button when none is asked for", () => {
    const center = new ToastCenter();
    center.notify({ title: "Saved" });
    expect(center.getSnapshot()[0]!.actionLabel).toBeUndefined();
  });
});

describe("toastReducer", () => {
  const toast = (id: string): Toast => ({ id, title: id, variant: "default", open: true, durationMs: 5000 });

  it("dismisses and removes all toasts when no id is given", () => {
    const two = [toast("a"), toast("b")];
    expect(toastReducer(two, { type: "dismiss" }).every((item) => !item.open)).toBe(true);
    expect(toastReducer(two, { type: "remove" })).toEqual([]);
    expect(toastReducer(two, { type: "remove", id: "a" }).map((item) => item.id)).toEqual(["b"]);
  });
});
