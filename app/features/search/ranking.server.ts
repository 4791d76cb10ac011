import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { hasVisibleImage, seesRestrictedMedia } from "~/.server/access";
import { toTextArray } from "~/features/records/index.server";
import { docsOf, intArray, matchedCountSql, rowsOf, type TextMatch } from "./text-match.server";

/**
 * How the relevance page is made. `rankLimit`: above this many matches the text score is left out (it reads
 * every matching vector). `broadPages`: a page of more matches than that is read in the order of its ties
 * (rankedPage); tests lower the limit to compare both ways on a small catalogue, and `made` tells them which
 * way a page was made.
 */
export const ranking: { rankLimit: number; broadPages: boolean; made?: (how: "walk" | "statement") => void } = {
  rankLimit: 4000,
  broadPages: true,
};

/**
 * Field weights of the text score (ts_rank's order: D, C, B, A): descriptions,
 * tags/places/metadata, makers/identifiers/alternative titles, titles. Text in
 * another language than the page's sits one weight lower (migration 0011).
 */
const WEIGHTS = "{0.1,0.3,0.6,1.0}";
/**
 * Title entries up to this many are tested on each matching row's title words; more through the words'
 * index (`&&` compares every entry with every entry).
 */
const ROW_TEST_LIMIT = 8;
/** Equivalent terms (synonyms, thesauri) count this much of the typed words. */
const EXPANSION_WEIGHT = 0.3;

/**
 * The page of the relevance sort. Its keys, in order:
 * 1. the record whose identifier is the query;
 * 2. in "or" mode, how many of the words (clauses) the record holds;
 * 3. a title that is the query, then one that starts with its words;
 * 4. a record dated within the year, span or century the query names, then one dated across it;
 * 5. every typed word in the title as typed, then by its stems, then with the last as a prefix, then each
 *    word or an equivalent;
 * 6. the text score (at most ranking.rankLimit matches): cover density of the typed
 *    words (proximity) with field weights, normalised by the document's
 *    length, plus a share of the equivalents' score;
 * 7. ties: a visible image, then how complete the record is, then the label.
 */
export function rankedPageStatement(ctx: ServiceContext, where: SQL[], m: TextMatch, normalized: string, limit: SQL, count?: number): SQL {
  const { locale, viewer } = ctx;
  const { tier, rankQuery } = tierOf(ctx, m, normalized, false);
  const matching = matchingFrom(ctx, where);
  // Whether there are at most rankLimit matches: the count of the matches when the caller knows it (the
  // search's counts computed already), else a count of its own that stops there (an initplan, run once).
  // Matches are not gathered first (a materialised set cost more than this second index lookup).
  const few =
    count !== undefined ? sql.raw(count <= ranking.rankLimit ? "true" : "false") : sql`${countUpToLimit(matching)} <= ${ranking.rankLimit}`;
  return sql`
    select uid, score from (
      select d.record_uid as uid, d.sort_key, d.quality, ${hasVisibleImage(viewer, "d")} as img, ${tier} as tier,
        case when ${few} then (
          select ${rankQuery} from search_texts x where x.locale = ${locale} and x.record_uid = d.record_uid) end as score
      ${matching}
    ) r
    order by tier desc, score desc nulls last, img desc, quality desc, sort_key collate "C" asc, uid
    ${limit}`;
}

const matchingFrom = (ctx: ServiceContext, where: SQL[]) => sql`from ${docsOf(ctx.locale)} d where ${sql.join(where, sql` and `)}`;
/** How many matches there are, counting no further than rankLimit + 1. */
const countUpToLimit = (matching: SQL) => sql`(select count(*) from (select 1 ${matching} limit ${ranking.rankLimit + 1}) c)`;

/** A page reaching further than this (offset + size) is made by rankedPageStatement alone. */
const BROAD_MAX_ROWS = 300;
/**
 * The walk in tie order tests each document's words against the query's entries (the built-in `&&` compares
 * every entry with every entry: a document's ~150 words with a prefix's hundreds cost ~100 µs a row). It reads
 * at most WALK_BUDGET / (the query's entries) documents, never more than PROBE_SCAN_LIMIT, and is not tried
 * for a query of more than WALK_MAX_ENTRIES entries. It keeps at most PROBE_PER_ROW matches for each row of
 * the page (at least four for each row up to the page's last).
 */
const WALK_BUDGET = 150_000;
const WALK_MAX_ENTRIES = 200;
const PROBE_SCAN_LIMIT = 15_000;
const PROBE_PER_ROW = 40;

/**
 * The page of the relevance sort (rows `offset`…`offset + limit`). With more than rankLimit matches (no text
 * score), the order is the tier, then the ties (image, completeness, label): a broad search (a common word, a
 * short prefix: hundreds of thousands of matches in a large catalogue) need not read every match.
 * 1. The walk: the first matches in tie order (an index of migration 0027, reading a bounded number of
 *    documents), with their tiers. The highest tier τ with at least a page of them in the walk has its first
 *    rows there, in order.
 * 2. The gathering: every match of a tier above τ, through indexes that find a superset of them (the title
 *    words of those tiers; titles that start with, or are, the query), sorted. Above τ, each tier held less
 *    than a page in the walk: few rows.
 * The page is the gathered rows, then τ's rows from the walk. The same order as rankedPageStatement; it is
 * used when the walk cannot give a page (too few matches near the start of the tie order, a viewer who sees
 * restricted images, a deep page, "or" mode, identifiers or years in the query, a prefix of very many words).
 * `where` is the matching set; `unindexed`, the same without the words as an index condition.
 */
export async function rankedPage(
  ctx: ServiceContext,
  where: SQL[],
  unindexed: SQL[],
  m: TextMatch,
  normalized: string,
  offset: number,
  limit: number,
  count?: number,
): Promise<{ uid: number; score: number | null }[]> {
  const rows = offset + limit;
  const statement = (known?: number) => {
    ranking.made?.("statement");
    return rankedPageStatement(ctx, where, m, normalized, sql`limit ${limit} offset ${offset}`, known);
  };
  const entries = m.clauses.reduce((sum, c) => sum + c.alts.flat(2).length, 0);
  const eligible =
    ranking.broadPages &&
    m.mode === "and" &&
    !m.idents.length &&
    !m.years &&
    !seesRestrictedMedia(ctx.viewer) &&
    rows <= BROAD_MAX_ROWS &&
    entries <= WALK_MAX_ENTRIES;
  if (!eligible || (count !== undefined && count <= ranking.rankLimit)) return rowsOf(ctx, statement(count), true);
  const docs = docsOf(ctx.locale);
  const n = count ?? (await rowsOf<{ n: number }>(ctx, sql`select ${countUpToLimit(matchingFrom(ctx, where))}::int as n`, true))[0]!.n;
  if (n <= ranking.rankLimit) return rowsOf(ctx, statement(n), true);

  const { tier } = tierOf(ctx, m, normalized, true);
  // (the index's order: a viewer who does not see restricted images has `has_media` as their image flag)
  const ties = sql`d.has_media desc, d.quality desc, d.sort_key collate "C", d.record_uid`;
  const walked = await rowsOf<{ uid: number; tier: number }>(
    ctx,
    sql`
    select d.record_uid as uid, ${tier} as tier
    from (select * from ${docs} d order by ${ties} limit ${Math.min(PROBE_SCAN_LIMIT, Math.floor(WALK_BUDGET / Math.max(1, entries)))}) d
    where ${sql.join(unindexed, sql` and `)}
    order by ${ties} limit ${Math.max(PROBE_PER_ROW * limit, 4 * rows)}`,
    true,
    "walk",
  );
  const perTier = new Map<number, number>();
  for (const w of walked) perTier.set(Number(w.tier), (perTier.get(Number(w.tier)) ?? 0) + 1);
  const tau = [...perTier.keys()].sort((a, b) => b - a).find((t) => perTier.get(t)! >= rows);
  const above = tau === undefined ? null : aboveTier(m, normalized, tau);
  if (tau === undefined || !above) return rowsOf(ctx, statement(n), true);
  const gathered = await rowsOf<{ uid: number }>(
    ctx,
    sql`
    select d.record_uid as uid from (
      select d.record_uid, ${tier} as tier, d.has_media, d.quality, d.sort_key
      from ${docs} d where ${sql.join(unindexed, sql` and `)} and ${above}
    ) d where tier > ${tau}
    order by tier desc, ${ties} limit ${rows}`,
    true,
  );
  ranking.made?.("walk");
  const page = [...gathered.map((g) => Number(g.uid)), ...walked.filter((w) => Number(w.tier) === tau).map((w) => Number(w.uid))];
  return page.slice(offset, rows).map((uid) => ({ uid, score: null }));
}

/** Characters that are neither letters nor digits, as ranges [from, to) of code points (and all beyond ASCII). */
const NOT_ALNUM_RANGES: [string, string][] = [
  ["\u0001", "0"],
  [":", "A"],
  ["[", "a"],
  ["{", "\u0080"],
  ["\u0080", "\u{10FFFF}"],
];

/**
 * An index condition on search documents `d` that holds for every document of a tier above `tau` (null when
 * there is none cheap enough): titles that start with the query, titles that are the query, title words of
 * the title tiers above τ's (see tierOf: start bits 10–11, title tier in bits 0–2; no date or identifier here).
 */
function aboveTier(m: TextMatch, normalized: string, tau: number): SQL | null {
  const starts = tau >> 10;
  const title = tau & 7;
  const isQuery = normalized ? sql`d.sort_key collate "C" = ${normalized}` : sql`false`;
  if (starts === 3) return title < 4 ? isQuery : sql`false`;
  if (starts === 1) return title === 4 ? isQuery : null;
  // A title tier holds every word's (or clause's) group of title entries: per tier above τ's, one index
  // lookup per group, intersected (a common word's title entries alone can be most of the catalogue).
  const levels = new Map<string, number[][]>();
  for (const groups of [m.clauseTitleGroups, m.titleGroups, m.exactTitleGroups, m.formTitleGroups].slice(title)) {
    if (!groups.length || groups.some((g) => !g.length)) continue;
    const sorted = groups.map((g) => [...new Set(g)].sort((a, b) => a - b));
    levels.set(JSON.stringify(sorted), sorted);
  }
  const conds: SQL[] = [];
  // titles that start with the query followed by no letter or digit (sort keys are lower case, unaccented):
  // the ranges of such next characters, in the label index's order
  if (normalized)
    conds.push(
      sql`(${sql.join(
        [
          isQuery,
          ...NOT_ALNUM_RANGES.map(
            ([a, b]) => sql`(d.sort_key collate "C" >= ${normalized + a} and d.sort_key collate "C" < ${normalized + b})`,
          ),
        ],
        sql` or `,
      )})`,
    );
  for (const groups of levels.values())
    conds.push(
      sql`(${sql.join(
        groups.map((g) => sql`d.lex && ${intArray(g)}`),
        sql` and `,
      )})`,
    );
  return conds.length ? sql`(${sql.join(conds, sql` or `)})` : sql`false`;
}

/**
 * The tier keys of the relevance sort (1–5 above) packed into one number per search document `d`, highest
 * first, and the text score's expression over its vectors `x`. `rowTest`: title entries are always tested on
 * the row's title words (a few rows: no second index lookup).
 */
function tierOf(ctx: ServiceContext, m: TextMatch, normalized: string, rowTest: boolean) {
  const { locale } = ctx;
  const identHit = m.idents.length ? sql`coalesce(d.ident = any(${toTextArray(m.idents)}), false)` : sql`false`;
  // dated within the query's years (2), or across them (1: a life, a long span)
  const range = m.years ? sql`int4range(${m.years.from}, ${m.years.to}, '[]')` : null;
  const dateHit = range ? sql`case when d.years <@ ${range} then 2 when d.years && ${range} then 1 else 0 end` : sql`0`;
  // Title matches as hashed sets from the GIN index: every typed word in the title as typed (4), or by its
  // stems (3), the last one as a prefix (2), else every word or one of its equivalents (1).
  // Entries are tested on the matching row's title words (`tlex`, a short array); very many (a short
  // prefix) through the index, as a hashed set, which reads the matching documents again.
  const inTitles = (groups: number[][]) => {
    const g = groups.filter((x) => x.length);
    if (g.length !== groups.length || !g.length) return sql`false`;
    const join = m.mode === "or" ? sql` or ` : sql` and `;
    if (rowTest || g.flat().length <= ROW_TEST_LIMIT)
      return sql`(${sql.join(
        g.map((x) => sql`d.tlex && ${intArray(x)}`),
        join,
      )})`;
    return sql`d.record_uid in (select t.record_uid from ${docsOf(locale)} t where (${sql.join(
      g.map((x) => sql`t.lex && ${intArray(x)}`),
      join,
    )}))`;
  };
  const hasPrefix = m.titleGroups.some((g, i) => g.length !== m.exactTitleGroups[i]!.length);
  const same = (a: number[][], b: number[][]) =>
    JSON.stringify(a.map((g) => [...new Set(g)].sort())) === JSON.stringify(b.map((g) => [...new Set(g)].sort()));
  // a tier that tests the same entries as the one before it is left out
  const exactDiffers = !same(m.exactTitleGroups, m.formTitleGroups);
  const clauseDiffers = !same(m.clauseTitleGroups, hasPrefix ? m.titleGroups : m.exactTitleGroups);
  const titleTiers = sql`case when ${inTitles(m.formTitleGroups)} then 4 when ${exactDiffers ? inTitles(m.exactTitleGroups) : sql`false`} then 3
    when ${hasPrefix ? inTitles(m.titleGroups) : sql`false`} then 2 when ${clauseDiffers ? inTitles(m.clauseTitleGroups) : sql`false`} then 1 else 0 end`;
  // Most matching rows have none of the words in their title: one test of the title words against every
  // entry of the tiers first, and the tiers' own tests only for the rows that pass it (the same value; a broad
  // search computes this for tens of thousands of rows).
  const titleEntries = [...new Set([...m.formTitleGroups, ...m.exactTitleGroups, ...m.titleGroups, ...m.clauseTitleGroups].flat())];
  const rowTested =
    rowTest || [m.formTitleGroups, m.exactTitleGroups, m.titleGroups, m.clauseTitleGroups].every((g) => g.flat().length <= ROW_TEST_LIMIT);
  const titleHit =
    rowTested && titleEntries.length ? sql`case when d.tlex && ${intArray(titleEntries)} then ${titleTiers} else 0 end` : titleTiers;
  const textScore = m.rankQuery ? sql`ts_rank_cd(${WEIGHTS}::float4[], x.tsv, ${m.rankQuery}::tsquery, 1)` : sql`0`;
  const expansionScore = m.expandQuery
    ? sql` + ${EXPANSION_WEIGHT} * ts_rank(${WEIGHTS}::float4[], x.tsv, ${m.expandQuery}::tsquery, 1)`
    : sql``;
  const exact = normalized ? sql`(d.sort_key = ${normalized})` : sql`false`;
  // starts with the query as whole words ("roma" starts "Roma, Colosseo", not "Romantica")
  const starts = normalized
    ? sql`(left(d.sort_key, ${normalized.length}) = ${normalized} and substr(d.sort_key, ${normalized.length + 1}, 1) !~ '[[:alnum:]]')`
    : sql`false`;
  // The tier keys (1–5 above) packed into one number, highest first: one sort key instead of six, computed
  // once per row. (`matched` is at most the number of clauses, far below 2^12; date_hit ≤ 2; title ≤ 4.)
  // (a title that is the query starts with it: one cheap test first)
  const startTiers = normalized
    ? sql`case when starts_with(d.sort_key, ${normalized}) then ((${exact})::int << 11) + ((${starts})::int << 10) else 0 end`
    : sql`0`;
  const tier = sql`((${identHit})::int << 24) + ((${matchedCountSql("d", m)}) << 12) + (${startTiers})
    + ((${dateHit}) << 3) + (${titleHit})`;
  return { tier, rankQuery: sql`${textScore}${expansionScore}` };
}
