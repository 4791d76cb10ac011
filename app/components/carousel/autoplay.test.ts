import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAutoplay } from "./autoplay";

describe("content carousel autoplay (decision 118)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("advances every 7 s by default", () => {
    const advance = vi.fn();
    createAutoplay({ advance });
    vi.advanceTimersByTime(6999);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(7000 * 3);
    expect(advance).toHaveBeenCalledTimes(4);
  });

  it("a manual move restarts the wait", () => {
    const advance = vi.fn();
    const a = createAutoplay({ advance, interval: 7000 });
    vi.advanceTimersByTime(5000);
    a.moved();
    vi.advanceTimersByTime(5000);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it("its own move's event does not double the pace", () => {
    let a: ReturnType<typeof createAutoplay> | null = null;
    const advance = vi.fn(() => a?.moved());
    a = createAutoplay({ advance });
    vi.advanceTimersByTime(14000);
    expect(advance).toHaveBeenCalledTimes(2);
  });

  it("pauses while any reason holds; a whole wait starts when the last goes", () => {
    const advance = vi.fn();
    const a = createAutoplay({ advance });
    vi.advanceTimersByTime(6000);
    a.pause("hover");
    a.pause("focus");
    vi.advanceTimersByTime(60000);
    expect(advance).not.toHaveBeenCalled();
    expect(a.running).toBe(false);
    a.resume("hover");
    vi.advanceTimersByTime(60000);
    expect(advance).not.toHaveBeenCalled();
    a.resume("focus");
    expect(a.running).toBe(true);
    vi.advanceTimersByTime(6999);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
  });

  it("a move while paused does not start it; resuming a reason that did not hold changes nothing", () => {
    const advance = vi.fn();
    const a = createAutoplay({ advance });
    a.pause("reducedMotion");
    a.moved();
    a.resume("hover");
    vi.advanceTimersByTime(60000);
    expect(advance).not.toHaveBeenCalled();
    expect(a.has("reducedMotion")).toBe(true);
  });

  it("stops for good", () => {
    const advance = vi.fn();
    const a = createAutoplay({ advance });
    a.stop();
    a.moved();
    vi.advanceTimersByTime(60000);
    expect(advance).not.toHaveBeenCalled();
  });

  it("a bad interval falls back to 7 s", () => {
    const advance = vi.fn();
    createAutoplay({ advance, interval: -5 });
    vi.advanceTimersByTime(7000);
    expect(advance).toHaveBeenCalledTimes(1);
  });
});
