import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, recordVisible } from "~/.server/access";
import { mediaUrl } from "~/.server/media";
import { displayDate, fromSqlDate } from "~/lib/dates";
import { formatNumero } from "~/lib/format";
import { isTable, recordPath, type TableName } from "~/lib/tables";
import type { Locale } from "~/lib/locale";
import type { RecordCard } from "~/lib/record-types";

export type CardRow = {
  uid: number | string;
  table_name: string;
  id: string;
  access: number;
  date_start: string | null;
  date_end: string | null;
  has_media: boolean;
  focal_x: number | null;
  focal_y: number | null;
  numero_prefix: string | null;
  numero: string | null;
  numero_bis: string | null;
  label: string | null;
  label_lang: string | null;
  date_display: string | null;
  type_id: number | null;
  type_name: string | null;
  thumbnail: string | null;
  medium: string | null;
  large: string | null;
  width: number | null;
  height: number | null;
  dominant_color: string | null;
  media_focal_x: number | null;
  media_focal_y: number | null;
};

/**
 * The SELECT list and joins shared by every card query: label in the locale
 * with Italian fallback, type name, first visible image. `where` must already
 * be given; access filtering is added here.
 */
export function cardQuery(ctx: ServiceContext, where: SQL, orderLimit: SQL = sql``): SQL {
  const loc = ctx.locale;
  return sql`
    select r.uid, r.table_name, r.id, r.access, r.date_start::text as date_start, r.date_end::text as date_end, r.has_media,
      r.focal_x, r.focal_y, r.numero_prefix, r.numero, r.numero_bis, r.type_id,
      tx.label, tx.locale as label_lang, tx.date_display,
      coalesce(rt.names->>${loc}, rt.names->>'it') as type_name,
      m.thumbnail, m.medium, m.large, m.width, m.height, m.dominant_color, m.focal_x as media_focal_x, m.focal_y as media_focal_y
    from records r
    left join lateral (
      select label, locale, date_display from record_texts t where t.record_uid = r.uid
      order by (t.locale = ${loc}) desc, (t.locale = 'it') desc, t.locale limit 1
    ) tx on true
    left join record_types rt on rt.id = r.type_id
    left join lateral (
      select m.thumbnail, m.medium, m.large, m.width, m.height, m.dominant_color, m.focal_x, m.focal_y from media m
      where m.record_uid = r.uid and m.media_type = 'image' and ${mediaVisible(ctx.viewer, "m")}
      order by m.ord limit 1
    ) m on true
    where ${recordVisible(ctx.viewer, "r")} and (${where})
    ${orderLimit}`;
}

export function toCard(row: CardRow, locale: Locale): RecordCard {
  const table = (isTable(row.table_name) ? row.table_name : "ca_objects") as TableName;
  const label = row.label ?? row.id;
  const fx = row.focal_x ?? row.media_focal_x;
  const fy = row.focal_y ?? row.media_focal_y;
  return {
    id: row.id,
    table,
    link: recordPath(table, row.id, label),
    preferred_label: label,
    labelLang: (row.label_lang as Locale | null) ?? locale,
    type: row.type_name ? { id: row.type_id ?? 0, name: row.type_name } : null,
    // One date format per locale: the span formatted, not the catalogued text (docs/decisions/021).
    dateDisplay: displayDate(fromSqlDate(row.date_start), fromSqlDate(row.date_end), row.date_display, locale),
    numero: formatNumero({ prefix: row.numero_prefix, number: row.numero, bis: row.numero_bis }),
    access: Number(row.access),
    // Whether this viewer sees an image (restricted images are left out for visitors).
    hasMedia: Boolean(row.thumbnail),
    url: { thumbnail: mediaUrl(row.thumbnail), medium: mediaUrl(row.medium), large: mediaUrl(row.large) },
    width: row.width,
    height: row.height,
    dominantColor: row.dominant_color,
    focalPoint: fx != null && fy != null ? { x: fx, y: fy } : null,
  };
}

/** Cards for (table, id) pairs, in the given order; invisible ones are dropped. */
export async function getCards(ctx: ServiceContext, refs: { table: string; id: string }[]): Promise<RecordCard[]> {
  if (!refs.length) return [];
  const tables = refs.map((r) => r.table);
  const ids = refs.map((r) => r.id);
  const rows = await ctx.database.rows<CardRow>(
    cardQuery(ctx, sql`(r.table_name, r.id) in (select * from unnest(${toTextArray(tables)}, ${toTextArray(ids)}))`),
  );
  const byKey = new Map(rows.map((r) => [`${r.table_name}/${r.id}`, r]));
  return refs.flatMap((r) => {
    const row = byKey.get(`${r.table}/${r.id}`);
    return row ? [toCard(row, ctx.locale)] : [];
  });
}

/** A text[] parameter (works the same on PGlite and node-postgres). */
export function toTextArray(values: string[]): SQL {
  const lit = `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
  return sql`${lit}::text[]`;
}
