import { LOCALES, localizePath, splitLocale, LOCALE_TAGS, type Locale } from "./locale";

/** Canonical and hreflang alternate links of a page, from its path. */
export function alternateLinks(origin: string, pathname: string, search = "") {
  const { locale, path } = splitLocale(pathname);
  const links = [
    { tagName: "link", rel: "canonical", href: `${origin}${localizePath(path, locale)}${search}` },
    ...LOCALES.map((l: Locale) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: LOCALE_TAGS[l].slice(0, 2),
      href: `${origin}${localizePath(path, l)}${search}`,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${localizePath(path, "it")}${search}` },
  ];
  return links;
}

/** Meta descriptors of a page: title, description and its language links. */
export function pageMeta(opts: { title: string; siteTitle?: string; description?: string; origin: string; pathname: string }) {
  const title = opts.siteTitle && opts.title !== opts.siteTitle ? `${opts.title} · ${opts.siteTitle}` : opts.title;
  const description = (opts.description ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: opts.title },
    ...alternateLinks(opts.origin, opts.pathname),
  ];
}
