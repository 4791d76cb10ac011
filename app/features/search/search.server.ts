import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { hasVisibleImage, recordVisible } from "~/.server/access";
import { toSqlDate } from "~/lib/dates";
import { scoreIcon } from "~/lib/format";
import { pickText, type Locale } from "~/lib/locale";
import { cardQuery, toCard, toTextArray, type CardRow } from "../records/cards.server";
import { DEFAULT_OPTIONS, type SiteOptions } from "../site/options";
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
 * The tsquery of the text in a locale. A locale's search document holds its
 * own texts and the Italian ones (the fallback), so the words are stemmed both
 * ways.
 */
function stemmed(tsq: string, locale: Locale): SQL {
  return locale === "it"
    ? sql`to_tsquery('teca_it', ${tsq})`
    : sql`(to_tsquery(${`teca_${locale}`}::regconfig, ${tsq}) || to_tsquery('teca_it', ${tsq}))`;
}

type WordLexemes = { any: number[]; title: number[] };

/** `lex` entries of lexicon numbers: the word anywhere (title or not), or in the title only. */
const anywhere = (ids: number[]) => ids.flatMap((id) => [2 * id, 2 * id + 1]);
const inTitle = (ids: number[]) => ids.map((id) => 2 * id + 1);

/**
 * The words of a search as numbers of search_lexicon (migration 0010): per
 * typed word, the documents' `lex` entries that satisfy it. A word matches
 * its stems (the page locale's and Italian, the fallback) anywhere in the
 * document; the last word is a prefix — of a stem anywhere, or of an
 * unstemmed title word ("vedu" reaches "veduta", whose stem is "ved"). A
 * `lex` entry is 2 × number, + 1 when the word is in the title, so `title`
 * holds only odd entries. A word that is a stop word in one of the
 * languages is left out, as to_tsquery leaves it out; when all are, their
 * unstemmed forms are looked for in titles.
 */
async function wordLexemes(ctx: ServiceContext, words: string[], locale: Locale): Promise<WordLexemes[]> {
  const configs = `{${[...new Set([`teca_${locale}`, "teca_it"])].join(",")}}`;
  const parts = words.map((w, i) => {
    const last = i === words.length - 1;
    const cond = last
      ? sql`l.word >= x.s collate "C" and l.word < (x.s || chr(1114111)) collate "C"`
      : sql`l.word = x.s collate "C"`;
    return sql`select ${i}::int as i,
      exists (select 1 from unnest(${configs}::regconfig[]) c where length(to_tsvector(c, ${w})) = 0) as stop,
      array(select l.id from (select distinct unnest(tsvector_to_array(to_tsvector(c, ${w}))) from unnest(${configs}::regconfig[]) c) x(s)
        join search_lexicon l on ${cond}) as stems,
      array(select l.id from unnest(tsvector_to_array(to_tsvector('teca_simple', ${w}))) x(s) join search_lexicon l on ${cond}) as forms`;
  });
  const rows = await ctx.database.rows<{ i: number; stop: boolean; stems: number[]; forms: number[] }>(sql.join(parts, sql` union all `));
  rows.sort((a, b) => a.i - b.i);
  // All stop words: each keeps its stems where a language keeps them (an Italian stop word on an English
  // page) and its unstemmed forms in titles.
  const allStop = rows.every((r) => r.stop);
  return rows
    .filter((r) => allStop || !r.stop)
    .map((r) => ({
      any: [...anywhere(r.stems), ...(allStop || r.i === words.length - 1 ? inTitle(r.forms) : [])],
      title: inTitle([...r.stems, ...r.forms]),
    }));
}

const intArray = (xs: number[]) => sql`${`{${[...new Set(xs)].join(",")}}`}::int[]`;

/** SQL: the document `alias` holds the words — each group (and) or any of them (or). */
function lexemeMatch(alias: string, groups: number[][], mode: "and" | "or"): SQL {
  const a = sql.identifier(alias);
  if (mode === "or" || groups.length === 1) return sql`${a}.lex && ${intArray(groups.flat())}`;
  return sql`(${sql.join(groups.map((g) => sql`${a}.lex && ${intArray(g)}`), sql` and `)})`;
}

/** Above this many text matches, relevance is title-first then alphabetical: ranking every vector costs too much. */
export const RANK_LIMIT = 4000;

/**
 * The order of each sort over search documents `d`. The plain ones follow an index of migration 0010,
 * so a broad search reads its page in order and stops there. The type sorts order by the type's place
 * among the types sorted by name in the locale (a number per document: no join, no text compared).
 */
function orderOf(sort: Exclude<Sort, "ss">, viewer: ServiceContext["viewer"], locale: Locale): SQL {
  const label = sql`d.sort_key collate "C"`;
  const typeName = sql`coalesce(ty.names->>${locale}, ty.names->>'it')`;
  const typeRank = sql`array_position((select array_agg(ty.id order by ${typeName}, ty.id) from record_types ty where ${typeName} is not null), d.type_id)`;
  switch (sort) {
    case "az": return sql`${label} asc, d.record_uid asc`;
    case "za": return sql`${label} desc, d.record_uid desc`;
    case "on": return sql`d.date_start desc nulls last, d.record_uid`;
    case "no": return sql`d.date_start asc nulls last, d.record_uid`;
    case "taz": return sql`${typeRank} asc nulls last, ${label} asc, d.record_uid`;
    case "tza": return sql`${typeRank} desc nulls last, ${label} asc, d.record_uid`;
    case "wm": return sql`${hasVisibleImage(viewer, "d")} desc, ${label} asc, d.record_uid`;
    case "nm": return sql`${hasVisibleImage(viewer, "d")} asc, ${label} asc, d.record_uid`;
  }
}

/**
 * The search: the words and tags looked up first, then one access-filtered
 * matching set read by two statements — its page, and its count with its
 * facets. Every value is a bound parameter.
 */
export async function search(ctx: ServiceContext, p: SearchParams, opts: SearchOptions = {}): Promise<SearchResult> {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const sort = effectiveSort(p, { noRelevance: opts.noRelevance });
  const tsq = buildTsQuery(p.q, p.mode);
  const prepared = await prepare(ctx, p, opts);
  let result = await runSearch(ctx, p, opts, { ...prepared, tsq, sort, pageSize });
  // Typo tolerance helps when the words matched nothing, not when filters emptied the set.
  const onlyText = !p.filters.length && !p.from && !p.to && p.media === "all";
  if (result.count === 0 && tsq && onlyText) {
    const groups = await similarWords(ctx, p.q);
    if (groups.length) result = { ...(await runSearch(ctx, p, opts, { ...prepared, tsq: null, match: { groups, title: null, mode: p.mode }, sort, pageSize })), notice: { kind: "corrected", q: p.q, corrected: p.q } };
  }
  return result;
}

/** How close (pg_trgm similarity, 0–1) a catalogue word must be to a typed one to stand in for it. */
const SIMILAR_WORD_THRESHOLD = 0.3;

/**
 * Typo tolerance: for each typed word, up to three words of the catalogue's
 * labels that look like it (pg_trgm over search_words, a table of distinct
 * words), as title entries of `lex`: "ritrato dona" → (ritratto | ritratti)
 * and (donna | dona) — or, in OR mode, any of them. Empty when no word has a
 * look-alike; a word without look-alikes is left out.
 */
async function similarWords(ctx: ServiceContext, q: string): Promise<number[][]> {
  const words = queryWords(q).filter((w) => w.length >= 3);
  if (!words.length) return [];
  const rows = await ctx.database.rows<{ ids: number[] }>(sql`
    select array(
      select l.id from (
        select s.word from search_words s
        where s.word % unaccent(w.q) and similarity(s.word, unaccent(w.q)) >= ${SIMILAR_WORD_THRESHOLD}
        order by similarity(s.word, unaccent(w.q)) desc, s.word limit 3
      ) s join search_lexicon l on l.word = s.word collate "C"
    ) as ids
    from unnest(${toTextArray(words)}) as w(q)`);
  return rows.map((r) => inTitle(r.ids)).filter((g) => g.length);
}

/** What the words of a search match: per word, `lex` entries anywhere and in the title (null: no words). */
type TextMatch = { groups: number[][]; title: number[][] | null; mode: "and" | "or" } | null;

async function textMatch(ctx: ServiceContext, p: SearchParams): Promise<TextMatch> {
  const words = queryWords(p.q);
  if (!words.length) return null;
  const lexemes = await wordLexemes(ctx, words, ctx.locale);
  return { groups: lexemes.map((w) => w.any), title: lexemes.map((w) => w.title), mode: p.mode };
}

/** The filters that name a tag (not the pin filter, not a type). */
const tagFilters = (filters: string[]) => filters.filter((f) => f !== PIN_FILTER && !f.startsWith("type:"));

/** What a search's statements need looked up first: its words as lexicon numbers, its tags' numbers. */
type Prepared = { match: TextMatch; tagNums: Map<string, number> };

async function prepare(ctx: ServiceContext, p: SearchParams, opts: SearchOptions): Promise<Prepared> {
  const tags = tagFilters([...p.filters, ...(opts.baseFilters ?? [])]);
  const [match, rows] = await Promise.all([
    textMatch(ctx, p),
    tags.length ? ctx.database.rows<{ id: string; num: number }>(sql`select id, num from tags where id = any(${toTextArray(tags)})`) : [],
  ]);
  return { match, tagNums: new Map(rows.map((r) => [r.id, Number(r.num)])) };
}

/**
 * Runs a statement; when it matches words (GIN lookups on search_docs.lex),
 * with sequential and ordered index scans off: for a common word the planner
 * would rather scan the table, and for a rare one walk a sort index, testing
 * every row's array against the word's entries — which costs far more per
 * row than it estimates. Bitmap scans of the GIN index never test arrays.
 */
async function rowsOf<T>(ctx: ServiceContext, statement: SQL, words: boolean): Promise<T[]> {
  if (!words) return ctx.database.rows<T>(statement);
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
  });
}

/** SQL: the search document `alias` is not of an excluded type (null when nothing is excluded). */
function typeShown(alias: string, excludedTypes: number[] = DEFAULT_OPTIONS.excludedTypes): SQL | null {
  const ids = excludedTypes.map(Number).filter(Number.isInteger);
  if (!ids.length) return null;
  const a = sql.identifier(alias);
  return sql`(${a}.type_id is null or ${a}.type_id <> all(${intArray(ids)}))`;
}

/**
 * The matching set: search documents (migrations 0009–0010) of the page's
 * locale that the viewer may see and that pass every filter and the words
 * (lexicon numbers in `d.lex`), as conditions on `search_docs d`, and the
 * title flag. Shared by the result page, the counts and the map.
 */
function matchingSet(ctx: ServiceContext, p: SearchParams, opts: SearchOptions, run: Prepared & { title?: boolean }) {
  const { locale, viewer } = ctx;
  const where: SQL[] = [sql`d.locale = ${locale}`, recordVisible(viewer, "d"), sql`d.table_name = any(${toTextArray(p.tables)})`];
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
  if (run.match) where.push(lexemeMatch("d", run.match.groups, run.match.mode));
  // The title flag orders the relevance sort only: documents whose title holds the words, as a hashed set
  // from the GIN index (typo tolerance looks in titles only).
  const titleExpr = !run.match || !run.title
    ? sql`false`
    : run.match.title
      ? sql`d.record_uid in (select t.record_uid from search_docs t where t.locale = ${locale} and ${lexemeMatch("t", run.match.title, run.match.mode)})`
      : sql`true`;
  return { where, titleExpr };
}

type FacetRow = {
  total: number;
  tags: FacetNode[] | null;
  decades: Facets["decades"] | null;
  types: Facets["types"] | null;
  tables: Facets["tables"] | null;
  with_media: number;
  without_media: number;
};

/**
 * Counts and facets of recent searches, per database: paging, sorting and
 * switching views reuse them. An import in this process clears them; after an
 * import by another process (PostgreSQL deployments) they are at most
 * FACET_TTL_MS old.
 */
const facetCaches = new WeakMap<object, Map<string, { at: number; value: FacetRow }>>();
function facetCacheOf(database: object) {
  let c = facetCaches.get(database);
  if (!c) facetCaches.set(database, (c = new Map()));
  return c;
}
const FACET_TTL_MS = 5 * 60_000;
const FACET_CACHE_SIZE = 500;

/** Forgets cached counts and facets (after an import in this process, and in tests). */
export function clearSearchCache(database: object) {
  facetCaches.delete(database);
}

/**
 * The columns the counts are grouped by, and the code `grouping(...)` gives
 * the rows of each of the two grouping sets (a bit per column left out; the
 * first column is the highest bit): documents by their combination of
 * table, type, decade and image flag (a few thousand combinations, from
 * which each of those counts is summed), and by their tag set (for the tree).
 */
const FACET_COLUMNS = ["table_name", "type_id", "decade", "has_media", "tag_set"] as const;
const groupingCode = (set: readonly (typeof FACET_COLUMNS)[number][]) =>
  FACET_COLUMNS.reduce((code, c, i) => (set.includes(c) ? code : code | (1 << (FACET_COLUMNS.length - 1 - i))), 0);
const BY_COMBINATION = groupingCode(["table_name", "type_id", "decade", "has_media"]);
const BY_TAG_SET = groupingCode(["tag_set"]);

async function runSearch(
  ctx: ServiceContext,
  p: SearchParams,
  opts: SearchOptions,
  run: Prepared & { tsq: string | null; sort: Sort; pageSize: number },
): Promise<SearchResult> {
  const { locale, viewer } = ctx;
  const rank = run.sort === "ss" && !p.shuffle;
  const { where, titleExpr } = matchingSet(ctx, p, opts, { ...run, title: rank });
  const words = run.match !== null;
  const limit = sql`limit ${run.pageSize} offset ${p.page * run.pageSize}`;
  // The page. Relevance: title matches first, then — for at most RANK_LIMIT matches, since ranking reads
  // every matching vector — ts_rank, then the label. Other sorts read the documents in index order when
  // the planner finds that cheaper, and stop after the page.
  const pageStatement =
    rank && run.tsq
      ? sql`
    with m as materialized (
      select d.record_uid as uid, d.sort_key, ${titleExpr} as title from search_docs d where ${sql.join(where, sql` and `)}
    )
    select uid, score from (
      select m.*, case when (select count(*) from m) <= ${RANK_LIMIT} then (
        select ts_rank(x.tsv, ${stemmed(run.tsq, locale)}) from search_texts x where x.locale = ${locale} and x.record_uid = m.uid) end as score
      from m
    ) r
    order by title desc, score desc nulls last, sort_key collate "C" asc, uid ${limit}`
      : sql`
    ${
      // With words, the matching documents are gathered first (from the words' GIN bitmap) and then sorted:
      // a LIMIT otherwise tempts the planner into walking a sort index and testing the words row by row.
      words
        ? sql`with d as materialized (
            select d.record_uid, d.sort_key, d.date_start, d.type_id, d.has_media, d.has_restricted_media
            from search_docs d where ${sql.join(where, sql` and `)}
          )`
        : sql``
    }
    select d.record_uid as uid, null::real as score
    from ${words ? sql`d` : sql`search_docs d`}
    ${words ? sql`` : sql`where ${sql.join(where, sql` and `)}`}
    order by ${p.shuffle ? sql`md5(d.record_uid::text || ${String(opts.shuffleSeed ?? 0)})` : rank ? sql`d.sort_key collate "C" asc, d.record_uid` : orderOf(run.sort as Exclude<Sort, "ss">, viewer, locale)}
    ${limit}`;

  // Count and facets do not depend on page, sort or view: paging through a search reuses them.
  const facetKey = JSON.stringify([locale, viewer.accessLevels, p.q, p.mode, p.tables, p.filters, p.open, p.from, p.to, p.media, opts.excludedTypes, opts.baseFilters, opts.pinned, run.match?.groups]);
  const facetCache = facetCacheOf(ctx.database);
  const cached = facetCache.get(facetKey);
  const fresh = cached && cached.at > Date.now() - FACET_TTL_MS ? cached.value : null;
  const expanded = [...p.open, ...tagFilters(p.filters)];
  const facetStatement = sql`
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
        select d.table_name, d.type_id, d.decade, ${hasVisibleImage(viewer, "d")} as has_media,
          case when vt.depth <= 1 then d.top_set else d.tag_set end as tag_set
        from search_docs d cross join vt where ${sql.join(where, sql` and `)}
      ) m
      group by grouping sets ((table_name, type_id, decade, has_media), (tag_set))
    ),
    combos as (select * from agg where g = ${BY_COMBINATION}),
    tg as (
      select x.num, sum(agg.n)::int as n
      from agg join search_tag_sets s on s.id = agg.tag_set cross join lateral unnest(s.nums) as x(num), vt
      where agg.g = ${BY_TAG_SET} and x.num = any(vt.nums) group by x.num
    )
    select
      coalesce((select sum(n) from combos), 0)::int as total,
      (select json_agg(json_build_object('id', t.id, 'name', coalesce(t.names->>${locale}, t.names->>'it', t.id), 'path', t.path, 'parentId', t.parent_id, 'count', tg.n, 'type', t.type,
          'hasChildren', exists (select 1 from tags c where c.parent_id = t.id)) order by t.path)
         from tg join tags t on t.num = tg.num) as tags,
      (select json_agg(json_build_object('decade', decade, 'count', n) order by decade)
         from (select decade, sum(n)::int as n from combos where decade is not null group by decade) x) as decades,
      (select json_agg(json_build_object('id', type_id, 'name', coalesce(rt.names->>${locale}, rt.names->>'it', rt.code), 'count', n) order by n desc, type_id)
         from (select type_id, sum(n)::int as n from combos group by type_id) x join record_types rt on rt.id = x.type_id) as types,
      (select json_agg(json_build_object('table', table_name, 'count', n) order by n desc, table_name)
         from (select table_name, sum(n)::int as n from combos group by table_name) x) as tables,
      coalesce((select sum(n) from combos where has_media), 0)::int as with_media,
      coalesce((select sum(n) from combos where not has_media), 0)::int as without_media`;
  // On PostgreSQL the two statements run at once on two connections (two cores); PGlite runs them in turn.
  const [page, facetRows] = await Promise.all([
    rowsOf<{ uid: number; score: number | null }>(ctx, pageStatement, words),
    fresh ? null : rowsOf<FacetRow>(ctx, facetStatement, words),
  ]);
  const row = fresh ?? facetRows![0]!;
  if (!fresh) {
    facetCache.set(facetKey, { at: Date.now(), value: row });
    if (facetCache.size > FACET_CACHE_SIZE) facetCache.delete(facetCache.keys().next().value!);
  }
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
    notice: null,
    didYouMean: null,
    dateHint: null,
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
  const prepared = await prepare(ctx, p, opts);
  const { match } = prepared;
  const { where } = matchingSet(ctx, p, opts, prepared);
  const rows = await rowsOf<CardRow & { plat: number; plng: number }>(ctx, sql`
    with m as (select r.uid, r.lat, r.lng from search_docs d join records r on r.uid = d.record_uid where ${sql.join(where, sql` and `)}),
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
    select c.*, pts.plat, pts.plng from pts join (${cardQuery(ctx, sql`r.uid in (select uid from pts)`)}) c on c.uid = pts.uid`, match !== null);
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
export function visibleTree(nodes: (Omit<FacetNode, "hasChildren"> & { hasChildren?: boolean })[], p: Pick<SearchParams, "filters" | "open">): FacetNode[] {
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

/**
 * The search as the site's options shape it for this viewer: excluded types,
 * relevance, and the base query (its filters always apply; its tables replace
 * the default ones). The page and the JSON API both start here.
 */
export function configuredSearch(
  options: Pick<SiteOptions, "excludedTypes" | "noRelevance" | "query"> & Record<string, unknown>,
  roles: string[],
  p: SearchParams,
): { params: SearchParams; opts: SearchOptions } {
  const base = baseQueryFor(options, roles);
  return {
    params: base.tables && !p.tablesExplicit ? { ...p, tables: base.tables } : p,
    opts: { excludedTypes: options.excludedTypes, noRelevance: options.noRelevance, baseFilters: base.filters },
  };
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
  const tsq = buildTsQuery(q, "and");
  if (!tsq) return [];
  // Candidates through the search vectors' GIN indexes (visible documents of the locale), then each label
  // (the locale's and the Italian one) kept only when it matches itself.
  const rows = await ctx.database.rows<{ label: string }>(sql`
    select label from (
      select distinct on (lower(t.label)) t.label, (t.label ilike ${`${likeEscape(q.trim())}%`}) as starts
      from search_texts x
      join search_docs d on d.locale = x.locale and d.record_uid = x.record_uid
      join record_texts t on t.record_uid = x.record_uid and t.locale in (${ctx.locale}, 'it')
      where x.locale = ${ctx.locale} and ${recordVisible(ctx.viewer, "d")}
        and ${typeShown("d", opts.excludedTypes) ?? sql`true`}
        and (x.title_tsv @@ to_tsquery('teca_simple', ${tsq}) or x.title_tsv @@ ${stemmed(tsq, ctx.locale)})
        and (t.label_tsv @@ to_tsquery('teca_simple', ${tsq}) or ts_filter(t.tsv, '{a}') @@ to_tsquery(teca_ts_config(t.locale), ${tsq}))
      order by lower(t.label)
      limit 200
    ) x order by starts desc, length(label), label limit ${limit}`);
  return rows.map((r) => r.label);
}
