import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, PUBLIC_VIEWER, publicRecord, recordVisible } from "~/.server/access";
import { mediaUrl } from "~/.server/media";
import { LOCALES, localizePath, pickText, type Locale } from "~/lib/locale";
import { isTable, recordPath, type TableName } from "~/lib/tables";

/**
 * What the open-standards outputs see: the public catalogue only (access 1, unrestricted media), whoever
 * asks: the access policy's PUBLIC_VIEWER (app/.server/access/). Harvesters, search engines and feed readers
 * are anonymous, and a signed-in user's session must not widen a document that caches and aggregators keep
 * (decision 050). PUBLIC_INDEX is its predicate again on alias `r`, written as the partial index of the
 * public records states it (publicRecord), so that lists by datestamp walk that index.
 */
export const PUBLIC_INDEX = publicRecord("r");

export type Localized = Partial<Record<Locale, string>>;
export type LinkedRecord = { table: TableName; id: string; url: string; labels: Localized; relation: string };

/** One public record with what OAI-PMH and feeds write of it. */
export type HarvestRecord = {
  uid: number;
  table: TableName;
  id: string;
  /** Absolute URL of the record page, per locale. */
  urls: Record<Locale, string>;
  labels: Localized;
  summaries: Localized;
  dateDisplays: Localized;
  dateStart: string | null;
  dateEnd: string | null;
  typeCode: string | null;
  typeNames: Localized;
  numero: string | null;
  coordinates: { lat: number; lng: number } | null;
  source: { url: string | null; license: string | null; attribution: string | null };
  parent: LinkedRecord | null;
  /** Outgoing relations to public records, in order. */
  links: LinkedRecord[];
  /** The record's own tags (not their ancestors), names per locale. */
  subjects: Localized[];
  /** Public media in order: absolute URLs. */
  media: { type: string; mime: string | null; url: string; thumbnail: string | null; width: number | null; height: number | null }[];
};

const absolute = (origin: string, u: string | null) => (u ? (/^https?:\/\//.test(u) ? u : `${origin}${u}`) : null);

function urlsOf(origin: string, table: TableName, id: string, labels: Localized): Record<Locale, string> {
  return Object.fromEntries(
    LOCALES.map((l) => [l, `${origin}${localizePath(recordPath(table, id, pickText(labels, l)?.text ?? id), l)}`]),
  ) as Record<Locale, string>;
}

const textArray = (values: string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`}::text[]`;
const bigintArray = (values: number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(",")}}`}::bigint[]`;

/**
 * The public records among `uids`, with their texts, tags, outgoing relations to public records and
 * public media, in five queries whatever their number (callers page: at most a few hundred at once).
 */
export async function harvestRecords(
  ctx: Pick<ServiceContext, "database">,
  uids: number[],
  origin: string,
): Promise<Map<number, HarvestRecord>> {
  const { database } = ctx;
  const out = new Map<number, HarvestRecord>();
  if (!uids.length) return out;
  const ids = bigintArray(uids);
  const v = PUBLIC_VIEWER;
  const [rows, texts, tags, links, media] = await Promise.all([
    database.rows<{
      uid: number | string;
      table_name: string;
      id: string;
      parent_id: string | null;
      date_start: string | null;
      date_end: string | null;
      lat: number | null;
      lng: number | null;
      numero_prefix: string | null;
      numero: string | null;
      numero_bis: string | null;
      source_url: string | null;
      license: string | null;
      attribution: string | null;
      type_code: string | null;
      type_names: Localized | null;
    }>(
      sql`select r.uid, r.table_name, r.id, r.parent_id, r.date_start::text as date_start, r.date_end::text as date_end, r.lat, r.lng,
          r.numero_prefix, r.numero, r.numero_bis, r.source_url, r.license, r.attribution, rt.code as type_code, rt.names as type_names
        from records r left join record_types rt on rt.id = r.type_id
        where r.uid = any(${ids}) and ${recordVisible(v, "r")}`,
    ),
    database.rows<{ record_uid: number | string; locale: Locale; label: string; summary: string | null; date_display: string | null }>(
      sql`select record_uid, locale, label, summary, date_display from record_texts where record_uid = any(${ids})`,
    ),
    database.rows<{ record_uid: number | string; names: Localized }>(
      sql`select rt.record_uid, t.names from record_tags rt join tags t on t.id = rt.tag_id where rt.record_uid = any(${ids}) and not rt.inherited order by rt.record_uid, t.path`,
    ),
    database.rows<{ from_uid: number | string; type: string; table_name: string; id: string; labels: Localized }>(
      sql`select x.from_uid, x.type, t.table_name, t.id,
          (select jsonb_object_agg(tt.locale, tt.label) from record_texts tt where tt.record_uid = t.uid) as labels
        from relations x join records t on t.table_name = x.to_table and t.id = x.to_id and ${recordVisible(v, "t")}
        where x.from_uid = any(${ids}) order by x.from_uid, x.ord`,
    ),
    database.rows<{
      record_uid: number | string;
      media_type: string;
      mime: string | null;
      original: string | null;
      external_url: string | null;
      large: string | null;
      thumbnail: string | null;
      width: number | null;
      height: number | null;
    }>(
      sql`select m.record_uid, m.media_type, m.mime, m.original, m.external_url, m.large, m.thumbnail, m.width, m.height
        from media m where m.record_uid = any(${ids}) and ${mediaVisible(v, "m")} order by m.record_uid, m.ord`,
    ),
  ]);
  const group = <T extends { record_uid?: number | string; from_uid?: number | string }>(list: T[]) => {
    const g = new Map<number, T[]>();
    for (const x of list) {
      const k = Number(x.record_uid ?? x.from_uid);
      g.set(k, [...(g.get(k) ?? []), x]);
    }
    return g;
  };
  const textsBy = group(texts),
    tagsBy = group(tags),
    linksBy = group(links),
    mediaBy = group(media);
  // Parents are in the same table; their labels give the link's readable part.
  const parentKeys = rows.filter((r) => r.parent_id).map((r) => ({ table: r.table_name, id: r.parent_id! }));
  const parents = parentKeys.length
    ? await database.rows<{ table_name: string; id: string; labels: Localized }>(
        sql`select p.table_name, p.id, (select jsonb_object_agg(tt.locale, tt.label) from record_texts tt where tt.record_uid = p.uid) as labels
          from records p where (p.table_name, p.id) in (select * from unnest(${textArray(parentKeys.map((k) => k.table))}, ${textArray(parentKeys.map((k) => k.id))}))
          and ${recordVisible(v, "p")}`,
      )
    : [];
  const parentBy = new Map(parents.map((p) => [`${p.table_name}/${p.id}`, p]));
  const linked = (table: string, id: string, labels: Localized | null, relation: string): LinkedRecord | null =>
    isTable(table) ? { table, id, labels: labels ?? {}, relation, url: urlsOf(origin, table, id, labels ?? {}).it } : null;

  for (const r of rows) {
    if (!isTable(r.table_name)) continue;
    const uid = Number(r.uid);
    const t = textsBy.get(uid) ?? [];
    const pick = (f: (x: (typeof t)[number]) => string | null) =>
      Object.fromEntries(t.flatMap((x) => (f(x) ? [[x.locale, f(x)!]] : []))) as Localized;
    const labels = pick((x) => x.label);
    const p = r.parent_id ? parentBy.get(`${r.table_name}/${r.parent_id}`) : undefined;
    out.set(uid, {
      uid,
      table: r.table_name,
      id: r.id,
      urls: urlsOf(origin, r.table_name, r.id, labels),
      labels,
      summaries: pick((x) => x.summary),
      dateDisplays: pick((x) => x.date_display),
      dateStart: r.date_start,
      dateEnd: r.date_end,
      typeCode: r.type_code,
      typeNames: r.type_names ?? {},
      numero: [r.numero_prefix, r.numero, r.numero_bis].filter(Boolean).join(" ") || null,
      coordinates: r.lat != null && r.lng != null ? { lat: r.lat, lng: r.lng } : null,
      source: { url: r.source_url, license: r.license, attribution: r.attribution },
      parent: p ? linked(p.table_name, p.id, p.labels, "parent") : null,
      links: (linksBy.get(uid) ?? []).flatMap((x) => linked(x.table_name, x.id, x.labels, x.type) ?? []),
      subjects: (tagsBy.get(uid) ?? []).map((x) => x.names),
      media: (mediaBy.get(uid) ?? []).flatMap((m) => {
        const url = absolute(origin, mediaUrl(m.large ?? m.original ?? m.external_url));
        return url
          ? [
              {
                type: m.media_type,
                mime: m.mime,
                url,
                thumbnail: absolute(origin, mediaUrl(m.thumbnail)),
                width: m.width,
                height: m.height,
              },
            ]
          : [];
      }),
    });
  }
  return out;
}

/** A PostgreSQL date (`1846-03-15`, `0044-03-15 BC`) as an ISO 8601 year-based date (`-0043-03-15`). */
export function isoDate(pg: string): string {
  const m = /^(\d{4,})-(\d{2})-(\d{2})( BC)?$/.exec(pg);
  if (!m) return pg;
  if (!m[4]) return `${m[1]}-${m[2]}-${m[3]}`;
  return `-${String(Number(m[1]) - 1).padStart(4, "0")}-${m[2]}-${m[3]}`;
}

/** The record's span in W3CDTF: whole years as `1846` or `1846/1850`, else full dates. */
export function isoSpan(start: string | null, end: string | null): string | null {
  if (!start && !end) return null;
  const s = isoDate(start ?? end!);
  const e = isoDate(end ?? start!);
  const whole = s.endsWith("-01-01") && e.endsWith("-12-31");
  const a = whole ? s.slice(0, -6) : s;
  const b = whole ? e.slice(0, -6) : e;
  return a === b ? a : `${a}/${b}`;
}
