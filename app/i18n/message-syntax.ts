import { pluralBranches } from "./index";
import { LOCALE_TAGS, type UiLocale } from "~/lib/locale";

/**
 * Checks on the message syntax (docs/decisions/095-plural-messages.md), shared by the tests of the app's
 * catalogues and of the in-place editors' messages.
 */

const PLURAL = /\{(\w+),\s*plural,/g;

/** The parameters a message reads, plain (`{name}`) or as a plural's count, each once and sorted. */
export function messageArgs(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/\{(\w+)\}/g)) names.add(m[1]!);
  for (const m of message.matchAll(PLURAL)) names.add(m[1]!);
  return [...names].sort();
}

/** What is wrong with a message's plurals for a locale: a malformed one, or a category the locale lacks. */
export function pluralIssues(locale: UiLocale, message: string): string[] {
  const categories = new Set<string>(new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories);
  const issues: string[] = [];
  for (const m of message.matchAll(PLURAL)) {
    const start = m.index;
    let depth = 0;
    let end = -1;
    for (let j = start; j < message.length; j++) {
      if (message[j] === "{") depth++;
      else if (message[j] === "}" && --depth === 0) {
        end = j;
        break;
      }
    }
    const branches = end < 0 ? null : pluralBranches(message.slice(start + m[0].length, end));
    if (!branches) {
      issues.push(`{${m[1]}, plural} is malformed or has no "other"`);
      continue;
    }
    for (const selector of branches.keys())
      if (!selector.startsWith("=") && !categories.has(selector)) issues.push(`{${m[1]}, plural} has "${selector}", which ${locale} lacks`);
  }
  return issues;
}

/** Parameters that carry a count (positions, pages and versions are ordinals and stay plain). */
export const COUNT_PARAMS = ["count", "max", "min", "missing", "rejected", "files", "maxCount", "days", "hours", "minutes"];

/**
 * The count parameters a message writes plainly right before a word ("{count} schede", "{count} erano"):
 * such a word agrees with the number, so it needs a plural. "{count} di {max}", "{max} au plus", "Totale: {count}" and
 * "({count})" do not.
 */
export function plainCountsBeforeWords(message: string): string[] {
  const found: string[] = [];
  for (const m of message.matchAll(/\{(\w+)\}\s+(\p{L}+)/gu))
    if (COUNT_PARAMS.includes(m[1]!) && !/^(di|su|of|sur|von|au)$/.test(m[2]!)) found.push(m[1]!);
  return found;
}
