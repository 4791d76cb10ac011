/** The content languages: records, pages, options and search documents exist in these (spec §9). */
export const LOCALES = ["it", "en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The interface languages (decision 075): the content languages plus further ones whose messages file
 * exists (`app/i18n/de.json`). Italian is always on; the others are on when enabled in the site option
 * `languages` (English and French by default). A further language shows the Italian content.
 */
export const UI_LOCALES = ["it", "en", "fr", "de"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
/** The languages an administrator may enable or disable (addLanguage). */
export const OPTIONAL_LOCALES = ["en", "fr", "de"] as const;
export type OptionalLocale = (typeof OPTIONAL_LOCALES)[number];
export const DEFAULT_LANGUAGES: Record<OptionalLocale, boolean> = { en: true, fr: true, de: false };

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === "string" && (UI_LOCALES as readonly string[]).includes(value);
}

/** The content language a page in an interface language reads: its own, or Italian for a further one. */
export const contentLocale = (l: UiLocale): Locale => (isLocale(l) ? l : "it");

/** Italian and the enabled languages, in the documented order, from the `languages` option's value. */
export function enabledLanguages(option: unknown): UiLocale[] {
  const o = option && typeof option === "object" ? (option as Record<string, unknown>) : {};
  return ["it", ...OPTIONAL_LOCALES.filter((l) => (typeof o[l] === "boolean" ? o[l] : DEFAULT_LANGUAGES[l]))];
}
export const DEFAULT_LOCALE: Locale = "it";
export const LOCALE_COOKIE = "teca_locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const LOCALE_NAMES: Record<UiLocale, string> = { it: "Italiano", en: "English", fr: "Français", de: "Deutsch" };

/** A language's name as the page's language writes it in a sentence ("en" on a French page: "anglais"). */
export function languageName(code: string, pageLocale: string): string {
  try {
    return new Intl.DisplayNames([pageLocale], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
export const LOCALE_TAGS: Record<UiLocale, string> = { it: "it-IT", en: "en-GB", fr: "fr-FR", de: "de-DE" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * Splits a pathname into its locale and the path without the locale prefix: `locale` is the content language
 * the services read (Italian for a further interface language), `ui` the interface language.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string; ui: UiLocale } {
  const m = /^\/(en|fr|de)(?=\/|$)/.exec(pathname);
  if (!m) return { locale: "it", path: pathname || "/", ui: "it" };
  const ui = m[1] as UiLocale;
  return { locale: contentLocale(ui), path: pathname.slice(m[0].length) || "/", ui };
}

/** Prefixes a locale-less path ("/oggetti/1") for a locale. */
export function localizePath(path: string, locale: UiLocale): string {
  const p = path.startsWith("/") ? path : `/${path}`;
  if (locale === "it") return p;
  return p === "/" ? `/${locale}` : `/${locale}${p}`;
}

/** Picks a text in the locale, falling back to Italian, then to any text. */
export function pickText(
  texts: Partial<Record<string, string | null | undefined>> | null | undefined,
  locale: Locale,
): { text: string; lang: Locale } | null {
  if (!texts) return null;
  const tryOrder: Locale[] = [locale, ...LOCALES];
  for (const l of tryOrder) {
    const v = texts[l];
    if (v) return { text: v, lang: l };
  }
  return null;
}
