import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import useEmblaCarousel from "embla-carousel-react";
import type { EmblaCarouselType } from "embla-carousel";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { RootData } from "~/root-data";
import { CountLabel } from "./CountLabel";

/** Previous/next move the carousel this far (spec §4 "Carousel (drawer)"). */
const STEP = 400;

type Collections = NonNullable<RootData["workspace"]>["collections"];

/** The drawer's content, loaded when it first opens (kept out of every page's JavaScript). */
export default function CollectionsPanel({
  collections,
  current,
  placeholder,
}: {
  collections: Collections;
  current: string | null;
  placeholder: string;
}) {
  return (
    <>
      <CurrentChooser collections={collections} current={current} />
      <Carousel collections={collections} current={current} placeholder={placeholder} />
    </>
  );
}

/** A column's width in pixels (layout positions: embla's transform does not change them). */
function column(api: EmblaCarouselType): number {
  const [a, b] = api.slideNodes();
  return Math.max(1, a && b ? b.offsetLeft - a.offsetLeft : (a?.offsetWidth ?? STEP));
}

/** How many columns a 400 px step is at the carousel's current size: whole columns, at least one, never more than the view. */
const columnsPerStep = (api: EmblaCarouselType) => Math.max(1, Math.round(Math.min(STEP, api.rootNode().clientWidth) / column(api)));

/**
 * The user's collections as an embla carousel (decision 065): the spec's columns per width (workspace.css),
 * previous/next a step of about 400 px (in whole columns) disabled at the ends, swiping or dragging it, and the
 * arrow keys moving the focus from one collection to the next with the carousel following.
 */
function Carousel({ collections, current, placeholder }: { collections: Collections; current: string | null; placeholder: string }) {
  const { t, locale } = useI18n();
  const [viewport, api] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps" });
  const [ends, setEnds] = useState({ start: true, end: true });
  useEffect(() => {
    if (!api) return;
    const measure = () => setEnds({ start: !api.canScrollPrev(), end: !api.canScrollNext() });
    measure();
    api.on("select", measure).on("reInit", measure);
    return () => {
      api.off("select", measure).off("reInit", measure);
    };
  }, [api]);
  const reduce = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const move = (dir: -1 | 1) => {
    if (!api) return;
    const last = api.scrollSnapList().length - 1;
    api.scrollTo(Math.max(0, Math.min(last, api.selectedScrollSnap() + dir * columnsPerStep(api))), reduce());
  };
  /** Arrow keys: the focus goes to the next (previous) collection and the carousel brings it into view. */
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (!api || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
    e.preventDefault();
    const slides = api.slideNodes();
    const at = slides.findIndex((s) => s.contains(document.activeElement));
    const to =
      at < 0
        ? e.key === "ArrowRight"
          ? 0
          : slides.length - 1
        : Math.max(0, Math.min(slides.length - 1, at + (e.key === "ArrowRight" ? 1 : -1)));
    slides[to]?.querySelector<HTMLElement>("a")?.focus({ preventScroll: true });
    // (embla moves the slides, never the viewport: a focus that scrolled it natively is undone)
    api.rootNode().scrollLeft = 0;
    // Scroll only when it is not wholly in view at the snap being scrolled to, by as little as that takes
    // (snaps are one column apart; with trimmed snaps the last one shows the last columns).
    const registry = api.internalEngine().slideRegistry;
    const snapOf = (i: number) =>
      Math.max(
        0,
        registry.findIndex((group) => group.includes(i)),
      );
    const shown = Math.max(1, Math.floor((api.rootNode().clientWidth + 1) / column(api)));
    const snap = api.selectedScrollSnap();
    const first = snap === registry.length - 1 ? Math.max(0, slides.length - shown) : (registry[snap]?.[0] ?? 0);
    if (to < first) api.scrollTo(snapOf(to), reduce());
    else if (to > first + shown - 1) api.scrollTo(snapOf(to - shown + 1), reduce());
  };
  return (
    <div className="collections-carousel">
      {collections.length === 0 ? (
        <p className="workspace__empty">{t("workspace.collections.empty")}</p>
      ) : (
        <section
          className="collections-carousel__region"
          aria-roledescription={t("workspace.drawer.carousel")}
          aria-label={t("workspace.collections.title")}
        >
          <div className="collections-carousel__nav">
            <button
              type="button"
              className="button button--small"
              onClick={() => move(-1)}
              disabled={ends.start}
              aria-label={t("workspace.drawer.previous")}
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => move(1)}
              disabled={ends.end}
              aria-label={t("workspace.drawer.next")}
            >
              <span aria-hidden="true">→</span>
            </button>
          </div>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys from the carousel's links move it: a delegated handler, the links inside are focusable */}
          <div className="collections-carousel__viewport" ref={viewport} onKeyDown={onKeyDown}>
            <div className="collections-carousel__track">
              {collections.map((c, i) => (
                // biome-ignore lint/a11y/useSemanticElements: a carousel slide: the APG carousel pattern's role=group with aria-roledescription
                <div
                  key={c.id}
                  className="collections-carousel__item"
                  role="group"
                  aria-roledescription={t("workspace.drawer.slide")}
                  aria-label={t("workspace.drawer.slideLabel", { position: i + 1, total: collections.length })}
                >
                  <Link
                    to={localizePath(`/collections/${c.id}`, locale)}
                    className="collections-carousel__link"
                    aria-current={c.id === current ? "true" : undefined}
                    draggable={false}
                  >
                    <img src={c.cover ?? placeholder} alt="" width={160} height={120} loading="lazy" draggable={false} />
                    <span className="collections-carousel__title">{c.title}</span>
                    <span className="collections-carousel__meta">
                      <CountLabel count={c.count} />
                      {c.id === current ? ` · ${t("workspace.collections.current")}` : ""}
                      {c.sharedBy !== null ? ` · ${t("workspace.share.sharedBy", { owner: c.sharedBy })}` : ""}
                    </span>
                  </Link>
                </div>
              ))}
            </div>
          </div>
        </section>
      )}
      <p className="workspace-form__actions">
        <Link to={`${localizePath("/collections", locale)}?new=1`} className="button button--primary">
          {t("workspace.collections.new")}
        </Link>
        <Link to={localizePath("/collections", locale)} className="button">
          {t("workspace.collection.back")}
        </Link>
      </p>
    </div>
  );
}

/** Options above this many get a filter box (spec §2 "Collection dropdown", §5). */
const FILTER_ABOVE = 10;

/**
 * The collection dropdown (spec §2): 'New...' first, then the user's collections; the chosen one becomes
 * current, where the pin toggles put records. (The drawer needs JavaScript; without it /collections offers
 * the same choice as form posts.)
 */
function CurrentChooser({ collections, current }: { collections: Collections; current: string | null }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [filter, setFilter] = useState("");
  const [status, setStatus] = useState("");
  if (collections.length === 0) return null;
  const needle = filter.trim().toLocaleLowerCase(locale);
  // Records go only into collections the user may fill: theirs, or shared with them to edit (decision 061).
  const fillable = collections.filter((c) => c.role !== "reader");
  const shown = needle ? fillable.filter((c) => c.id === current || c.title.toLocaleLowerCase(locale).includes(needle)) : fillable;
  const choose = async (value: string) => {
    if (value === "new") {
      navigate(`${localizePath("/collections", locale)}?new=1`);
      return;
    }
    const res = await fetch("/api/auth/docs/saveUser", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ locale, data: { current: value } }),
    });
    const title = collections.find((c) => c.id === value)?.title ?? "";
    setStatus(res.ok ? t("workspace.drawer.currentSet", { title }) : t("workspace.error.generic"));
    void revalidator.revalidate();
  };
  return (
    <div className="current-chooser">
      {fillable.length > FILTER_ABOVE ? (
        <p className="current-chooser__field">
          <label htmlFor="current-filter">{t("workspace.drawer.filter")}</label>
          <input
            id="current-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t("workspace.drawer.filter")}
          />
        </p>
      ) : null}
      <p className="current-chooser__field">
        <label htmlFor="current-collection">{t("workspace.collections.current")}</label>
        <select id="current-collection" name="collection" value={current ?? ""} onChange={(e) => void choose(e.target.value)}>
          <option value="new">{t("workspace.drawer.new")}</option>
          {shown.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </p>
      <span role="status" className="visually-hidden">
        {status}
      </span>
    </div>
  );
}
