import { useCallback, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath, type Locale } from "~/lib/locale";
import { DeepZoomViewer } from "~/components/DeepZoomViewer";

export type TurnerPage = {
  key: number;
  label: string;
  labelLang: Locale;
  width: number;
  height: number;
  thumbnail: string | null;
  large: string | null;
  service: string | null;
  /** The page's own record when it is a child's image (its link), else null. */
  record: string | null;
};

/**
 * Pages with deep zoom and thumbnails. The page shown is in the address (`?p=N`, from 1), so it can be linked
 * and the browser's back button goes back a page. Left and right arrows (and Page Up/Down, Home, End) turn
 * the pages anywhere on the page except on the image itself, where the arrows pan it.
 */
export function PageTurner({ pages }: { pages: TurnerPage[] }) {
  const { t, locale } = useI18n();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("p") ?? "1");
  const index = Number.isInteger(raw) && raw >= 1 && raw <= pages.length ? raw - 1 : 0;
  const page = pages[index]!;
  const thumbs = useRef<HTMLOListElement>(null);

  const go = useCallback(
    (to: number) => {
      const next = Math.max(0, Math.min(pages.length - 1, to));
      if (next === index) return;
      setParams(
        (sp) => {
          const n = new URLSearchParams(sp);
          if (next === 0) n.delete("p");
          else n.set("p", String(next + 1));
          return n;
        },
        { preventScrollReset: true, replace: false },
      );
    },
    [index, pages.length, setParams],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest(".deepzoom__stage, input, textarea, select, [contenteditable], dialog")) return;
      const moves: Record<string, number> = {
        ArrowLeft: index - 1,
        PageUp: index - 1,
        ArrowRight: index + 1,
        PageDown: index + 1,
        Home: 0,
        End: pages.length - 1,
      };
      if (!(e.key in moves)) return;
      e.preventDefault();
      go(moves[e.key]!);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [go, index, pages.length]);

  // The current thumbnail stays in sight as the pages turn. Only the strip scrolls: scrollIntoView moved the
  // whole page too, so the page-turner opened 300–480 px down with its title and tools out of view (issue 31 §5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: index is the trigger: the strip scrolls when the page turns (the effect reads the DOM)
  useEffect(() => {
    const list = thumbs.current;
    const el = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !el) return;
    const shown = list.getBoundingClientRect();
    const thumb = el.getBoundingClientRect();
    if (thumb.left < shown.left) list.scrollLeft -= shown.left - thumb.left;
    else if (thumb.right > shown.right) list.scrollLeft += thumb.right - shown.right;
  }, [index]);

  const labelLang = page.labelLang !== locale ? page.labelLang : undefined;
  return (
    <div className="page-turner__body">
      <div className="page-turner__bar">
        <button type="button" className="button" onClick={() => go(index - 1)} disabled={index === 0}>
          <span aria-hidden="true">←</span> <span className="page-turner__label">{t("iiif.pages.previous")}</span>
        </button>
        <p className="page-turner__count" role="status" aria-live="polite">
          {t("iiif.pages.page", { index: index + 1, total: pages.length })}
        </p>
        <button type="button" className="button" onClick={() => go(index + 1)} disabled={index === pages.length - 1}>
          <span className="page-turner__label">{t("iiif.pages.next")}</span> <span aria-hidden="true">→</span>
        </button>
      </div>
      <figure className="page-turner__page">
        <DeepZoomViewer source={{ service: page.service, url: page.large, width: page.width, height: page.height }} title={page.label} />
        <figcaption>
          <span lang={labelLang}>{page.label}</span>
          {page.record && (
            <>
              {" · "}
              <Link to={localizePath(page.record, locale)}>{t("iiif.pages.openRecord")}</Link>
            </>
          )}
        </figcaption>
      </figure>
      <p className="page-turner__keys">{t("iiif.pages.keys")}</p>
      <nav aria-label={t("iiif.pages.thumbnails")}>
        <ol className="page-turner__thumbs" ref={thumbs}>
          {pages.map((p, i) => (
            <li key={p.key}>
              <button
                type="button"
                className="page-turner__thumb"
                aria-current={i === index ? "page" : undefined}
                aria-label={t("iiif.pages.goTo", { index: i + 1, title: p.label })}
                onClick={() => go(i)}
              >
                {p.thumbnail ? (
                  <img
                    src={p.thumbnail}
                    alt=""
                    width={96}
                    height={Math.max(1, Math.round((96 * p.height) / p.width))}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span aria-hidden="true">{i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
