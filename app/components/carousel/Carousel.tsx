import { useEffect, useRef, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import { useI18n } from "~/i18n/context";
import { type Autoplay, createAutoplay, DEFAULT_INTERVAL_MS } from "./autoplay";

/**
 * The content carousel (spec §4, decision 118): a row of slides that advances by itself every 7 s and wraps
 * round, moved by swipe, by the arrow keys and by previous/next; any move starts the wait again; it waits
 * while the pointer is over it or the focus is in it, when the visitor asks for reduced motion, and after the
 * visitor's pause button. Loaded lazily (its own chunk with embla) by the pages that show one; without
 * JavaScript its slides are a row that scrolls sideways.
 */
export default function Carousel({
  labelledBy,
  slides,
  interval = DEFAULT_INTERVAL_MS,
}: {
  /** The id of the heading that names it. */
  labelledBy: string;
  slides: { key: string; content: React.ReactNode }[];
  interval?: number;
}) {
  const { t } = useI18n();
  const reduced = useRef(typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
  const [viewport, api] = useEmblaCarousel({ loop: true, align: "start", duration: reduced.current ? 10 : 25 });
  const autoplay = useRef<Autoplay | null>(null);
  const [ready, setReady] = useState(false);
  const [selected, setSelected] = useState(0);
  // whether it turns by itself (not stopped by the visitor's button, nor by reduced motion)
  const [rotating, setRotating] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (!api) return;
    setReady(true);
    const next = () => (api.canScrollNext() ? api.scrollNext() : api.scrollTo(0));
    const a = createAutoplay({ interval, advance: next });
    autoplay.current = a;
    const sync = () => setRotating(!a.has("user") && !a.has("reducedMotion"));
    const mq = window.matchMedia("(prefers-reduced-motion: reduce)");
    const motion = () => {
      if (mq.matches) a.pause("reducedMotion");
      else a.resume("reducedMotion");
      sync();
    };
    motion();
    mq.addEventListener("change", motion);
    const visibility = () => (document.hidden ? a.pause("hidden") : a.resume("hidden"));
    document.addEventListener("visibilitychange", visibility);
    const onSelect = () => {
      setSelected(api.selectedScrollSnap());
      a.moved();
    };
    // a swipe: the wait starts again when the finger lets go too
    const onPointerUp = () => a.moved();
    api.on("select", onSelect).on("pointerUp", onPointerUp);
    if (api.scrollSnapList().length <= 1) a.stop();
    return () => {
      a.stop();
      autoplay.current = null;
      mq.removeEventListener("change", motion);
      document.removeEventListener("visibilitychange", visibility);
      api.off("select", onSelect).off("pointerUp", onPointerUp);
    };
  }, [api, interval]);

  const move = (dir: -1 | 1) => {
    if (!api) return;
    if (dir < 0) api.canScrollPrev() ? api.scrollPrev() : api.scrollTo(api.scrollSnapList().length - 1);
    else api.canScrollNext() ? api.scrollNext() : api.scrollTo(0);
    autoplay.current?.moved();
  };
  const toggle = () => {
    const a = autoplay.current;
    if (!a) return;
    if (rotating) a.pause("user");
    else {
      // the visitor asks for it: even with reduced motion
      a.resume("reducedMotion");
      a.resume("user");
    }
    setRotating(!rotating);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the carousel pattern (WAI-ARIA APG): a group named by its heading, not a fieldset
    <div
      role="group"
      aria-roledescription={t("carousel.roledescription")}
      aria-labelledby={labelledBy}
      className={`carousel${ready ? " carousel--ready" : ""}`}
      onMouseEnter={() => autoplay.current?.pause("hover")}
      onMouseLeave={() => autoplay.current?.resume("hover")}
      onFocus={() => autoplay.current?.pause("focus")}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) autoplay.current?.resume("focus");
      }}
      onKeyDown={(e) => {
        if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
        if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        move(e.key === "ArrowLeft" ? -1 : 1);
      }}
    >
      {ready && count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="button button--small" onClick={toggle}>
            {rotating ? t("carousel.pause") : t("carousel.play")}
          </button>
          <button type="button" className="button button--small carousel__prev" onClick={() => move(-1)}>
            <span aria-hidden="true">‹ </span>
            {t("carousel.prev")}
          </button>
          <button type="button" className="button button--small carousel__next" onClick={() => move(1)}>
            {t("carousel.next")}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      )}
      <div className="carousel__viewport" ref={viewport}>
        {/* while it turns by itself, its changes are not announced (APG); stopped, they are */}
        <div className="carousel__container" aria-live={rotating ? "off" : "polite"}>
          {slides.map((s, i) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide of the carousel pattern is a group with its own role description
            <div
              key={s.key}
              role="group"
              aria-roledescription={t("carousel.slide")}
              aria-label={t("carousel.slideLabel", { n: i + 1, count })}
              className={`carousel__slide${ready && i === selected ? " carousel__slide--selected" : ""}`}
            >
              {s.content}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
