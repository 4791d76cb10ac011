import { type RefObject, useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";

/**
 * Pieces the viewers share (decision 106; the deep-zoom viewer takes its icons): whether the browser can draw them, full screen on
 * their frame, and the toolbar's icons.
 */

/** What a key does on a focused viewer (the same keys for the panorama and the model). */
export type ViewerKeyAction = "left" | "right" | "up" | "down" | "zoomIn" | "zoomOut" | "reset";
const KEY_ACTIONS: Record<string, ViewerKeyAction> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
  "+": "zoomIn",
  "=": "zoomIn",
  "-": "zoomOut",
  "0": "reset",
  Home: "reset",
};
/** The action of a key press (none with a modifier: the browser's and the reader's shortcuts stay theirs). */
export const viewerKeyAction = (e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): ViewerKeyAction | undefined =>
  e.altKey || e.ctrlKey || e.metaKey ? undefined : KEY_ACTIONS[e.key];

/** Whether a WebGL 2 context can be made (three.js and Photo Sphere Viewer need one); asked once. */
let webGl2: boolean | undefined;
export function hasWebGl2(): boolean {
  if (webGl2 === undefined) {
    try {
      webGl2 = Boolean(document.createElement("canvas").getContext("webgl2"));
    } catch {
      webGl2 = false;
    }
  }
  return webGl2;
}

/** Full screen on the element: whether it is, and a toggle. */
export function useFullscreen(ref: RefObject<HTMLElement | null>): { on: boolean; toggle: () => void } {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const onChange = () => setOn(document.fullscreenElement === ref.current && ref.current !== null);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [ref]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void ref.current?.requestFullscreen?.().catch(() => undefined);
  };
  return { on, toggle };
}

/** A stroked 24×24 icon; the button's text names it. */
export function ViewerIcon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

/** The full-screen button of a viewer's toolbar (the state from useFullscreen). */
export function FullscreenButton({ fullscreen }: { fullscreen: { on: boolean; toggle: () => void } }) {
  const { t } = useI18n();
  return (
    <button type="button" className="viewer-button" onClick={fullscreen.toggle}>
      <ViewerIcon d={fullscreen.on ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M15 4h5v5M4 15v5h5M20 15v5h-5"} />
      <span className="visually-hidden">{t(fullscreen.on ? "iiif.viewer.exitFullscreen" : "iiif.viewer.fullscreen")}</span>
    </button>
  );
}

/** What a viewer says under its stage: loading (status), the error (alert), and its help line (the stage's description). */
export function ViewerNotes({
  state,
  loading,
  error,
  help,
  helpId,
}: {
  state: string;
  loading: string;
  error: string;
  help: string;
  helpId: string;
}) {
  return (
    <>
      {state === "loading" && (
        <p className="viewer-status" role="status">
          {loading}
        </p>
      )}
      {state === "error" && (
        <p className="viewer-status viewer-status--error" role="alert">
          {error}
        </p>
      )}
      <p className="viewer-help" id={helpId}>
        {help}
      </p>
    </>
  );
}
