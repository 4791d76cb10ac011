import type { MessageKey } from "~/i18n";
import { contentLocale, localizePath, type UiLocale } from "~/lib/locale";
import { isTable, RECORD_ID_PATTERN, recordPath, TABLE_SLUGS, type TableName, tableFromSlug } from "~/lib/tables";

/**
 * The print views (issue 33 §6, decision 104): `/print/template/{ref}` a record's A4 sheet, `/print/qr/{ref}` its
 * QR label, `/print/template/qr/{ref}` both; several records with `?ids=ref,ref,…`. A record is named by a
 * `ref`, its table's URL slug and its id joined by a colon (`oggetti:12`): ids never hold a colon nor a comma
 * (RECORD_ID_PATTERN), so a ref and a list of them read one way only.
 */

/** A QR code as one SVG path: `size` modules a side, the quiet zone of 4 modules around them included. */
export type QrShape = { size: number; d: string };

export type PrintKind = "template" | "qr" | "template/qr";
export type PrintRef = { table: TableName; id: string };

/** Label sizes: the QR code's side, the label's box and how many go on an A4 page (10 mm margins). */
export const LABEL_SIZES = {
  s: { qr: 24, width: 63, height: 34, columns: 3, rows: 8 },
  m: { qr: 40, width: 95, height: 54, columns: 2, rows: 5 },
  l: { qr: 70, width: 190, height: 90, columns: 1, rows: 3 },
} as const;
export type LabelSize = keyof typeof LABEL_SIZES;
export const LABEL_SIZE_NAMES = Object.keys(LABEL_SIZES) as LabelSize[];
export const DEFAULT_LABEL_SIZE: LabelSize = "m";

/** Records one request prints at most: labels (a storage shelf), sheets (a record each, heavier). */
export const MAX_LABELS = 60;
export const MAX_SHEETS = 20;

/** `oggetti:12`: a record's ref in the print views' addresses. */
export const printRef = (table: TableName, id: string) => `${TABLE_SLUGS[table]}:${id}`;

/** A ref read back: the table's slug (or its name, `ca_objects:12`) and a record id; null when it is not one. */
export function parsePrintRef(value: string): PrintRef | null {
  const at = value.indexOf(":");
  if (at <= 0) return null;
  const head = value.slice(0, at);
  const id = value.slice(at + 1);
  const table = isTable(head) ? head : tableFromSlug(head);
  if (!table || !RECORD_ID_PATTERN.test(id)) return null;
  return { table, id };
}

/** The view a print address names after `/print/` (`template/qr/oggetti:12`), with its ref if any; null for no view. */
export function printView(rest: string): { kind: PrintKind; ref: string | undefined } | null {
  const parts = rest.split("/").filter(Boolean);
  const kind: PrintKind | null =
    parts[0] === "template" && parts[1] === "qr" ? "template/qr" : parts[0] === "template" || parts[0] === "qr" ? parts[0] : null;
  if (!kind) return null;
  const refs = parts.slice(kind.split("/").length);
  return refs.length > 1 ? null : { kind, ref: refs[0] };
}

export type PrintRequest =
  | { ok: true; refs: PrintRef[]; size: LabelSize }
  | { ok: false; messageKey: MessageKey; params: Record<string, string | number> };

/**
 * What a print address asks for: the ref in the path, then those of `?ids=` (repeats dropped), and the label
 * size of `?size=` (s, m, l). Anything else is a refusal with the message that says what was wrong.
 */
export function readPrintRequest(kind: PrintKind, pathRef: string | undefined, search: URLSearchParams): PrintRequest {
  const raw = [pathRef ?? "", ...search.getAll("ids").flatMap((v) => v.split(","))].map((s) => s.trim()).filter(Boolean);
  if (!raw.length) return { ok: false, messageKey: "print.error.noId", params: {} };
  const max = kind === "qr" ? MAX_LABELS : MAX_SHEETS;
  const refs: PrintRef[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    const ref = parsePrintRef(r);
    if (!ref) return { ok: false, messageKey: "print.error.badId", params: { id: r.slice(0, 80) } };
    const key = printRef(ref.table, ref.id);
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push(ref);
  }
  if (refs.length > max) return { ok: false, messageKey: "print.error.tooMany", params: { max } };
  const size = search.get("size") ?? DEFAULT_LABEL_SIZE;
  if (!(LABEL_SIZE_NAMES as string[]).includes(size))
    return { ok: false, messageKey: "print.error.badSize", params: { size: size.slice(0, 20) } };
  return { ok: true, refs, size: size as LabelSize };
}

/** The print view of these records, in a language: one ref in the path, several in `?ids=`. */
export function printHref(kind: PrintKind, refs: { table: TableName; id: string }[], locale: UiLocale, size?: LabelSize): string {
  const names = refs.map((r) => printRef(r.table, r.id));
  const query = new URLSearchParams();
  if (names.length > 1) query.set("ids", names.join(","));
  if (size) query.set("size", size);
  const qs = query.toString().replace(/%3A/gi, ":").replace(/%2C/gi, ",");
  const path = localizePath(`/print/${kind}${names.length === 1 ? `/${names[0]}` : ""}`, locale);
  return qs ? `${path}?${qs}` : path;
}

/** The record's stable address the QR codes hold: the citation's (no label part, the page's content language). */
export function recordAddress(origin: string, table: TableName, id: string, locale: UiLocale): string {
  return `${origin}${localizePath(recordPath(table, id), contentLocale(locale))}`;
}
