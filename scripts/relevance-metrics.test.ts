// Unit tests of bench/relevance/metrics.ts (here because Vitest collects scripts/**, not bench/**).
import { describe, expect, it } from "vitest";
import {
  dcg,
  idealPrecisionAt,
  mean,
  mustHaveRecallAt,
  ndcgAt,
  precisionAt,
  quantile,
  scoreQuery,
  summarize,
} from "../bench/relevance/metrics";

const judged = new Map([
  ["a", 2],
  ["b", 2],
  ["c", 1],
  ["d", 1],
  ["x", 0],
]);

describe("relevance metrics", () => {
  it("computes DCG with linear gains and a log2 discount", () => {
    expect(dcg([2, 1, 1], 10)).toBeCloseTo(2 + 1 / Math.log2(3) + 1 / Math.log2(4), 10);
    expect(dcg([2, 1, 1], 1)).toBe(2);
    expect(dcg([], 10)).toBe(0);
  });

  it("gives nDCG 1 to the ideal ranking, less to worse ones, 0 to nothing relevant, null without judgments", () => {
    expect(ndcgAt(["a", "b", "c", "d"], judged)).toBeCloseTo(1, 10);
    expect(ndcgAt(["b", "a", "d", "c", "z"], judged)).toBeCloseTo(1, 10); // equal grades in any order
    const swapped = ndcgAt(["c", "d", "a", "b"], judged)!;
    expect(swapped).toBeGreaterThan(0);
    expect(swapped).toBeLessThan(1);
    const ideal = dcg([2, 2, 1, 1], 10);
    expect(ndcgAt(["z", "a"], judged)).toBeCloseTo(2 / Math.log2(3) / ideal, 10);
    expect(ndcgAt(["x", "y"], judged)).toBe(0);
    expect(ndcgAt([], judged)).toBe(0);
    expect(ndcgAt(["a"], new Map([["a", 0]]))).toBeNull();
  });

  it("cuts nDCG at k and ignores a repeated id", () => {
    const many = new Map(Array.from({ length: 20 }, (_, i) => [`r${i}`, 1] as const));
    expect(
      ndcgAt(
        Array.from({ length: 10 }, (_, i) => `r${i}`),
        many,
      ),
    ).toBeCloseTo(1, 10);
    expect(ndcgAt(["a", "a", "b", "c", "d"], judged)).toBeCloseTo(1, 10);
    expect(precisionAt(["a", "a", "a"], judged)).toBeCloseTo(0.1, 10);
  });

  it("computes P@10 over 10, short result lists counting as misses", () => {
    expect(precisionAt(["a", "x", "c", "z"], judged)).toBeCloseTo(0.2, 10);
    expect(precisionAt([], judged)).toBe(0);
    expect(precisionAt(["a", "b", "c", "d"], judged, 2)).toBe(1);
    expect(idealPrecisionAt(judged)).toBeCloseTo(0.4, 10);
    expect(idealPrecisionAt(new Map(Array.from({ length: 30 }, (_, i) => [`r${i}`, 1] as const)))).toBe(1);
  });

  it("computes must-have recall over the must-haves that fit in the top k", () => {
    expect(mustHaveRecallAt(["a", "c"], judged)).toBe(0.5);
    expect(mustHaveRecallAt(["b", "a"], judged)).toBe(1);
    expect(mustHaveRecallAt(["c", "d"], judged)).toBe(0);
    expect(mustHaveRecallAt(["c"], new Map([["c", 1]]))).toBeNull();
    const manyMust = new Map(Array.from({ length: 15 }, (_, i) => [`m${i}`, 2] as const));
    expect(
      mustHaveRecallAt(
        Array.from({ length: 10 }, (_, i) => `m${i}`),
        manyMust,
      ),
    ).toBe(1);
    expect(mustHaveRecallAt(["m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "m10"], manyMust, 5)).toBe(1);
  });

  it("takes nearest-rank quantiles and means that skip nulls", () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
    expect(quantile([7], 0.95)).toBe(7);
    expect(quantile([], 0.5)).toBeNull();
    expect(mean([1, null, 3])).toBe(2);
    expect(mean([null])).toBeNull();
  });

  it("summarises query scores", () => {
    const s = summarize([
      scoreQuery(["a", "b", "c", "d"], judged, 10),
      scoreQuery([], judged, 30),
      scoreQuery(["c"], new Map([["c", 1]]), 20),
    ]);
    expect(s.queries).toBe(3);
    expect(s.ndcg).toBeCloseTo((1 + 0 + 1) / 3, 10);
    expect(s.precision).toBeCloseTo((0.4 + 0 + 0.1) / 3, 10);
    expect(s.mustRecall).toBeCloseTo(0.5, 10); // the third query has no must-have
    expect(s.zero).toBe(1);
    expect(s.zeroRate).toBeCloseTo(1 / 3, 10);
    expect(s.msMedian).toBe(20);
    expect(s.msP95).toBe(30);
  });
});
