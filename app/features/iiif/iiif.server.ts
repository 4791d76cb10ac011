import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, recordVisible } from "~/.server/access";
import { imageIdOf, publicImages } from "~/.server/iiif-tiles";
import { mediaUrl } from "~/.server/media";
import { displayDate, fromSqlDate } from "~/lib/dates";
import { LOCALES, localizePath, pickText, type Locale } from "~/lib/locale";
import { recordPath, type TableName } from "~/lib/tables";
import { manifestPath } from "./paths";
import { translate } from "~/i18n";
import type { MetadataEntry } from "../../../db/schema";
import { isInternalField } from "~/features/records";
import { metadataView } from "~/features/records/index.server";

/** A IIIF language map: one or more values per language (`none` for values in no language). */
export type LangMap = Partial<Record<Locale | "none", string[]>>;

/** One page of a record: an image of its own or of one of its children, as the page-turner and the manifest show it. */
export type IiifPage = {
  mediaId: number;
  /** The record the image belongs to (the record itself or a child). */
  record: { table: TableName; id: string; own: boolean; labels: Partial<Record<Locale, string>> };
  /** The image's title by language; empty when it has none (the record's label stands in). */
  titles: Partial<Record<Locale, string>>;
  width: number;
  height: number;
  mime: string | null;
  thumbnail: string | null;
  medium: string | null;
  large: string | null;
  /** The Image API base path (`/iiif/3/{id}`) when the image is published with tiles; null otherwise. */
  service: string | null;
};

export type IiifRecord = {
  table: TableName;
  id: string;
  access: number;
  labels: Partial<Record<Locale, string>>;
  summaries: Partial<Record<Locale, string>>;
  metadata: Partial<Record<Locale, MetadataEntry[]>>;
  /** What the catalogue calls the record's fields per language (field_labels, decision 084), by code. */
  fieldLabels?: Record<string, Partial<Record<Locale, string>>>;
  typeNames: Partial<Record<Locale, string>>;
  dates: Partial<Record<Locale, string>>;
  source: { url: string | null; license: string | null; attribution: string | null };
  pages: IiifPage[];
  /** How many of the pages are the record's own images (they come first). */
  ownPages: number;
};

/** Pages a record shows at most (a book of a thousand pages is rare; the rest would be a later page of the list). */
export const MAX_PAGES = 1000;

/**
 * A record with its pages, as IIIF and the page-turner use it, or null when it does not exist or the viewer
 * may not see it (the record page's 404). Pages: the record's visible images in the gallery's order, then
 * the images of its visible children in their order (a book's or an album's pages, a folder's documents).
 * Only images with known dimensions are pages (remote images have none: a canvas needs them).
 */
export async function getIiifRecord(
  ctx: ServiceContext,
  table: TableName,
  id: string,
  opts: { internalFields?: string[] } = {},
): Promise<IiifRecord | null> {
  const { database, viewer } = ctx;
  const [row] = await database.rows<{
    uid: number | string;
    access: number;
    license: string | null;
    attribution: string | null;
    source_url: string | null;
    date_start: string | null;
    date_end: string | null;
    type_names: Record<string, string> | null;
  }>(sql`select r.uid, r.access, r.license, r.attribution, r.source_url, r.date_start::text as date_start, r.date_end::text as date_end, rt.names as type_names
    from records r left join record_types rt on rt.id = r.type_id
    where r.table_name = ${table} and r.id = ${id} and ${recordVisible(viewer, "r")}`);
  if (!row) return null;
  const uid = Number(row.uid);
  const [texts, labelRows, imageRows, published] = await Promise.all([
    database.rows<{ locale: Locale; label: string; summary: string | null; date_display: string | null; metadata: MetadataEntry[] }>(
      sql`select locale, label, summary, date_display, metadata from record_texts where record_uid = ${uid}`,
    ),
    database.rows<{ code: string; locale: Locale; label: string }>(
      sql`select fl.code, fl.locale, fl.label from field_labels fl
        where fl.code in (select m->>'code' from record_texts t cross join lateral jsonb_array_elements(t.metadata) as m where t.record_uid = ${uid})`,
    ),
    database.rows<{
      media_id: number | string;
      record_uid: number | string;
      record_id: string;
      title: Record<string, string> | null;
      original: string | null;
      thumbnail: string | null;
      medium: string | null;
      large: string | null;
      width: number;
      height: number;
      mime: string | null;
    }>(sql`select m.id as media_id, r.uid as record_uid, r.id as record_id, m.title, m.original, m.thumbnail, m.medium, m.large, m.width, m.height, m.mime
      from records r join media m on m.record_uid = r.uid
      where (r.uid = ${uid} or (r.table_name = ${table} and r.parent_id = ${id} and ${recordVisible(viewer, "r")}))
        and m.media_type = 'image' and ${mediaVisible(viewer, "m")} and m.width > 0 and m.height > 0
      order by (r.uid = ${uid}) desc, r.ord, r.id, m.ord
      limit ${MAX_PAGES}`),
    publicImages(database),
  ]);
  const childUids = [...new Set(imageRows.map((m) => Number(m.record_uid)).filter((u) => u !== uid))];
  const childTexts = childUids.length
    ? await database.rows<{ record_uid: number | string; locale: Locale; label: string }>(
        sql`select record_uid, locale, label from record_texts where record_uid = any(${`{${childUids.join(",")}}`}::bigint[])`,
      )
    : [];
  const childLabels = new Map<number, Partial<Record<Locale, string>>>();
  for (const t of childTexts) {
    const k = Number(t.record_uid);
    childLabels.set(k, { ...childLabels.get(k), [t.locale]: t.label });
  }
  const labels: Partial<Record<Locale, string>> = {};
  const summaries: Partial<Record<Locale, string>> = {};
  const metadata: Partial<Record<Locale, MetadataEntry[]>> = {};
  const dates: Partial<Record<Locale, string>> = {};
  const typeNames: Partial<Record<Locale, string>> = {};
  const start = fromSqlDate(row.date_start);
  const end = fromSqlDate(row.date_end);
  for (const t of texts) {
    labels[t.locale] = t.label;
    if (t.summary) summaries[t.locale] = t.summary;
    const kept = (t.metadata ?? []).filter((m) => !isInternalField(m.code, opts.internalFields));
    if (kept.length) metadata[t.locale] = kept;
  }
  const fieldLabels: Record<string, Partial<Record<Locale, string>>> = {};
  for (const r of labelRows) (fieldLabels[r.code] ??= {})[r.locale] = r.label;
  for (const l of LOCALES) {
    const d = displayDate(
      start,
      end,
      texts.find((t) => t.locale === l)?.date_display ?? texts.find((t) => t.locale === "it")?.date_display,
      l,
    );
    if (d) dates[l] = d;
    const name = row.type_names?.[l];
    if (name) typeNames[l] = name;
  }
  const pages: IiifPage[] = imageRows.map((m) => {
    const own = Number(m.record_uid) === uid;
    const imageId = imageIdOf(m.original);
    const titles: Partial<Record<Locale, string>> = {};
    for (const [l, v] of Object.entries(m.title ?? {}))
      if (LOCALES.includes(l as Locale) && v && v.trim().toUpperCase() !== "[VUOTO]") titles[l as Locale] = v;
    return {
      mediaId: Number(m.media_id),
      record: { table, id: m.record_id, own, labels: own ? labels : (childLabels.get(Number(m.record_uid)) ?? {}) },
      titles,
      width: Number(m.width),
      height: Number(m.height),
      mime: m.mime,
      thumbnail: mediaUrl(m.thumbnail),
      medium: mediaUrl(m.medium),
      large: mediaUrl(m.large),
      service: imageId && published.has(imageId) ? `/iiif/3/${imageId}` : null,
    };
  });
  return {
    table,
    id,
    access: Number(row.access),
    labels,
    summaries,
    metadata,
    fieldLabels,
    typeNames,
    dates,
    source: { url: row.source_url, license: row.license, attribution: row.attribution },
    pages,
    ownPages: pages.filter((p) => p.record.own).length,
  };
}

/** A page's label in a locale: its title, else its record's label. */
export function pageLabel(page: IiifPage, locale: Locale): { text: string; lang: Locale } | null {
  return pickText(page.titles, locale) ?? pickText(page.record.labels, locale);
}

const map = (texts: Partial<Record<Locale, string>>): LangMap => {
  const out: LangMap = {};
  for (const l of LOCALES) if (texts[l]) out[l] = [texts[l]!];
  return out;
};
const messageMap = (key: Parameters<typeof translate>[1]): LangMap => Object.fromEntries(LOCALES.map((l) => [l, [translate(l, key)]]));

/**
 * A licence as a rights URI (Presentation API 3 §3.3.2: Creative Commons or RightsStatements.org), from a
 * URL or an SPDX-like name ("CC0-1.0", "CC BY-SA 4.0"); null when it is neither (it stays in the metadata).
 */
export function rightsUri(license: string | null): string | null {
  if (!license) return null;
  const s = license.trim();
  const cc = /^https?:\/\/(?:www\.)?creativecommons\.org\/(licenses|publicdomain)\/([a-z-]+)\/(\d\.\d)\b/i.exec(s);
  if (cc) return `http://creativecommons.org/${cc[1]!.toLowerCase()}/${cc[2]!.toLowerCase()}/${cc[3]}/`;
  const rs = /^https?:\/\/(?:www\.)?rightsstatements\.org\/(?:vocab|page)\/([A-Za-z-]+)\/(\d\.\d)\b/i.exec(s);
  if (rs) return `http://rightsstatements.org/vocab/${rs[1]}/${rs[2]}/`;
  if (/^CC0(?:[\s-]*1\.0)?$/i.test(s)) return "http://creativecommons.org/publicdomain/zero/1.0/";
  if (/^(?:PDM|Public Domain Mark)(?:[\s-]*1\.0)?$/i.test(s)) return "http://creativecommons.org/publicdomain/mark/1.0/";
  const spdx = /^CC[\s-]+(BY(?:[\s-]+(?:NC|SA|ND))*)[\s-]+(\d\.\d)(?:[\s-]+[A-Z]{2})?$/i.exec(s);
  if (spdx) return `http://creativecommons.org/licenses/${spdx[1]!.toLowerCase().replace(/[\s-]+/g, "-")}/${spdx[2]}/`;
  return null;
}

const formatOf = (url: string | null, mime: string | null) => {
  const ext = /\.([a-z0-9]+)$/i.exec(url ?? "")?.[1]?.toLowerCase();
  if (ext === "webp") return "image/webp";
  if (ext === "png") return "image/png";
  if (ext === "jpg" || ext === "jpeg") return "image/jpeg";
  if (ext === "gif") return "image/gif";
  return mime ?? "image/jpeg";
};

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/**
 * Labels and values of the metadata by language: a field per code, in the order of the first language that
 * has it. A language without the field's value still gets its label when the catalogue names the field in it.
 */
function metadataMaps(rec: IiifRecord): { label: LangMap; value: LangMap }[] {
  const out: { label: LangMap; value: LangMap }[] = [];
  const add = (label: LangMap, value: LangMap) => Object.keys(value).length && out.push({ label, value });
  add(messageMap("record.type"), map(rec.typeNames));
  add(messageMap("record.date"), map(rec.dates));
  const codes: string[] = [];
  for (const l of LOCALES) for (const m of rec.metadata[l] ?? []) if (!codes.includes(m.code)) codes.push(m.code);
  for (const code of codes) {
    const label: LangMap = {};
    const value: LangMap = {};
    for (const l of LOCALES) {
      const entries = (rec.metadata[l] ?? []).filter((m) => m.code === code);
      const named = rec.fieldLabels?.[code]?.[l];
      if (!entries.length && named) label[l] = [named];
      if (!entries.length) continue;
      label[l] = [entries[0]!.label];
      value[l] = entries.map((m) => {
        const v = metadataView(m, l);
        if (v.type === "date" || v.type === "quantityValue") return v.display;
        if (v.type === "link") return v.value.text ? `${v.value.text} (${v.value.url})` : v.value.url;
        return v.value;
      });
    }
    add(label, value);
  }
  if (rec.source.license && !rightsUri(rec.source.license)) add(messageMap("record.license"), { none: [rec.source.license] });
  return out;
}

/**
 * The record's IIIF Presentation 3 manifest (decision 053), or null when it has no page to show (a manifest
 * needs at least one canvas). `origin`: the site's public origin, every id is absolute.
 */
export function toManifest(rec: IiifRecord, origin: string, opts: { siteTitle: string }): Record<string, unknown> | null {
  if (!rec.pages.length) return null;
  const id = `${origin}${manifestPath(rec.table, rec.id)}`;
  const recordLink = (l: Locale) => `${origin}${localizePath(recordPath(rec.table, rec.id, pickText(rec.labels, l)?.text), l)}`;
  const thumbnailOf = (p: IiifPage) =>
    p.thumbnail
      ? [
          {
            id: absolute(origin, p.thumbnail),
            type: "Image",
            format: formatOf(p.thumbnail, p.mime),
            ...(p.service ? { service: [imageService(origin, p)] } : {}),
          },
        ]
      : undefined;
  const canvases = rec.pages.map((p, i) => {
    const canvasId = `${id}/canvas/${p.mediaId}`;
    const label: LangMap = {};
    for (const l of LOCALES) {
      const t = pageLabel(p, l);
      if (t) label[l] = [t.text];
    }
    if (!Object.keys(label).length) label.none = [String(i + 1)];
    const body = p.large ?? p.medium ?? p.thumbnail;
    return {
      id: canvasId,
      type: "Canvas",
      label,
      width: p.width,
      height: p.height,
      ...(thumbnailOf(p) ? { thumbnail: thumbnailOf(p) } : {}),
      ...(p.record.own
        ? {}
        : {
            homepage: [
              {
                id: `${origin}${localizePath(recordPath(rec.table, p.record.id, pickText(p.record.labels, "it")?.text), "it")}`,
                type: "Text",
                label: map(p.record.labels),
                format: "text/html",
              },
            ],
          }),
      items: [
        {
          id: `${canvasId}/page`,
          type: "AnnotationPage",
          items: [
            {
              id: `${canvasId}/page/image`,
              type: "Annotation",
              motivation: "painting",
              target: canvasId,
              body: {
                id: body ? absolute(origin, body) : `${origin}${p.service}/full/max/0/default.jpg`,
                type: "Image",
                format: formatOf(body, p.mime),
                ...(p.service ? { service: [imageService(origin, p)] } : {}),
              },
            },
          ],
        },
      ],
    };
  });
  const attribution = rec.source.attribution || opts.siteTitle;
  const rights = rightsUri(rec.source.license);
  const summary = map(rec.summaries);
  return {
    "@context": "http://iiif.io/api/presentation/3/context.json",
    id,
    type: "Manifest",
    label: Object.keys(map(rec.labels)).length ? map(rec.labels) : { none: [rec.id] },
    ...(Object.keys(summary).length ? { summary } : {}),
    metadata: metadataMaps(rec),
    requiredStatement: { label: messageMap("iiif.attribution"), value: { none: [attribution] } },
    ...(rights ? { rights } : {}),
    ...(thumbnailOf(rec.pages[0]!) ? { thumbnail: thumbnailOf(rec.pages[0]!) } : {}),
    homepage: LOCALES.filter((l) => rec.labels[l] || l === "it").map((l) => ({
      id: recordLink(l),
      type: "Text",
      label: { [l]: [pickText(rec.labels, l)?.text ?? rec.id] },
      format: "text/html",
      language: [l],
    })),
    seeAlso: [
      {
        id: `${origin}/api/public/records/${rec.table}/${encodeURIComponent(rec.id)}`,
        type: "Dataset",
        label: messageMap("iiif.recordData"),
        format: "application/json",
      },
    ],
    ...(rec.source.url
      ? { rendering: [{ id: rec.source.url, type: "Text", label: messageMap("record.sourceLink"), format: "text/html" }] }
      : {}),
    items: canvases,
  };
}

function imageService(origin: string, p: IiifPage) {
  return { id: `${origin}${p.service}`, type: "ImageService3", profile: "level0" };
}

/** A search's results as IIIF: its records with pages, as manifest references. */
export type CollectionItem = { table: TableName; id: string; label: string; labelLang: Locale; thumbnail: string | null };

/**
 * Which of the records have at least one page (an image with dimensions this viewer may see, of their own
 * or of a visible child): the ones a manifest exists for.
 */
export async function recordsWithPages(ctx: ServiceContext, refs: { table: string; id: string }[]): Promise<Set<string>> {
  if (!refs.length) return new Set();
  const tables = `{${refs.map((r) => `"${r.table}"`).join(",")}}`;
  const ids = `{${refs.map((r) => `"${r.id.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  const rows = await ctx.database.rows<{ table_name: string; id: string }>(sql`
    select r.table_name, r.id from records r join unnest(${tables}::text[], ${ids}::text[]) as k(t, i) on r.table_name = k.t and r.id = k.i
    where ${recordVisible(ctx.viewer, "r")} and exists (
      select 1 from records c join media m on m.record_uid = c.uid
      where (c.uid = r.uid or (c.table_name = r.table_name and c.parent_id = r.id and ${recordVisible(ctx.viewer, "c")}))
        and m.media_type = 'image' and ${mediaVisible(ctx.viewer, "m")} and m.width > 0 and m.height > 0)`);
  return new Set(rows.map((r) => `${r.table_name}/${r.id}`));
}

/** A collection of manifest references (one page of a search's results). */
export function toCollection(
  origin: string,
  opts: { id: string; label: LangMap; summary?: LangMap; items: CollectionItem[]; partOf?: string; locale: Locale },
): Record<string, unknown> {
  return {
    "@context": "http://iiif.io/api/presentation/3/context.json",
    id: opts.id,
    type: "Collection",
    label: opts.label,
    ...(opts.summary ? { summary: opts.summary } : {}),
    ...(opts.partOf ? { partOf: [{ id: opts.partOf, type: "Collection" }] } : {}),
    items: opts.items.map((it) => ({
      id: `${origin}${manifestPath(it.table, it.id)}`,
      type: "Manifest",
      label: { [it.labelLang]: [it.label] },
      ...(it.thumbnail ? { thumbnail: [{ id: absolute(origin, it.thumbnail), type: "Image", format: formatOf(it.thumbnail, null) }] } : {}),
    })),
  };
}

/** A collection of the pages of a search's results (each a collection of its manifests). */
export function toPagedCollection(
  _origin: string,
  opts: { id: string; label: LangMap; pages: { id: string; label: LangMap }[] },
): Record<string, unknown> {
  return {
    "@context": "http://iiif.io/api/presentation/3/context.json",
    id: opts.id,
    type: "Collection",
    label: opts.label,
    items: opts.pages.map((p) => ({ id: p.id, type: "Collection", label: p.label })),
  };
}

/** What the record page needs of IIIF: the deep-zoom service of each of its images, its manifest and its page count. */
export type RecordIiif = { services: Record<number, string>; manifest: string | null; pages: number };

/**
 * The record page's IIIF links for a record already read with the viewer's access (getRecord): which of its
 * images have published tiles, and how many pages it has (own images and its children's, as getIiifRecord).
 */
export async function recordIiif(
  ctx: ServiceContext,
  record: { table: TableName; id: string; media: { id: number; mediaType: string; url: { original: string | null } }[] },
): Promise<RecordIiif> {
  const [published, [count]] = await Promise.all([
    publicImages(ctx.database),
    ctx.database.rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from records r join media m on m.record_uid = r.uid
        where r.table_name = ${record.table} and (r.id = ${record.id} or (r.parent_id = ${record.id} and ${recordVisible(ctx.viewer, "r")}))
          and m.media_type = 'image' and ${mediaVisible(ctx.viewer, "m")} and m.width > 0 and m.height > 0
        limit ${MAX_PAGES}) p`),
  ]);
  const services: Record<number, string> = {};
  for (const m of record.media) {
    const id = m.mediaType === "image" ? imageIdOf(m.url.original) : null;
    if (id && published.has(id)) services[m.id] = `/iiif/3/${id}`;
  }
  const pages = Number(count?.n ?? 0);
  return { services, manifest: pages ? manifestPath(record.table, record.id) : null, pages };
}
