/**
 * The site's custom CSS (decision 070). It is served as its own stylesheet (`/site/custom.css`, text/css,
 * nosniff), never written into the page, so it cannot close a `<style>` element; it is still refused when
 * it holds anything that only makes sense as an attack or a surprise: markup (`<`), `@import` (loads from
 * elsewhere), `javascript:`/`vbscript:` URLs, old IE script hooks (`expression(`, `behavior:`,
 * `-moz-binding`), `url()` to anything but https, this site or an inline image. CSS escapes are decoded
 * first, so `\3c` or `\6a avascript:` are caught too.
 */
export const CUSTOM_CSS_MAX = 50_000;

export type CssProblem = "tooLong" | "markup" | "import" | "scriptUrl" | "scriptHook" | "badUrl" | "nul";

/** Decodes CSS escapes (`\3c `, `\<`) and drops comments, so the checks see what the browser sees. */
export function decodeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, " ")
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    })
    .replace(/\\(.)/gs, "$1");
}

/** What is wrong with a custom stylesheet, or null when it may be served. */
export function cssProblem(css: string): CssProblem | null {
  if (css.length > CUSTOM_CSS_MAX) return "tooLong";
  if (css.includes("\0")) return "nul";
  const plain = decodeCss(css);
  const squeezed = plain.toLowerCase().replace(/[\s\u0000-\u001f]+/g, "");
  if (/[<]/.test(plain)) return "markup";
  if (squeezed.includes("@import")) return "import";
  if (/(java|vb)script:/.test(squeezed)) return "scriptUrl";
  if (/expression\(|behavior:|-moz-binding|-o-link/.test(squeezed)) return "scriptHook";
  for (const m of plain.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    const target = (m[2] ?? "").trim().toLowerCase();
    const ok = target.startsWith("https://") || (target.startsWith("/") && !target.startsWith("//")) ||
      /^data:image\/(png|jpeg|gif|webp|avif);/.test(target) || target.startsWith("#");
    if (!ok) return "badUrl";
  }
  if (/\burl\(/i.test(plain) && !/url\(\s*(['"]?)[^'")]*\1\s*\)/i.test(plain)) return "badUrl";
  return null;
}
