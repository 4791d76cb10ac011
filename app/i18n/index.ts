import it from "./it.json";
import en from "./en.json";
import fr from "./fr.json";
import de from "./de.json";
import { LOCALE_TAGS, type UiLocale } from "~/lib/locale";

export type MessageKey = keyof typeof it;
export type Messages = Record<MessageKey, string>;

/**
 * The catalogues at hand. The server, the tests and the scripts hold all three; the browser only those it has
 * fetched (./load.ts: the page's language before hydration, another one when a navigation needs it). The
 * browser build sees `import.meta.env.SSR === false`, so the three imports above are dropped from its
 * JavaScript (docs/decisions/025-per-locale-messages.md); tsx scripts have no `import.meta.env` at all.
 */
// A further interface language (de, decision 075) is one more catalogue: typed so a missing key fails to compile.
const catalogs: Partial<Record<UiLocale, Messages>> = import.meta.env?.SSR === false ? {} : { it, en, fr, de: de satisfies Messages };

/** Whether a locale's messages are loaded (always on the server). */
export function hasMessages(locale: UiLocale): boolean {
  return catalogs[locale] !== undefined;
}

/** Adds a catalogue the browser fetched. */
export function addMessages(locale: UiLocale, messages: Messages) {
  catalogs[locale] = messages;
}

/** Looks up a UI message and fills its {placeholders}; a missing key (or catalogue) falls back to Italian. */
export function translate(locale: UiLocale, key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogs[locale]?.[key] ?? catalogs.it?.[key] ?? key;
  return params ? formatMessage(locale, template, params) : template;
}

export type MessageParams = Record<string, string | number>;

const pluralRules = new Map<UiLocale, Intl.PluralRules>();
const numberFormats = new Map<UiLocale, Intl.NumberFormat>();
const rulesFor = (locale: UiLocale) => {
  let r = pluralRules.get(locale);
  if (!r) pluralRules.set(locale, (r = new Intl.PluralRules(LOCALE_TAGS[locale])));
  return r;
};
const numberFormatFor = (locale: UiLocale) => {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(LOCALE_TAGS[locale])));
  return f;
};

/**
 * The count a plural chooses by: a number as given; a string (a count the caller already formatted, such as
 * "1.234" or "1 234") by its digits, since counts are whole numbers.
 */
function countOf(value: string | number): number {
  if (typeof value === "number") return value;
  const digits = value.replace(/[^\d]/g, "");
  return digits ? Number(digits) * (/^\s*[-−]/.test(value) ? -1 : 1) : Number.NaN;
}

/**
 * Fills a message's placeholders: `{name}`, and the plural subset of ICU MessageFormat
 * (docs/decisions/095-plural-messages.md): `{count, plural, =0 {no records} one {# record} other {# records}}`.
 * An `=N` branch matches the exact count, otherwise the category that Intl.PluralRules gives for the locale
 * (French "one" covers 0 and 1), otherwise `other`. `#` is the count, written as the locale writes numbers
 * (a string passed as the count is shown as given). Branches may hold further `{name}` placeholders.
 */
export function formatMessage(locale: UiLocale, template: string, params: MessageParams): string {
  if (!template.includes("{")) return template;
  let out = "";
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf("{", i);
    if (open < 0) break;
    out += template.slice(i, open);
    const simple = /^\{(\w+)\}/.exec(template.slice(open));
    if (simple) {
      const name = simple[1];
      out += name in params ? String(params[name]) : simple[0];
      i = open + simple[0].length;
      continue;
    }
    const plural = /^\{(\w+),\s*plural,\s*/.exec(template.slice(open));
    const end = plural ? matchingBrace(template, open) : -1;
    if (!plural || end < 0) {
      out += "{";
      i = open + 1;
      continue;
    }
    const name = plural[1];
    const branches = pluralBranches(template.slice(open + plural[0].length, end));
    if (!(name in params) || !branches) out += template.slice(open, end + 1);
    else {
      const value = params[name];
      const n = countOf(value);
      const chosen =
        branches.get(`=${n}`) ?? branches.get(Number.isFinite(n) ? rulesFor(locale).select(n) : "other") ?? branches.get("other") ?? "";
      const shown = typeof value === "number" ? numberFormatFor(locale).format(value) : value;
      out += formatMessage(locale, chosen.replace(/#/g, shown), params);
    }
    i = end + 1;
  }
  return out + template.slice(i);
}

/** The index of the `}` that closes the `{` at `open`, or -1. */
function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let j = open; j < s.length; j++) {
    if (s[j] === "{") depth++;
    else if (s[j] === "}" && --depth === 0) return j;
  }
  return -1;
}

/** `one {…} other {…}` → its branches by selector, or null when malformed (no `other`, text between them). */
export function pluralBranches(body: string): Map<string, string> | null {
  const branches = new Map<string, string>();
  let i = 0;
  for (;;) {
    const sel = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!sel) break;
    const open = i + sel[0].length - 1;
    const end = matchingBrace(body, open);
    if (end < 0) return null;
    branches.set(sel[1], body.slice(open + 1, end));
    i = end + 1;
  }
  return body.slice(i).trim() === "" && branches.has("other") ? branches : null;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
