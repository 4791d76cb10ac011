import { useCallback, useEffect, useRef, useState } from "react";
import type OpenSeadragon from "openseadragon";
import { DeepZoomViewer, type Osd } from "~/components/DeepZoomViewer";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";
import type { Region } from "../annotations";

/** An image a note's region may be on: its deep-zoom source and its caption. */
export type AnnotatableImage = {
  id: number;
  title: string;
  service: string | null;
  url: string | null;
  width: number | null;
  height: number | null;
};

/** The image's box on screen, in the viewer area's pixels. */
type Box = { x: number; y: number; width: number; height: number };

const STEP = 0.02;
const MIN = 0.02;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 10_000) / 10_000;
export const pct = (v: number) => Math.round(v * 100);

/** A region kept inside the image, at least 2 % on each side. */
function keepInside(r: Region): Region {
  const w = clamp(r.w, MIN, 1);
  const h = clamp(r.h, MIN, 1);
  return { x: round(clamp(r.x, 0, 1 - w)), y: round(clamp(r.y, 0, 1 - h)), w: round(w), h: round(h) };
}

/** Follows where OpenSeadragon draws the image, as it is panned and zoomed. */
function useImageBox() {
  const [box, setBox] = useState<Box | null>(null);
  const onReady = useCallback((viewer: OpenSeadragon.Viewer, _osd: Osd) => {
    viewer.viewport.setRotation(0);
    const update = () => {
      const item = viewer.world.getItemAt(0);
      if (!item) return;
      const r = viewer.viewport.viewportToViewerElementRectangle(item.getBounds(true));
      setBox({ x: r.x, y: r.y, width: r.width, height: r.height });
    };
    update();
    for (const e of ["animation", "animation-finish", "resize", "update-viewport", "rotate"] as const) viewer.addHandler(e, update);
  }, []);
  return { box, onReady };
}

const boxStyle = (box: Box, r: Region) => ({
  left: `${box.x + r.x * box.width}px`,
  top: `${box.y + r.y * box.height}px`,
  width: `${r.w * box.width}px`,
  height: `${r.h * box.height}px`,
});

/**
 * A region drawn on the deep-zoom viewer (decision 097): with the pointer (drag a rectangle) or the keyboard
 * (arrows move it, Shift+arrows resize it, Enter confirms, Escape cancels), its position said in a live region.
 */
export function RegionDrawer({
  open,
  image,
  initial,
  onConfirm,
  onClose,
}: {
  open: boolean;
  image: AnnotatableImage;
  initial: Region | null;
  onConfirm: (region: Region) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { box, onReady } = useImageBox();
  const [region, setRegion] = useState<Region>(initial ?? { x: 0.35, y: 0.35, w: 0.3, h: 0.3 });
  const layer = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  // Focus goes to the drawing area once the image is there, so the keys work at once.
  const ready = box !== null;
  useEffect(() => {
    if (ready && open) layer.current?.focus();
  }, [ready, open]);

  const at = (e: React.PointerEvent) => {
    const rect = layer.current!.getBoundingClientRect();
    if (!box) return null;
    return { x: clamp((e.clientX - rect.left - box.x) / box.width, 0, 1), y: clamp((e.clientY - rect.top - box.y) / box.height, 0, 1) };
  };
  const position = t("annotations.draw.position", { x: pct(region.x), y: pct(region.y), w: pct(region.w), h: pct(region.h) });

  return (
    <Modal open={open} onClose={onClose} title={t("annotations.draw.title")} variant="fullscreen" closeLabel={t("modal.close")}>
      <div className="lightbox">
        <DeepZoomViewer
          source={{ service: image.service, url: image.url, width: image.width, height: image.height }}
          title={image.title}
          onReady={onReady}
          overlay={
            <div
              ref={layer}
              className="region-layer"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawing area takes the keys that move and size the rectangle
              tabIndex={0}
              role="application"
              aria-label={t("annotations.draw.area")}
              aria-describedby="region-help region-position"
              data-region={`${region.x},${region.y},${region.w},${region.h}`}
              onPointerDown={(e) => {
                const p = at(e);
                if (!p) return;
                drag.current = p;
                e.currentTarget.setPointerCapture(e.pointerId);
                setRegion(keepInside({ x: p.x, y: p.y, w: MIN, h: MIN }));
              }}
              onPointerMove={(e) => {
                const start = drag.current;
                const p = start && at(e);
                if (!start || !p) return;
                setRegion(
                  keepInside({
                    x: Math.min(start.x, p.x),
                    y: Math.min(start.y, p.y),
                    w: Math.abs(p.x - start.x),
                    h: Math.abs(p.y - start.y),
                  }),
                );
              }}
              onPointerUp={() => {
                drag.current = null;
              }}
              onKeyDown={(e) => {
                const dx = e.key === "ArrowLeft" ? -STEP : e.key === "ArrowRight" ? STEP : 0;
                const dy = e.key === "ArrowUp" ? -STEP : e.key === "ArrowDown" ? STEP : 0;
                if (dx || dy) {
                  e.preventDefault();
                  e.stopPropagation();
                  setRegion((r) => keepInside(e.shiftKey ? { ...r, w: r.w + dx, h: r.h + dy } : { ...r, x: r.x + dx, y: r.y + dy }));
                } else if (e.key === "Enter") {
                  e.preventDefault();
                  e.stopPropagation();
                  onConfirm(region);
                } else if (e.key === "Escape") {
                  // Escape cancels the drawing (and closes it), not only the dialog around it.
                  e.preventDefault();
                  e.stopPropagation();
                  onClose();
                }
              }}
            >
              {box ? <div className="region-box" style={boxStyle(box, region)} /> : null}
            </div>
          }
        />
        <div className="region-tools">
          <p id="region-help">{t("annotations.draw.help")}</p>
          <p id="region-position" role="status" aria-live="polite">
            {position}
          </p>
          <button type="button" className="button" onClick={() => onConfirm(region)}>
            {t("annotations.draw.confirm")}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t("annotations.cancel")}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** A note's region outlined on the deep-zoom viewer, which pans and zooms as usual. */
export function RegionView({
  open,
  image,
  region,
  onClose,
}: {
  open: boolean;
  image: AnnotatableImage;
  region: Region;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { box, onReady } = useImageBox();
  return (
    <Modal open={open} onClose={onClose} title={t("annotations.regionTitle")} variant="fullscreen" closeLabel={t("modal.close")}>
      <div className="lightbox">
        <DeepZoomViewer
          source={{ service: image.service, url: image.url, width: image.width, height: image.height }}
          title={image.title}
          onReady={onReady}
          overlay={
            <div className="region-layer region-layer--view">
              {box ? <div className="region-box region-box--view" style={boxStyle(box, region)} /> : null}
            </div>
          }
        />
        <p className="region-tools">
          {t("annotations.draw.position", { x: pct(region.x), y: pct(region.y), w: pct(region.w), h: pct(region.h) })}
        </p>
      </div>
    </Modal>
  );
}
