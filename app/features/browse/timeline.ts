/**
 * The search page's timeline (issue 31 §7): one bar per decade where there is room, and on a narrow column
 * (a phone) fewer, longer periods — 20, 50, 100… years — so that every bar fits with a 24 px target and the
 * axis' first and last years are those of the bars shown. A period's count is exact: the records whose dates
 * overlap it, each once, as a click on its bar finds them (not the sum of its decades, where a record dated
 * across two decades would count twice).
 */

/** One bar: its first and last year, and the records its click finds. */
export type TimelineBar = { from: number; to: number; count: number };

/** The bars in both forms: `narrow` is null when the decades fit anywhere. */
export type TimelineBars = { decades: TimelineBar[]; narrow: { step: number; bars: TimelineBar[]; foldBelow: number } | null };

/** A bar's width and the gap after it (px): a finger's target, as WCAG 2.5.8 asks. */
export const BAR_PX = 24;
export const GAP_PX = 2;
/** At most this many bars on the narrowest phone: a 320 px screen leaves 288 px for them. */
export const NARROW_MAX = 11;
/** Years per bar on a narrow column, the first that gives at most NARROW_MAX bars. */
export const STEPS = [20, 50, 100, 200, 500, 1000] as const;
/**
 * Column widths (rem) below which the narrow bars are shown: the first one at least as wide as the decades need
 * (app.css has a container query for each, every 2 rem from 20 to 80). Past the last, wide columns show decades
 * narrower than 24 px.
 */
export const FOLDS = Array.from({ length: 31 }, (_, i) => 20 + 2 * i);

/**
 * The timeline of a search: its decades with records inside the site's range (`range`, years), and, when they
 * are more than a phone shows, the same span in longer periods counted from `spans`.
 */
export function timelineBars(
  decades: { decade: number; count: number }[],
  spans: { from: number; to: number; count: number }[],
  range: { from: number; to: number },
): TimelineBars {
  const lo = Math.floor(range.from / 10) * 10;
  const shown = decades.filter((d) => d.decade >= lo && d.decade <= range.to);
  const bars = shown.map((d) => ({ from: d.decade, to: d.decade + 9, count: d.count }));
  if (bars.length <= NARROW_MAX) return { decades: bars, narrow: null };
  const first = shown[0]!.decade;
  const last = shown.at(-1)!.decade;
  const step = STEPS.find((s) => Math.floor(last / s) - Math.floor(first / s) + 1 <= NARROW_MAX) ?? STEPS.at(-1)!;
  const narrow: TimelineBar[] = [];
  for (let start = Math.floor(first / step) * step; start <= last; start += step) {
    // the periods are round (1900–1949) but stop where the decades shown do, so the axis says what is drawn
    const from = Math.max(start, first);
    const to = Math.min(start + step - 10, last);
    const count = spans.reduce((n, s) => (s.from <= to && s.to >= from ? n + s.count : n), 0);
    if (count > 0) narrow.push({ from, to: to + 9, count });
  }
  const need = (bars.length * (BAR_PX + GAP_PX)) / 16;
  const foldBelow = FOLDS.find((f) => f >= need) ?? FOLDS.at(-1)!;
  return { decades: bars, narrow: { step, bars: narrow, foldBelow } };
}
