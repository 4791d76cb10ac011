import { type RefObject, useEffect, useState } from "react";

/**
 * Pieces the panorama and 3D viewers share (decision 106): whether the browser can draw them, full screen on
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
