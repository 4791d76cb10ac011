/**
 * The content carousel's autoplay (spec §4, decision 118): it advances every `interval` ms; any move —
 * its own or the visitor's (swipe, arrow key, previous/next) — starts the wait again; it waits while any reason
 * to pause holds (the pointer over it, the focus in it, reduced motion, the visitor's pause button, the page
 * hidden), and starts a whole wait again when the last reason goes. Timers are passed in, so a test drives
 * them with fake ones.
 */
export type PauseReason = "hover" | "focus" | "reducedMotion" | "user" | "hidden";

export type Autoplay = {
  /** A move happened (the carousel's or the visitor's): the next advance is a whole interval from now. */
  moved(): void;
  pause(reason: PauseReason): void;
  resume(reason: PauseReason): void;
  /** Whether it is waiting to advance (no reason to pause holds). */
  readonly running: boolean;
  /** Whether this reason holds. */
  has(reason: PauseReason): boolean;
  stop(): void;
};

export const DEFAULT_INTERVAL_MS = 7000;

export function createAutoplay(opts: {
  interval?: number;
  advance: () => void;
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}): Autoplay {
  const interval = opts.interval && opts.interval > 0 ? opts.interval : DEFAULT_INTERVAL_MS;
  const timers = opts.timers ?? {
    set: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clear: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const reasons = new Set<PauseReason>();
  let handle: unknown = null;
  let stopped = false;
  const clear = () => {
    if (handle !== null) timers.clear(handle);
    handle = null;
  };
  const schedule = () => {
    clear();
    if (stopped || reasons.size) return;
    handle = timers.set(() => {
      handle = null;
      opts.advance();
      // the move's own event usually calls moved(); if it did not (one slide), wait again all the same
      if (handle === null) schedule();
    }, interval);
  };
  schedule();
  return {
    moved: schedule,
    pause(reason) {
      reasons.add(reason);
      clear();
    },
    resume(reason) {
      if (!reasons.delete(reason)) return;
      if (!reasons.size) schedule();
    },
    get running() {
      return handle !== null;
    },
    has: (reason) => reasons.has(reason),
    stop() {
      stopped = true;
      clear();
    },
  };
}
