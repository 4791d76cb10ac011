/**
 * A pattern an administrator gives (the password rule `patternPassword`, the filters' `regexFiltriInit`)
 * runs on visitors' input: it must compile (with the `u` flag the server uses) and must not backtrack
 * exponentially. The check is the star-height rule of the well-known ReDoS detectors: a quantified group
 * may not contain another quantifier or an alternation (`(a+)+`, `(a|a)*`, `(.*x){2,}`), and back-references
 * are refused. Lookaheads such as `(?=.*[a-z])` are not quantified and pass.
 */
export const PATTERN_MAX = 300;

export type RegexProblem = "tooLong" | "invalid" | "unsafe";

export function regexProblem(pattern: string): RegexProblem | null {
  if (pattern.length > PATTERN_MAX) return "tooLong";
  try {
    new RegExp(pattern, "u");
  } catch {
    return "invalid";
  }
  return nestedQuantifier(pattern) ? "unsafe" : null;
}

/** True when a quantified group holds a quantifier or an alternation, or the pattern back-references. */
function nestedQuantifier(p: string): boolean {
  // Per open group: does it (or a group inside it) hold a quantifier or a '|'?
  const stack: { risky: boolean }[] = [];
  let closedRisky: boolean | null = null; // the group that just closed, waiting to see a quantifier after it
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    const quantifierHere = c === "*" || c === "+" || c === "?" || (c === "{" && /^\{\d+(,\d*)?\}/.test(p.slice(i)));
    if (closedRisky !== null) {
      // Only a repetition without a small bound multiplies the paths: `*`, `+`, `{n,}`, `{n,m}` with m > 10.
      const brace = c === "{" ? /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i)) : null;
      const unbounded = c === "*" || c === "+" || (brace !== null && brace[2] !== undefined && (brace[3] === "" || Number(brace[3]) > 10));
      if (unbounded && closedRisky) return true;
      closedRisky = null;
    }
    if (c === "\\") {
      const next = p[i + 1] ?? "";
      if (/[1-9]/.test(next) || next === "k") return true;
      i++;
      continue;
    }
    if (c === "[") {
      // skip the class (a ']' right after '[' or '[^' belongs to it; escapes inside)
      let j = i + 1;
      if (p[j] === "^") j++;
      if (p[j] === "]") j++;
      for (; j < p.length && p[j] !== "]"; j++) if (p[j] === "\\") j++;
      i = j;
      continue;
    }
    if (c === "(") {
      stack.push({ risky: false });
      continue;
    }
    if (c === ")") {
      const g = stack.pop();
      if (!g) return false;
      if (stack.length && g.risky) stack[stack.length - 1]!.risky = true;
      closedRisky = g.risky;
      continue;
    }
    if (c === "|" && stack.length) stack[stack.length - 1]!.risky = true;
    if (quantifierHere && !(c === "?" && (p[i - 1] === "(" || /[*+?}]/.test(p[i - 1] ?? ""))) && stack.length) {
      stack[stack.length - 1]!.risky = true;
    }
  }
  return false;
}
