import { type ReactNode, useEffect, useRef, useState } from "react";
import type OpenSeadragon from "openseadragon";
import { useI18n } from "~/i18n/context";
import { ViewerIcon } from "./viewer-parts";

/** An image for the viewer: its IIIF Image API base (tiles) when published, else a plain image URL. */
export type DeepZoomSource = { service: string | null; url: string | null; width: number | null; height: number | null };

export type Osd = typeof OpenSeadragon;
let loading: Promise<Osd> | null = null;
/** OpenSeadragon is loaded on first use only: pages without an open viewer never download it. */
function loadOsd(): Promise<Osd> {
  loading ??= import("openseadragon").then((m) => (m as unknown as { default?: Osd }).default ?? (m as unknown as Osd));
  return loading;
}

function tileSource(src: DeepZoomSource): string | object | null {
  if (src.service) return `${src.service}/info.json`;
  if (src.url) return { type: "image", url: src.url, buildPyramid: false };
  return null;
}

/**
 * Deep zoom on an image (decision 053): OpenSeadragon reading the IIIF tiles, with its own buttons (zoom,
 * rotate, fit, full screen) and keyboard on the image (arrows, + and −, R, 0). The current zoom and rotation
 * are written on the element (`data-zoom`, `data-rotation`) for the tests and assistive scripts.
 * `overlay` is laid over the image's area (an annotation's region, decision 097); `onReady` receives the viewer
 * and the library once the image is open, for what the overlay needs to follow the image.
 */
export function DeepZoomViewer({
  source,
  title,
  className = "",
  overlay,
  onReady,
}: {
  source: DeepZoomSource;
  title: string;
  className?: string;
  overlay?: ReactNode;
  onReady?: (viewer: OpenSeadragon.Viewer, osd: Osd) => void;
}) {
  const { t } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const viewer = useRef<OpenSeadragon.Viewer | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [fullscreen, setFullscreen] = useState(false);
  const key = `${source.service ?? ""}|${source.url ?? ""}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the source is identified by its key: a new object with the same addresses must not reload the viewer
  useEffect(() => {
    let cancelled = false;
    const ts = tileSource(source);
    setState("loading");
    if (!ts) {
      setState("error");
      return;
    }
    loadOsd().then(
      (OSD) => {
        if (cancelled || !stage.current) return;
        const report = () => {
          const v = viewer.current;
          if (!v || !frame.current) return;
          frame.current.dataset.zoom = v.viewport.getZoom(true).toFixed(4);
          frame.current.dataset.rotation = String(v.viewport.getRotation());
        };
        if (!viewer.current) {
          const v = OSD({
            element: stage.current,
            tileSources: ts as OpenSeadragon.Options["tileSources"],
            showNavigationControl: false,
            showNavigator: false,
            drawer: "canvas",
            crossOriginPolicy: false,
            visibilityRatio: 0.8,
            constrainDuringPan: true,
            maxZoomPixelRatio: 2,
            animationTime: 0.5,
            gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true, scrollToZoom: true },
          });
          viewer.current = v;
          v.addHandler("open", () => {
            setState("ready");
            report();
            onReady?.(v, OSD);
          });
          v.addHandler("open-failed", () => setState("error"));
          v.addHandler("animation-finish", report);
          v.addHandler("rotate", report);
        } else {
          viewer.current.open(ts as OpenSeadragon.TileSourceSpecifier);
        }
      },
      () => !cancelled && setState("error"),
    );
    return () => {
      cancelled = true;
    };
  }, [key]);

  useEffect(
    () => () => {
      viewer.current?.destroy();
      viewer.current = null;
    },
    [],
  );

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frame.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const vp = () => viewer.current?.viewport;
  const zoom = (by: number) => {
    vp()?.zoomBy(by);
    vp()?.applyConstraints();
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  return (
    <div ref={frame} className={`deepzoom ${className}`} data-state={state}>
      <div className="deepzoom__toolbar" role="toolbar" aria-label={t("iiif.viewer.controls")}>
        <button type="button" className="deepzoom__button" onClick={() => zoom(1.5)} disabled={state !== "ready"}>
          <ViewerIcon d="M12 5v14M5 12h14" />
          <span className="visually-hidden">{t("iiif.viewer.zoomIn")}</span>
        </button>
        <button type="button" className="deepzoom__button" onClick={() => zoom(1 / 1.5)} disabled={state !== "ready"}>
          <ViewerIcon d="M5 12h14" />
          <span className="visually-hidden">{t("iiif.viewer.zoomOut")}</span>
        </button>
        <button
          type="button"
          className="deepzoom__button"
          onClick={() => vp()?.setRotation(((vp()?.getRotation() ?? 0) + 90) % 360)}
          disabled={state !== "ready"}
        >
          <ViewerIcon d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
          <span className="visually-hidden">{t("iiif.viewer.rotate")}</span>
        </button>
        <button type="button" className="deepzoom__button" onClick={() => vp()?.goHome()} disabled={state !== "ready"}>
          <ViewerIcon d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5M9 9h6v6H9z" />
          <span className="visually-hidden">{t("iiif.viewer.home")}</span>
        </button>
        <button type="button" className="deepzoom__button" onClick={toggleFullscreen}>
          <ViewerIcon d={fullscreen ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M15 4h5v5M4 15v5h5M20 15v5h-5"} />
          <span className="visually-hidden">{t(fullscreen ? "iiif.viewer.exitFullscreen" : "iiif.viewer.fullscreen")}</span>
        </button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a box OpenSeadragon draws into, not a section of the document; role=region with a label makes it a landmark */}
      <div ref={stage} className="deepzoom__stage" role="region" aria-label={t("iiif.viewer.region", { title })} />
      {overlay}
      {state === "loading" && (
        <p className="deepzoom__status" role="status">
          {t("iiif.viewer.loading")}
        </p>
      )}
      {state === "error" && (
        <p className="deepzoom__status deepzoom__status--error" role="alert">
          {t("iiif.viewer.error")}
        </p>
      )}
      <p className="deepzoom__help">{t("iiif.viewer.help")}</p>
    </div>
  );
}
