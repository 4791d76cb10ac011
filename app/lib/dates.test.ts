import { describe, expect, it } from "vitest";
import {
  DATE_FORMATS,
  dateFormatOf,
  displayDate,
  formatDateRange,
  formatDay,
  fromSqlDate,
  parseDateInput,
  parseIsoDate,
  toSqlDate,
} from "./dates";

describe("date filter input (spec §5)", () => {
  it("expands a bare year to the whole year", () => {
    expect(parseDateInput("1848")).toEqual({ start: { year: 1848, month: 1, day: 1 }, end: { year: 1848, month: 12, day: 31 } });
  });
  it("accepts DD/MM/YYYY as one day", () => {
    expect(parseDateInput("02/03/1750")).toEqual({ start: { year: 1750, month: 3, day: 2 }, end: { year: 1750, month: 3, day: 2 } });
    expect(parseDateInput("29/02/1900")).toBeNull(); // not a leap year
    expect(parseDateInput("29/02/2000")).not.toBeNull();
  });
  it.each(["", "31/04/1900", "1848-01-01", "12/1848", "abc", "00/01/1900", "1/13/1900", "99999"])("rejects %j", (v) => {
    expect(parseDateInput(v)).toBeNull();
  });
});

describe("interchange dates", () => {
  it("parses partial dates to the first or last day", () => {
    expect(parseIsoDate("1846", "start")).toEqual({ year: 1846, month: 1, day: 1 });
    expect(parseIsoDate("1846", "end")).toEqual({ year: 1846, month: 12, day: 31 });
    expect(parseIsoDate("1900-02", "end")).toEqual({ year: 1900, month: 2, day: 28 });
    expect(parseIsoDate(1750, "start")).toEqual({ year: 1750, month: 1, day: 1 });
  });
  it("handles BCE years and round-trips through SQL", () => {
    const d = parseIsoDate("-44-03-15", "start")!;
    expect(d.year).toBe(-43);
    expect(toSqlDate(d)).toBe("0044-03-15 BC");
    expect(fromSqlDate("0044-03-15 BC")).toEqual(d);
    expect(toSqlDate({ year: 1750, month: 3, day: 2 })).toBe("1750-03-02");
  });
  it("rejects invalid values", () => {
    expect(parseIsoDate("1900-13", "start")).toBeNull();
    expect(parseIsoDate("1900-02-30", "start")).toBeNull();
    expect(parseIsoDate("-0", "start")).toBeNull();
    expect(parseIsoDate("soon", "start")).toBeNull();
  });
});

describe("date display DD MMMM YYYY", () => {
  it("formats a day in each locale", () => {
    expect(formatDay({ year: 1750, month: 3, day: 2 }, "it")).toBe("2 marzo 1750");
    expect(formatDay({ year: 1750, month: 3, day: 2 }, "en")).toBe("2 March 1750");
    expect(formatDay({ year: 1750, month: 3, day: 2 }, "fr")).toBe("2 mars 1750");
  });
  it("shows whole years as years and spans with a dash", () => {
    const y = (year: number, edge: "start" | "end") => parseIsoDate(String(year), edge);
    expect(formatDateRange(y(1846, "start"), y(1846, "end"), "it")).toBe("1846");
    expect(formatDateRange(y(1750, "start"), y(1760, "end"), "en")).toBe("1750 – 1760");
    expect(formatDateRange({ year: 1885, month: 6, day: 2 }, { year: 1885, month: 6, day: 2 }, "it")).toBe("2 giugno 1885");
    expect(formatDateRange({ year: 1885, month: 6, day: 2 }, null, "fr")).toBe("2 juin 1885");
    expect(formatDateRange(parseIsoDate("-44", "start"), parseIsoDate("-44", "end"), "it")).toBe("44 a.C.");
    expect(formatDateRange(null, null, "it")).toBe("");
    expect(formatDateRange({ year: 1922, month: 12, day: 1 }, { year: 1922, month: 12, day: 31 }, "it")).toBe("dicembre 1922");
    expect(formatDateRange(parseIsoDate("1900-02", "start"), parseIsoDate("1900-02", "end"), "fr")).toBe("février 1900");
  });
});

describe("one date format per locale (Intl)", () => {
  const D = (year: number, month: number, day: number) => ({ year, month, day });
  it("writes day spans, centuries, BCE days and 'circa' the way each language does", () => {
    expect(formatDateRange(D(1750, 3, 2), D(1750, 3, 5), "it")).toBe("2–5 marzo 1750");
    expect(formatDateRange(D(1750, 3, 2), D(1751, 4, 5), "en")).toBe("2 March 1750 – 5 April 1751");
    expect(formatDateRange(D(1801, 1, 1), D(1900, 12, 31), "it")).toBe("XIX secolo");
    expect(formatDateRange(D(1801, 1, 1), D(1900, 12, 31), "en")).toBe("19th century");
    expect(formatDateRange(D(1801, 1, 1), D(1900, 12, 31), "fr")).toBe("XIXe siècle");
    expect(formatDateRange(D(1, 1, 1), D(100, 12, 31), "fr")).toBe("Ier siècle");
    expect(formatDay(D(-43, 3, 15), "en")).toBe("15 March 44 BC");
    expect(formatDay(D(44, 3, 15), "it")).toBe("15 marzo 44");
    const y = (year: number) => [D(year, 1, 1), D(year, 12, 31)] as const;
    expect(displayDate(...y(1836), "circa 1836", "en")).toBe("c. 1836");
    expect(displayDate(...y(1836), "ca. 1836", "fr")).toBe("vers 1836");
    expect(displayDate(D(1906, 4, 28), D(1906, 4, 28), "1906-04-28", "it")).toBe("28 aprile 1906");
    expect(displayDate(D(1906, 4, 28), D(1906, 4, 28), "06/04/1906", "fr")).toBe("28 avril 1906");
    expect(displayDate(null, null, "senza data", "it")).toBe("senza data");
  });
});

describe("year zero", () => {
  it("is rejected: 1 BCE is written -1", () => {
    expect(parseIsoDate("0", "start")).toBeNull();
    expect(parseIsoDate(0, "start")).toBeNull();
    expect(parseIsoDate("-1", "start")).toEqual({ year: 0, month: 1, day: 1 });
  });
});

describe("the site's date format (option dateFormat, decision 112)", () => {
  const day = { year: 1750, month: 3, day: 2 };
  it("writes a day in each format of the list; the default is the language's long form", () => {
    const out = Object.fromEntries(DATE_FORMATS.map((f) => [f, formatDay(day, "it", f)]));
    expect(out).toEqual({
      "D MMMM YYYY": "2 marzo 1750",
      "DD MMMM YYYY": "02 marzo 1750",
      "DD/MM/YYYY": "02/03/1750",
      "DD-MM-YYYY": "02-03-1750",
      "DD.MM.YYYY": "02.03.1750",
      "YYYY-MM-DD": "1750-03-02",
      "MM/DD/YYYY": "03/02/1750",
    });
    expect(formatDay(day, "en")).toBe(formatDay(day, "en", "D MMMM YYYY"));
    expect(formatDay(day, "fr", "DD MMMM YYYY")).toBe("02 mars 1750");
  });
  it("keeps years, months and centuries written out; spans of days follow the format", () => {
    const f = "DD/MM/YYYY" as const;
    expect(formatDateRange({ year: 1846, month: 1, day: 1 }, { year: 1846, month: 12, day: 31 }, "it", f)).toBe("1846");
    expect(formatDateRange({ year: 1922, month: 12, day: 1 }, { year: 1922, month: 12, day: 31 }, "it", f)).toBe("dicembre 1922");
    expect(formatDateRange({ year: 1750, month: 3, day: 2 }, { year: 1750, month: 3, day: 5 }, "it", f)).toBe("02/03/1750 – 05/03/1750");
    expect(formatDateRange({ year: 1750, month: 3, day: 2 }, { year: 1750, month: 3, day: 5 }, "it")).toBe("2–5 marzo 1750");
    expect(formatDateRange({ year: 1750, month: 3, day: 2 }, { year: 1750, month: 3, day: 5 }, "it", "DD MMMM YYYY")).toBe(
      "02–05 marzo 1750",
    );
    expect(displayDate(day, day, "circa 1750", "en", "YYYY-MM-DD")).toBe("c. 1750-03-02");
  });
  it("writes a BCE day with its era, and an ISO one the long way", () => {
    const bce = { year: -43, month: 3, day: 15 };
    expect(formatDay(bce, "it", "DD/MM/YYYY")).toBe("15/03/44 a.C.");
    expect(formatDay(bce, "it", "YYYY-MM-DD")).toBe("15 marzo 44 a.C.");
  });
  it("reads any other stored value as the default", () => {
    expect(dateFormatOf("DD.MM.YYYY")).toBe("DD.MM.YYYY");
    expect(dateFormatOf("%d/%m")).toBe("D MMMM YYYY");
    expect(dateFormatOf(undefined)).toBe("D MMMM YYYY");
  });
});
