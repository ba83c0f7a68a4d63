import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_SWIPE_THRESHOLD, currentToasts, toast } from "./toast-store";

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it("uses the spec's constants", () => {
    expect({ TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_DURATION, TOAST_SWIPE_THRESHOLD }).toEqual({
      TOAST_LIMIT: 1,
      TOAST_REMOVE_DELAY: 1_000_000,
      TOAST_DURATION: 5000,
      TOAST_SWIPE_THRESHOLD: 50,
    });
  });

  it("shows one toast at a time: the newest replaces the previous one", () => {
    toast({ title: "First" });
    const second = toast({ title: "Message sent!", description: "Thanks for reaching out. We'll get back to you soon." });
    expect(currentToasts()).toEqual([
      {
        id: second.id,
        open: true,
        title: "Message sent!",
        description: "Thanks for reaching out. We'll get back to you soon.",
        variant: "default",
        duration: TOAST_DURATION,
      },
    ]);
  });

  it("keeps the destructive variant", () => {
    toast({ title: "Error sending message", variant: "destructive" });
    expect(currentToasts()[0]?.variant).toBe("destructive");
  });

  it("closes a dismissed toast at once and removes it after the removal delay", () => {
    const shown = toast({ title: "Logout successful" });
    shown.dismiss();
    expect(currentToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });
});
