/**
 * What a search text says, before any database is asked: its words, the
 * identifiers it may be (an inventory number typed as shown on a record),
 * and the years, spans and centuries it names, in Italian, English and
 * French. Universal (no SQL): the page uses it too.
 */

export type YearSpan = { from: number; to: number };

/** A date named in the query, with the words that name it (matched as text too). */
export type DateToken = YearSpan & { words: string[] };

export type ParsedQuery = {
  /** Lower-case words (NFC), in order, at most MAX_WORDS; the words of dates included. */
  words: string[];
  /** Identifier candidates, normalised as search_docs.ident (see identNorm). */
  idents: string[];
  /** Dates named in the query (at most one span per phrase), in order. */
  dates: DateToken[];
  /** The whole text as the search documents' sort keys hold labels (exact and starts-with title matches). */
  normalized: string;
};

export const MAX_WORDS = 12;

/** Lower-case NFC words of a text. */
export function queryWords(q: string): string[] {
  return (
    q
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, MAX_WORDS);
}

/** A text without accents, in lower case, words separated by one space. */
export function foldText(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** As the importer's sort keys: lower case, no accents, no leading punctuation (spaces and inner punctuation kept). */
export function sortKeyOf(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .trim();
}

/** As SQL teca_ident_norm: lower case, letters and digits only ("FOT 83" → "fot83"). */
export function identNorm(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
export function romanToInt(s: string): number | null {
  const t = s.toLowerCase();
  if (!/^[ivxlc]+$/.test(t)) return null;
  let total = 0;
  for (let i = 0; i < t.length; i++) {
    const v = ROMAN[t[i]!]!;
    const next = ROMAN[t[i + 1] ?? ""] ?? 0;
    total += v < next ? -v : v;
  }
  // Only canonical numerals (xviii, not iixx).
  return intToRoman(total) === t ? total : null;
}
function intToRoman(n: number): string {
  const table: [number, string][] = [
    [100, "c"],
    [90, "xc"],
    [50, "l"],
    [40, "xl"],
    [10, "x"],
    [9, "ix"],
    [5, "v"],
    [4, "iv"],
    [1, "i"],
  ];
  let out = "";
  for (const [v, r] of table)
    while (n >= v) {
      out += r;
      n -= v;
    }
  return out;
}

const century = (n: number): YearSpan | null => (n >= 1 && n <= 21 ? { from: (n - 1) * 100 + 1, to: n * 100 } : null);

/** Italian names of the centuries ("Ottocento" = the 1800s). */
const CENTO: Record<string, number> = {
  duecento: 1200,
  trecento: 1300,
  quattrocento: 1400,
  cinquecento: 1500,
  seicento: 1600,
  settecento: 1700,
  ottocento: 1800,
  novecento: 1900,
};
const ORDINALS_EN: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  "twenty-first": 21,
};

const YEAR_MIN = 100;
const YEAR_MAX = 2100;
const plausible = (y: number) => y >= YEAR_MIN && y <= YEAR_MAX;

type DateRule = { re: RegExp; span: (m: RegExpExecArray) => YearSpan | null };

/** Date phrases, longest first; each match is removed before the next rule runs. */
const DATE_RULES: DateRule[] = [
  // centuries: "XVIII secolo", "sec. XVIII", "secolo XVIII", "18° secolo", "XVIIIe siècle", "18e siècle", "18th century"
  { re: /\b([ivxlc]+)\s*(?:°|º)?\s*(?:secolo|sec\.?)(?=\s|$|[,;])/giu, span: (m) => century(romanToInt(m[1]!) ?? 0) },
  { re: /(?:^|\s)(?:secolo|sec\.)\s*([ivxlc]+)\b/giu, span: (m) => century(romanToInt(m[1]!) ?? 0) },
  { re: /\b(\d{1,2})\s*(?:°|º|esimo)?\s*(?:secolo|sec\.)(?=\s|$|[,;])/giu, span: (m) => century(Number(m[1])) },
  { re: /\b([ivxlc]+)(?:e|è|ème|eme)\s+si[eè]cle\b/giu, span: (m) => century(romanToInt(m[1]!) ?? 0) },
  { re: /\b(\d{1,2})(?:e|è|ème|eme)\s+si[eè]cle\b/giu, span: (m) => century(Number(m[1])) },
  { re: /\b(\d{1,2})(?:st|nd|rd|th)[\s-]+century\b/giu, span: (m) => century(Number(m[1])) },
  {
    re: /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-first)[\s-]+century\b/giu,
    span: (m) => century(ORDINALS_EN[m[1]!.toLowerCase()] ?? 0),
  },
  {
    re: /\b(duecento|trecento|quattrocento|cinquecento|seicento|settecento|ottocento|novecento)\b/giu,
    span: (m) => {
      const y = CENTO[m[1]!.toLowerCase()]!;
      return { from: y, to: y + 99 };
    },
  },
  // spans: "1820-1830", "1820–30", "1820 / 1830"
  {
    re: /\b(\d{3,4})\s*[-–—/]\s*(\d{2,4})\b/gu,
    span: (m) => {
      const a = Number(m[1]);
      let b = Number(m[2]);
      if (m[2]!.length < m[1]!.length) b = Number(m[1]!.slice(0, m[1]!.length - m[2]!.length) + m[2]);
      return plausible(a) && plausible(b) && a <= b ? { from: a, to: b } : null;
    },
  },
  // decades: "1820s", "anni 1820", "années 1820"
  {
    re: /\b(\d{3})0\s*s\b/gu,
    span: (m) => {
      const y = Number(m[1]) * 10;
      return plausible(y) ? { from: y, to: y + 9 } : null;
    },
  },
  {
    re: /\b(?:anni|ann[ée]es)\s+(\d{3})0\b/giu,
    span: (m) => {
      const y = Number(m[1]) * 10;
      return plausible(y) ? { from: y, to: y + 9 } : null;
    },
  },
  // a year
  {
    re: /\b(\d{4})\b/gu,
    span: (m) => {
      const y = Number(m[1]);
      return plausible(y) ? { from: y, to: y } : null;
    },
  },
];

/** The dates a text names ("XVIII secolo" → 1701–1800), each with its words. */
export function parseDates(q: string): DateToken[] {
  let rest = q.normalize("NFC");
  const found: { at: number; token: DateToken }[] = [];
  for (const rule of DATE_RULES) {
    rule.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    const hits: RegExpExecArray[] = [];
    while ((m = rule.re.exec(rest))) hits.push(m);
    for (const hit of hits) {
      const span = rule.span(hit);
      if (!span) continue;
      found.push({ at: hit.index, token: { ...span, words: queryWords(hit[0]) } });
      // blank the phrase out (same length) so that later rules do not read it again
      rest = rest.slice(0, hit.index) + " ".repeat(hit[0].length) + rest.slice(hit.index + hit[0].length);
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.token);
}

/**
 * Identifier candidates: the whole text when it holds a digit and is short
 * ("FOT 83", "1993.12.3" — which is also read as the year 1993), and each space-separated part that mixes digits
 * with letters or punctuation ("A00155" in "Tate A00155"). Plain years and
 * short numbers are not identifiers.
 */
export function identCandidates(q: string): string[] {
  q = q.normalize("NFC");
  const out = new Set<string>();
  const isYearLike = (s: string) => /^\d{1,4}$/.test(s);
  const whole = identNorm(q);
  const parts = q.trim().split(/\s+/).filter(Boolean);
  // (a span of years may be an inventory number too — "2001/45": an identifier match only adds records)
  if (/\d/.test(whole) && whole.length >= 3 && whole.length <= 40 && parts.length <= 4 && !isYearLike(whole)) out.add(whole);
  for (const part of parts) {
    const n = identNorm(part);
    if (n.length >= 3 && n.length <= 40 && /\d/.test(n) && (/\p{L}/u.test(n) || /[./_-]/.test(part)) && !isYearLike(n)) out.add(n);
  }
  return [...out];
}

/**
 * The text with its corrected words replaced (as typed otherwise: case, punctuation) and its unknown words
 * that have no correction left out.
 */
export function correctText(q: string, fixes: Map<string, string>, unknown: Set<string>): string {
  return q
    .normalize("NFC")
    .replace(/[\p{L}\p{N}]+/gu, (w) => {
      const fix = fixes.get(w.toLowerCase());
      // a capital as typed stays ("Turnr" → "Turner")
      if (fix) return /^\p{Lu}/u.test(w) ? fix.charAt(0).toUpperCase() + fix.slice(1) : fix;
      return unknown.has(w.toLowerCase()) ? "" : w;
    })
    .replace(/\s+/g, " ")
    .trim();
}

export function parseQuery(q: string): ParsedQuery {
  return { words: queryWords(q), idents: identCandidates(q), dates: parseDates(q), normalized: sortKeyOf(q) };
}
