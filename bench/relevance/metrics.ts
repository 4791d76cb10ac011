/**
 * Relevance metrics of the benchmark (npm run bench:relevance). A ranking is
 * the list of record ids an engine returned, best first; judgments map record
 * ids to grades: 2 must-have, 1 relevant, absent or 0 not relevant.
 */

export type Judgments = ReadonlyMap<string, number>;

/** DCG of the first k gains, linear gain, log2(rank + 1) discount. */
export function dcg(gains: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, gains.length); i++) sum += gains[i]! / Math.log2(i + 2);
  return sum;
}

/**
 * nDCG@k with graded gains (the grades themselves): the ranking's DCG over the
 * DCG of the ideal ranking of every judged record. Null when nothing is
 * relevant (the query cannot be scored).
 */
export function ndcgAt(ranked: readonly string[], judgments: Judgments, k = 10): number | null {
  const ideal = [...judgments.values()].filter((g) => g > 0).sort((a, b) => b - a);
  const best = dcg(ideal, k);
  if (best === 0) return null;
  return (
    dcg(
      dedupe(ranked).map((id) => judgments.get(id) ?? 0),
      k,
    ) / best
  );
}

/** P@k: relevant records (grade ≥ 1) among the first k, over k (fewer results count as misses). */
export function precisionAt(ranked: readonly string[], judgments: Judgments, k = 10): number {
  return (
    dedupe(ranked)
      .slice(0, k)
      .filter((id) => (judgments.get(id) ?? 0) > 0).length / k
  );
}

/**
 * Must-have recall@k: the must-have records (grade 2) among the first k, over
 * how many of them could fit there (min(k, must-haves)). Null when the query
 * has no must-have.
 */
export function mustHaveRecallAt(ranked: readonly string[], judgments: Judgments, k = 10): number | null {
  const must = [...judgments.entries()].filter(([, g]) => g >= 2).length;
  if (!must) return null;
  const found = dedupe(ranked)
    .slice(0, k)
    .filter((id) => (judgments.get(id) ?? 0) >= 2).length;
  return found / Math.min(k, must);
}

/** The best P@k these judgments allow (a query with 3 relevant records reaches 0.3 at most). */
export function idealPrecisionAt(judgments: Judgments, k = 10): number {
  return Math.min(k, [...judgments.values()].filter((g) => g > 0).length) / k;
}

/** The q-quantile (0–1) by the nearest-rank method; null for no values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

/** The mean of the values that are not null; null when none is. */
export function mean(values: readonly (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

/** One query's figures for one engine. */
export type QueryScore = {
  ndcg: number | null;
  precision: number;
  mustRecall: number | null;
  zero: boolean;
  ms: number;
};

export function scoreQuery(ranked: readonly string[], judgments: Judgments, ms: number, k = 10): QueryScore {
  return {
    ndcg: ndcgAt(ranked, judgments, k),
    precision: precisionAt(ranked, judgments, k),
    mustRecall: mustHaveRecallAt(ranked, judgments, k),
    zero: ranked.length === 0,
    ms,
  };
}

/** Figures of a group of queries: means of the scores, the share of empty results, latency median and p95. */
export type Summary = {
  queries: number;
  ndcg: number | null;
  precision: number | null;
  mustRecall: number | null;
  zeroRate: number | null;
  zero: number;
  msMedian: number | null;
  msP95: number | null;
};

export function summarize(scores: readonly QueryScore[]): Summary {
  const zero = scores.filter((s) => s.zero).length;
  return {
    queries: scores.length,
    ndcg: mean(scores.map((s) => s.ndcg)),
    precision: mean(scores.map((s) => s.precision)),
    mustRecall: mean(scores.map((s) => s.mustRecall)),
    zeroRate: scores.length ? zero / scores.length : null,
    zero,
    msMedian: quantile(
      scores.map((s) => s.ms),
      0.5,
    ),
    msP95: quantile(
      scores.map((s) => s.ms),
      0.95,
    ),
  };
}

/** A ranking lists a record once: a repeated id counts at its first rank only. */
function dedupe(ranked: readonly string[]): string[] {
  return [...new Set(ranked)];
}
