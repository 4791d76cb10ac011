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
export const InlineStylesheet = createContext<string | null | undefined>(undefined);

const MARK = "data-site-css";
let fromDocument: string | null | undefined;

function inlinedInDocument(): string | null {
  fromDocument ??= document.querySelector<HTMLStyleElement>(`style[${MARK}]`)?.textContent ?? null;
  return fromDocument;
}

export function SiteStylesheet({ href }: { href: string }) {
  const server = useContext(InlineStylesheet);
  const css = server !== undefined ? server : typeof document !== "undefined" ? inlinedInDocument() : null;
  // Only our own built file is inlined; a text that could close the element is linked instead.
  if (css === null || /<\/style/i.test(css)) return <link rel="stylesheet" href={href} />;
  return <style {...{ [MARK]: "" }} dangerouslySetInnerHTML={{ __html: css }} />;
}
