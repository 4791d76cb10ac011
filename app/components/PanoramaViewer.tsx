import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { Viewer } from "@photo-sphere-viewer/core";
import { useI18n } from "~/i18n/context";
import { FullscreenButton, hasWebGl2, useFullscreen, ViewerIcon, ViewerNotes, viewerKeyAction } from "./viewer-parts";

type PanoramaLib = typeof import("./panorama-lib");
let loading: Promise<PanoramaLib> | null = null;
/** Photo Sphere Viewer and three.js load with the first panorama shown (decision 106): no other page fetches them. */
function loadLib(): Promise<PanoramaLib> {
  loading ??= import("./panorama-lib");
  return loading;
}

const DEG = Math.PI / 180;
/** One arrow key press turns the view this far. */
const STEP = 10 * DEG;
const ZOOM_STEP = 10;
const START = { yaw: 0, pitch: 0, zoom: 30 };

/**
 * An equirectangular panorama seen from its centre (decision 106): drag to look around; on the focused
 * panorama the arrows turn the view, + and − zoom, 0 goes back to the start; buttons for zoom, the start and
 * full screen. The view is written on the element (`data-yaw`, `data-pitch` in degrees, `data-zoom` 0–100) for
 * the tests and assistive scripts, and said in a polite live region after a key moves it. Without WebGL 2 the
 * flat picture is shown with a note.
 */
export function PanoramaViewer({ src, poster, title }: { src: string; poster: string | null; title: string }) {
  const { t } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error" | "flat">("loading");
  const [said, setSaid] = useState("");
  const fullscreen = useFullscreen(frame);
  const helpId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one viewer per picture; the messages are read once when it is made
  useEffect(() => {
    if (!hasWebGl2()) {
      setState("flat");
      return;
    }
    let cancelled = false;
    setState("loading");
    loadLib().then(
      ({ Viewer }) => {
        if (cancelled || !stage.current) return;
        const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        const v = new Viewer({
          container: stage.current,
          panorama: src,
          navbar: false,
          keyboard: false,
          // The page scrolls under the wheel; in full screen the wheel zooms (below).
          mousewheel: false,
          moveInertia: reduced ? false : 0.8,
          defaultYaw: START.yaw,
          defaultPitch: START.pitch,
          defaultZoomLvl: START.zoom,
          loadingTxt: t("viewer.panorama.loading"),
          lang: { loading: t("viewer.panorama.loading"), loadError: t("viewer.panorama.error") },
        });
        viewer.current = v;
        const report = () => {
          if (!frame.current) return;
          const { yaw, pitch } = v.getPosition();
          frame.current.dataset.yaw = (yaw / DEG).toFixed(1);
          frame.current.dataset.pitch = (pitch / DEG).toFixed(1);
          frame.current.dataset.zoom = v.getZoomLevel().toFixed(0);
        };
        v.addEventListener("ready", () => {
          setState("ready");
          report();
        });
        v.addEventListener("panorama-error", () => setState("error"));
        v.addEventListener("position-updated", report);
        v.addEventListener("zoom-updated", report);
      },
      () => !cancelled && setState("error"),
    );
    return () => {
      cancelled = true;
      viewer.current?.destroy();
      viewer.current = null;
    };
  }, [src]);

  useEffect(() => {
    viewer.current?.setOption("mousewheel", fullscreen.on);
  }, [fullscreen.on]);

  const announce = () => {
    const v = viewer.current;
    if (!v) return;
    const { yaw, pitch } = v.getPosition();
    setSaid(t("viewer.panorama.position", { yaw: Math.round(yaw / DEG) % 360, pitch: Math.round(pitch / DEG) }));
  };
  const turn = (dYaw: number, dPitch: number) => {
    const v = viewer.current;
    if (!v) return;
    const { yaw, pitch } = v.getPosition();
    v.rotate({ yaw: yaw + dYaw, pitch: Math.max(-Math.PI / 2, Math.min(Math.PI / 2, pitch + dPitch)) });
    announce();
  };
  const zoom = (by: number) => viewer.current?.zoom(Math.max(0, Math.min(100, viewer.current.getZoomLevel() + by)));
  const reset = () => {
    viewer.current?.rotate({ yaw: START.yaw, pitch: START.pitch });
    viewer.current?.zoom(START.zoom);
    announce();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const action = viewerKeyAction(e);
    if (!action || state !== "ready") return;
    e.preventDefault();
    if (action === "left") turn(-STEP, 0);
    else if (action === "right") turn(STEP, 0);
    else if (action === "up") turn(0, STEP);
    else if (action === "down") turn(0, -STEP);
    else if (action === "zoomIn") zoom(ZOOM_STEP);
    else if (action === "zoomOut") zoom(-ZOOM_STEP);
    else reset();
  };

  if (state === "flat")
    return (
      <div className="panorama panorama--flat">
        {poster && <img src={poster} alt={title} className="panorama__flat" />}
        <p className="panorama__note">{t("viewer.panorama.noWebgl")}</p>
      </div>
    );

  const ready = state === "ready";
  return (
    <div ref={frame} className="panorama" data-state={state}>
      <div className="panorama__toolbar" role="toolbar" aria-label={t("viewer.panorama.controls")}>
        <button type="button" className="viewer-button" onClick={() => zoom(ZOOM_STEP)} disabled={!ready}>
          <ViewerIcon d="M12 5v14M5 12h14" />
          <span className="visually-hidden">{t("iiif.viewer.zoomIn")}</span>
        </button>
        <button type="button" className="viewer-button" onClick={() => zoom(-ZOOM_STEP)} disabled={!ready}>
          <ViewerIcon d="M5 12h14" />
          <span className="visually-hidden">{t("iiif.viewer.zoomOut")}</span>
        </button>
        <button type="button" className="viewer-button" onClick={reset} disabled={!ready}>
          <ViewerIcon d="M3 12a9 9 0 1 0 3-6.7M3 4v5h5" />
          <span className="visually-hidden">{t("viewer.panorama.reset")}</span>
        </button>
        <FullscreenButton fullscreen={fullscreen} />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a box the viewer draws into; role=region with a label makes it a landmark to find and focus */}
      <div
        ref={stage}
        className="panorama__stage"
        role="region"
        aria-label={t("viewer.panorama.region", { title })}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrows and + − act on the focused panorama
        tabIndex={0}
        onKeyDown={onKeyDown}
      />
      <ViewerNotes
        state={state}
        loading={t("viewer.panorama.loading")}
        error={t("viewer.panorama.error")}
        help={t("viewer.panorama.help")}
        helpId={helpId}
      />
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
