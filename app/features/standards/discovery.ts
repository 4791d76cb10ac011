import { translate } from "~/i18n";
import { localizePath, type Locale, type UiLocale } from "~/lib/locale";
import { TABLE_SLUGS, type TableName } from "~/lib/tables";

/**
 * `<link rel="alternate">` descriptors (React Router meta) that let feed readers, crawlers and IIIF tools
 * find the machine-readable versions of a page (issue 14): the Atom feed in the page's language on the
 * home and search pages; the record's JSON-LD and, when it has pages, its IIIF manifest on record pages
 * (the IIIF content-discovery form: `application/ld+json` with the Presentation 3 profile).
 */

export const IIIF_MANIFEST_TYPE = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"';

export function feedLink(origin: string, locale: UiLocale, siteTitle: string | undefined) {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: `${siteTitle || "Teca"} · ${translate(locale, "standards.feed.title")}`,
    href: `${origin}${localizePath("/feed.atom", locale)}`,
  };
}

export function recordDataLinks(
  origin: string,
  r: { table: TableName; id: string; locale: Locale; label: string; manifest: string | null },
) {
  return [
    {
      tagName: "link",
      rel: "alternate",
      type: "application/ld+json",
      title: `${r.label} (schema.org JSON-LD)`,
      href: `${origin}/ld/${TABLE_SLUGS[r.table]}/${encodeURIComponent(r.id)}?locale=${r.locale}`,
    },
    ...(r.manifest
      ? [{ tagName: "link", rel: "alternate", type: IIIF_MANIFEST_TYPE, title: `${r.label} (IIIF)`, href: `${origin}${r.manifest}` }]
      : []),
  ];
}
