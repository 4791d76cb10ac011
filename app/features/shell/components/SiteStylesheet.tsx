import { createContext, useContext } from "react";

/**
 * The site's stylesheet written into the page itself (docs/decisions/024): the first paint then waits for
 * no other request. app/entry.server.tsx reads the built file once and gives its text through this
 * context; without it (development, or the file not found) the page links the stylesheet as usual.
 * In the browser the context is empty: React keeps the <style> the server wrote (a resource, matched by
 * its href) and never fetches the file.
 */
export const InlineStylesheet = createContext<string | null | undefined>(undefined);

export function SiteStylesheet({ href }: { href: string }) {
  const css = useContext(InlineStylesheet);
  const inlined =
    css !== undefined
      ? css !== null
      : typeof document !== "undefined" && document.querySelector(`style[data-href~="${CSS.escape(href)}"]`) !== null;
  return inlined ? (
    <style href={href} precedence="site">
      {css ?? ""}
    </style>
  ) : (
    <link rel="stylesheet" href={href} precedence="site" />
  );
}
