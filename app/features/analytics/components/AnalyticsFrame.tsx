import { Link, NavLink } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { AnalyticsPages } from "../analytics";

/**
 * The analytics layout (spec §2 "analytics: title Analytics; links to Footprint and Accuracy shown only if the
 * options enable them; a close button to home"): the pages' own bar in place of the site's header and footer.
 */
export function AnalyticsFrame({ pages, children }: { pages: AnalyticsPages; children: React.ReactNode }) {
  const { t, locale } = useI18n();
  return (
    <div className="analytics">
      <header className="analytics__bar">
        <p className="analytics__title">{t("analytics.title")}</p>
        <nav aria-label={t("analytics.nav")}>
          <ul className="analytics__links">
            {pages.footprint ? (
              <li>
                <NavLink to={localizePath("/analytics/footprint", locale)}>{t("analytics.footprint")}</NavLink>
              </li>
            ) : null}
            {pages.accuracy ? (
              <li>
                <NavLink to={localizePath("/analytics/accuracy", locale)}>{t("analytics.accuracy")}</NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <Link to={localizePath("/", locale)} className="analytics__close" aria-label={t("analytics.close")}>
          <span aria-hidden="true">×</span>
        </Link>
      </header>
      <div className="analytics__body">{children}</div>
    </div>
  );
}

/** A share as a bar and a percentage, for a table's cell (the number is the text; the bar is decoration). */
export function Share({ part, whole }: { part: number; whole: number }) {
  const { locale } = useI18n();
  const share = whole ? part / whole : 0;
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
  return (
    <span className="analytics__share">
      <span className="analytics__bar-track" aria-hidden="true">
        <span className="analytics__bar-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </span>
      {/* a few records of many are not "0 %" */}
      {share > 0 && share < 0.01 ? `< ${percent.format(0.01)}` : percent.format(share)}
    </span>
  );
}

/** Numbers written the page's language's way (grouping). */
export function useNumber(): (value: number) => string {
  const { locale } = useI18n();
  const format = new Intl.NumberFormat(locale);
  return (value) => format.format(value);
}

export type ShareRow = { key: string; head: React.ReactNode; count: number };

/**
 * A table of counts: a row heading, the number of records and, with `whole`, its share (a bar and a percentage).
 * The analytics pages' figures are all said this way: the table is the chart's text.
 */
export function ShareTable({ caption, first, rows, whole }: { caption: string; first: string; rows: ShareRow[]; whole?: number }) {
  const { t } = useI18n();
  const num = useNumber();
  return (
    <table className="results-table analytics__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">{t("analytics.col.records")}</th>
          {whole !== undefined ? <th scope="col">{t("analytics.col.share")}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.head}</th>
            <td>{num(r.count)}</td>
            {whole !== undefined ? (
              <td>
                <Share part={r.count} whole={whole} />
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
