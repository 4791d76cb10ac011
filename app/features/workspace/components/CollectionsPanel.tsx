import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { RootData } from "~/root";
import { CountLabel } from "./CountLabel";

/** Previous/next move the carousel this far (spec §4 "Carousel (drawer)"). */
const STEP = 400;

type Collections = NonNullable<RootData["workspace"]>["collections"];

/** The drawer's content, loaded when it first opens (kept out of every page's JavaScript). */
export default function CollectionsPanel({ collections, current, placeholder }: { collections: Collections; current: string | null; placeholder: string }) {
  return (
    <>
      <CurrentChooser collections={collections} current={current} />
      <Carousel collections={collections} current={current} placeholder={placeholder} />
    </>
  );
}

function Carousel({ collections, current, placeholder }: { collections: Collections; current: string | null; placeholder: string }) {
  const { t, locale } = useI18n();
  const track = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState({ start: true, end: true });
  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    // (a few pixels of slack: scroll snapping may rest just off the very ends)
    setEnds({ start: el.scrollLeft <= 8, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 8 });
  }, []);
  useEffect(() => {
    measure();
    const el = track.current;
    if (!el) return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, collections.length]);
  const move = (by: number) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: by, behavior: reduce ? "auto" : "smooth" });
  };
  return (
    <div className="collections-carousel">
      {collections.length === 0 ? (
        <p className="workspace__empty">{t("workspace.collections.empty")}</p>
      ) : (
        <>
          <div className="collections-carousel__nav">
            <button type="button" className="button button--small" onClick={() => move(-STEP)} disabled={ends.start} aria-label={t("workspace.drawer.previous")}>
              <span aria-hidden="true">←</span>
            </button>
            <button type="button" className="button button--small" onClick={() => move(STEP)} disabled={ends.end} aria-label={t("workspace.drawer.next")}>
              <span aria-hidden="true">→</span>
            </button>
          </div>
          <ul
            ref={track}
            className="collections-carousel__track"
            aria-label={t("workspace.collections.title")}
            onScroll={measure}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
                e.preventDefault();
                move(e.key === "ArrowRight" ? STEP : -STEP);
              }
            }}
          >
            {collections.map((c) => (
              <li key={c.id} className="collections-carousel__item">
                <Link to={localizePath(`/collections/${c.id}`, locale)} className="collections-carousel__link" aria-current={c.id === current ? "true" : undefined}>
                  <img src={c.cover ?? placeholder} alt="" width={160} height={120} loading="lazy" />
                  <span className="collections-carousel__title">{c.title}</span>
                  <span className="collections-carousel__meta">
                    <CountLabel count={c.count} />
                    {c.id === current ? ` · ${t("workspace.collections.current")}` : ""}
                    {c.sharedBy !== null ? ` · ${t("workspace.share.sharedBy", { owner: c.sharedBy })}` : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
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
    const res = await fetch("/api/auth/docs/saveUser", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ locale, data: { current: value } }) });
    const title = collections.find((c) => c.id === value)?.title ?? "";
    setStatus(res.ok ? t("workspace.drawer.currentSet", { title }) : t("workspace.error.generic"));
    void revalidator.revalidate();
  };
  return (
    <div className="current-chooser">
      {fillable.length > FILTER_ABOVE ? (
        <p className="current-chooser__field">
          <label htmlFor="current-filter">{t("workspace.drawer.filter")}</label>
          <input id="current-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={t("workspace.drawer.filter")} />
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
