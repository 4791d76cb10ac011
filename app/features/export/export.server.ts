/**
 * Exports the results of a search (the search page's URL state) as CSV or
 * JSON, streamed: the matching record ids are read once in the search's order
 * (at most the cap), then the records in batches, each batch written out
 * before the next is read. What the viewer may not see is never read
 * (recordVisible in every statement, as on the page).
 */
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { recordVisible } from "~/.server/access";
import { cardQuery, toCard, type CardRow } from "~/features/records/index.server";
import { fromSqlDate } from "~/lib/dates";
import { localizePath, pickText } from "~/lib/locale";
import { search, searchUids, type SearchOptions } from "~/features/search/index.server";
import type { SearchParams } from "~/features/search";

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const DEFAULT_EXPORT_MAX_ROWS = 10_000;
/** Records read per statement while streaming. */
export const EXPORT_BATCH = 500;

/** EXPORT_MAX_ROWS: the most rows one export returns (default 10,000; 1 to 1,000,000). */
export function exportMaxRows(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.EXPORT_MAX_ROWS;
  if (!raw) return DEFAULT_EXPORT_MAX_ROWS;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : DEFAULT_EXPORT_MAX_ROWS;
}

/** One exported record. Column names are stable (English) whatever the locale; values are in the locale. */
export type ExportRow = {
  id: string;
  table: string;
  type: string;
  label: string;
  label_lang: string;
  date: string;
  date_start: string;
  date_end: string;
  inventory_number: string;
  summary: string;
  latitude: number | null;
  longitude: number | null;
  url: string;
  image: string;
  license: string;
  attribution: string;
  source_url: string;
};

export const EXPORT_COLUMNS: (keyof ExportRow)[] = [
  "id",
  "table",
  "type",
  "label",
  "label_lang",
  "date",
  "date_start",
  "date_end",
  "inventory_number",
  "summary",
  "latitude",
  "longitude",
  "url",
  "image",
  "license",
  "attribution",
  "source_url",
];

/**
 * A CSV cell: a value a spreadsheet would take for a formula (starting with =, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe; then quoted as RFC 4180 says when it holds a comma, a quote or a line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A stored date as the interchange format writes it: "1846-03-15", "-44-03-15" for 44 BCE. */
function dayText(value: string | null): string {
  const d = fromSqlDate(value);
  if (!d) return "";
  const md = `${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;
  return d.year <= 0 ? `-${1 - d.year}-${md}` : `${String(d.year).padStart(4, "0")}-${md}`;
}

type Extra = {
  uid: number | string;
  lat: number | null;
  lng: number | null;
  license: string | null;
  attribution: string | null;
  source_url: string | null;
  summaries: Record<string, string> | null;
};

/** The rows of some records, in the order of `uids` (records the viewer may not see are left out). */
export async function exportBatch(ctx: ServiceContext, uids: number[], origin: string): Promise<ExportRow[]> {
  if (!uids.length) return [];
  const list = `{${uids.join(",")}}`;
  const [cards, extras] = await Promise.all([
    ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.uid = any(${list}::bigint[])`)),
    ctx.database.rows<Extra>(sql`
      select r.uid, r.lat, r.lng, r.license, r.attribution, r.source_url,
        (select jsonb_object_agg(t.locale, t.summary) from record_texts t where t.record_uid = r.uid and t.summary is not null and t.summary <> '') as summaries
      from records r where r.uid = any(${list}::bigint[]) and ${recordVisible(ctx.viewer, "r")}`),
  ]);
  const byUid = new Map(cards.map((c) => [Number(c.uid), c]));
  const extraOf = new Map(extras.map((e) => [Number(e.uid), e]));
  const abs = (p: string | null) => (!p ? "" : /^https?:\/\//.test(p) ? p : `${origin}${p}`);
  const out: ExportRow[] = [];
  for (const uid of uids) {
    const row = byUid.get(uid);
    const extra = extraOf.get(uid);
    if (!row || !extra) continue;
    const card = toCard(row, ctx.locale);
    out.push({
      id: card.id,
      table: card.table,
      type: card.type?.name ?? "",
      label: card.preferred_label,
      label_lang: card.labelLang,
      date: card.dateDisplay,
      date_start: dayText(row.date_start),
      date_end: dayText(row.date_end),
      inventory_number: card.numero,
      summary: pickText(extra.summaries ?? {}, ctx.locale)?.text ?? "",
      latitude: extra.lat == null ? null : Number(extra.lat),
      longitude: extra.lng == null ? null : Number(extra.lng),
      url: abs(localizePath(card.link, ctx.locale)),
      image: abs(card.url.large ?? card.url.medium ?? card.url.thumbnail),
      license: extra.license ?? "",
      attribution: extra.attribution ?? "",
      source_url: extra.source_url ?? "",
    });
  }
  return out;
}

/**
 * The ordered ids of what the search page shows for these parameters (the same service: a corrected or
 * relaxed search when the words found nothing), at most `max`; and how many records match in all.
 */
export async function exportPlan(ctx: ServiceContext, params: SearchParams, opts: SearchOptions, max: number) {
  const page = await search(ctx, { ...params, page: 0 }, { ...opts, pageSize: 1 });
  let p = params;
  if (page.notice?.kind === "corrected") p = { ...params, q: page.notice.corrected };
  else if (page.notice?.kind === "relaxed") p = { ...params, mode: "or" };
  const uids = page.count ? await searchUids(ctx, p, opts, max) : [];
  return { uids, total: page.count };
}

/** Streams the rows: CSV (UTF-8 with BOM, CRLF lines, header row) or a JSON array, one batch at a time. */
export function exportStream(
  ctx: ServiceContext,
  uids: number[],
  format: ExportFormat,
  origin: string,
  batch = EXPORT_BATCH,
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let i = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(enc.encode(format === "csv" ? `\uFEFF${csvLine(EXPORT_COLUMNS)}` : "["));
    },
    async pull(controller) {
      if (i >= uids.length) {
        if (format === "json") controller.enqueue(enc.encode(first ? "]\n" : "\n]\n"));
        controller.close();
        return;
      }
      const slice = uids.slice(i, i + batch);
      i += batch;
      const rows = await exportBatch(ctx, slice, origin);
      let text = "";
      for (const r of rows) {
        if (format === "csv") text += csvLine(EXPORT_COLUMNS.map((c) => r[c]));
        else {
          text += `${first ? "\n" : ",\n"}${JSON.stringify(r)}`;
          first = false;
        }
      }
      if (text) controller.enqueue(enc.encode(text));
    },
  });
}

/** "teca-search-2026-11-23-ritratti.csv": the date and the words, made safe for a file name. */
export function exportFilename(format: ExportFormat, q: string, now = new Date()): string {
  const words = q
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return `teca-search-${now.toISOString().slice(0, 10)}${words ? `-${words}` : ""}.${format}`;
}
