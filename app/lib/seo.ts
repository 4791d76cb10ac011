import { LOCALES, localizePath, splitLocale, LOCALE_TAGS, type UiLocale } from "./locale";

/**
 * Canonical and hreflang alternate links of a page, from its path: one alternate per language the site has
 * on (`languages`, the root loader's list: Italian and the enabled ones, decision 075; by default the three
 * content languages), so a further language's pages list themselves and a disabled one is never offered.
 */
export function alternateLinks(origin: string, pathname: string, search = "", languages: readonly UiLocale[] = LOCALES) {
  const { ui, path } = splitLocale(pathname);
  const links = [
    { tagName: "link", rel: "canonical", href: `${origin}${localizePath(path, ui)}${search}` },
    ...languages.map((l) => ({
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
export function pageMeta(opts: {
  title: string;
  siteTitle?: string;
  description?: string;
  origin: string;
  pathname: string;
  languages?: readonly UiLocale[];
}) {
  const title = opts.siteTitle && opts.title !== opts.siteTitle ? `${opts.title} · ${opts.siteTitle}` : opts.title;
  const description = (opts.description ?? "").replace(/\s+/g, " ").trim().slice(0, 200);
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: opts.title },
    ...alternateLinks(opts.origin, opts.pathname, "", opts.languages),
  ];
}

/**
 * A published page's meta for sharing: the page's own meta (pageMeta) plus Open Graph and Twitter card tags.
 * `image` may be a path on this site (made absolute with `origin`) or an absolute URL.
 */
export function shareMeta(opts: {
  title: string;
  siteTitle?: string;
  description: string;
  origin: string;
  pathname: string;
  languages?: readonly UiLocale[];
  locale: UiLocale;
  type: "website" | "article";
  image?: string | null;
  publishedAt?: string | null;
}) {
  const image = opts.image ? (opts.image.startsWith("http") ? opts.image : `${opts.origin}${opts.image}`) : null;
  return [
    ...pageMeta({
      title: opts.title,
      siteTitle: opts.siteTitle,
      description: opts.description,
      origin: opts.origin,
      pathname: opts.pathname,
      languages: opts.languages,
    }),
    { property: "og:type", content: opts.type },
    { property: "og:url", content: `${opts.origin}${opts.pathname}` },
    { property: "og:description", content: opts.description },
    { property: "og:site_name", content: opts.siteTitle ?? "Teca" },
    { property: "og:locale", content: LOCALE_TAGS[opts.locale].replace("-", "_") },
    ...(opts.publishedAt ? [{ property: "article:published_time", content: opts.publishedAt }] : []),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: opts.title },
    { name: "twitter:description", content: opts.description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}
