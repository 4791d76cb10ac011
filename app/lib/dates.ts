import { LOCALE_TAGS, type Locale } from "./locale";

/** A calendar day; year may be ≤ 0 for BCE (astronomical numbering: 0 = 1 BCE). */
export type Day = { year: number; month: number; day: number };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(2000 + (((year % 400) + 400) % 400), month, 0)).getUTCDate();
}

export function isValidDay(d: Day): boolean {
  return (
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    d.month >= 1 &&
    d.month <= 12 &&
    d.day >= 1 &&
    d.day <= daysInMonth(d.year, d.month) &&
    d.year >= -9999 &&
    d.year <= 9999
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

/** A Day as a JavaScript date at midnight UTC (years 0–99 kept as such, not read as 19xx). */
function toDate(d: Day): Date {
  const x = new Date(Date.UTC(2000, d.month - 1, d.day));
  x.setUTCFullYear(d.year);
  return x;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: Locale, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(opts);
  let f = dayFormats.get(key);
  if (!f) dayFormats.set(key, (f = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...opts, timeZone: "UTC" })));
  return f;
}

/**
 * How a day is written (the site option `dateFormat`, decision 112): "D MMMM YYYY", the default, is the
 * language's own long form ("2 marzo 1750", "2 March 1750"); "DD MMMM YYYY" the day on two digits, then the
 * month's name; the others are numeric. A closed list: the option can never be a pattern of its own.
 */
export const DATE_FORMATS = ["D MMMM YYYY", "DD MMMM YYYY", "DD/MM/YYYY", "DD-MM-YYYY", "DD.MM.YYYY", "YYYY-MM-DD", "MM/DD/YYYY"] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = "D MMMM YYYY";

/** A stored option as a format: anything not in the list is the default. */
export function dateFormatOf(value: unknown): DateFormat {
  return (DATE_FORMATS as readonly unknown[]).includes(value) ? (value as DateFormat) : DEFAULT_DATE_FORMAT;
}

const numericFormat = (f: DateFormat) => !f.includes("MMMM");

/**
 * One day in the site's format (default: the way the locale writes it, through Intl.DateTimeFormat — "2 marzo
 * 1750", "2 March 1750", "2 mars 1750"); BCE years carry the locale's era ("15 marzo 44 a.C.", "15/03/44 a.C.").
 * An ISO day of a BCE year is written the long way (ISO's year numbers before 1 would read as a typo).
 */
export function formatDay(d: Day, locale: Locale, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  const dd = pad(d.day, 2);
  const mm = pad(d.month, 2);
  const y = formatYear(d.year, locale);
  switch (format) {
    case "DD MMMM YYYY":
      return `${dd} ${monthName(d.month, locale)} ${y}`;
    case "DD/MM/YYYY":
      return `${dd}/${mm}/${y}`;
    case "DD-MM-YYYY":
      return `${dd}-${mm}-${y}`;
    case "DD.MM.YYYY":
      return `${dd}.${mm}.${y}`;
    case "MM/DD/YYYY":
      return `${mm}/${dd}/${y}`;
    case "YYYY-MM-DD":
      if (d.year > 0) return `${pad(d.year, 4)}-${mm}-${dd}`;
      break;
    default:
      break;
  }
  if (d.year > 0) return dayFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(toDate(d));
  const dm = dayFormat(locale, { day: "numeric", month: "long" }).format(toDate({ ...d, year: 2001 }));
  return `${dm} ${formatYear(d.year, locale)}`;
}

function monthName(month: number, locale: Locale): string {
  return dayFormat(locale, { month: "long" }).format(new Date(Date.UTC(2001, month - 1, 1)));
}

const isYearStart = (d: Day) => d.month === 1 && d.day === 1;
const isYearEnd = (d: Day) => d.month === 12 && d.day === 31;

const ROMAN: [number, string][] = [
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];
function roman(n: number): string {
  let out = "";
  for (const [v, r] of ROMAN) while (n >= v) (out += r), (n -= v);
  return out;
}

/** "XIX secolo", "19th century", "XIXe siècle". */
function formatCentury(c: number, locale: Locale): string {
  if (locale === "it") return `${roman(c)} secolo`;
  if (locale === "fr") return `${roman(c)}${c === 1 ? "er" : "e"} siècle`;
  const suffix = c % 10 === 1 && c !== 11 ? "st" : c % 10 === 2 && c !== 12 ? "nd" : c % 10 === 3 && c !== 13 ? "rd" : "th";
  return `${c}${suffix} century`;
}

/**
 * The display of a record's date span, one way per locale: whole years as
 * years ("1846", "1750 – 1760"), a whole century by its name ("XIX secolo"),
 * a whole month by its name ("dicembre 1922"), days as the locale writes
 * them ("2–5 marzo 1750", "2 March 1750 – 5 April 1751").
 */
export function formatDateRange(start: Day | null, end: Day | null, locale: Locale, format: DateFormat = DEFAULT_DATE_FORMAT): string {
  if (!start && !end) return "";
  const s = start ?? end!;
  const e = end ?? start!;
  if (isYearStart(s) && isYearEnd(e)) {
    if (s.year === e.year) return formatYear(s.year, locale);
    // 1801–1900 (or 1800–1899): the century.
    if (s.year > 0 && e.year - s.year === 99 && (s.year % 100 === 1 || s.year % 100 === 0))
      return formatCentury(Math.ceil(e.year / 100), locale);
    return `${formatYear(s.year, locale)} – ${formatYear(e.year, locale)}`;
  }
  if (s.year === e.year && s.month === e.month && s.day === e.day) return formatDay(s, locale, format);
  if (s.year === e.year && s.month === e.month && s.day === 1 && e.day === daysInMonth(e.year, e.month)) {
    return `${monthName(s.month, locale)} ${formatYear(s.year, locale)}`;
  }
  // days of one month share its name ("2–5 marzo 1750"); numeric days are written whole
  if (s.year === e.year && s.month === e.month && !numericFormat(format))
    return `${format === "DD MMMM YYYY" ? pad(s.day, 2) : s.day}–${formatDay(e, locale, format)}`;
  return `${formatDay(s, locale, format)} – ${formatDay(e, locale, format)}`;
}

const CIRCA: Record<Locale, string> = { it: "circa", en: "c.", fr: "vers" };
/** Words that mark a written date as approximate, in the catalogue's languages. */
const APPROXIMATE = /^\s*(circa|ca\.?|c\.|about|around|vers|env\.|environ)\s/i;

/**
 * A record's date as every page shows it: the span formatted for the locale
 * (formatDateRange), "circa" written the locale's way when the catalogued text
 * says the date is approximate; the catalogued text itself only when there is
 * no span to format.
 */
export function displayDate(
  start: Day | null,
  end: Day | null,
  text: string | null | undefined,
  locale: Locale,
  format: DateFormat = DEFAULT_DATE_FORMAT,
): string {
  const formatted = formatDateRange(start, end, locale, format);
  if (!formatted) return (text ?? "").trim();
  return text && APPROXIMATE.test(text) ? `${CIRCA[locale]} ${formatted}` : formatted;
}
