import { csvLine } from "~/features/export/index.server";
import { translate } from "~/i18n";
import { localizePath, type Locale } from "~/lib/locale";
import type { RegisterEntry } from "./register";

/**
 * The register as CSV (RFC 4180, a byte-order mark for spreadsheets, cells a spreadsheet would run as a formula
 * made text: export's csvLine), headed in the interface's language; one row per collection or story, its live
 * links' expiries joined by "; ", dates as ISO 8601.
 */
export function registerCsv(entries: RegisterEntry[], origin: string, locale: Locale): string {
  const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
  const head = csvLine([
    t("register.csv.kind"),
    t("register.csv.title"),
    t("register.csv.owner"),
    t("register.csv.email"),
    t("register.csv.address"),
    t("register.csv.publishedAt"),
    t("register.csv.sharedWith"),
    t("register.csv.links"),
    t("register.csv.items"),
    t("register.csv.restricted"),
    t("register.csv.created"),
    t("register.csv.updated"),
  ]);
  const rows = entries.map((e) =>
    csvLine([
      t(e.kind === "story" ? "register.kind.story" : "register.kind.collection"),
      e.title,
      e.owner.name,
      e.owner.email,
      e.publishedSlug
        ? `${origin}${localizePath(`/public/${e.kind === "story" ? "stories" : "collections"}/${e.publishedSlug}`, locale)}`
        : "",
      e.publishedAt ?? "",
      e.sharedWith,
      e.links.map((l) => l.expiresAt).join("; "),
      e.items,
      e.restrictedItems,
      e.createdAt,
      e.updatedAt,
    ]),
  );
  return `\uFEFF${head}${rows.join("")}`;
}
