import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import type { ModelStage } from "./model-lib";
import { FullscreenButton, hasWebGl2, useFullscreen, ViewerIcon, ViewerNotes, viewerKeyAction } from "./viewer-parts";

const STEP = Math.PI / 18;
const ZOOM = 1.25;

/**
 * A glTF model (decision 106): its poster and a "View in 3D" button until the visitor asks for it (no model,
 * no three.js downloaded before), then a three.js canvas: drag to orbit, wheel or pinch to zoom; on the
 * focused model the arrows turn it, + and − zoom, 0 resets; buttons for zoom, reset and full screen. The
 * view is written on the element (`data-azimuth`, `data-polar` in degrees, `data-distance` as a share of the
 * starting one) for the tests and assistive scripts.
 */
export function ModelViewer({ src, poster, title }: { src: string; poster: string | null; title: string }) {
  const { t } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const stageEl = useRef<HTMLDivElement>(null);
  const stage = useRef<ModelStage | null>(null);
  const [state, setState] = useState<"poster" | "loading" | "ready" | "error" | "unsupported">("poster");
  const fullscreen = useFullscreen(frame);
  const helpId = useId();
  const active = state === "loading" || state === "ready" || state === "error";

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    import("./model-lib")
      .then(({ showModel }) =>
        showModel(stageEl.current!, src, (v) => {
          const el = frame.current;
          if (!el) return;
          el.dataset.azimuth = v.azimuth.toFixed(1);
          el.dataset.polar = v.polar.toFixed(1);
          el.dataset.distance = v.distance.toFixed(3);
        }),
      )
      .then(
        (s) => {
          if (cancelled) return s.dispose();
          stage.current = s;
          setState("ready");
        },
        () => !cancelled && setState("error"),
      );
    return () => {
      cancelled = true;
      stage.current?.dispose();
      stage.current = null;
    };
  }, [active, src]);

  const open = () => {
    if (!hasWebGl2()) return setState("unsupported");
    setState("loading");
    // The button goes away: the keyboard carries on from the model.
    requestAnimationFrame(() => stageEl.current?.focus());
  };

  if (!active)
    return (
      <div className="model3d model3d--poster">
        {poster && <img src={poster} alt={t("viewer.model.poster", { title })} className="model3d__poster" />}
        {state === "unsupported" ? (
          <p className="panorama__note" role="alert">
            {t("viewer.model.noWebgl")}
          </p>
        ) : (
          <button type="button" className="button button--primary model3d__open" onClick={open}>
            {t("viewer.model.view")}
          </button>
        )}
      </div>
    );

  const ready = state === "ready";
  const onKeyDown = (e: KeyboardEvent) => {
    const s = stage.current;
    const action = viewerKeyAction(e);
    if (!s || !action) return;
    e.preventDefault();
    if (action === "left") s.turn(STEP, 0);
    else if (action === "right") s.turn(-STEP, 0);
    else if (action === "up") s.turn(0, STEP);
    else if (action === "down") s.turn(0, -STEP);
    else if (action === "zoomIn") s.zoom(ZOOM);
    else if (action === "zoomOut") s.zoom(1 / ZOOM);
    else s.reset();
  };
  return (
    <div ref={frame} className="model3d" data-state={state}>
      <div className="model3d__toolbar" role="toolbar" aria-label={t("viewer.model.controls")}>
        <button type="button" className="viewer-button" onClick={() => stage.current?.zoom(ZOOM)} disabled={!ready}>
          <ViewerIcon d="M12 5v14M5 12h14" />
          <span className="visually-hidden">{t("iiif.viewer.zoomIn")}</span>
        </button>
        <button type="button" className="viewer-button" onClick={() => stage.current?.zoom(1 / ZOOM)} disabled={!ready}>
          <ViewerIcon d="M5 12h14" />
          <span className="visually-hidden">{t("iiif.viewer.zoomOut")}</span>
        </button>
        <button type="button" className="viewer-button" onClick={() => stage.current?.reset()} disabled={!ready}>
          <ViewerIcon d="M3 12a9 9 0 1 0 3-6.7M3 4v5h5" />
          <span className="visually-hidden">{t("viewer.model.reset")}</span>
        </button>
        <FullscreenButton fullscreen={fullscreen} />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a box three.js draws into; role=region with a label makes it a landmark to find and focus */}
      <div
        ref={stageEl}
        className="model3d__stage"
        role="region"
        aria-label={t("viewer.model.region", { title })}
        aria-describedby={helpId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrows and + − act on the focused model
        tabIndex={0}
        onKeyDown={onKeyDown}
      />
      <ViewerNotes
        state={state}
        loading={t("viewer.model.loading")}
        error={t("viewer.model.error")}
        help={t("viewer.model.help")}
        helpId={helpId}
      />
    </div>
  );
}
