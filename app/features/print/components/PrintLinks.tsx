import { useI18n } from "~/i18n/context";
import { isTable } from "~/lib/tables";
import { MAX_LABELS, MAX_SHEETS, printHref } from "../print";

/**
 * "Print labels" and "Print sheets" for several records (issue 33 §6, decision 104): the search page's selection,
 * a collection's records. Links to the print views in a new tab, so the page (and its selection) stays; past the
 * views' limits the first records are printed, and the link says so.
 */
export function PrintLinks({ records: given }: { records: { table: string; id: string }[] }) {
  const { t, locale } = useI18n();
  const records = given.flatMap((r) => (isTable(r.table) ? [{ table: r.table, id: r.id }] : []));
  if (!records.length) return null;
  const link = (kind: "qr" | "template", max: number, key: "print.action.labels" | "print.action.sheets") => (
    <a className="button button--small" href={printHref(kind, records.slice(0, max), locale)} target="_blank" rel="noopener">
      {t(key)}
      {records.length > max ? <span className="print-links__note"> · {t("print.action.first", { max })}</span> : null}
      <span className="visually-hidden"> {t("nav.externalLink")}</span>
    </a>
  );
  return (
    <span className="print-links">
      {link("qr", MAX_LABELS, "print.action.labels")}
      {link("template", MAX_SHEETS, "print.action.sheets")}
    </span>
  );
}
