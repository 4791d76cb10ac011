import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, recordVisible } from "~/.server/access";
import { mediaUrl } from "~/.server/media";
import { dateFormatOf, displayDate, formatDateRange, fromSqlDate, parseIsoDate, type DateFormat } from "~/lib/dates";
import { formatCurrency, formatNumero } from "~/lib/format";
import type { MetadataEntry } from "../../../db/schema";
import { DEFAULT_INTERNAL_FIELDS, isInternalField } from "./record-fields";
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
  /** The site's `dateFormat` (read with the card: every card's date follows it; decision 112). */
  date_format?: string | null;
  /** The record's fields the site puts on cards (customjs `metadatiCard`), in the option's order; null: none. */
  card_fields?: MetadataEntry[] | null;
  /** The names of the record's tags under the facets the site puts on cards (customjs `tagCard`); null: none. */
  card_tags?: string[] | null;
  /** The site's traffic-light entries the record matches (customjs `semaforo`), in the option's order; null: none. */
  semaforo?: { id: unknown; colore: unknown; fraseCorta: unknown; frase: unknown }[] | null;
  /** The site's `internalFields` (null: the default list): never shown on a card. */
  internal_fields?: unknown;
};

/** The most fields and tags a card shows. */
const CARD_FIELDS_MAX = 6;
const CARD_TAGS_MAX = 8;

/**
 * The SELECT list and joins shared by every card query: label in the locale
 * with Italian fallback, type name, first visible image. `where` must already
 * be given; access filtering is added here.
 */
export function cardQuery(ctx: ServiceContext, where: SQL, orderLimit: SQL = sql``): SQL {
  const loc = ctx.locale;
  // A per-language customjs list (the page's language's document, else the Italian one), as text[]: read once
  // per statement (uncorrelated), and an absent or malformed value is an empty list.
  const option = (key: string) =>
    sql`coalesce((select o.options->${key} from site_options o where o.locale = ${loc}), (select o.options->${key} from site_options o where o.locale = 'it'))`;
  const codes = (key: string) =>
    sql`array(select jsonb_array_elements_text(case when jsonb_typeof(${option(key)}) = 'array' then ${option(key)} else '[]'::jsonb end))`;
  const fieldCodes = codes("metadatiCard");
  const tagRoots = codes("tagCard");
  return sql`
    select r.uid, r.table_name, r.id, r.access, r.date_start::text as date_start, r.date_end::text as date_end, r.has_media,
      r.focal_x, r.focal_y, r.numero_prefix, r.numero, r.numero_bis, r.type_id,
      tx.label, tx.locale as label_lang, tx.date_display,
      coalesce(rt.names->>${loc}, rt.names->>'it') as type_name,
      m.thumbnail, m.medium, m.large, m.width, m.height, m.dominant_color, m.focal_x as media_focal_x, m.focal_y as media_focal_y,
      (select o.options->>'dateFormat' from site_options o where o.locale = 'it') as date_format,
      (select o.options->'internalFields' from site_options o where o.locale = 'it') as internal_fields,
      cf.card_fields, ct.card_tags, sf.semaforo
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
    -- the fields and the tags the site puts on cards (customjs metadatiCard, tagCard; decision 112)
    left join lateral (
      select jsonb_agg(e order by array_position(${fieldCodes}, e->>'code')) as card_fields
      from record_texts t2 cross join lateral jsonb_array_elements(case when jsonb_typeof(t2.metadata) = 'array' then t2.metadata else '[]'::jsonb end) e
      where cardinality(${fieldCodes}) > 0 and t2.record_uid = r.uid and t2.locale = tx.locale and e->>'code' = any(${fieldCodes})
    ) cf on true
    left join lateral (
      select jsonb_agg(coalesce(tg.names->>${loc}, tg.names->>'it', tg.id) order by tg.path) as card_tags
      from record_tags rtg join tags tg on tg.id = rtg.tag_id
      where cardinality(${tagRoots}) > 0 and rtg.record_uid = r.uid and not rtg.inherited
        and split_part(tg.path, '/', 1) = any(${tagRoots}) and tg.id <> split_part(tg.path, '/', 1)
    ) ct on true
    -- the traffic light (customjs semaforo): the entries whose tag path is, or is an ancestor of, one of the
    -- record's own tags' paths — the record page's rule (records/semaforo.ts matchSemaforo)
    left join lateral (
      select jsonb_agg(jsonb_build_object('id', e->>'id', 'colore', e->>'colore', 'fraseCorta', e->>'fraseCorta', 'frase', e->>'frase') order by s.ord) as semaforo
      from jsonb_array_elements(case when jsonb_typeof(${option("semaforo")}) = 'array' then ${option("semaforo")} else '[]'::jsonb end) with ordinality s(e, ord)
      where jsonb_typeof(e) = 'object' and coalesce(e->>'path', '') <> ''
        and exists (
          select 1 from record_tags rtg join tags tg on tg.id = rtg.tag_id
          where rtg.record_uid = r.uid and not rtg.inherited
            and (tg.path = e->>'path' or left(tg.path, length(e->>'path') + 1) = (e->>'path') || '/')
        )
    ) sf on true
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
    dateDisplay: displayDate(
      fromSqlDate(row.date_start),
      fromSqlDate(row.date_end),
      row.date_display,
      locale,
      dateFormatOf(row.date_format),
    ),
    numero: formatNumero({ prefix: row.numero_prefix, number: row.numero, bis: row.numero_bis }),
    access: Number(row.access),
    // Whether this viewer sees an image (restricted images are left out for visitors).
    hasMedia: Boolean(row.thumbnail),
    url: { thumbnail: mediaUrl(row.thumbnail), medium: mediaUrl(row.medium), large: mediaUrl(row.large) },
    width: row.width,
    height: row.height,
    dominantColor: row.dominant_color,
    focalPoint: fx != null && fy != null ? { x: fx, y: fy } : null,
    ...cardExtras(row, locale),
    ...cardSemaforo(row),
  };
}

const HEX = /^#[0-9a-fA-F]{3,8}$/;

/** The traffic-light entries a card shows (the record page's, decision 117): colour, short and long phrase. */
function cardSemaforo(row: CardRow): Pick<RecordCard, "semaforo"> {
  const entries = (Array.isArray(row.semaforo) ? row.semaforo : []).flatMap((e) => {
    const short = typeof e.fraseCorta === "string" ? e.fraseCorta.trim() : "";
    const long = typeof e.frase === "string" ? e.frase.trim() : "";
    const name = short || long;
    if (!name) return [];
    return [{ id: String(e.id ?? name), colore: typeof e.colore === "string" && HEX.test(e.colore) ? e.colore : "currentColor", name }];
  });
  return entries.length ? { semaforo: entries } : {};
}

/**
 * The fields (customjs `metadatiCard`) and tags (`tagCard`) a site puts on its cards (decision 112): each field
 * as its label and its value written out; a field the site keeps from visitors (`internalFields`) never.
 */
function cardExtras(row: CardRow, locale: Locale): Pick<RecordCard, "cardFields" | "cardTags"> {
  const out: Pick<RecordCard, "cardFields" | "cardTags"> = {};
  const internal =
    Array.isArray(row.internal_fields) && row.internal_fields.every((x) => typeof x === "string")
      ? (row.internal_fields as string[])
      : DEFAULT_INTERNAL_FIELDS;
  const format = dateFormatOf(row.date_format);
  const fields = (Array.isArray(row.card_fields) ? row.card_fields : [])
    .filter((m) => m && typeof m.code === "string" && !isInternalField(m.code, internal))
    .flatMap((m) => {
      const value = fieldText(m, locale, format);
      return value ? [{ label: String(m.label ?? m.code), value }] : [];
    })
    .slice(0, CARD_FIELDS_MAX);
  if (fields.length) out.cardFields = fields;
  const tags = (Array.isArray(row.card_tags) ? row.card_tags : []).filter((x) => typeof x === "string" && x).slice(0, CARD_TAGS_MAX);
  if (tags.length) out.cardTags = tags;
  return out;
}

/** A field's value as a card writes it: text, a date in the site's format, a link's text, an amount. */
function fieldText(m: MetadataEntry, locale: Locale, format: DateFormat): string {
  if (m.type === "date") {
    const s = parseIsoDate(m.value, "start");
    return s ? formatDateRange(s, parseIsoDate(m.value, "end"), locale, format) : String(m.value ?? "");
  }
  if (m.type === "link") return m.value && typeof m.value === "object" ? String(m.value.text || m.value.url || "") : "";
  if (m.type === "quantityValue")
    return m.value && typeof m.value === "object" ? formatCurrency(Number(m.value.amount), Number(m.value.currency), locale) : "";
  return typeof m.value === "string" ? m.value.trim() : "";
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
