import sanitizeHtml from "sanitize-html";

/**
 * The stories' rich-text policy (decision 064), stricter than the content pages': what the block editor
 * (tiptap's starter kit) writes and nothing else — paragraphs, emphasis, lists, quotes, code and links
 * (http, https, mailto, site paths). No images, headings (a heading is its own block), tables, styles,
 * classes, event handlers, scripts or frames; anything else is dropped with its content when it is a script
 * or a style, unwrapped otherwise. Run before storing and again before showing.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "b", "i", "u", "s", "code", "pre", "blockquote", "ul", "ol", "li", "a", "hr"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "svg", "math"],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const out: Record<string, string> = href ? { href } : {};
      if (/^https?:/i.test(href)) Object.assign(out, { rel: "noopener noreferrer nofollow", target: "_blank" });
      return { tagName, attribs: out };
    },
  },
};

export function sanitizeStoryHtml(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  // An editor's empty paragraph is no text at all.
  return clean === "<p></p>" ? "" : clean;
}
