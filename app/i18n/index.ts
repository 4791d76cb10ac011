import it from "./it.json";
import en from "./en.json";
import fr from "./fr.json";
import de from "./de.json";
import type { UiLocale } from "~/lib/locale";

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
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
