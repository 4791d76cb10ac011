import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, recordVisible } from "~/.server/access";
import { mediaUrl } from "~/.server/media";
import { dateFormatOf, DEFAULT_DATE_FORMAT, formatDateRange, parseIsoDate, type DateFormat } from "~/lib/dates";
import { formatCurrency } from "~/lib/format";
import { LOCALES, pickText, type Locale } from "~/lib/locale";
import type { TableName } from "~/lib/tables";
import type { MetadataEntry, SequenceFrame } from "../../../db/schema";
import { cardQuery, getCards, toCard, toTextArray, type CardRow } from "./cards.server";
import { applyFieldRules, type FieldRules, isInternalField } from "./record-fields";
import type { MediaView, MetadataView, RecordDetail, RelationGroup } from "~/lib/record-types";
import { getSummaryConfig } from "~/features/site/index.server";

/** Media sort order of the gallery (spec §9), a 360° sequence first: how a turntable-photographed object is meant to be seen (decision 105). */
export const MEDIA_ORDER = ["sequence", "image", "panorama", "model", "video", "youtube", "vimeo", "application", "other"] as const;

export function sortMedia<T extends { mediaType: string }>(items: T[]): T[] {
  const rank = (t: string) => {
    const i = (MEDIA_ORDER as readonly string[]).indexOf(t);
    return i < 0 ? MEDIA_ORDER.length : i;
  };
  return items
    .map((m, i) => ({ m, i }))
    .sort((a, b) => rank(a.m.mediaType) - rank(b.m.mediaType) || a.i - b.i)
    .map((x) => x.m);
}

export function metadataView(entry: MetadataEntry, locale: Locale, format: DateFormat = DEFAULT_DATE_FORMAT): MetadataView {
  if (entry.type === "date") {
    const s = parseIsoDate(entry.value, "start");
    const e = parseIsoDate(entry.value, "end");
    return { ...entry, value: String(entry.value), display: s ? formatDateRange(s, e, locale, format) : String(entry.value) };
  }
  if (entry.type === "quantityValue") return { ...entry, display: formatCurrency(entry.value.amount, entry.value.currency, locale) };
  return entry;
}

/** YouTube/Vimeo page URL → privacy-friendly embed URL; null when not recognised. */
export function embedUrl(type: string, url: string | null, bases: { youtube?: string; vimeo?: string } = {}): string | null {
  if (!url) return null;
  if (type === "youtube") {
    const m = /(?:youtu\.be\/|v=|embed\/|shorts\/)([A-Za-z0-9_-]{6,20})/.exec(url);
    return m ? `${bases.youtube ?? "https://www.youtube-nocookie.com/embed/"}${m[1]}` : null;
  }
  if (type === "vimeo") {
    const m = /vimeo\.com\/(?:video\/)?(\d{3,12})/.exec(url);
    return m ? `${bases.vimeo ?? "https://player.vimeo.com/video/"}${m[1]}` : null;
  }
  return null;
}

type TextRow = { locale: Locale; label: string; summary: string | null; date_display: string | null; metadata: MetadataEntry[] };

/**
 * One record as its page shows it, or null when it does not exist or the
 * viewer may not see it (the two are indistinguishable by design).
 */
export async function getRecord(
  ctx: ServiceContext,
  table: TableName,
  id: string,
  opts: {
    embedBases?: { youtube?: string; vimeo?: string };
    childLimit?: number;
    /** Metadata codes kept from visitors (record-fields.ts; the `internalFields` site option). */
    internalFields?: string[];
    /** The viewer manages the catalogue: internal fields are shown, marked as such. */
    showInternal?: boolean;
    /** The site's field rules (record-fields.ts `fieldRulesOption`; decision 109): hidden, ordered, renamed, folded fields. */
    fieldRules?: FieldRules;
  } = {},
): Promise<RecordDetail | null> {
  const { database, locale, viewer } = ctx;
  const [row] = await database.rows<
    CardRow & {
      restricted: boolean;
      lat: number | null;
      lng: number | null;
      parent_id: string | null;
      parent_path: string | null;
      source_url: string | null;
      license: string | null;
      attribution: string | null;
    }
  >(
    sql`select c.*, r2.restricted, r2.lat, r2.lng, r2.parent_id, r2.parent_path, r2.source_url, r2.license, r2.attribution
      from (${cardQuery(ctx, sql`r.table_name = ${table} and r.id = ${id}`)}) c join records r2 on r2.uid = c.uid`,
  );
  if (!row) return null;
  const uid = Number(row.uid);
  const card = toCard(row, locale);

  const [texts, mediaRows, tagRows, relRows, childRows, summaryCfg] = await Promise.all([
    database.rows<TextRow>(sql`select locale, label, summary, date_display, metadata from record_texts where record_uid = ${uid}`),
    database.rows<{
      id: number;
      media_type: string;
      mime: string | null;
      title: Record<string, string>;
      original: string | null;
      external_url: string | null;
      thumbnail: string | null;
      medium: string | null;
      large: string | null;
      width: number | null;
      height: number | null;
      dominant_color: string | null;
      focal_x: number | null;
      focal_y: number | null;
      credit: string | null;
      license: string | null;
      frames: SequenceFrame[] | null;
    }>(
      sql`select m.id, m.media_type, m.mime, m.title, m.original, m.external_url, m.thumbnail, m.medium, m.large, m.width, m.height, m.dominant_color, m.focal_x, m.focal_y,
          m.credit, m.license, m.frames
        from media m where m.record_uid = ${uid} and ${mediaVisible(viewer, "m")} order by m.ord`,
    ),
    database.rows<{ id: string; names: Record<string, string>; path: string }>(
      sql`select t.id, t.names, t.path from record_tags rt join tags t on t.id = rt.tag_id where rt.record_uid = ${uid} and not rt.inherited order by t.path`,
    ),
    relatedRecords(ctx, uid, table, id, { perGroup: RELATED_STRIP }),
    database.rows<CardRow & { total: number }>(
      cardQuery(ctx, sql`r.table_name = ${table} and r.parent_id = ${id}`, sql`order by r.ord, r.id limit ${opts.childLimit ?? 60}`),
    ),
    getSummaryConfig(ctx, table),
  ]);
  const childCount =
    childRows.length < (opts.childLimit ?? 60)
      ? childRows.length
      : Number(
          (
            await database.rows<{ n: number }>(
              sql`select count(*)::int as n from records r where r.table_name = ${table} and r.parent_id = ${id} and ${recordVisible(viewer, "r")}`,
            )
          )[0]!.n,
        );

  const byLocale = new Map(texts.map((t) => [t.locale, t]));
  const order: Locale[] = [locale, ...LOCALES];
  const main = order.map((l) => byLocale.get(l)).find(Boolean)!;
  const summary = pickText(Object.fromEntries(texts.map((t) => [t.locale, t.summary])), locale);
  const metaSource = order.map((l) => byLocale.get(l)).find((t) => t?.metadata.length) ?? main;
  // Internal fields never leave the server for a visitor.
  // dates in the site's format (the option `dateFormat`, read with the record's card; decision 112)
  const format = dateFormatOf(row.date_format);
  const entries = (metaSource?.metadata ?? []).flatMap((m) => {
    if (!isInternalField(m.code, opts.internalFields)) return [metadataView(m, locale, format)];
    return opts.showInternal ? [{ ...metadataView(m, locale, format), internal: true }] : [];
  });
  // Shown in another language than the page's, the fields are named in the page's (decision 084).
  const relabel = metaSource && metaSource.locale !== locale && entries.length > 0;

  const media: MediaView[] = sortMedia(
    mediaRows.map((m) => {
      const title = pickText(m.title, locale)?.text;
      return {
        id: Number(m.id),
        mediaType: m.media_type as MediaView["mediaType"],
        mime: m.mime,
        // '[VUOTO]' (empty) titles are replaced by the record label.
        title: !title || title.trim().toUpperCase() === "[VUOTO]" ? card.preferred_label : title,
        url: { thumbnail: mediaUrl(m.thumbnail), medium: mediaUrl(m.medium), large: mediaUrl(m.large), original: mediaUrl(m.original) },
        embedUrl: embedUrl(m.media_type, m.external_url, opts.embedBases),
        width: m.width,
        height: m.height,
        dominantColor: m.dominant_color,
        focalPoint: m.focal_x != null && m.focal_y != null ? { x: m.focal_x, y: m.focal_y } : null,
        credit: m.credit,
        license: m.license,
        ...(m.frames
          ? { frames: m.frames.map((f) => ({ thumbnail: mediaUrl(f.thumbnail)!, medium: mediaUrl(f.medium)!, large: mediaUrl(f.large)! })) }
          : {}),
      };
    }),
  );

  const ancestorIds = row.parent_path ? row.parent_path.split("/") : row.parent_id ? [row.parent_id] : [];
  const roots = [...new Set(tagRows.map((t) => t.path.split("/")[0]!).filter(Boolean))];
  const [ancestors, rootRows, labelRows] = await Promise.all([
    getCards(
      ctx,
      ancestorIds.map((a) => ({ table, id: a })),
    ),
    roots.length
      ? database.rows<{ id: string; names: Record<string, string> }>(sql`select id, names from tags where id = any(${toTextArray(roots)})`)
      : [],
    relabel
      ? database.rows<{ code: string; label: string }>(
          sql`select code, label from field_labels where locale = ${locale} and code = any(${toTextArray([...new Set(entries.map((m) => m.code))])})`,
        )
      : [],
  ]);
  const rootName = new Map(rootRows.map((r) => [r.id, pickText(r.names, locale)?.text ?? r.id]));
  const labelled = labelFields(entries, metaSource?.locale ?? locale, locale, new Map(labelRows.map((r) => [r.code, r.label])));
  const metadata = opts.fieldRules ? applyFieldRules(labelled, opts.fieldRules) : labelled;
  const pick = (codes: string[]) => codes.flatMap((c) => metadata.filter((m) => m.code === c));

  return {
    ...card,
    locale,
    summary: summary?.text ?? null,
    summaryLang: summary?.lang ?? null,
    restricted: row.restricted,
    metadata,
    metadataLang: metaSource?.locale ?? null,
    headerFields: pick(summaryCfg.headerFields),
    summaryFields: pick(summaryCfg.summaryFields),
    summaryChosen: summaryCfg.summaryFromOptions,
    media,
    relations: relRows,
    parent: ancestors.at(-1) ?? null,
    ancestors,
    children: childRows.map((c) => toCard(c, locale)),
    childCount,
    tags: tagRows.map((t) => {
      const root = t.path.split("/")[0]!;
      return {
        id: t.id,
        path: t.path,
        name: pickText(t.names, locale)?.text ?? t.id,
        root: root && root !== t.id ? { id: root, name: rootName.get(root) ?? root } : null,
      };
    }),
    coordinates: row.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : null,
    source: { url: row.source_url, license: row.license, attribution: row.attribution },
    locales: texts.map((t) => t.locale),
  };
}

/**
 * The fields named in the page's language: entries of another language take the catalogue's label of their
 * code in the page's language (`labels`, from field_labels); without one they keep their own. Every entry
 * says which language its label is in, so the page marks the ones that are not the page's.
 */
export function labelFields<T extends { code: string; label: string }>(
  entries: T[],
  source: Locale,
  locale: Locale,
  labels: ReadonlyMap<string, string>,
): (T & { labelLang: Locale })[] {
  return entries.map((m) => {
    const own = source === locale ? undefined : labels.get(m.code);
    return own ? { ...m, label: own, labelLang: locale } : { ...m, labelLang: source };
  });
}

/** Related records a strip shows before loading more. */
export const RELATED_STRIP = 12;

/**
 * Related records in both directions, grouped by relation type and direction,
 * visible ones only: at most `perGroup` of each group from `offset` on, with
 * the group's total. `only` limits the answer to one group (its key), for the
 * strips' next pages.
 */
export async function relatedRecords(
  ctx: ServiceContext,
  uid: number,
  table: string,
  id: string,
  opts: { perGroup: number; offset?: number; only?: string },
): Promise<RelationGroup[]> {
  const loc = ctx.locale;
  const only = opts.only ? opts.only.split("|") : null;
  const rows = await ctx.database.rows<
    CardRow & {
      rel_type: string;
      rel_label: string | null;
      interstitial: { name: Record<string, string>; value: string }[];
      rel_ord: number;
      rel_total: number;
      outgoing: boolean;
    }
  >(sql`
    with rel as (
      select x.to_table as t, x.to_id as i, x.type, x.ord, x.interstitial, true as outgoing,
        coalesce(rt.labels->>${loc}, rt.labels->>'it', x.type) as label
      from relations x left join relation_types rt on rt.code = x.type where x.from_uid = ${uid}
      union all
      select s.table_name, s.id, x.type, x.ord, x.interstitial, false,
        coalesce(rt.reverse_labels->>${loc}, rt.reverse_labels->>'it', rt.labels->>${loc}, rt.labels->>'it', x.type)
      from relations x join records s on s.uid = x.from_uid left join relation_types rt on rt.code = x.type
      where x.to_table = ${table} and x.to_id = ${id}
    ),
    visible as (
      select distinct on (rel.type, rel.label, c.table_name, c.id) c.*, rel.type as rel_type, rel.label as rel_label, rel.interstitial, rel.ord as rel_ord, rel.outgoing
      from rel join (${cardQuery(ctx, sql`(r.table_name, r.id) in (select t, i from rel)`)}) c on c.table_name = rel.t and c.id = rel.i
      ${only ? sql`where rel.type = ${only[0]} and rel.label = ${only.slice(1).join("|")}` : sql``}
      order by rel.type, rel.label, c.table_name, c.id, rel.ord
    ),
    numbered as (
      select v.*, row_number() over (partition by v.rel_type, v.rel_label order by v.rel_ord, v.label, v.id) as rn,
        count(*) over (partition by v.rel_type, v.rel_label) as rel_total
      from visible v
    )
    select * from numbered where rn > ${opts.offset ?? 0} and rn <= ${(opts.offset ?? 0) + opts.perGroup}
    order by rel_label, rn`);
  const groups = new Map<string, RelationGroup>();
  for (const r of rows) {
    const key = `${r.rel_type}|${r.rel_label ?? r.rel_type}`;
    let g = groups.get(key);
    if (!g)
      groups.set(
        key,
        (g = { key, type: r.rel_type, label: r.rel_label ?? r.rel_type, outgoing: r.outgoing, total: Number(r.rel_total), items: [] }),
      );
    g.items.push({
      ...toCard(r, loc),
      interstitial: (r.interstitial ?? []).map((x) => ({ name: pickText(x.name, loc)?.text ?? "", value: x.value })),
    });
  }
  return [...groups.values()];
}

/**
 * The next records of one related group (a strip's next page), or null when
 * the record does not exist or the viewer may not see it.
 */
export async function getRelatedPage(
  ctx: ServiceContext,
  table: TableName,
  id: string,
  key: string,
  offset: number,
  limit = RELATED_STRIP,
): Promise<RelationGroup | null> {
  const [row] = await ctx.database.rows<{ uid: number }>(
    sql`select r.uid from records r where r.table_name = ${table} and r.id = ${id} and ${recordVisible(ctx.viewer, "r")}`,
  );
  if (!row) return null;
  const [group] = await relatedRecords(ctx, Number(row.uid), table, id, { perGroup: limit, offset, only: key });
  return group ?? { key, type: key.split("|")[0]!, label: key.split("|").slice(1).join("|"), outgoing: true, total: 0, items: [] };
}

/** Serialises a record for GET /api/public/records/{table}/{id}. */
export function recordToJson(r: RecordDetail) {
  return {
    id: r.id,
    table: r.table,
    locale: r.locale,
    link: r.link,
    preferred_label: r.preferred_label,
    type_id: r.type,
    access: r.access,
    riservato: r.restricted,
    dateDisplay: r.dateDisplay,
    numero: r.numero,
    summary: r.summary,
    metadati: r.metadata,
    hasMedia: r.hasMedia,
    url: r.url,
    focalPoint: r.focalPoint,
    representations: r.media.map((m) => ({
      id: m.id,
      title: m.title,
      mimetype: m.mime,
      mediaType: m.mediaType,
      url: m.url,
      embedUrl: m.embedUrl,
    })),
    filtri: r.tags,
    parent: r.parent ? { id: r.parent.id, table: r.parent.table, preferred_label: r.parent.preferred_label, link: r.parent.link } : null,
    children: r.children.map((c) => ({ id: c.id, table: c.table, preferred_label: c.preferred_label, link: c.link })),
    relations: r.relations.map((g) => ({
      type: g.type,
      label: g.label,
      total: g.total,
      items: g.items.map((i) => ({
        id: i.id,
        table: i.table,
        preferred_label: i.preferred_label,
        link: i.link,
        interstitial: i.interstitial,
      })),
    })),
    coords: r.coordinates,
    source: r.source,
  };
}
