import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { hasVisibleImage } from "~/.server/access";
import { toTextArray } from "../records/cards.server";
import { docsOf, intArray, matchedCountSql, type TextMatch } from "./text-match.server";

/** Above this many matches, the text score is left out: it reads every matching vector. */
export const RANK_LIMIT = 4000;

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
 * 6. the text score (at most RANK_LIMIT matches): cover density of the typed
 *    words (proximity) with field weights, normalised by the document's
 *    length, plus a share of the equivalents' score;
 * 7. ties: a visible image, then how complete the record is, then the label.
 */
export function rankedPageStatement(ctx: ServiceContext, where: SQL[], m: TextMatch, normalized: string, limit: SQL, count?: number): SQL {
  const { locale, viewer } = ctx;
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
    if (g.flat().length <= ROW_TEST_LIMIT) return sql`(${sql.join(g.map((x) => sql`d.tlex && ${intArray(x)}`), join)})`;
    return sql`d.record_uid in (select t.record_uid from ${docsOf(locale)} t where (${sql.join(g.map((x) => sql`t.lex && ${intArray(x)}`), join)}))`;
  };
  const hasPrefix = m.titleGroups.some((g, i) => g.length !== m.exactTitleGroups[i]!.length);
  const same = (a: number[][], b: number[][]) => JSON.stringify(a.map((g) => [...new Set(g)].sort())) === JSON.stringify(b.map((g) => [...new Set(g)].sort()));
  // a tier that tests the same entries as the one before it is left out
  const exactDiffers = !same(m.exactTitleGroups, m.formTitleGroups);
  const clauseDiffers = !same(m.clauseTitleGroups, hasPrefix ? m.titleGroups : m.exactTitleGroups);
  const titleTiers = sql`case when ${inTitles(m.formTitleGroups)} then 4 when ${exactDiffers ? inTitles(m.exactTitleGroups) : sql`false`} then 3
    when ${hasPrefix ? inTitles(m.titleGroups) : sql`false`} then 2 when ${clauseDiffers ? inTitles(m.clauseTitleGroups) : sql`false`} then 1 else 0 end`;
  // Most matching rows have none of the words in their title: one test of the title words against every
  // entry of the tiers first, and the tiers' own tests only for the rows that pass it (the same value; a broad
  // search computes this for tens of thousands of rows).
  const titleEntries = [...new Set([...m.formTitleGroups, ...m.exactTitleGroups, ...m.titleGroups, ...m.clauseTitleGroups].flat())];
  const rowTested = [m.formTitleGroups, m.exactTitleGroups, m.titleGroups, m.clauseTitleGroups].every((g) => g.flat().length <= ROW_TEST_LIMIT);
  const titleHit = rowTested && titleEntries.length ? sql`case when d.tlex && ${intArray(titleEntries)} then ${titleTiers} else 0 end` : titleTiers;
  const textScore = m.rankQuery
    ? sql`ts_rank_cd(${WEIGHTS}::float4[], x.tsv, ${m.rankQuery}::tsquery, 1)`
    : sql`0`;
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
  const startTiers = normalized ? sql`case when starts_with(d.sort_key, ${normalized}) then ((${exact})::int << 11) + ((${starts})::int << 10) else 0 end` : sql`0`;
  const tier = sql`((${identHit})::int << 24) + ((${matchedCountSql("d", m)}) << 12) + (${startTiers})
    + ((${dateHit}) << 3) + (${titleHit})`;
  const matching = sql`from ${docsOf(locale)} d where ${sql.join(where, sql` and `)}`;
  // Whether there are at most RANK_LIMIT matches: the count of the matches when the caller knows it (the
  // search's counts computed already), else a count of its own that stops there (an initplan, run once).
  // Matches are not gathered first (a materialised set cost more than this second index lookup).
  const few = count !== undefined ? sql.raw(count <= RANK_LIMIT ? "true" : "false") : sql`(select count(*) from (select 1 ${matching} limit ${RANK_LIMIT + 1}) c) <= ${RANK_LIMIT}`;
  return sql`
    select uid, score from (
      select d.record_uid as uid, d.sort_key, d.quality, ${hasVisibleImage(viewer, "d")} as img, ${tier} as tier,
        case when ${few} then (
          select ${textScore}${expansionScore} from search_texts x where x.locale = ${locale} and x.record_uid = d.record_uid) end as score
      ${matching}
    ) r
    order by tier desc, score desc nulls last, img desc, quality desc, sort_key collate "C" asc, uid
    ${limit}`;
}
