import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { recordVisible } from "~/.server/access";
import { toSqlDate } from "~/lib/dates";
import { scoreIcon } from "~/lib/format";
import { pickText } from "~/lib/locale";
import { cardQuery, toCard, toTextArray, type CardRow } from "../records/cards.server";
import type { RecordCard } from "../records/types";
import { effectiveSort, PAGE_SIZE, parseSearchParams, PIN_FILTER, type SearchParams, type Sort } from "./search-params";

export type SearchOptions = {
  /** Type ids never shown in search (spec §9: 265). */
  excludedTypes?: number[];
  noRelevance?: boolean;
  /** Records pinned by the viewer, for the pin|Pin filter. */
  pinned?: { table: string; id: string }[];
  pageSize?: number;
  /** Seed of the shuffle sample (stable across pages of one visit). */
  shuffleSeed?: number;
  /** Filters always applied, from the site's base query (spec §6: query_{role}, then query). */
  baseFilters?: string[];
};

export type FacetNode = { id: string; name: string; path: string; parentId: string | null; count: number; type: string; hasChildren: boolean };
export type Facets = {
  decades: { decade: number; count: number }[];
  tags: FacetNode[];
  types: { id: number; name: string; count: number }[];
  tables: { table: string; count: number }[];
  media: { withMedia: number; withoutMedia: number };
};

export type SearchResult = {
  data: (RecordCard & { score: number | null; scoreIcon: number })[];
  count: number;
  facets: Facets;
  page: number;
  pageSize: number;
  sort: Sort;
  /** Set when no exact match was found and similar labels are shown instead. */
  fuzzy: boolean;
};

function queryWords(q: string) {
  return (q.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/** Turns free text into a tsquery: words joined by & (and) or | (or), prefix match on the last word. */
export function buildTsQuery(q: string, mode: "and" | "or"): string | null {
  const words = queryWords(q);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(mode === "or" ? " | " : " & ");
}

/**
 * The text condition on record_texts `t`: the stemmed vector in the row's
 * language, or — because a stem can be shorter than a typed prefix ("vedu"
 * vs "ved") — the other words stemmed and the last one as a prefix of an
 * unstemmed title word.
 */
function textMatch(q: string, mode: "and" | "or", cfg: SQL): SQL {
  const words = queryWords(q);
  const all = buildTsQuery(q, mode)!;
  const last = `${words.at(-1)}:*`;
  const head = words.slice(0, -1).join(mode === "or" ? " | " : " & ");
  const prefixOnTitle = sql`t.label_tsv @@ to_tsquery('teca_simple', ${last})`;
  if (mode === "or" || !head) return sql`(t.tsv @@ to_tsquery(${cfg}, ${all}) or ${prefixOnTitle})`;
  return sql`(t.tsv @@ to_tsquery(${cfg}, ${all}) or (t.tsv @@ to_tsquery(${cfg}, ${head}) and ${prefixOnTitle}))`;
}

const ORDER: Record<Exclude<Sort, "ss">, SQL> = {
  az: sql`sort_label asc, r.uid`,
  za: sql`sort_label desc, r.uid`,
  on: sql`r.date_start desc nulls last, r.uid`,
  no: sql`r.date_start asc nulls last, r.uid`,
  taz: sql`type_name asc nulls last, sort_label asc, r.uid`,
  tza: sql`type_name desc nulls last, sort_label asc, r.uid`,
  wm: sql`r.has_media desc, sort_label asc, r.uid`,
  nm: sql`r.has_media asc, sort_label asc, r.uid`,
};

/**
 * The search: one access-filtered matching set, its page, its count and its
 * facets computed in the same statement. Every value is a bound parameter.
 */
export async function search(ctx: ServiceContext, p: SearchParams, opts: SearchOptions = {}): Promise<SearchResult> {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const sort = effectiveSort(p, { noRelevance: opts.noRelevance });
  const tsq = buildTsQuery(p.q, p.mode);
  let result = await runSearch(ctx, p, opts, { tsq, fuzzy: false, sort, pageSize });
  if (result.count === 0 && tsq) {
    // Typo tolerance: labels similar to the text.
    result = await runSearch(ctx, p, opts, { tsq: null, fuzzy: true, sort, pageSize });
  }
  return result;
}

/** The matching set's conditions and its text CTE, shared by the result page and the map. */
function matchingSet(ctx: ServiceContext, p: SearchParams, opts: SearchOptions, run: { tsq: string | null; fuzzy: boolean; rank?: boolean }) {
  const { locale, viewer } = ctx;
  const where: SQL[] = [recordVisible(viewer, "r"), sql`r.table_name = any(${toTextArray(p.tables)})`];
  const excluded = opts.excludedTypes ?? [265];
  if (excluded.length) where.push(sql`(r.type_id is null or r.type_id <> all(${`{${excluded.map(Number).join(",")}}`}::int[]))`);
  if (p.from) where.push(sql`coalesce(r.date_end, r.date_start) >= ${toSqlDate(p.from)}::date`);
  if (p.to) where.push(sql`r.date_start <= ${toSqlDate(p.to)}::date`);
  if (p.media === "con_media") where.push(sql`r.has_media`);
  if (p.media === "senza_media") where.push(sql`not r.has_media`);
  for (const f of [...p.filters, ...(opts.baseFilters ?? [])]) {
    if (f === PIN_FILTER) {
      const pins = opts.pinned ?? [];
      where.push(
        pins.length
          ? sql`(r.table_name, r.id) in (select * from unnest(${toTextArray(pins.map((x) => x.table))}, ${toTextArray(pins.map((x) => x.id))}))`
          : sql`false`,
      );
      continue;
    }
    if (f.startsWith("type:")) {
      const typeId = Number(f.slice(5));
      where.push(Number.isInteger(typeId) ? sql`r.type_id = ${typeId}` : sql`false`);
      continue;
    }
    // A tag filter matches the tag and everything below it: records are linked to their tags' ancestors too.
    where.push(sql`r.uid in (select rt.record_uid from record_tags rt where rt.tag_id = ${f})`);
  }

  const qLoc = sql`to_tsquery(teca_ts_config(${locale}), ${run.tsq})`;
  const qIt = sql`to_tsquery('teca_it', ${run.tsq})`;
  const rowQuery = sql`case when t.locale = ${locale} then ${qLoc} else ${qIt} end`;
  // Ranking reads every matching vector: only pay for it when sorting by relevance.
  const rankCols = run.rank
    ? sql`max(ts_rank(t.tsv, ${rowQuery})) as rank,
          bool_or(ts_filter(t.tsv, '{a}') @@ ${rowQuery} or t.label_tsv @@ to_tsquery('teca_simple', ${run.tsq})) as title`
    : sql`null::real as rank, false as title`;
  const textCte = run.tsq
    ? sql`tm as (
        select t.record_uid as uid, ${rankCols}
        from record_texts t
        where ${locale === "it" ? sql`false` : sql`(t.locale = ${locale} and ${textMatch(p.q, p.mode, sql`teca_ts_config(${locale})`)})`}
          or (t.locale = 'it' and ${textMatch(p.q, p.mode, sql`'teca_it'::regconfig`)})
        group by t.record_uid
      ),`
    : run.fuzzy
      ? sql`tm as (
          select t.record_uid as uid, max(similarity(t.label, ${p.q})) as rank, true as title
          from record_texts t where t.label % ${p.q} and t.locale in (${locale}, 'it')
          group by t.record_uid
        ),`
      : sql``;
  const join = run.tsq || run.fuzzy ? sql`join tm on tm.uid = r.uid` : sql``;
  const scoreExpr = run.tsq || run.fuzzy ? sql`tm.rank` : sql`null::real`;
  const titleExpr = run.tsq || run.fuzzy ? sql`tm.title` : sql`false`;

  return { where, textCte, join, scoreExpr, titleExpr };
}

async function runSearch(
  ctx: ServiceContext,
  p: SearchParams,
  opts: SearchOptions,
  run: { tsq: string | null; fuzzy: boolean; sort: Sort; pageSize: number },
): Promise<SearchResult> {
  const { locale } = ctx;
  const rank = run.sort === "ss" && !p.shuffle;
  const { where, textCte, join, scoreExpr, titleExpr } = matchingSet(ctx, p, opts, { ...run, rank });
  const order =
    p.shuffle
      ? sql`md5(r.uid::text || ${String(opts.shuffleSeed ?? 0)})`
      : run.sort === "ss"
        ? sql`title desc, score desc nulls last, sort_label asc, r.uid`
        : ORDER[run.sort];
  const needsLabel = !p.shuffle;
  const needsType = !p.shuffle && (run.sort === "taz" || run.sort === "tza");
  // Labels and type names are joined for ordering the page only, not for the whole set.
  const labelJoin = needsLabel
    ? locale === "it"
      ? sql`left join record_texts ti on ti.record_uid = r.uid and ti.locale = 'it'`
      : sql`left join record_texts tl on tl.record_uid = r.uid and tl.locale = ${locale} left join record_texts ti on ti.record_uid = r.uid and ti.locale = 'it'`
    : sql``;
  const sortLabel = needsLabel ? (locale === "it" ? sql`lower(ti.label)` : sql`lower(coalesce(tl.label, ti.label))`) : sql`null::text`;
  const typeJoin = needsType ? sql`left join record_types ty on ty.id = r.type_id` : sql``;
  const typeName = needsType ? sql`coalesce(ty.names->>${locale}, ty.names->>'it')` : sql`null::text`;

  const rows = await ctx.database.rows<{ total: number; page: { uid: number; score: number | null }[] | null; tags: FacetNode[] | null; decades: Facets["decades"] | null; types: Facets["types"] | null; tables: Facets["tables"] | null; with_media: number; without_media: number }>(sql`
    with ${textCte}
    m as materialized (
      select r.uid, r.table_name, r.type_id, r.date_start, r.has_media, ${scoreExpr} as score, ${titleExpr} as title
      from records r ${join}
      where ${sql.join(where, sql` and `)}
    ),
    pg as (
      select r.uid, r.score from (
        select r.uid, r.score, r.title, r.date_start, r.has_media, ${sortLabel} as sort_label, ${typeName} as type_name
        from m r ${labelJoin} ${typeJoin}
      ) r
      order by ${order} limit ${run.pageSize} offset ${p.page * run.pageSize}
    ),
    tg as (
      select rt.tag_id as id, count(*)::int as n
      from m join record_tags rt on rt.record_uid = m.uid
      group by rt.tag_id
    )
    select
      (select count(*)::int from m) as total,
      (select json_agg(json_build_object('uid', uid, 'score', score)) from pg) as page,
      (select json_agg(json_build_object('id', t.id, 'name', coalesce(t.names->>${locale}, t.names->>'it', t.id), 'path', t.path, 'parentId', t.parent_id, 'count', tg.n, 'type', t.type) order by t.path)
         from (select * from tg order by n desc limit 5000) tg join tags t on t.id = tg.id) as tags,
      (select json_agg(json_build_object('decade', d, 'count', n) order by d) from (
         select (floor(extract(year from date_start) / 10) * 10)::int as d, count(*)::int as n from m where date_start is not null group by 1) x) as decades,
      (select json_agg(json_build_object('id', type_id, 'name', coalesce(rt.names->>${locale}, rt.names->>'it', rt.code), 'count', n) order by n desc) from (
         select type_id, count(*)::int as n from m where type_id is not null group by type_id) x join record_types rt on rt.id = x.type_id) as types,
      (select json_agg(json_build_object('table', table_name, 'count', n) order by n desc) from (
         select table_name, count(*)::int as n from m group by table_name) x) as tables,
      (select count(*)::int from m where has_media) as with_media,
      (select count(*)::int from m where not has_media) as without_media
  `);
  const row = rows[0]!;
  const page = row.page ?? [];
  const uids = page.map((x) => Number(x.uid));
  const cards = uids.length
    ? await ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.uid = any(${`{${uids.join(",")}}`}::bigint[])`))
    : [];
  const byUid = new Map(cards.map((c) => [Number(c.uid), c]));
  const data = page.flatMap((x) => {
    const c = byUid.get(Number(x.uid));
    if (!c) return [];
    const score = x.score == null ? null : Number(x.score) * 10;
    return [{ ...toCard(c, locale), score, scoreIcon: scoreIcon(score) }];
  });
  return {
    data,
    count: row.total,
    facets: {
      decades: row.decades ?? [],
      tags: visibleTree(row.tags ?? [], p),
      types: row.types ?? [],
      tables: row.tables ?? [],
      media: { withMedia: row.with_media, withoutMedia: row.without_media },
    },
    page: p.page,
    pageSize: run.pageSize,
    sort: run.sort,
    fuzzy: run.fuzzy,
  };
}

function likeEscape(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A tag's display name in the locale (for chips of active filters). */
export async function getTagNames(ctx: ServiceContext, ids: string[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const rows = await ctx.database.rows<{ id: string; names: Record<string, string> }>(
    sql`select id, names from tags where id = any(${toTextArray(ids)})`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, pickText(r.names, ctx.locale)?.text ?? r.id]));
}

export const MAP_POINT_LIMIT = 3000;

/**
 * Records of the matching set that can go on a map: their own coordinates,
 * or those of a visible related place. At most MAP_POINT_LIMIT.
 */
export async function searchPoints(ctx: ServiceContext, p: SearchParams, opts: SearchOptions = {}) {
  const tsq = buildTsQuery(p.q, p.mode);
  const { where, textCte, join } = matchingSet(ctx, p, opts, { tsq, fuzzy: false });
  const rows = await ctx.database.rows<CardRow & { plat: number; plng: number }>(sql`
    with ${textCte}
    m as (select r.uid, r.lat, r.lng, r.table_name, r.id from records r ${join} where ${sql.join(where, sql` and `)}),
    pts as (
      select m.uid, coalesce(m.lat, pl.lat) as plat, coalesce(m.lng, pl.lng) as plng from m
      left join lateral (
        select pr.lat, pr.lng from relations x join records pr on pr.table_name = x.to_table and pr.id = x.to_id
        where x.from_uid = m.uid and pr.table_name = 'ca_places' and pr.lat is not null and ${recordVisible(ctx.viewer, "pr")}
        order by x.ord limit 1
      ) pl on m.lat is null
      where coalesce(m.lat, pl.lat) is not null
      limit ${MAP_POINT_LIMIT}
    )
    select c.*, pts.plat, pts.plng from pts join (${cardQuery(ctx, sql`r.uid in (select uid from pts)`)}) c on c.uid = pts.uid`);
  return rows.map((r) => {
    const card = toCard(r, ctx.locale);
    return { id: card.id, table: card.table, link: card.link, label: card.preferred_label, type: card.type?.name ?? null, date: card.dateDisplay, thumbnail: card.url.thumbnail, lat: Number(r.plat), lng: Number(r.plng) };
  });
}

/**
 * The part of the filter tree to show: the roots, and the children of nodes
 * that are expanded, selected or above a selected one. Deeper levels load on
 * demand (the `open` parameter), so a large thesaurus stays small.
 */
export function visibleTree(nodes: Omit<FacetNode, "hasChildren">[], p: Pick<SearchParams, "filters" | "open">): FacetNode[] {
  const withChildren = new Set(nodes.map((n) => n.parentId).filter(Boolean) as string[]);
  const expanded = new Set<string>(p.open);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const f of p.filters) {
    const n = byId.get(f);
    if (!n) continue;
    expanded.add(n.id);
    for (const anc of n.path.split("/")) expanded.add(anc);
  }
  return nodes
    .filter((n) => !n.parentId || !byId.has(n.parentId) || expanded.has(n.parentId))
    .map((n) => ({ ...n, hasChildren: withChildren.has(n.id) }));
}

/**
 * The base query of the site options for a viewer: `query_{role}` of the
 * first of the viewer's roles that has one, else `query` (spec §6). It is a
 * search query string; its filters always apply and its tables replace the
 * default tables when the visitor picked none.
 */
export function baseQueryFor(options: { query?: string; [key: string]: unknown }, roles: string[]) {
  const source = roles.map((r) => options[`query_${r}`]).find((q) => typeof q === "string" && q) ?? options.query;
  if (typeof source !== "string" || !source) return { filters: [] as string[], tables: null };
  const parsed = parseSearchParams(new URLSearchParams(source));
  if (!parsed.ok) return { filters: [] as string[], tables: null };
  return { filters: parsed.params.filters, tables: parsed.params.tablesExplicit ? parsed.params.tables : null };
}

/** Label suggestions for the search box: visible records whose text starts with the typed words. */
export async function suggestLabels(ctx: ServiceContext, q: string, opts: { limit?: number; excludedTypes?: number[] } = {}): Promise<string[]> {
  const limit = opts.limit ?? 8;
  const excluded = `{${(opts.excludedTypes ?? [265]).map(Number).join(",")}}`;
  const tsq = buildTsQuery(q, "and");
  if (!tsq) return [];
  const rows = await ctx.database.rows<{ label: string }>(sql`
    select label from (
      select distinct on (lower(t.label)) t.label, (t.label ilike ${`${likeEscape(q.trim())}%`}) as starts
      from record_texts t join records r on r.uid = t.record_uid
      where t.locale in (${ctx.locale}, 'it') and ${recordVisible(ctx.viewer, "r")}
        and (r.type_id is null or r.type_id <> all(${excluded}::int[]))
        and (t.label_tsv @@ to_tsquery('teca_simple', ${tsq})
          or (t.tsv @@ to_tsquery(teca_ts_config(t.locale), ${tsq}) and ts_filter(t.tsv, '{a}') @@ to_tsquery(teca_ts_config(t.locale), ${tsq})))
      order by lower(t.label)
      limit 200
    ) x order by starts desc, length(label), label limit ${limit}`);
  return rows.map((r) => r.label);
}
