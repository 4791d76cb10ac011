import { createContext, useContext } from "react";

/**
 * The site's stylesheet written into the page itself (docs/decisions/024): the first paint then waits for
 * no other request. app/entry.server.tsx reads the built file once and gives its text through this
 * context; without it (development, or the file not found) the page links the stylesheet as usual.
 *
 * In the browser the text is read back from the page the server wrote (never shipped in JavaScript), so
 * hydration and any later render write the same element. It is a plain <style>, not a React "precedence"
 * resource: stylesheets with a precedence (Leaflet's, loaded by the map view) are put before it, and the
 * site's rules keep winning ties with them, as they did when the stylesheet was a <link>.
 */
export type InlineCss = { css: string; fonts: string } | null;
export const InlineStylesheet = createContext<InlineCss | undefined>(undefined);

const MARK = "data-site-css";
const FONTS = "data-site-fonts";
let fromDocument: InlineCss | undefined;

function inlinedInDocument(): InlineCss {
  if (fromDocument === undefined) {
    const css = document.querySelector<HTMLStyleElement>(`style[${MARK}]`)?.textContent;
    fromDocument = css == null ? null : { css, fonts: document.querySelector<HTMLStyleElement>(`style[${FONTS}]`)?.textContent ?? "" };
  }
  return fromDocument;
}

/** The built stylesheet split in two: its `@font-face` rules, and the rest (in its order). */
export function splitFontFaces(text: string): { css: string; fonts: string } {
  const fonts: string[] = [];
  const css = text.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
    fonts.push(rule);
    return "";
  });
  return { css, fonts: fonts.join("") };
}

/**
 * The fonts' rules are a stylesheet of their own, `media="print"` in the page the server writes: the fonts
 * are then not asked for before the first paint, and the script of after-paint.server.ts switches it to
 * `all` once that paint is done (text is shown in the fallback fonts until they arrive, as `font-display:
 * swap` did already). React never sets the attribute again: it does not change.
 */
export function SiteStylesheet({ href }: { href: string }) {
  const server = useContext(InlineStylesheet);
  const inline = server !== undefined ? server : typeof document !== "undefined" ? inlinedInDocument() : null;
  // Only our own built file is inlined; a text that could close the element is linked instead.
  if (inline === null || /<\/style/i.test(inline.css + inline.fonts)) return <link rel="stylesheet" href={href} />;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, never one that could close the element (tested above) */}
      <style {...{ [MARK]: "" }} dangerouslySetInnerHTML={{ __html: inline.css }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own built font faces, never text that could close the element (tested above) */}
      {inline.fonts ? <style {...{ [FONTS]: "" }} media="print" dangerouslySetInnerHTML={{ __html: inline.fonts }} /> : null}
    </>
  );
}
