import { LOCALE_TAGS, type Locale } from "./locale";

/** A calendar day; year may be ≤ 0 for BCE (astronomical numbering: 0 = 1 BCE). */
export type Day = { year: number; month: number; day: number };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(2000 + (((year % 400) + 400) % 400), month, 0)).getUTCDate();
}

export function isValidDay(d: Day): boolean {
  return (
    Number.isInteger(d.year) && Number.isInteger(d.month) && Number.isInteger(d.day) &&
    d.month >= 1 && d.month <= 12 && d.day >= 1 && d.day <= daysInMonth(d.year, d.month) &&
    d.year >= -9999 && d.year <= 9999
  );
}

/**
 * Parses a date filter value: "YYYY" (the whole year) or "DD/MM/YYYY" (one day).
 * Returns the inclusive range, or null when the value is not a valid date.
 */
export function parseDateInput(value: string): { start: Day; end: Day } | null {
  const v = value.trim();
  let m = /^(\d{1,4})$/.exec(v);
  if (m) {
    const year = Number(m[1]);
    return { start: { year, month: 1, day: 1 }, end: { year, month: 12, day: 31 } };
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{1,4})$/.exec(v);
  if (m) {
    const d = { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) };
    return isValidDay(d) ? { start: d, end: d } : null;
  }
  return null;
}

/**
 * Parses an interchange-format date: "YYYY", "YYYY-MM", "YYYY-MM-DD", with a
 * leading "-" for BCE years ("-44" = 44 BCE). `edge` picks the first or last
 * day of a partial date. Returns null when invalid.
 */
export function parseIsoDate(value: string | number, edge: "start" | "end"): Day | null {
  const v = String(value).trim();
  const m = /^(-?)(\d{1,4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(v);
  if (!m) return null;
  const bce = m[1] === "-";
  const y = Number(m[2]);
  const year = bce ? 1 - y : y; // astronomical: 1 BCE = 0
  if (y === 0) return null; // there is no year 0: 1 BCE is "-1"
  const month = m[3] ? Number(m[3]) : edge === "start" ? 1 : 12;
  if (month < 1 || month > 12) return null;
  const day = m[4] ? Number(m[4]) : edge === "start" ? 1 : daysInMonth(year, month);
  const d = { year, month, day };
  return isValidDay(d) ? d : null;
}

const pad = (n: number, w: number) => String(Math.abs(n)).padStart(w, "0");

/** A Day as PostgreSQL date input ("0044-03-15 BC" for BCE). */
export function toSqlDate(d: Day): string {
  if (d.year <= 0) return `${pad(1 - d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)} BC`;
  return `${pad(d.year, 4)}-${pad(d.month, 2)}-${pad(d.day, 2)}`;
}

/** Parses a PostgreSQL date output ("1846-01-01", "0044-03-15 BC"). */
export function fromSqlDate(value: string | null | undefined): Day | null {
  if (!value) return null;
  const m = /^(\d{4,})-(\d{2})-(\d{2})( BC)?$/.exec(value);
  if (!m) return null;
  const y = Number(m[1]);
  return { year: m[4] ? 1 - y : y, month: Number(m[2]), day: Number(m[3]) };
}

const ERA: Record<Locale, string> = { it: "a.C.", en: "BC", fr: "av. J.-C." };

function formatYear(year: number, locale: Locale): string {
  return year <= 0 ? `${1 - year} ${ERA[locale]}` : String(year);
}

/** One day as DD MMMM YYYY in the locale ("02 marzo 1750"). */
export function formatDay(d: Day, locale: Locale): string {
  const month = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2001, d.month - 1, 1)),
  );
  return `${pad(d.day, 2)} ${month} ${formatYear(d.year, locale)}`;
}

const isYearStart = (d: Day) => d.month === 1 && d.day === 1;
const isYearEnd = (d: Day) => d.month === 12 && d.day === 31;

/**
 * The display of a record's date span: whole years as years ("1846",
 * "1750 – 1760"), days as DD MMMM YYYY.
 */
export function formatDateRange(start: Day | null, end: Day | null, locale: Locale): string {
  if (!start && !end) return "";
  const s = start ?? end!;
  const e = end ?? start!;
  if (isYearStart(s) && isYearEnd(e)) {
    return s.year === e.year ? formatYear(s.year, locale) : `${formatYear(s.year, locale)} – ${formatYear(e.year, locale)}`;
  }
  if (s.year === e.year && s.month === e.month && s.day === e.day) return formatDay(s, locale);
  if (s.year === e.year && s.month === e.month && s.day === 1 && e.day === daysInMonth(e.year, e.month)) {
    const month = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2001, s.month - 1, 1)));
    return `${month} ${formatYear(s.year, locale)}`;
  }
  return `${formatDay(s, locale)} – ${formatDay(e, locale)}`;
}
