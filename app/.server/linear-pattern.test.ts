import { describe, expect, it } from "vitest";
import { compilePattern, INPUT_MAX, patternProblem, PROGRAM_MAX, type LinearPattern } from "./linear-pattern";

const compiled = (p: string) => {
  const c = compilePattern(p);
  if (typeof c === "string") throw new Error(`${p}: ${c}`);
  return c as LinearPattern;
};
/** The fastest of three runs, in ms: what the work costs, not how busy the shared machine is. */
const ms = (fn: () => void) => {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
};

/** Inputs shaped to hurt a backtracking engine: long runs that almost match, then fail at the end. */
const HOSTILE = [
  "a".repeat(256),
  `${"a".repeat(255)}!`,
  `${"a".repeat(254)}!a`,
  `${"A1-".repeat(85)}x`,
  "aé".repeat(128),
  "a!".repeat(128),
];

describe("linear-time patterns", () => {
  it("runs the review's pattern on 256-character inputs in under 50 ms", () => {
    const pattern = "^\\w*\\w*\\w*\\w*\\w*\\w*!$";
    for (const input of HOSTILE) {
      expect(input.length).toBeGreaterThanOrEqual(256);
      let matched = true;
      const took = ms(() => (matched = compiled(pattern).test(input)));
      expect(took, input.slice(0, 20)).toBeLessThan(50);
      expect(matched).toBe(/^\w*!$/.test(input));
    }
    expect(compiled(pattern).test("abc!")).toBe(true);
  });

  it("keeps the worst pattern it accepts cheap: the compiled size is bounded", () => {
    // Each character of input may walk every instruction: 1,016 are refused, 928 (near the limit) run.
    expect(patternProblem("^(.{0,22}){22}$")).toBe("tooBig");
    const under = "^(.{0,21}){21}$";
    expect(patternProblem(under)).toBeNull();
    for (const input of HOSTILE) {
      // ~20 ms here; the bound leaves room for a loaded machine.
      expect(
        ms(() => compiled(under).test(input)),
        input.slice(0, 20),
      ).toBeLessThan(250);
    }
    expect(PROGRAM_MAX).toBe(1000);
  });

  it("matches like RegExp wherever both read a pattern the same way", () => {
    const patterns = [
      "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[-_!$%@#]).{8,}$",
      "^(?!.*password)(?=.*\\d).{8,}$",
      "^(?=.*\\d).{12,}$",
      "^(?=a|b)c",
      "^(?=.{3,5}$)[a-z]+$",
      "^[a-z]+(-[a-z]+)?$",
      "(a+)+b",
      "colou?r",
      "^(?:[A-Z][a-z]+ ?){2,3}$",
      "\\bArchivio\\b",
      "^\\w*\\w*\\w*!$",
      "[(?=]x",
      "^$",
    ];
    const inputs = [
      "",
      "Archivio-2026",
      "archivio2026",
      "Abcdefg1!",
      "password1234",
      "Password-1234",
      "aaab",
      "ac",
      "bc",
      "cc",
      "abc",
      "abcdef",
      "colour",
      "color",
      "Maria Rossi",
      "Maria rossi",
      "l'Archivio di Stato",
      "ab-cd",
      "ab--cd",
      "xyz!",
      "(x",
      "=x",
      "x".repeat(20),
    ];
    for (const p of patterns) {
      const ours = compiled(p);
      const theirs = new RegExp(p, "u");
      for (const s of inputs) expect(ours.test(s), `${p} on ${JSON.stringify(s)}`).toBe(theirs.test(s));
    }
  });

  it("never matches an input longer than INPUT_MAX", () => {
    expect(compiled(".*").test("x".repeat(INPUT_MAX))).toBe(true);
    expect(compiled(".*").test("x".repeat(INPUT_MAX + 1))).toBe(false);
  });

  it.each([
    ["x".repeat(301), "tooLong"],
    ["([a-z", "invalid"],
    ["a)", "invalid"],
    ["\\u00e0", "invalid"],
    ["a{1001}", "invalid"],
    ["(a)\\1", "unsupported"],
    ["(?<n>a)\\k<n>", "unsupported"],
    ["(?<=a)b", "unsupported"],
    ["(?<!a)b", "unsupported"],
    ["(?=.*\\d).{8,}", "unsupported"],
    ["^.{8,}(?=x)", "unsupported"],
    ["^(?=(?=a)b)", "unsupported"],
    ["^(?=.*\\d)x|y", "unsupported"],
    ["(.{0,30}){30}", "tooBig"],
    ["^(?=.{0,500}a)(?=.{0,500}b)", "tooBig"],
  ])("refuses %s (%s)", (p, problem) => {
    expect(patternProblem(p)).toBe(problem);
  });

  it("reads escapes, classes and quoted text without taking them for groups", () => {
    expect(patternProblem("\\(?=x")).toBeNull();
    expect(compiled("\\(?=x").test("(=x")).toBe(true);
    expect(compiled("[(?<=]+").test("?<=")).toBe(true);
    expect(compiled("\\Q(?=\\E").test("a(?=b")).toBe(true);
    expect(compiled("[[:alpha:](]+$").test("ab(")).toBe(true);
    expect(compiled("^(?P<year>\\d{4})$").test("1848")).toBe(true);
  });
});
