import { Link } from "react-router";
import { useI18n } from "~/i18n/context";
import { localizePath } from "~/lib/locale";
import type { TableName } from "~/lib/tables";
import { sfogliatorePath } from "../paths";

/**
 * Below a record's gallery: its IIIF manifest — a link in the form IIIF viewers accept when it is dragged
 * onto them (`…?manifest={manifest URL}`) — and, for a record with several pages, the page-turner.
 */
export function IiifLinks({
  table,
  id,
  manifest,
  pages,
  origin,
}: {
  table: TableName;
  id: string;
  manifest: string | null;
  pages: number;
  origin: string;
}) {
  const { t, locale } = useI18n();
  if (!manifest) return null;
  const absolute = `${origin}${manifest}`;
  return (
    <p className="iiif-links">
      {pages > 1 && (
        <Link className="button iiif-links__browse" to={localizePath(sfogliatorePath(table, id), locale)}>
          {t("iiif.browse", { count: pages })}
        </Link>
      )}
      <a
        className="iiif-badge"
        href={`${manifest}?manifest=${encodeURIComponent(absolute)}`}
        title={t("iiif.linkHint")}
        type="application/ld+json"
      >
        <span className="iiif-badge__logo" aria-hidden="true">
          IIIF
        </span>
        <span className="iiif-badge__text">{t("iiif.link")}</span>
      </a>
    </p>
  );
}
