export const LOCALES = ["it", "en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "it";
export const LOCALE_COOKIE = "teca_locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const LOCALE_NAMES: Record<Locale, string> = { it: "Italiano", en: "English", fr: "Français" };
export const LOCALE_TAGS: Record<Locale, string> = { it: "it-IT", en: "en-GB", fr: "fr-FR" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Splits a pathname into its locale and the path without the locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const m = /^\/(en|fr)(?=\/|$)/.exec(pathname);
  if (!m) return { locale: "it", path: pathname || "/" };
  return { locale: m[1] as Locale, path: pathname.slice(m[0].length) || "/" };
}

/** Prefixes a locale-less path ("/oggetti/1") for a locale. */
export function localizePath(path: string, locale: Locale): string {
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
  const tryOrder: Locale[] = [locale, "it", "en", "fr"];
  for (const l of tryOrder) {
    const v = texts[l];
    if (v) return { text: v, lang: l };
  }
  return null;
}
