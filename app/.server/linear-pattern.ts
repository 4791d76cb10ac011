import { RE2JS } from "re2js";

/**
 * Patterns an administrator writes (the password rule `patternPassword`, the filters' `regexFiltriInit`) run
 * on what visitors type, so they never run on JavaScript's backtracking RegExp: they run on RE2 (re2js), whose
 * matching time grows with the input's length times the pattern's compiled size, whatever the pattern
 * (decision 079). The syntax is RE2's: no back-references and no lookbehinds. Lookaheads (which RE2 lacks)
 * are kept in one place, right after a leading `^`, because the spec's own password rule is written that way
 * (`^(?=.*[a-z])(?=.*\d).{8,}$`): each becomes a pattern of its own tried at the start of the input, and the
 * input matches when every one of them says so — which is what the lookaheads mean there.
 */
export const PATTERN_MAX = 300;
/** Compiled instructions, all parts together: what one input character may cost (`(.{0,30}){30}` has 1,862). */
export const PROGRAM_MAX = 1000;
/** Longer inputs never match: the work per test stays bounded even when a caller forgets its own limit. */
export const INPUT_MAX = 1024;

export type PatternProblem = "tooLong" | "invalid" | "unsupported" | "tooBig";

export type LinearPattern = {
  /** Whether the pattern matches somewhere in `input` (as RegExp.prototype.test); false beyond INPUT_MAX. */
  test(input: string): boolean;
};

type Part = { re: RE2JS; negate: boolean };

const cache = new Map<string, LinearPattern | PatternProblem>();
const CACHE_MAX = 32;

/** The pattern compiled for linear-time matching, or why it cannot be. Results are kept per source. */
export function compilePattern(source: string): LinearPattern | PatternProblem {
  let hit = cache.get(source);
  if (hit === undefined) {
    hit = compile(source);
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(source, hit);
  }
  return hit;
}

/** Why `source` cannot serve as a pattern, or null when it can. */
export function patternProblem(source: string): PatternProblem | null {
  const p = compilePattern(source);
  return typeof p === "string" ? p : null;
}

function compile(source: string): LinearPattern | PatternProblem {
  if (source.length > PATTERN_MAX) return "tooLong";
  const split = splitLeadingLookaheads(source);
  if (typeof split === "string") return split;
  const parts: Part[] = [];
  let size = 0;
  for (const { source: s, negate } of split) {
    let re: RE2JS;
    try {
      re = RE2JS.compile(s);
    } catch {
      return "invalid";
    }
    size += re.programSize();
    if (size > PROGRAM_MAX) return "tooBig";
    parts.push({ re, negate });
  }
  return { test: (input) => input.length <= INPUT_MAX && parts.every((p) => p.re.test(input) !== p.negate) };
}

type Group = { start: number; end: number; depth: number; kind: "plain" | "ahead" | "notAhead" | "behind" };

/**
 * `^(?=A)(?!B)rest` → `^(?:A)`, not `^(?:B)`, `^rest`; any other pattern is one part. Refuses what RE2 would
 * misread or JavaScript users would expect to work: a lookaround elsewhere, a lookbehind, a back-reference,
 * and leading lookaheads beside a top-level `|` (there the lookaheads bind to the first branch only).
 */
function splitLeadingLookaheads(p: string): { source: string; negate: boolean }[] | PatternProblem {
  const groups: Group[] = [];
  const open: Group[] = [];
  let topLevelBar = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      const next = p[i + 1] ?? "";
      if (next === "Q") {
        // quoted text runs to \E (or the end): nothing in it is syntax
        const end = p.indexOf("\\E", i + 2);
        i = end < 0 ? p.length : end + 1;
        continue;
      }
      if (/[1-9k]/.test(next)) return "unsupported";
      i++;
      continue;
    }
    if (c === "[") {
      i = classEnd(p, i);
      continue;
    }
    if (c === "(") {
      const kind = p.startsWith("(?=", i)
        ? "ahead"
        : p.startsWith("(?!", i)
          ? "notAhead"
          : p.startsWith("(?<=", i) || p.startsWith("(?<!", i)
            ? "behind"
            : "plain";
      const g: Group = { start: i, end: -1, depth: open.length, kind };
      groups.push(g);
      open.push(g);
      continue;
    }
    if (c === ")") {
      const g = open.pop();
      if (!g) return "invalid";
      g.end = i;
      continue;
    }
    if (c === "|" && open.length === 0) topLevelBar = true;
  }
  if (open.length) return "invalid";

  const parts: { source: string; negate: boolean }[] = [];
  const leading = new Set<Group>();
  let rest = 0;
  if (p.startsWith("^")) {
    rest = 1;
    for (const g of groups) {
      if (g.depth > 0) continue;
      if (g.start !== rest || (g.kind !== "ahead" && g.kind !== "notAhead")) break;
      parts.push({ source: `^(?:${p.slice(g.start + 3, g.end)})`, negate: g.kind === "notAhead" });
      leading.add(g);
      rest = g.end + 1;
    }
  }
  if (groups.some((g) => g.kind !== "plain" && !leading.has(g))) return "unsupported";
  if (!parts.length) return [{ source: p, negate: false }];
  if (topLevelBar) return "unsupported";
  return [...parts, { source: `^${p.slice(rest)}`, negate: false }];
}

/** The index of the `]` closing the character class opened at `i` (RE2: a `]` first is literal; `[:alpha:]` inside). */
function classEnd(p: string, i: number): number {
  let j = i + 1;
  if (p[j] === "^") j++;
  if (p[j] === "]") j++;
  while (j < p.length && p[j] !== "]") {
    if (p[j] === "\\") j += 2;
    else if (p.startsWith("[:", j) && p.indexOf(":]", j + 2) > 0) j = p.indexOf(":]", j + 2) + 2;
    else j++;
  }
  return j;
}
