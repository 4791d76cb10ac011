import it from "./it.json";
import en from "./en.json";
import fr from "./fr.json";
import type { Locale } from "~/lib/locale";

export type MessageKey = keyof typeof it;
export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { it, en, fr };

/** Looks up a UI message and fills its {placeholders}; a missing key falls back to Italian. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.it[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
