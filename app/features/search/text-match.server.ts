import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { accessMask, recordVisible } from "~/.server/access";
import { LOCALES, type Locale } from "~/lib/locale";
import { toTextArray } from "~/features/records/index.server";
import { foldText, queryWords, type ParsedQuery, type YearSpan } from "./query";
import { expandWords, type SynonymIndex } from "./synonyms.server";

/**
 * The words of a search as conditions on search documents (migrations
 * 0010–0011). Every word is looked up in search_lexicon once: its stems in
 * Italian, English and French and its unstemmed form (a record is found by
 * the words of every language it has text in, from any page), and, for the
 * last word, the unstemmed words it begins. A document's `lex` holds
 * 2 × number, + 1 when the word is in a title.
 */

/** `lex` entries of lexicon numbers: the word anywhere (title or not), or in the title only. */
export const anywhere = (ids: number[]) => ids.flatMap((id) => [2 * id, 2 * id + 1]);
export const inTitle = (ids: number[]) => ids.map((id) => 2 * id + 1);

export const intArray = (xs: number[]) => sql`${`{${[...new Set(xs)].join(",")}}`}::int[]`;

/**
 * The search documents of a locale: its partition, named directly. With a
 * `locale = …` condition instead, the planner may read the partition through
 * its primary key and test every row's words, which costs far more than the
 * words' GIN bitmap.
 */
export const docsOf = (locale: Locale) => sql.identifier(`search_docs_${LOCALES.includes(locale) ? locale : "it"}`);

const CONFIGS = "{teca_it,teca_en,teca_fr}";
/** How many words a short last word may stand for as a prefix (shortest first). */
const PREFIX_LIMIT = { 1: 20, 2: 40, long: 400 } as const;
/**
 * A last word this short stands for the words it begins in titles only: one or two letters are a word being
 * typed, and the titles it begins are what the visitor is after (anywhere, "s" reaches most of a catalogue).
 */
const TITLE_PREFIX_MAX = 2;

type Looked = {
  word: string;
  /**
   * A stop word of the page's language: it does not restrict the search. (A stop word of another
   * language is an ordinary word: "come" is one in Italian, not on an English page.)
   */
  stop: boolean;
  /** Lexicon numbers of its stems and unstemmed form; of its unstemmed form only. */
  exact: number[];
  form: number[];
  /** Lexicon numbers of the unstemmed words it begins (the last typed word only). */
  prefix: number[];
  /** Its stems and form as text (the ranking's tsquery). */
  lexemes: string[];
};

async function lookUp(ctx: ServiceContext, words: { word: string; prefix: boolean }[]): Promise<Looked[]> {
  const pageConfig = `teca_${ctx.locale}`;
  if (!words.length) return [];
  const parts = words.map(({ word: w, prefix }, i) => {
    const limit = w.length === 1 ? PREFIX_LIMIT[1] : w.length === 2 ? PREFIX_LIMIT[2] : PREFIX_LIMIT.long;
    const prefixIds =
      prefix && limit > 0
        ? sql`array(select l.id from search_lexicon l, (select (tsvector_to_array(to_tsvector('teca_simple', ${w})))[1] as f) p
          where l.word >= p.f collate "C" and l.word < (p.f || chr(1114111)) collate "C" and l.word <> p.f
          order by length(l.word), l.word limit ${limit})`
        : sql`'{}'::int[]`;
    return sql`select ${i}::int as i,
      length(to_tsvector(${pageConfig}::regconfig, ${w})) = 0 as stop,
      array(select distinct s from (
        select unnest(tsvector_to_array(to_tsvector(c, ${w}))) from unnest(${CONFIGS}::regconfig[]) c
        union all select unnest(tsvector_to_array(to_tsvector('teca_simple', ${w})))) x(s)) as lexemes,
      array(select l.id from (
        select unnest(tsvector_to_array(to_tsvector(c, ${w}))) from unnest(${CONFIGS}::regconfig[]) c
        union select unnest(tsvector_to_array(to_tsvector('teca_simple', ${w})))) x(s)
        join search_lexicon l on l.word = x.s collate "C") as exact,
      array(select l.id from unnest(tsvector_to_array(to_tsvector('teca_simple', ${w}))) x(s)
        join search_lexicon l on l.word = x.s collate "C") as form,
      ${prefixIds} as prefix`;
  });
  const rows = await ctx.database.rows<{ i: number; stop: boolean; lexemes: string[]; exact: number[]; form: number[]; prefix: number[] }>(
    sql.join(parts, sql` union all `),
  );
  rows.sort((a, b) => a.i - b.i);
  return rows.map((r) => ({
    word: words[r.i]!.word,
    stop: r.stop,
    exact: r.exact.map(Number),
    form: r.form.map(Number),
    prefix: r.prefix.map(Number),
    lexemes: r.lexemes,
  }));
}

/** One condition of a search: any of its alternatives (each: every group of `lex` entries), or dated within `years`. */
export type Clause = { alts: number[][][]; years: YearSpan | null };

export type TextMatch = {
  clauses: Clause[];
  /** "and": every clause; "or": any, ranked by how many hold. */
  mode: "and" | "or";
  /** Identifier candidates (search_docs.ident): such a record is found whatever its words, and first. */
  idents: string[];
  /** The first date of the query: records dated then rank first. */
  years: YearSpan | null;
  /**
   * Per literal word, its title entries: the title flag of the relevance sort — the word as typed
   * (unstemmed), its stems (stemming conflates: Italian "roma", "romano", "romiti" are all "rom"), and
   * with the last word as a prefix.
   */
  formTitleGroups: number[][];
  exactTitleGroups: number[][];
  titleGroups: number[][];
  /** Per clause, the title entries of the words of every alternative (equivalents included): the next tier. */
  clauseTitleGroups: number[][];
  /** tsquery texts for ranking: the typed words, and their equivalents (ranked lower). */
  rankQuery: string | null;
  expandQuery: string | null;
  /**
   * Typed words (3 letters or more, without equivalents) and their `lex` entries: those no record the viewer
   * may see holds are candidates for correction (see unknownWords).
   */
  candidates: { word: string; entries: number[] }[];
};

const quoteLexeme = (s: string) => `'${s.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
const orQuery = (terms: string[]) => (terms.length ? [...new Set(terms)].join(" | ") : null);

/**
 * The conditions of a parsed query. Stop words of the page's language do not
 * restrict (unless every word is one: then they are looked for in titles).
 * Dates match by the record's dates or by their words. Equivalent terms
 * (synonyms, thesauri) are alternatives of the words they stand for.
 */
export async function textMatch(
  ctx: ServiceContext,
  parsed: ParsedQuery,
  mode: "and" | "or",
  synonyms: SynonymIndex | null,
): Promise<TextMatch | null> {
  const words = parsed.words;
  if (!words.length) return null;
  // Which words name a date: they form one clause with the date.
  const dateOf = new Map<number, number>();
  parsed.dates.forEach((d, di) => {
    for (let i = 0; i + d.words.length <= words.length; i++)
      if (d.words.every((w, k) => words[i + k] === w && !dateOf.has(i + k))) {
        d.words.forEach((_, k) => {
          dateOf.set(i + k, di);
        });
        break;
      }
  });
  const expansions = synonyms ? expandWords(synonyms, words, (i) => dateOf.has(i)) : [];
  const expansionTerms = [...new Set(expansions.flatMap((e) => e.terms))];
  const termWords = [...new Set(expansionTerms.flatMap((t) => queryWords(t)))];
  const looked = await lookUp(ctx, [
    ...words.map((w, i) => ({ word: w, prefix: i === words.length - 1 && !dateOf.has(i) && !/^\d+$/.test(w) })),
    ...termWords.map((w) => ({ word: w, prefix: false })),
  ]);
  const typed = looked.slice(0, words.length);
  const byTermWord = new Map(looked.slice(words.length).map((l) => [l.word, l]));
  const allStop = typed.every((l) => l.stop);
  const group = (l: Looked) =>
    allStop ? inTitle(l.exact) : [...anywhere(l.exact), ...(l.word.length <= TITLE_PREFIX_MAX ? inTitle(l.prefix) : anywhere(l.prefix))];
  const counts = (i: number) => allStop || !typed[i]!.stop;

  const clauses: Clause[] = [];
  const done = new Set<number>();
  // dates: their words as text, or the record's dates
  parsed.dates.forEach((d, di) => {
    const idx = [...dateOf].filter(([, x]) => x === di).map(([i]) => i);
    if (!idx.length) return;
    idx.forEach((i) => {
      done.add(i);
    });
    const literal = idx.filter(counts).map((i) => group(typed[i]!));
    clauses.push({ alts: literal.length ? [literal] : [], years: { from: d.from, to: d.to } });
  });
  // runs of words with equivalents: the words, or one of the equivalent terms (each word of it)
  for (const e of expansions) {
    const idx = [...Array(e.length).keys()].map((k) => e.start + k);
    idx.forEach((i) => {
      done.add(i);
    });
    const literal = idx.filter(counts).map((i) => group(typed[i]!));
    const alts = e.terms
      .map((t) =>
        queryWords(t)
          .filter((w) => !byTermWord.get(w)?.stop)
          .map((w) => anywhere(byTermWord.get(w)?.exact ?? [])),
      )
      .filter((alt) => alt.length && alt.every((g) => g.length));
    if (literal.length || alts.length) clauses.push({ alts: [...(literal.length ? [literal] : []), ...alts], years: null });
  }
  words.forEach((_, i) => {
    if (done.has(i) || !counts(i)) return;
    clauses.push({ alts: [[group(typed[i]!)]], years: null });
  });

  const literalWords = typed.filter((_, i) => counts(i));
  const lexemesOf = (l: Looked, i: number) => [
    ...l.lexemes.map(quoteLexeme),
    ...(i === words.length - 1 && l.prefix.length ? [`${quoteLexeme(foldText(l.word).replace(/ /g, ""))}:*`] : []),
  ];
  return {
    clauses,
    mode,
    idents: parsed.idents,
    years: parsed.dates[0] ? { from: parsed.dates[0].from, to: parsed.dates[0].to } : null,
    formTitleGroups: literalWords.map((l) => inTitle(l.form)),
    exactTitleGroups: literalWords.map((l) => inTitle(l.exact)),
    titleGroups: literalWords.map((l) => inTitle([...l.exact, ...l.prefix])),
    clauseTitleGroups: clauses.filter((c) => c.alts.length).map((c) => c.alts.flat(2).filter((e) => e % 2 === 1)),
    rankQuery: orQuery(typed.flatMap((l, i) => (counts(i) ? lexemesOf(l, i) : []))),
    expandQuery: orQuery(termWords.flatMap((w) => byTermWord.get(w)?.lexemes.map(quoteLexeme) ?? [])),
    // (a word with equivalents is not unknown: "incisione" finds engravings in an English-only catalogue)
    candidates: typed
      .filter(
        (l, i) =>
          counts(i) &&
          !l.stop &&
          l.word.length >= 3 &&
          !/^\d+$/.test(l.word) &&
          !expansions.some(
            (e) =>
              i >= e.start && i < e.start + e.length && e.terms.some((t) => queryWords(t).every((w) => byTermWord.get(w)?.exact.length)),
          ),
      )
      .map((l) => ({ word: l.word, entries: anywhere([...l.exact, ...l.prefix]) })),
  };
}

/** SQL: the document `alias` satisfies a clause. */
export function clauseSql(alias: string, c: Clause): SQL {
  const a = sql.identifier(alias);
  // Alternatives of one group each are one condition: `lex && G or lex && H` is `lex && (G ∪ H)`, one GIN
  // lookup that reads each entry's postings once (a word and its equivalents often share entries).
  const single = c.alts.filter((alt) => alt.length === 1).flat(2);
  const several = [
    ...new Map(
      c.alts.filter((alt) => alt.length > 1).map((alt) => [JSON.stringify(alt.map((g) => [...new Set(g)].sort((x, y) => x - y))), alt]),
    ).values(),
  ];
  const groups = [...(single.length ? [[single]] : []), ...several];
  const alts = groups.map(
    (alt) =>
      sql`(${sql.join(
        alt.map((g) => sql`${a}.lex && ${intArray(g)}`),
        sql` and `,
      )})`,
  );
  if (c.years) alts.push(sql`${a}.years && int4range(${c.years.from}, ${c.years.to}, '[]')`);
  return alts.length ? sql`(${sql.join(alts, sql` or `)})` : sql`false`;
}

/** SQL: the document `alias` matches the words (every clause, or any in "or" mode), or is one of the identifiers. */
export function matchSql(alias: string, m: TextMatch): SQL {
  const a = sql.identifier(alias);
  const clauses = m.clauses.map((c) => clauseSql(alias, c));
  const words = clauses.length ? sql`(${sql.join(clauses, m.mode === "or" ? sql` or ` : sql` and `)})` : sql`false`;
  return m.idents.length ? sql`(${words} or ${a}.ident = any(${toTextArray(m.idents)}))` : words;
}

/** SQL: how many clauses the document `alias` satisfies (the first key of the relevance sort in "or" mode). */
export function matchedCountSql(alias: string, m: TextMatch): SQL {
  if (m.mode !== "or" || m.clauses.length < 2) return sql`0`;
  // (an undated record's date clause is null, not false)
  return sql`(${sql.join(
    m.clauses.map((c) => sql`coalesce(${clauseSql(alias, c)}, false)::int`),
    sql` + `,
  )})`;
}

/**
 * The typed words no record the viewer may see holds. The lexicon knows the words of every record, restricted
 * ones too: whether a word is "unknown" (and so offered a correction) must not tell a visitor that it exists
 * in a record they may not see.
 */
export async function unknownWords(ctx: ServiceContext, m: TextMatch): Promise<string[]> {
  const known = m.candidates.filter((c) => c.entries.length);
  if (!known.length) return m.candidates.map((c) => c.word);
  const rows = await rowsOf<{ i: number; seen: boolean }>(
    ctx,
    sql.join(
      known.map(
        (c, i) => sql`select ${i}::int as i, exists (
    select 1 from ${docsOf(ctx.locale)} d where ${recordVisible(ctx.viewer, "d")} and d.lex && ${intArray(c.entries)}) as seen`,
      ),
      sql` union all `,
    ),
    true,
  );
  const seen = new Set(rows.filter((r) => r.seen).map((r) => known[r.i]!.word));
  return m.candidates.map((c) => c.word).filter((w) => !seen.has(w));
}

/**
 * Runs a statement; when it matches words (GIN lookups on search_docs.lex),
 * with sequential and ordered index scans off: for a common word the planner
 * would rather scan the table, and for a rare one walk a sort index, testing
 * every row's array against the word's entries — which costs far more per
 * row than it estimates. Bitmap scans of the GIN index never test arrays.
 */
export async function rowsOf<T>(ctx: ServiceContext, statement: SQL, words: boolean, plan: "bitmap" | "walk" = "bitmap"): Promise<T[]> {
  if (!words) return ctx.database.rows<T>(statement);
  // ("walk": a statement that reads an index in order and tests each document's words, a bounded number of them)
  const off = plan === "walk" ? "enable_bitmapscan" : "enable_indexscan";
  return ctx.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config(${off}, 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
  });
}

/** How close (pg_trgm similarity, 0–1) a catalogue word must be to a typed one to be a candidate correction. */
const CORRECTION_THRESHOLD = 0.3;
/** Candidates per word, and how many documents are counted at most to tell a common word from a rare one. */
const CANDIDATES = 8;
const FREQUENCY_CAP = 500;

/** Edit distance with transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)] as number[]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/**
 * A correction of each word: among the words of the records the viewer may
 * see (search_words keeps, per word, the access levels of the records
 * holding it) that look like it (trigrams) and are within two letters of
 * its length, the one fewest edits away (at most a third of the word),
 * then the one more visible records hold. Words without one are left out.
 */
export async function corrections(ctx: ServiceContext, words: string[]): Promise<Map<string, string>> {
  const list = [...new Set(words.filter((w) => w.length >= 3))];
  if (!list.length) return new Map();
  const mask = accessMask(ctx.viewer);
  const rows = await rowsOf<{ q: string; u: string; word: string; df: number }>(
    ctx,
    sql`
    select w.q, unaccent(w.q) as u, c.word, (
      select count(*) from (
        select 1 from ${docsOf(ctx.locale)} d join search_lexicon l on l.word = c.word collate "C"
        where ${recordVisible(ctx.viewer, "d")} and d.lex && array[2 * l.id, 2 * l.id + 1]
        limit ${FREQUENCY_CAP}
      ) f)::int as df
    from unnest(${toTextArray(list)}) as w(q)
    cross join lateral (
      select s.word from search_words s
      where s.word % unaccent(w.q) and similarity(s.word, unaccent(w.q)) >= ${CORRECTION_THRESHOLD}
        and abs(length(s.word) - length(w.q)) <= 2 and (s.mask & ${mask}::smallint) <> 0 and s.word <> unaccent(w.q)
      order by similarity(s.word, unaccent(w.q)) desc, s.word limit ${CANDIDATES}
    ) c`,
    true,
  );
  const best = new Map<string, { word: string; dist: number; df: number }>();
  for (const r of rows) {
    const dist = editDistance(r.u, r.word);
    if (dist > Math.max(1, Math.floor(r.u.length / 3)) || r.df === 0) continue;
    const cur = best.get(r.q);
    if (!cur || dist < cur.dist || (dist === cur.dist && r.df > cur.df)) best.set(r.q, { word: r.word, dist, df: r.df });
  }
  return new Map([...best].map(([q, b]) => [q, b.word]));
}
