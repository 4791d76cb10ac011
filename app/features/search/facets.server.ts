import { registerCache } from "~/.server/caches";
import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { hasVisibleImage } from "~/.server/access";
import { toTextArray } from "~/features/records/index.server";
import type { SearchParams } from "./search-params";
import { docsOf } from "./text-match.server";

export type FacetNode = {
  id: string;
  name: string;
  path: string;
  parentId: string | null;
  count: number;
  type: string;
  hasChildren: boolean;
};
export type Facets = {
  /** Records per decade, counted as the timeline's click filters: a record dated across decades counts in each. */
  decades: { decade: number; count: number }[];
  /**
   * Records by the first and last decade their dates reach (a record without an end: both the same): what a
   * coarser timeline (20 or 50 years a bar, on a phone) counts exactly, each record once per bar it overlaps.
   */
  decadeSpans: { from: number; to: number; count: number }[];
  tags: FacetNode[];
  types: { id: number; name: string; count: number }[];
  tables: { table: string; count: number }[];
  media: { withMedia: number; withoutMedia: number };
};

/**
 * Records per decade from their spans: a record counts in every decade its dates reach, as the timeline's click
 * (from the decade's first year to its last) finds every record whose dates overlap them.
 */
export function decadesOf(spans: Facets["decadeSpans"]): Facets["decades"] {
  const counts = new Map<number, number>();
  for (const { from, to, count } of spans) for (let d = from; d <= to; d += 10) counts.set(d, (counts.get(d) ?? 0) + count);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([decade, count]) => ({ decade, count }));
}

export type FacetRow = {
  total: number;
  tags: FacetNode[] | null;
  decade_spans: Facets["decadeSpans"] | null;
  types: Facets["types"] | null;
  tables: Facets["tables"] | null;
  with_media: number;
  without_media: number;
};

/**
 * Counts and facets of recent searches, per database: paging, sorting and
 * switching views reuse them. One computation per key at a time: concurrent
 * searches for the same key wait for it (a burst of visitors on a new search
 * costs one count, not one each). An import clears them; after an import by
 * another process (PostgreSQL deployments) they are at most FACET_TTL_MS old.
 */
const facetCaches = new WeakMap<object, Map<string, { at: number; value: Promise<FacetRow>; done?: FacetRow }>>();
const FACET_TTL_MS = 5 * 60_000;
const FACET_CACHE_SIZE = 500;

/** The facets of `key`: cached, being computed (then waited for), or computed by `compute` now. */
export function facetsOnce(database: object, key: string, compute: () => Promise<FacetRow>): Promise<FacetRow> {
  let c = facetCaches.get(database);
  if (!c) facetCaches.set(database, (c = new Map()));
  const hit = freshEntry(database, key);
  if (hit) return hit.value;
  const cache = c;
  const value = compute();
  const entry: { at: number; value: Promise<FacetRow>; done?: FacetRow } = { at: Date.now(), value };
  cache.delete(key);
  cache.set(key, entry);
  if (cache.size > FACET_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  value.then(
    (row) => (entry.done = row),
    // a failed computation is not kept (the next search tries again)
    () => cache.get(key) === entry && cache.delete(key),
  );
  return value;
}

/**
 * The facets of `key` when they are computed already and fresh (no waiting): the next page of a search, or
 * another order of it, knows its count before its page statement runs.
 */
export function facetsKnown(database: object, key: string): FacetRow | undefined {
  return freshEntry(database, key)?.done;
}

function freshEntry(database: object, key: string) {
  const hit = facetCaches.get(database)?.get(key);
  return hit && hit.at > Date.now() - FACET_TTL_MS ? hit : undefined;
}

export function clearFacetCache(database: object) {
  facetCaches.delete(database);
}
registerCache(clearFacetCache);

/**
 * The columns the counts are grouped by, and the code `grouping(...)` gives
 * the rows of each of the two grouping sets (a bit per column left out; the
 * first column is the highest bit): documents by their combination of
 * table, type, first and last decade and image flag (a few thousand
 * combinations, from which each of those counts is summed), and by their tag
 * set (for the tree).
 */
const FACET_COLUMNS = ["table_name", "type_id", "decade", "decade_end", "has_media", "tag_set"] as const;
const groupingCode = (set: readonly (typeof FACET_COLUMNS)[number][]) =>
  FACET_COLUMNS.reduce((code, c, i) => (set.includes(c) ? code : code | (1 << (FACET_COLUMNS.length - 1 - i))), 0);
const BY_COMBINATION = groupingCode(["table_name", "type_id", "decade", "decade_end", "has_media"]);
const BY_TAG_SET = groupingCode(["tag_set"]);

/** A name in the locale, else Italian, else any language, else `fallback` (SQL over a jsonb of names). */
export const nameIn = (names: SQL, locale: string, fallback: SQL) =>
  sql`coalesce(${names}->>${locale}, ${names}->>'it', ${names}->>'en', ${names}->>'fr', ${fallback})`;

/** The statement of the count and every facet over the matching set (`where` on search_docs d). */
export function facetStatement(ctx: ServiceContext, _p: SearchParams, where: SQL[], expanded: string[]): SQL {
  const { locale, viewer } = ctx;
  return sql`
    with vt as (
      -- the filter-tree nodes on show: roots, and children of expanded or selected nodes and their ancestors
      select coalesce(array_agg(t.num), '{}') as nums, coalesce(max(t.depth), 0) as depth from tags t
      where t.parent_id is null or t.parent_id = any(${toTextArray(expanded)})
        or t.parent_id in (select unnest(string_to_array(a.path, '/')) from tags a where a.id = any(${toTextArray(expanded)}))
    ),
    -- Every count in one pass over the matching set, grouped two ways (see BY_COMBINATION). For the tree,
    -- the tag set is cut to the two top levels when no deeper node is on show: fewer distinct sets.
    agg as (
      select grouping(${sql.raw(FACET_COLUMNS.join(", "))}) as g, ${sql.raw(FACET_COLUMNS.join(", "))}, count(*)::int as n
      from (
        select d.table_name, d.type_id, d.decade, d.decade_end, ${hasVisibleImage(viewer, "d")} as has_media,
          case when vt.depth <= 1 then d.top_set else d.tag_set end as tag_set
        from ${docsOf(locale)} d cross join vt where ${sql.join(where, sql` and `)}
      ) m
      group by grouping sets ((table_name, type_id, decade, decade_end, has_media), (tag_set))
    ),
    combos as (select * from agg where g = ${BY_COMBINATION}),
    tg as (
      select x.num, sum(agg.n)::int as n
      from agg join search_tag_sets s on s.id = agg.tag_set cross join lateral unnest(s.nums) as x(num), vt
      where agg.g = ${BY_TAG_SET} and x.num = any(vt.nums) group by x.num
    )
    select
      coalesce((select sum(n) from combos), 0)::int as total,
      (select json_agg(json_build_object('id', t.id, 'name', ${nameIn(sql`t.names`, locale, sql`t.id`)}, 'path', t.path, 'parentId', t.parent_id, 'count', tg.n, 'type', t.type,
          'hasChildren', exists (select 1 from tags c where c.parent_id = t.id)) order by t.path)
         from tg join tags t on t.num = tg.num) as tags,
      -- the records by the decades their dates start and end in; the decades' counts follow from them (decadesOf)
      (select json_agg(json_build_object('from', decade, 'to', decade_end, 'count', n) order by decade, decade_end)
         from (select decade, greatest(decade, coalesce(decade_end, decade)) as decade_end, sum(n)::int as n from combos
           where decade is not null group by 1, 2) x) as decade_spans,
      (select json_agg(json_build_object('id', type_id, 'name', ${nameIn(sql`rt.names`, locale, sql`rt.code`)}, 'count', n) order by n desc, type_id)
         from (select type_id, sum(n)::int as n from combos group by type_id) x join record_types rt on rt.id = x.type_id) as types,
      (select json_agg(json_build_object('table', table_name, 'count', n) order by n desc, table_name)
         from (select table_name, sum(n)::int as n from combos group by table_name) x) as tables,
      coalesce((select sum(n) from combos where has_media), 0)::int as with_media,
      coalesce((select sum(n) from combos where not has_media), 0)::int as without_media`;
}

/**
 * The part of the filter tree to show: the roots, and the children of nodes
 * that are expanded, selected or above a selected one. Deeper levels load on
 * demand (the `open` parameter), so a large thesaurus stays small.
 */
export function visibleTree(
  nodes: (Omit<FacetNode, "hasChildren"> & { hasChildren?: boolean })[],
  p: Pick<SearchParams, "filters" | "open">,
): FacetNode[] {
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
    .map((n) => ({ ...n, hasChildren: n.hasChildren ?? withChildren.has(n.id) }));
}
