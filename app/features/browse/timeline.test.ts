import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BAR_PX, FOLDS, GAP_PX, NARROW_MAX, timelineBars } from "./timeline";

const RANGE = { from: 1700, to: 2030 };
/** Decades 1720…2020 (31 bars, as the demo's search page) each with one record of that decade alone. */
const decades = Array.from({ length: 31 }, (_, i) => ({ decade: 1720 + i * 10, count: 1 }));
const spans = decades.map((d) => ({ from: d.decade, to: d.decade, count: 1 }));

describe("the search page's timeline (issue 31 §7)", () => {
  it("keeps the decades when a 320 px phone shows them all", () => {
    const few = decades.slice(0, NARROW_MAX);
    const bars = timelineBars(few, spans, RANGE);
    expect(bars.narrow).toBeNull();
    expect(bars.decades.map((b) => [b.from, b.to])).toEqual(few.map((d) => [d.decade, d.decade + 9]));
    // eleven 24 px bars and their gaps fit the 288 px a 320 px screen leaves
    expect(NARROW_MAX * (BAR_PX + GAP_PX) - GAP_PX).toBeLessThanOrEqual(288);
  });

  it("on a narrow column draws at most eleven longer periods whose first and last years are the decades'", () => {
    const { decades: wide, narrow } = timelineBars(decades, spans, RANGE);
    expect(wide).toHaveLength(31);
    expect(narrow!.step).toBe(50);
    expect(narrow!.bars.length).toBeLessThanOrEqual(NARROW_MAX);
    expect(narrow!.bars[0]).toEqual({ from: 1720, to: 1749, count: 3 });
    expect(narrow!.bars[1]).toEqual({ from: 1750, to: 1799, count: 5 });
    expect(narrow!.bars.at(-1)).toEqual({ from: 2000, to: 2029, count: 3 });
    // the decades need 31 × 26 px: below that column width (in rem) the periods are shown
    expect(narrow!.foldBelow * 16).toBeGreaterThanOrEqual(31 * (BAR_PX + GAP_PX));
    expect(narrow!.foldBelow).toBe(52);
  });

  it("counts a record dated across decades once in a period, as the period's search finds it", () => {
    const across = [{ from: 1900, to: 1920, count: 4 }, ...spans];
    const { narrow } = timelineBars(
      decades.map((d) => (d.decade >= 1900 && d.decade <= 1920 ? { ...d, count: d.count + 4 } : d)),
      across,
      RANGE,
    );
    expect(narrow!.bars.find((b) => b.from === 1900)).toEqual({ from: 1900, to: 1949, count: 5 + 4 });
  });

  it("leaves out decades outside the site's range and periods without records", () => {
    const sparse = [1500, ...Array.from({ length: 12 }, (_, i) => 1800 + i * 10), 1990].map((decade) => ({ decade, count: 2 }));
    const { decades: wide, narrow } = timelineBars(
      sparse,
      sparse.map((d) => ({ from: d.decade, to: d.decade, count: 2 })),
      RANGE,
    );
    expect(wide[0]!.from).toBe(1800);
    expect(narrow!.step).toBe(20);
    expect(narrow!.bars.map((b) => b.from)).toEqual([1800, 1820, 1840, 1860, 1880, 1900, 1980]);
    expect(narrow!.bars.at(-1)).toEqual({ from: 1980, to: 1999, count: 2 });
  });

  it("has a container query in the stylesheet for each width the periods may fold below", () => {
    const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../styles/app.css"), "utf8");
    for (const f of FOLDS)
      expect(css).toContain(
        `@container timeline (max-width: ${f}rem) { .timeline--fold-${f} .timeline__decades { display: none; } .timeline--fold-${f} .timeline__periods { display: block; } }`,
      );
  });
});
