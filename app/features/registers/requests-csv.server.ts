import { csvLine } from "~/features/export/index.server";
import { translate, type MessageKey } from "~/i18n";
import { localizePath, type UiLocale } from "~/lib/locale";
import type { RequestEntry } from "./requests";

/**
 * The Registro Richieste as CSV (RFC 4180, a byte-order mark for spreadsheets, cells a spreadsheet would run as a
 * formula made text: export's csvLine), headed and labelled in the interface's language; dates as ISO 8601.
 */
export function requestsCsv(entries: RequestEntry[], origin: string, locale: UiLocale): string {
  const t = (key: MessageKey) => translate(locale, key);
  const head = csvLine([
    t("requests.csv.created"),
    t("requests.csv.status"),
    t("requests.csv.requester"),
    t("requests.csv.email"),
    t("requests.csv.title"),
    t("requests.csv.type"),
    t("requests.csv.inventory"),
    t("requests.csv.address"),
    t("requests.purpose"),
    t("requests.resolution"),
    t("requests.format"),
    t("requests.notes"),
    t("requests.csv.decided"),
    t("requests.csv.watermarked"),
    t("requests.csv.expires"),
    t("requests.reason"),
  ]);
  const rows = entries.map((e) =>
    csvLine([
      e.createdAt,
      t(`requests.status.${e.status}` as MessageKey),
      e.requester.name,
      e.requester.email,
      e.record.title,
      e.record.type,
      e.record.inventory,
      e.record.link ? `${origin}${localizePath(e.record.link, locale)}` : "",
      t(`requests.purpose.${e.purpose}` as MessageKey),
      t(`requests.resolution.${e.resolution}` as MessageKey),
      t(`requests.format.${e.format}` as MessageKey),
      e.notes,
      e.decidedAt ?? "",
      e.watermarked == null ? "" : t(e.watermarked ? "requests.yes" : "requests.no"),
      e.expiresAt ?? "",
      e.reason ?? "",
    ]),
  );
  return `\uFEFF${head}${rows.join("")}`;
}
