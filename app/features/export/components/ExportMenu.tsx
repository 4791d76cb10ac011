import { useRef } from "react";
import { useI18n } from "~/i18n/context";
import { searchQueryString, type SearchParams } from "~/features/search";

/**
 * "Download" on the search page: the results of this search (every page, in the order shown, at most
 * EXPORT_MAX_ROWS) as CSV or JSON. A <details> disclosure of two plain links: it works without
 * JavaScript; Escape closes it and gives the focus back to its button.
 */
export function ExportMenu({ params, count }: { params: SearchParams; count: number }) {
  const { t, locale } = useI18n();
  const details = useRef<HTMLDetailsElement>(null);
  const query = searchQueryString(params, { page: 0, view: undefined, print: false, open: [] });
  const href = (format: "csv" | "json") =>
    `/api/public/export?format=${format}&locale=${locale}${query ? `&${query.replace(/^\?/, "")}` : ""}`;
  return (
    <details
      ref={details}
      className="export-menu"
      onKeyDown={(e) => {
        if (e.key === "Escape" && details.current?.open) {
          details.current.open = false;
          details.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary className="button button--small export-menu__button">
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20">
          <path d="M10 3v10m-4-4 4 4 4-4M4 16h12" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
        {t("export.download")}
      </summary>
      <div className="export-menu__panel">
        <p className="export-menu__note">{t("export.note", { count: count.toLocaleString(locale) })}</p>
        <ul>
          <li>
            <a href={href("csv")} download rel="nofollow">
              {t("export.csv")}
            </a>
          </li>
          <li>
            <a href={href("json")} download rel="nofollow">
              {t("export.json")}
            </a>
          </li>
        </ul>
      </div>
    </details>
  );
}
