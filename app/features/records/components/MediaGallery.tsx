import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { useI18n } from "~/i18n/context";
import { Modal } from "~/ui/Modal";
import { Picture } from "~/ui/Picture";
import { DeepZoomViewer } from "~/components/DeepZoomViewer";
import { ModelViewer } from "~/components/ModelViewer";
import { PanoramaViewer } from "~/components/PanoramaViewer";
import type { MediaView } from "~/lib/record-types";

/** The 360° viewer is its own chunk: only the pages showing a sequence load it (decision 105). */
const SpinViewer = lazy(() => import("~/components/SpinViewer"));

/**
 * The record's media: a large stage, thumbnails and a full-screen viewer, with deep zoom on images (IIIF
 * tiles where `deepZoom` names the image's service, decision 053; else the large image).
 */
export function MediaGallery({
  media,
  label,
  placeholder,
  deepZoom = {},
  actions,
}: {
  media: MediaView[];
  label: string;
  placeholder: string;
  deepZoom?: Record<number, string>;
  /** What the page offers for the item shown (the downloads' menu, issue 32 §2), below its caption. */
  actions?: (item: MediaView) => ReactNode;
}) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (media.length === 0) {
    return (
      <figure className="gallery gallery--empty">
        <img src={placeholder} alt="" width={800} height={600} />
        <figcaption>{t("record.noMedia")}</figcaption>
      </figure>
    );
  }
  const current = media[Math.min(index, media.length - 1)]!;
  const images = media.filter((m) => m.mediaType === "image");
  const go = (delta: number) => setIndex((i) => (i + delta + media.length) % media.length);
  return (
    <div className="gallery">
      <figure className="gallery__stage">
        <MediaStage item={current} placeholder={placeholder} onOpen={() => setOpen(true)} />
        <figcaption>
          {current.title}
          {media.length > 1 && <span className="gallery__count"> · {t("record.mediaOf", { index: index + 1, total: media.length })}</span>}
          {current.credit || current.license ? (
            <small className="gallery__credit">
              <span className="visually-hidden">{t("record.mediaCredit")}: </span>
              {[current.credit, current.license].filter(Boolean).join(" · ")}
            </small>
          ) : null}
        </figcaption>
      </figure>
      {actions ? <div className="gallery__actions">{actions(current)}</div> : null}
      {media.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t("record.mediaCount", { count: media.length })}>
          {media.map((m, i) => (
            <li key={m.id}>
              <button
                type="button"
                className="gallery__thumb"
                aria-current={i === index ? "true" : undefined}
                aria-label={`${t("record.mediaOf", { index: i + 1, total: media.length })}: ${m.title}`}
                onClick={() => setIndex(i)}
              >
                {m.mediaType === "image" ||
                m.mediaType === "sequence" ||
                (m.url.thumbnail && (m.mediaType === "panorama" || m.mediaType === "model")) ? (
                  <>
                    <Picture
                      urls={{ thumbnail: m.url.thumbnail, medium: null, large: null }}
                      alt=""
                      width={80}
                      height={80}
                      placeholder={placeholder}
                      focalPoint={m.focalPoint}
                    />
                    {m.mediaType !== "image" && (
                      <span className="gallery__badge" aria-hidden="true">
                        {m.mediaType === "model" ? "3D" : "360°"}
                      </span>
                    )}
                  </>
                ) : (
                  <span className={`gallery__icon gallery__icon--${m.mediaType}`} aria-hidden="true">
                    {m.mediaType === "application" ? "PDF" : "▶"}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {images.length > 0 && (
        <Modal open={open} onClose={close} title={current.title || label} variant="fullscreen" closeLabel={t("modal.close")}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from anywhere in the lightbox turn the pages: a delegated handler, the controls inside are focusable */}
          <div
            className="lightbox"
            onKeyDown={(e) => {
              // On the zoomed image the arrows pan it.
              if (e.defaultPrevented || (e.target as HTMLElement).closest(".deepzoom__stage")) return;
              if (e.key === "ArrowRight") go(1);
              if (e.key === "ArrowLeft") go(-1);
            }}
          >
            {current.mediaType === "image" ? (
              open && (
                <DeepZoomViewer
                  source={{
                    service: deepZoom[current.id] ?? null,
                    url: current.url.large ?? current.url.medium,
                    width: current.width,
                    height: current.height,
                  }}
                  title={current.title}
                />
              )
            ) : (
              <MediaStage item={current} placeholder={placeholder} onOpen={() => {}} />
            )}
            {media.length > 1 && (
              <div className="lightbox__nav">
                <button type="button" className="button" onClick={() => go(-1)}>
                  {t("record.previous")}
                </button>
                <span>{t("record.mediaOf", { index: index + 1, total: media.length })}</span>
                <button type="button" className="button" onClick={() => go(1)}>
                  {t("record.next")}
                </button>
              </div>
            )}
          </div>
        </Modal>
      )}
    </div>
  );
}

function MediaStage({ item, placeholder, onOpen }: { item: MediaView; placeholder: string; onOpen: () => void }) {
  const { t } = useI18n();
  if (item.mediaType === "image") {
    return (
      <button type="button" className="gallery__open" onClick={onOpen} aria-label={t("record.openMedia", { title: item.title })}>
        <Picture
          urls={item.url}
          alt={item.title}
          width={item.width}
          height={item.height}
          sizes="(min-width: 1024px) 60vw, 100vw"
          placeholder={placeholder}
          dominantColor={item.dominantColor}
          eager
        />
      </button>
    );
  }
  if (item.mediaType === "sequence" && item.frames?.length) {
    // Until its chunk is there, the first frame where the viewer will be.
    const poster = (
      <div className="spin">
        <div className="spin__stage">
          <img
            className="spin__frame"
            src={item.frames[0]!.medium}
            alt={item.title}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
          />
        </div>
      </div>
    );
    return (
      <Suspense fallback={poster}>
        <SpinViewer frames={item.frames} title={item.title} width={item.width} height={item.height} />
      </Suspense>
    );
  }
  if (item.mediaType === "panorama" && item.url.large) {
    return <PanoramaViewer key={item.id} src={item.url.large} poster={item.url.medium} title={item.title} />;
  }
  if (item.mediaType === "model" && item.url.original) {
    return <ModelViewer key={item.id} src={item.url.original} poster={item.url.large ?? item.url.medium} title={item.title} />;
  }
  if ((item.mediaType === "youtube" || item.mediaType === "vimeo") && item.embedUrl) {
    return (
      <div className="gallery__embed">
        <iframe
          src={item.embedUrl}
          title={t("record.embedTitle", { title: item.title })}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  if (item.mediaType === "video" && item.url.original) {
    // biome-ignore lint/a11y/useMediaCaption: the catalogue's videos come with no caption files to point a <track> at (follow-up in decision 085)
    return <video controls preload="metadata" src={item.url.original} className="gallery__video" aria-label={item.title} />;
  }
  return (
    <div className="gallery__doc">
      <span className="gallery__icon" aria-hidden="true">
        {item.mediaType === "application" ? "PDF" : "…"}
      </span>
      {item.url.original && (
        <a className="button" href={item.url.original} target="_blank" rel="noopener noreferrer">
          {t("record.download")}: {item.title} <span className="visually-hidden">{t("nav.externalLink")}</span>
        </a>
      )}
    </div>
  );
}
