import sanitizeHtml from "sanitize-html";
import { marked } from "marked";

/**
 * The one HTML policy of content pages: text structure, links (http, https, mailto, site paths), images
 * (https or site paths), tables. No scripts, styles, event handlers, frames, forms or SVG; a heading 1 becomes
 * a 2 (the page's title is its one h1); external links open without handing over the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "small",
    "mark",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "span",
    "abbr",
    "cite",
    "q",
  ],
  allowedAttributes: {
    a: ["href", "title", "lang", "hreflang"],
    img: ["src", "alt", "width", "height", "title"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    abbr: ["title"],
    span: ["lang"],
    p: ["lang"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    h1: "h2",
    a: (tagName, { rel: _rel, target: _target, ...attribs }) => {
      const external = /^https?:/i.test(attribs.href ?? "");
      return { tagName, attribs: external ? { ...attribs, rel: "noopener noreferrer", target: "_blank" } : attribs };
    },
    img: (tagName, { loading: _loading, ...attribs }) => ({ tagName, attribs: { ...attribs, loading: "lazy", alt: attribs.alt ?? "" } }),
  },
};
// rel, target and loading are set by the transforms above (which drop the input's own).
(OPTIONS.allowedAttributes as Record<string, string[]>).a!.push("rel", "target");
(OPTIONS.allowedAttributes as Record<string, string[]>).img!.push("loading");

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The page's HTML from what the admin typed: markdown rendered (raw HTML in it sanitised like the rest). */
export function renderPageBody(format: "markdown" | "html", source: string): string {
  const html = format === "markdown" ? (marked.parse(source, { async: false, gfm: true }) as string) : source;
  return sanitizeContentHtml(html);
}
