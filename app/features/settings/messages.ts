import { translate, type MessageKey } from "~/i18n";
import { LOCALE_TAGS, type UiLocale } from "~/lib/locale";
import type { FieldMessage } from "./items";

/** A settings message (a key and its values) in a language: a failing colour pair named, its ratio in the locale's digits. */
export function settingsMessage(locale: UiLocale, m: FieldMessage): string {
  const params: Record<string, string | number> = { ...(m.params ?? {}) };
  if (typeof params.pair === "string") params.pair = translate(locale, `settings.pair.${params.pair}` as MessageKey);
  if (typeof params.ratio === "number")
    params.ratio = new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(params.ratio);
  return translate(locale, m.key as MessageKey, params);
}
