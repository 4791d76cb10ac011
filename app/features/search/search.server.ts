import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { catalogueChanged } from "~/.server/caches";
import { hasVisibleImage, recordVisible } from "~/.server/access";
import { toSqlDate } from "~/lib/dates";
import { scoreIcon } from "~/lib/format";
import { pickText, type Locale } from "~/lib/locale";
import { cardQuery, toCard, toTextArray, type CardRow } from "~/features/records/index.server";
import { DEFAULT_OPTIONS, type SiteOptions } from "~/features/site";
import type { RecordCard } from "~/lib/record-types";
import { effectiveSort, isSort, PAGE_SIZE, parseSearchParams, PIN_FILTER, type BBox, type SearchParams, type Sort } from "./search-params";
import { decadesOf, facetStatement, facetsKnown, facetsOnce, nameIn, visibleTree, type FacetRow, type Facets } from "./facets.server";
import { correctText, parseQuery, queryWords, type ParsedQuery } from "./query";
import { synonymIndex, type SynonymIndex } from "./synonyms.server";
import { corrections, docsOf, intArray, matchSql, rowsOf, textMatch, unknownWords, type TextMatch } from "./text-match.server";
import { rankedPage, rankedPageStatement } from "./ranking.server";

export type { FacetNode, Facets } from "./facets.server";
export { visibleTree } from "./facets.server";

export type SearchOptions = {
  /** Type ids never shown in search (spec §9: 265). */
  excludedTypes?: number[];
  noRelevance?: boolean;
  /** The site's default order when the visitor picks none (customjs `orderBy`, decision 103). */
  orderBy?: Sort;
  /** Records pinned by the viewer, for the pin|Pin filter. */
  pinned?: { table: string; id: string }[];
  pageSize?: number;
  /** Seed of the shuffle sample (stable across pages of one visit). */
  shuffleSeed?: number;
  /** Filters always applied, from the site's base query (spec §6: query_{role}, then query). */
  baseFilters?: string[];
  /** Only records whose uid is in (after, upTo]: those added since a saved search's last alert (decision 062). */
  uidRange?: { after: number; upTo: number };
};

export type SearchResult = {
  data: (RecordCard & { score: number | null; scoreIcon: number })[];
  count: number;
  facets: Facets;
  page: number;
  pageSize: number;
  sort: Sort;
  /**
   * What the search did beyond the literal words, for the page to say so:
   * "relaxed" — no record holds every word, so records holding most of them
   * are shown; "corrected" — no record holds the words, results are for the
   * correction `corrected` (look-alike words of records the viewer may see).
   */
  notice: { kind: "relaxed"; q: string } | { kind: "corrected"; q: string; corrected: string } | null;
  /** A correction of the words offered as a link ("Did you mean …?"), when it would find more; null otherwise. */
  didYouMean: string | null;
  /**
   * A year, span or century recognised in the words ("1820-1830", "XVIII secolo",
   * "18th century"): records dated then rank first, and the page offers it as the
   * date filter. `from`/`to` are years as the date inputs take them.
   */
  dateHint: { from: string; to: string } | null;
};

/** Turns free text into a tsquery: words joined by & (and) or | (or), prefix match on the last word (suggestions). */
export function buildTsQuery(q: string, mode: "and" | "or"): string | null {
  const words = queryWords(q);
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(mode === "or" ? " | " : " & ");
}

/** Forgets every cache of catalogue data: counts, facets, synonyms, samples (after an import in this process, and in tests). */
export function clearSearchCache(database: object) {
  catalogueChanged(database);
}

/**
 * The search: the query parsed (words, identifiers, dates), its words and
 * their equivalents looked up, then one access-filtered matching set read by
 * two statements — its page, and its count with its facets. When every word
 * is required and nothing matches: words no record holds are corrected
 * (look-alikes from records the viewer may see), then the words are relaxed
 * (records holding most of them first) — and the result says which.
 */
export async function search(ctx: ServiceContext, p: SearchParams, opts: SearchOptions = {}): Promise<SearchResult> {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const sort = effectiveSort(p, { noRelevance: opts.noRelevance, orderBy: opts.orderBy });
  const parsed = parseQuery(p.q);
  const synonyms = parsed.words.length ? await synonymIndex(ctx) : null;
  const prepared = await prepare(ctx, p, opts, parsed, synonyms);
  const run = (over: Partial<Prepared>) =>
    runSearch(ctx, p, opts, { ...prepared, ...over, normalized: over.normalized ?? parsed.normalized, sort, pageSize });
  const result = await run({});
  const match = prepared.match;
  const hint = parsed.dates[0] && !p.from && !p.to ? { from: String(parsed.dates[0].from), to: String(parsed.dates[0].to) } : null;
  if (!match) return { ...result, dateHint: hint };
  // Corrections are looked for when nothing was found, or when some words are in no visible record although
  // records were found (in "or" mode, or by an identifier).
  const unknown = result.count === 0 || match.mode === "or" || match.idents.length ? await unknownWords(ctx, match) : [];
  const fixes = unknown.length ? await corrections(ctx, unknown) : new Map<string, string>();
  const corrected = fixes.size ? correctText(p.q, fixes, new Set(unknown)) : null;
  if (result.count === 0) {
    if (corrected) {
      const cp = parseQuery(corrected);
      const cm = await textMatch(ctx, cp, p.mode, synonyms);
      if (cm) {
        const r = await run({ match: cm, normalized: cp.normalized });
        if (r.count > 0) return { ...r, notice: { kind: "corrected", q: p.q, corrected }, dateHint: hint };
      }
    }
    // The typed words, relaxed (a correction that found nothing is still offered: the words are misspelled
    // whatever else narrowed the search).
    if (match.mode === "and" && match.clauses.length > 1) {
      const r = await run({ match: { ...match, mode: "or" } });
      if (r.count > 0) return { ...r, notice: { kind: "relaxed", q: p.q }, didYouMean: corrected, dateHint: hint };
    }
    return { ...result, didYouMean: corrected, dateHint: hint };
  }
  return { ...result, didYouMean: corrected, dateHint: hint };
}

/** The filters that name a tag (not the pin filter, not a type). */
const tagFilters = (filters: string[]) => filters.filter((f) => f !== PIN_FILTER && !f.startsWith("type:"));

/** What a search's statements need looked up first: its words as lexicon numbers, its tags' numbers. */
type Prepared = { match: TextMatch | null; tagNums: Map<string, number>; normalized: string };

async function prepare(
  ctx: ServiceContext,
  p: SearchParams,
  opts: SearchOptions,
  parsed: ParsedQuery,
  synonyms: SynonymIndex | null,
): Promise<Prepared> {
  const tags = tagFilters([...p.filters, ...(opts.baseFilters ?? [])]);
  const [match, rows] = await Promise.all([
    textMatch(ctx, parsed, p.mode, synonyms),
    tags.length ? ctx.database.rows<{ id: string; num: number }>(sql`select id, num from tags where id = any(${toTextArray(tags)})`) : [],
  ]);
  return { match, tagNums: new Map(rows.map((r) => [r.id, Number(r.num)])), normalized: parsed.normalized };
}

/** SQL: the search document `alias` is not of an excluded type (null when nothing is excluded). */
function typeShown(alias: string, excludedTypes: number[] = DEFAULT_OPTIONS.excludedTypes): SQL | null {
  const ids = excludedTypes.map(Number).filter(Number.isInteger);
  if (!ids.length) return null;
  const a = sql.identifier(alias);
  return sql`(${a}.type_id is null or ${a}.type_id <> all(${intArray(ids)}))`;
}

/**
 * The matching set: search documents (migrations 0009–0011) of the page's
 * locale that the viewer may see and that pass every filter and the words,
 * as conditions on the locale's documents `d` (docsOf). Shared by the result page, the counts
 * and the map.
 */
function matchingSet(ctx: ServiceContext, p: SearchParams, opts: SearchOptions, run: Prepared, indexedWords = true): SQL[] {
  const { viewer } = ctx;
  const where: SQL[] = [recordVisible(viewer, "d"), sql`d.table_name = any(${toTextArray(p.tables)})`];
  const shown = typeShown("d", opts.excludedTypes);
  if (shown) where.push(shown);
  // With words, the words' GIN bitmap must drive the scan (see rowsOf): conditions an index of search_docs
  // could answer (dates, images, tags) are wrapped so that the planner does not scan by that index instead
  // and test the words row by row.
  const plain = (cond: SQL) => (run.match ? sql`coalesce(${cond}, false)` : cond);
  if (p.from) where.push(sql`coalesce(d.date_end, d.date_start) >= ${toSqlDate(p.from)}::date`);
  if (p.to) where.push(plain(sql`d.date_start <= ${toSqlDate(p.to)}::date`));
  if (p.media === "con_media") where.push(plain(hasVisibleImage(viewer, "d")));
  if (p.media === "senza_media") where.push(plain(sql`not ${hasVisibleImage(viewer, "d")}`));
  for (const f of [...p.filters, ...(opts.baseFilters ?? [])]) {
    if (f === PIN_FILTER) {
      const pins = opts.pinned ?? [];
      where.push(
        pins.length
          ? sql`d.record_uid in (select uid from records where (table_name, id) in (select * from unnest(${toTextArray(pins.map((x) => x.table))}, ${toTextArray(pins.map((x) => x.id))})))`
          : sql`false`,
      );
      continue;
    }
    if (f.startsWith("type:")) {
      const typeId = Number(f.slice(5));
      where.push(Number.isInteger(typeId) ? sql`d.type_id = ${typeId}` : sql`false`);
      continue;
    }
    // A tag filter matches the tag and everything below it: documents list their tags' ancestors too.
    // An unknown tag matches nothing (tag numbers start at 1). The number is a value, not a subquery,
    // so the planner knows how common the tag is.
    where.push(plain(sql`d.tag_nums @> ${intArray([run.tagNums.get(f) ?? 0])}`));
  }
  if (p.bbox) where.push(plain(inArea(ctx, sql`d.record_uid`, p.bbox)));
  if (opts.uidRange) where.push(plain(sql`(d.record_uid > ${opts.uidRange.after} and d.record_uid <= ${opts.uidRange.upTo})`));
  // (`indexedWords` false: the words are tested on each row another index finds, not looked up)
  if (run.match) where.push(indexedWords ? matchSql("d", run.match) : sql`coalesce(${matchSql("d", run.match)}, false)`);
  return where;
}

/**
 * A record lies in a map area when the position the map draws it at does: its own coordinates, or else those
 * of its first visible related place (as in searchPoints).
 */
function inArea(ctx: ServiceContext, uid: SQL, b: BBox): SQL {
  const inside = (t: string) =>
    sql`${sql.raw(t)}.lat between ${b.south} and ${b.north} and ${sql.raw(t)}.lng between ${b.west} and ${b.east}`;
  return sql`exists (select 1 from records ga where ga.uid = ${uid} and case when ga.lat is not null then ${inside("ga")} else exists (
    select 1 from (
      select pr.lat, pr.lng from relations x join records pr on pr.table_name = x.to_table and pr.id = x.to_id
      where x.from_uid = ga.uid and pr.table_name = 'ca_places' and pr.lat is not null and ${recordVisible(ctx.viewer, "pr")}
      order by x.ord limit 1
    ) gp where ${inside("gp")}) end)`;
}

async function runSearch(
  ctx: ServiceContext,
  p: SearchParams,
  opts: SearchOptions,
  run: Prepared & { sort: Sort; pageSize: number },
): Promise<SearchResult> {
  const { locale, viewer } = ctx;
  const where = matchingSet(ctx, p, opts, run);
  const words = run.match !== null;
  // Count and facets do not depend on page, sort or view: paging through a search reuses them.
  const facetKey = JSON.stringify([
    locale,
    viewer.accessLevels,
    p.tables,
    p.filters,
    p.open,
    p.from,
    p.to,
    p.media,
    p.bbox,
    opts.excludedTypes,
    opts.baseFilters,
    opts.pinned,
    run.match && [run.match.clauses, run.match.mode, run.match.idents],
  ]);
  // (the count, when known already, spares the relevance page its own count of the matches)
  const known = facetsKnown(ctx.database, facetKey)?.total;
  const ranked = run.sort === "ss" && !p.shuffle && run.match;
  const [page, row] = await Promise.all([
    ranked
      ? rankedPage(
          ctx,
          where,
          matchingSet(ctx, p, opts, run, false),
          run.match!,
          run.normalized,
          p.page * run.pageSize,
          run.pageSize,
          known,
        )
      : rowsOf<{ uid: number; score: number | null }>(
          ctx,
          pageStatementOf(ctx, p, opts, run, where, sql`limit ${run.pageSize} offset ${p.page * run.pageSize}`, known),
          words,
        ),
    // On PostgreSQL the two statements run at once on two connections (two cores); PGlite runs them in turn.
    facetsOnce(
      ctx.database,
      facetKey,
      async () => (await rowsOf<FacetRow>(ctx, facetStatement(ctx, p, where, [...p.open, ...tagFilters(p.filters)]), words))[0]!,
    ),
  ]);
  const uids = page.map((x) => Number(x.uid));
  const cards = uids.length ? await ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.uid = any(${`{${uids.join(",")}}`}::bigint[])`)) : [];
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
      decades: decadesOf(row.decade_spans ?? []),
      decadeSpans: row.decade_spans ?? [],
      tags: visibleTree(row.tags ?? [], p),
      types: row.types ?? [],
      tables: row.tables ?? [],
      media: { withMedia: row.with_media, withoutMedia: row.without_media },
    },
    page: p.page,
    pageSize: run.pageSize,
    sort: run.sort,
    notice: null,
    didYouMean: null,
    dateHint: null,
  };
}

/** The statement of a page of the matching set `where` in the search's order: record uids (and relevance scores). */
function pageStatementOf(
  ctx: ServiceContext,
  p: SearchParams,
  opts: SearchOptions,
  run: Prepared & { sort: Sort },
  where: SQL[],
  limit: SQL,
  count?: number,
): SQL {
  const { locale, viewer } = ctx;
  const rank = run.sort === "ss" && !p.shuffle;
  const words = run.match !== null;
  return rank && run.match
    ? rankedPageStatement(ctx, where, run.match, run.normalized, limit, count)
    : sql`
    ${
      // With words, the matching documents are gathered first (from the words' GIN bitmap) and then sorted:
      // a LIMIT otherwise tempts the planner into walking a sort index and testing the words row by row.
      words
        ? sql`with d as materialized (
            select d.record_uid, d.sort_key, d.date_start, d.type_id, d.has_media, d.has_restricted_media, d.quality
            from ${docsOf(locale)} d where ${sql.join(where, sql` and `)}
          )`
        : sql``
    }
    select d.record_uid as uid, null::real as score
    from ${words ? sql`d` : sql`${docsOf(locale)} d`}
    ${words ? sql`` : sql`where ${sql.join(where, sql` and `)}`}
    order by ${p.shuffle ? sql`md5(d.record_uid::text || ${String(opts.shuffleSeed ?? 0)})` : rank ? sql`d.sort_key collate "C" asc, d.record_uid` : orderOf(run.sort as Exclude<Sort, "ss">, viewer, locale)}
    ${limit}`;
}

/**
 * The uids of a search's matching set in the page's order, at most `max`, without counts or facets: for
 * exports, which read the records in batches (memory holds the ids, not the rows). The words are taken as
 * given: the caller resolves a correction or a relaxation through search() first.
 */
export async function searchUids(ctx: ServiceContext, p: SearchParams, opts: SearchOptions, max: number): Promise<number[]> {
  const sort = effectiveSort(p, { noRelevance: opts.noRelevance, orderBy: opts.orderBy });
  const parsed = parseQuery(p.q);
  const synonyms = parsed.words.length ? await synonymIndex(ctx) : null;
  const prepared = await prepare(ctx, p, opts, parsed, synonyms);
  const where = matchingSet(ctx, p, opts, prepared);
  const rows = await rowsOf<{ uid: number }>(
    ctx,
    pageStatementOf(ctx, p, opts, { ...prepared, sort }, where, sql`limit ${max}`),
    prepared.match !== null,
  );
  return rows.map((r) => Number(r.uid));
}

/**
 * The order of each sort over search documents `d`. The plain ones follow an index of migration 0010,
 * so a broad search reads its page in order and stops there. The type sorts order by the type's place
 * among the types sorted by name in the locale (a number per document: no join, no text compared).
 */
function orderOf(sort: Exclude<Sort, "ss">, viewer: ServiceContext["viewer"], locale: Locale): SQL {
  const label = sql`d.sort_key collate "C"`;
  const typeName = nameIn(sql`ty.names`, locale, sql`null`);
  const typeRank = sql`array_position((select array_agg(ty.id order by ${typeName}, ty.id) from record_types ty where ${typeName} is not null), d.type_id)`;
  switch (sort) {
    case "az":
      return sql`${label} asc, d.record_uid asc`;
    case "za":
      return sql`${label} desc, d.record_uid desc`;
    case "on":
      return sql`d.date_start desc nulls last, d.record_uid`;
    case "no":
      return sql`d.date_start asc nulls last, d.record_uid`;
    case "taz":
      return sql`${typeRank} asc nulls last, ${label} asc, d.record_uid`;
    case "tza":
      return sql`${typeRank} desc nulls last, ${label} asc, d.record_uid`;
    case "wm":
      return sql`${hasVisibleImage(viewer, "d")} desc, ${label} asc, d.record_uid`;
    case "nm":
      return sql`${hasVisibleImage(viewer, "d")} asc, ${label} asc, d.record_uid`;
  }
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
  const parsed = parseQuery(p.q);
  const prepared = await prepare(ctx, p, opts, parsed, parsed.words.length ? await synonymIndex(ctx) : null);
  const where = matchingSet(ctx, p, opts, prepared);
  const rows = await rowsOf<CardRow & { plat: number; plng: number }>(
    ctx,
    sql`
    with m as (select r.uid, r.lat, r.lng from ${docsOf(ctx.locale)} d join records r on r.uid = d.record_uid where ${sql.join(where, sql` and `)}),
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
    select c.*, pts.plat, pts.plng from pts join (${cardQuery(ctx, sql`r.uid in (select uid from pts)`)}) c on c.uid = pts.uid`,
    prepared.match !== null,
  );
  return rows.map((r) => {
    const card = toCard(r, ctx.locale);
    return {
      id: card.id,
      table: card.table,
      link: card.link,
      label: card.preferred_label,
      type: card.type?.name ?? null,
      date: card.dateDisplay,
      thumbnail: card.url.thumbnail,
      lat: Number(r.plat),
      lng: Number(r.plng),
    };
  });
}

/**
 * The search as the site's options shape it for this viewer: excluded types,
 * relevance, and the base query (its filters always apply; its tables replace
 * the default ones). The page and the JSON API both start here.
 */
export function configuredSearch(
  options: Pick<SiteOptions, "excludedTypes" | "noRelevance" | "query" | "orderBy" | "searchType"> & Record<string, unknown>,
  roles: string[],
  p: SearchParams,
): { params: SearchParams; opts: SearchOptions } {
  const base = baseQueryFor(options, roles);
  const mode = p.modeExplicit ? p.mode : defaultMode(options);
  return {
    params: { ...p, mode, ...(base.tables && !p.tablesExplicit ? { tables: base.tables } : {}) },
    opts: {
      excludedTypes: options.excludedTypes,
      noRelevance: options.noRelevance,
      orderBy: isSort(options.orderBy) ? options.orderBy : undefined,
      baseFilters: base.filters,
    },
  };
}

/**
 * The filter tree as the site's options shape it (decision 113): customjs `queryAlbero`, a search query string
 * whose `filtro` values name the facets (the tops of tag trees) the tree shows — empty or absent, all of them; and
 * `regexFiltriInit`, a pattern (RE2, checked when saved: decision 079) naming the facets shown open when the
 * address says nothing of what is open. Both read only what is well formed.
 */
export function treeOptions(options: { queryAlbero?: unknown }): { facets: string[] } {
  const q = typeof options.queryAlbero === "string" ? options.queryAlbero.trim().replace(/^\?/, "") : "";
  if (!q) return { facets: [] };
  const parsed = parseSearchParams(new URLSearchParams(q));
  return { facets: parsed.ok ? parsed.params.filters.filter((f) => f !== PIN_FILTER && !f.startsWith("type:")) : [] };
}

/** The facets (tops of tag trees) whose id or name (in the page's language) a test accepts: the initially open ones. */
export async function facetsMatching(ctx: ServiceContext, test: (text: string) => boolean, among: string[]): Promise<string[]> {
  const rows = await ctx.database.rows<{ id: string; names: Record<string, string> }>(
    sql`select id, names from tags where parent_id is null order by id`,
  );
  return rows
    .filter((r) => (!among.length || among.includes(r.id)) && (test(r.id) || test(pickText(r.names, ctx.locale)?.text ?? "")))
    .map((r) => r.id);
}

/** The words' mode when the address names none: the site's customjs `searchType` (decision 112), else "and" (spec §9). */
export function defaultMode(options: { searchType?: unknown }): "and" | "or" {
  return options.searchType === "or" ? "or" : "and";
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
export async function suggestLabels(
  ctx: ServiceContext,
  q: string,
  opts: { limit?: number; excludedTypes?: number[] } = {},
): Promise<string[]> {
  const limit = opts.limit ?? 8;
  const tsq = buildTsQuery(q, "and");
  if (!tsq) return [];
  // Candidates through the title vectors' GIN index (visible documents of the locale; titles in every
  // language), then each of their labels kept only when it matches itself: what was typed.
  const rows = await ctx.database.rows<{ label: string }>(sql`
    select label from (
      select distinct on (lower(label)) label, starts from (
        -- per record, the label in the page's language when it matches, else the Italian one, else any
        select distinct on (x.record_uid) t.label, (t.label ilike ${`${likeEscape(q.trim())}%`}) as starts
        from search_texts x
        join search_docs d on d.locale = x.locale and d.record_uid = x.record_uid
        join record_texts t on t.record_uid = x.record_uid
        where x.locale = ${ctx.locale} and ${recordVisible(ctx.viewer, "d")}
          and ${typeShown("d", opts.excludedTypes) ?? sql`true`}
          and (x.title_tsv @@ to_tsquery('teca_simple', ${tsq}) or x.title_tsv @@ to_tsquery('teca_it', ${tsq})
            or x.title_tsv @@ to_tsquery('teca_en', ${tsq}) or x.title_tsv @@ to_tsquery('teca_fr', ${tsq}))
          and (t.label_tsv @@ to_tsquery('teca_simple', ${tsq}) or ts_filter(t.tsv, '{a}') @@ to_tsquery(teca_ts_config(t.locale), ${tsq}))
        order by x.record_uid, t.locale = ${ctx.locale} desc, t.locale = 'it' desc, t.locale
        limit 200
      ) y order by lower(label)
    ) x order by starts desc, length(label), label limit ${limit}`);
  return rows.map((r) => r.label);
}
