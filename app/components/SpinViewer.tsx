import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";

/** One frame of a 360° sequence: its derivatives' addresses. */
export type SpinFrame = { thumbnail: string; medium: string; large: string };

/** How long the frame shown must stay put before the live region says which it is (not every drag step). */
const ANNOUNCE_AFTER_MS = 600;
/** Frames fetched at once while the rest of the sequence loads. */
const PRELOAD_AT_ONCE = 3;

/**
 * A 360° object viewer (issue 33 §1, decision 105): a sequence of frames shown one at a time, turned by
 * dragging or swiping across the picture, by the slider (arrow keys, Home and End; the turn wraps round) and
 * full screen. The frame shown is in the page's HTML; the others load after it, nearest first, a few at a time,
 * so a page never asks for the whole sequence before its first paint. Nothing turns by itself. A polite live
 * region says "frame N of M" once the object stops turning. The shown frame's number is on the element
 * (`data-frame`) for the tests, and `data-ready` once it has hydrated (its chunk may come after the page's).
 */
export default function SpinViewer({
  frames,
  title,
  width,
  height,
}: {
  frames: SpinFrame[];
  title: string;
  width: number | null;
  height: number | null;
}) {
  const { t } = useI18n();
  const total = frames.length;
  const [index, setIndex] = useState(0);
  const [announced, setAnnounced] = useState("");
  const [fullscreen, setFullscreen] = useState(false);
  const [canFullscreen, setCanFullscreen] = useState(false);
  const [ready, setReady] = useState(false);
  const [dragging, setDragging] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ id: number; x: number; from: number } | null>(null);
  const moved = useRef(false);

  const turnTo = useCallback((i: number) => setIndex(((i % total) + total) % total), [total]);

  // Say which frame is shown once the turning stops, never at each step of a drag or of a held key.
  useEffect(() => {
    if (!moved.current) return;
    const timer = setTimeout(() => setAnnounced(t("spin.frameOf", { index: index + 1, total })), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [index, total, t]);

  useEffect(() => {
    setCanFullscreen(Boolean(root.current?.requestFullscreen) && document.fullscreenEnabled !== false);
    setReady(true);
    const onChange = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  // The rest of the sequence, after the page has loaded: the frames next to the first ones first, both ways.
  const size = fullscreen ? "large" : "medium";
  useEffect(() => {
    let cancelled = false;
    const order: number[] = [];
    for (let d = 1; order.length < total - 1; d++) {
      if (d < total) order.push(d % total);
      if (total - d > d) order.push((total - d) % total);
    }
    const queue = [...new Set(order)].filter((i) => i !== 0);
    const loadNext = (): Promise<void> => {
      const i = queue.shift();
      if (i === undefined || cancelled) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const img = new Image();
        img.decoding = "async";
        img.onload = img.onerror = () => resolve();
        img.src = frames[i]![size];
      }).then(loadNext);
    };
    const start = () => {
      if (!cancelled) for (let k = 0; k < PRELOAD_AT_ONCE; k++) void loadNext();
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", start);
    };
  }, [frames, size, total]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    drag.current = { id: e.pointerId, x: e.clientX, from: index };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    // Dragging across the whole picture turns the object once round.
    const span = stage.current?.clientWidth || 1;
    const steps = Math.round(((e.clientX - d.x) / span) * total);
    moved.current = true;
    turnTo(d.from + steps);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    drag.current = null;
    setDragging(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // The slider wraps round, as the object does: right of the last frame is the first.
    const by: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: total / 8, PageDown: -total / 8 };
    const step = by[e.key];
    if (step !== undefined) {
      e.preventDefault();
      moved.current = true;
      turnTo(index + Math.round(step));
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      moved.current = true;
      turnTo(e.key === "Home" ? 0 : total - 1);
    }
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen?.().catch(() => undefined);
  };

  const frame = frames[index]!;
  const angle = Math.round((index * 360) / total);
  return (
    <div
      ref={root}
      className={`spin${fullscreen ? " spin--fullscreen" : ""}`}
      data-frame={index + 1}
      data-frames={total}
      data-ready={ready || undefined}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging turns the object; the slider below does the same by keyboard */}
      <div
        ref={stage}
        className={`spin__stage${dragging ? " spin__stage--dragging" : ""}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDragStart={(e) => e.preventDefault()}
      >
        <img
          className="spin__frame"
          src={frame[size]}
          alt={t("spin.alt", { title, index: index + 1, total })}
          width={width ?? undefined}
          height={height ?? undefined}
          draggable={false}
          fetchPriority={index === 0 ? "high" : undefined}
        />
        <span className="spin__badge" aria-hidden="true">
          360°
        </span>
      </div>
      <div className="spin__controls">
        <label className="spin__slider">
          <span className="visually-hidden">{t("spin.turn")}</span>
          <input
            type="range"
            min={0}
            max={total - 1}
            step={1}
            value={index}
            aria-valuetext={t("spin.valueText", { index: index + 1, total, angle })}
            onKeyDown={onKeyDown}
            onChange={(e) => {
              moved.current = true;
              turnTo(Number(e.currentTarget.value));
            }}
          />
        </label>
        {canFullscreen && (
          <button type="button" className="spin__button" onClick={toggleFullscreen}>
            <svg
              aria-hidden="true"
              focusable="false"
              viewBox="0 0 24 24"
              width="20"
              height="20"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={fullscreen ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M15 4h5v5M4 15v5h5M20 15v5h-5"} />
            </svg>
            <span className="visually-hidden">{t(fullscreen ? "spin.exitFullscreen" : "spin.fullscreen")}</span>
          </button>
        )}
      </div>
      <p className="spin__help">{t("spin.help")}</p>
      <p className="visually-hidden" aria-live="polite" data-testid="spin-status">
        {announced}
      </p>
    </div>
  );
}
