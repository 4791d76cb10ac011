import QRCode from "qrcode";
import type { ServiceContext } from "~/.server/context";
import { seesInternalFields } from "~/.server/access";
import { getCards, getRecord } from "~/features/records/index.server";
import { buildCitations, internalFieldsOption, makersOf } from "~/features/records";
import { getSiteOptions } from "~/features/site/index.server";
import type { UiLocale } from "~/lib/locale";
import type { MetadataView } from "~/lib/record-types";
import type { TableName } from "~/lib/tables";
import { type PrintRef, type QrShape, recordAddress } from "./print";

/** Modules of quiet zone around the code (the standard's minimum). */
const QUIET = 4;

/**
 * The QR code of a text (error correction M, as the two-step setup's), drawn as one path of its dark modules,
 * a run of them per row: the page carries it as inline SVG, so it prints without JavaScript.
 */
export function qrShape(text: string): QrShape {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  let d = "";
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      d += `M${start + QUIET} ${y + QUIET}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: n + 2 * QUIET, d };
}

/** Fields a sheet lists at most: the page is one A4 sheet; the rest is at the address in its QR code. */
const SHEET_FIELDS = 18;

export type PrintSheet = {
  table: TableName;
  id: string;
  link: string;
  title: string;
  labelLang: string;
  type: string | null;
  dateDisplay: string;
  numero: string;
  makers: string[];
  image: { src: string; width: number | null; height: number | null; alt: string } | null;
  summary: string | null;
  summaryLang: string | null;
  metadataLang: string | null;
  fields: MetadataView[];
  /** Fields left off the sheet. */
  more: number;
  citation: string;
  address: string;
  qr: QrShape;
};

export type PrintLabel = {
  table: TableName;
  id: string;
  title: string;
  labelLang: string;
  numero: string;
  dateDisplay: string;
  address: string;
  qr: QrShape;
};

/**
 * The sheets of records, as the record page reads them (getRecord: the viewer's access applies, a record they
 * may not see is left out like a missing one), in the order asked; their citation (Chicago, the record page's
 * "Cite this record"), stable address and its QR code.
 */
export async function getPrintSheets(
  ctx: ServiceContext,
  refs: PrintRef[],
  opts: { origin: string; ui: UiLocale; today: Date },
): Promise<PrintSheet[]> {
  const options = await getSiteOptions(ctx, ctx.locale);
  const site = options.title ?? "Teca";
  const sheets: PrintSheet[] = [];
  for (const ref of refs) {
    const r = await getRecord(ctx, ref.table, ref.id, {
      childLimit: 0,
      internalFields: internalFieldsOption(options as unknown as Record<string, unknown>),
      showInternal: seesInternalFields(ctx.viewer),
    });
    if (!r) continue;
    const image = r.media.find((m) => m.mediaType === "image");
    const src = image ? (image.url.large ?? image.url.medium) : (r.url.large ?? r.url.medium);
    const headerCodes = new Set(r.headerFields.map((m) => m.code));
    const all = [...r.headerFields, ...r.metadata.filter((m) => !headerCodes.has(m.code))];
    const c = buildCitations(r, { origin: opts.origin, site, locale: ctx.locale, today: opts.today });
    const address = recordAddress(opts.origin, r.table, r.id, opts.ui);
    sheets.push({
      table: r.table,
      id: r.id,
      link: r.link,
      title: r.preferred_label,
      labelLang: r.labelLang,
      type: r.type?.name ?? null,
      dateDisplay: r.dateDisplay,
      numero: r.numero,
      makers: makersOf(r),
      image: src
        ? { src, width: image?.width ?? r.width, height: image?.height ?? r.height, alt: image?.title || r.preferred_label }
        : null,
      summary: r.summary,
      summaryLang: r.summaryLang,
      metadataLang: r.metadataLang,
      fields: all.slice(0, SHEET_FIELDS),
      more: Math.max(0, all.length - SHEET_FIELDS),
      citation: c.chicago.map((p) => p.text).join(""),
      address,
      qr: qrShape(address),
    });
  }
  return sheets;
}

/** The labels of records the viewer may see (the cards' query: its access applies), in the order asked. */
export async function getPrintLabels(ctx: ServiceContext, refs: PrintRef[], opts: { origin: string; ui: UiLocale }): Promise<PrintLabel[]> {
  const cards = await getCards(ctx, refs);
  return cards.map((c) => {
    const address = recordAddress(opts.origin, c.table, c.id, opts.ui);
    return {
      table: c.table,
      id: c.id,
      title: c.preferred_label,
      labelLang: c.labelLang,
      numero: c.numero,
      dateDisplay: c.dateDisplay,
      address,
      qr: qrShape(address),
    };
  });
}
