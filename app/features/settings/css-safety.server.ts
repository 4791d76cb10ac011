import * as csstree from "css-tree";
import type { Atrule, AttributeSelector, CssNode, Declaration, List, ListItem, Rule, StyleSheet } from "css-tree";
import { CUSTOM_CSS_MAX } from "./items";

/**
 * The site's custom CSS (decisions 071 and 083). It is served as its own stylesheet (`/site/custom.css`,
 * text/css, nosniff), never written into the page, and it is read with a real CSS parser (css-tree), the way
 * a browser reads it, against allow-lists: standard properties and custom properties, a list of value
 * functions, the at-rules @media, @supports, @font-face, @keyframes, @layer and @container. Anything that
 * could make a visitor's browser ask another site for something is refused: every address (`url()`, the
 * strings of `image-set()`, `image()`, `cross-fade()`, `src()`, `@font-face` sources) must be a file of this
 * site under /media/, /uploads/, /site/ or /assets/, or an inline raster `data:image`; `@import` and
 * `element()` are refused; attribute selectors that could read what a form or the page holds (a field's
 * value, a CSRF token: `input[name=csrf][value^=a]`) are refused. The checks of decision 071 on the decoded
 * text (markup, script addresses, old IE script hooks) stay in front, as a second wall.
 *
 * This module is server-only: css-tree and its property data stay out of the browser bundle.
 */

export type CssProblemCode =
  | "tooLong"
  | "nul"
  | "markup"
  | "import"
  | "scriptUrl"
  | "scriptHook"
  | "nesting"
  | "parse"
  | "atRule"
  | "property"
  | "function"
  | "selector"
  | "badUrl";

/** What is wrong with a stylesheet: the rule it breaks, the line (from 1) and what it wrote there. */
export type CssProblem = { code: CssProblemCode; line?: number; what?: string };

/** At-rules a custom stylesheet may hold; every other one (`@import`, `@namespace`, `@page`…) is refused. */
const AT_RULES = new Set(["media", "supports", "font-face", "keyframes", "layer", "container"]);

/** Properties that css-tree knows but that load code: old IE behaviours, Mozilla's XBL, Opera's links. */
const SCRIPT_PROPERTIES = new Set(["behavior", "-ms-behavior", "-moz-binding", "-o-link", "-o-link-source"]);

/** Functions whose string arguments are addresses the browser loads: each must be one of this site's files. */
const URL_FUNCTIONS = new Set(["image-set", "-webkit-image-set", "image", "cross-fade", "-webkit-cross-fade", "src"]);

/**
 * The value functions a custom stylesheet may call. Not here, hence refused: `url` spelled as a function
 * (`\75rl(`: an escaped `url(`), `element()`/`-moz-element()` (paints another element, a form field included,
 * as an image), `paint()` (a worklet), `attr()` beyond one plain attribute name (typed `attr()` reads
 * attributes into any property).
 */
const FUNCTIONS = new Set([
  // colours
  "rgb",
  "rgba",
  "hsl",
  "hsla",
  "hwb",
  "lab",
  "lch",
  "oklab",
  "oklch",
  "color",
  "color-mix",
  "light-dark",
  "contrast-color",
  "device-cmyk",
  // arithmetic
  "calc",
  "-webkit-calc",
  "-moz-calc",
  "calc-size",
  "min",
  "max",
  "clamp",
  "round",
  "mod",
  "rem",
  "abs",
  "sign",
  "sin",
  "cos",
  "tan",
  "asin",
  "acos",
  "atan",
  "atan2",
  "pow",
  "sqrt",
  "hypot",
  "log",
  "exp",
  // variables
  "var",
  "env",
  // gradients
  "linear-gradient",
  "radial-gradient",
  "conic-gradient",
  "repeating-linear-gradient",
  "repeating-radial-gradient",
  "repeating-conic-gradient",
  "-webkit-linear-gradient",
  "-webkit-radial-gradient",
  "-webkit-repeating-linear-gradient",
  "-webkit-repeating-radial-gradient",
  "-moz-linear-gradient",
  "-moz-radial-gradient",
  "-moz-repeating-linear-gradient",
  "-moz-repeating-radial-gradient",
  // transforms
  "matrix",
  "matrix3d",
  "translate",
  "translatex",
  "translatey",
  "translatez",
  "translate3d",
  "scale",
  "scalex",
  "scaley",
  "scalez",
  "scale3d",
  "rotate",
  "rotatex",
  "rotatey",
  "rotatez",
  "rotate3d",
  "skew",
  "skewx",
  "skewy",
  "perspective",
  // filters
  "blur",
  "brightness",
  "contrast",
  "drop-shadow",
  "grayscale",
  "hue-rotate",
  "invert",
  "opacity",
  "saturate",
  "sepia",
  // shapes and motion paths
  "inset",
  "circle",
  "ellipse",
  "polygon",
  "path",
  "rect",
  "xywh",
  "ray",
  // grids, easing, timelines, anchors
  "repeat",
  "minmax",
  "fit-content",
  "cubic-bezier",
  "steps",
  "linear",
  "scroll",
  "view",
  "anchor",
  "anchor-size",
  // generated content, fonts, image hints
  "counter",
  "counters",
  "attr",
  "local",
  "format",
  "tech",
  "type",
  // addresses, each checked (URL_FUNCTIONS)
  ...URL_FUNCTIONS,
]);

/**
 * Elements whose attributes hold what a user typed or a secret: form fields, and the head's meta tags, scripts
 * (their nonce) and links (the canonical and alternate addresses repeat the page's own, a share's token included).
 */
const GUARDED_ELEMENTS = new Set([
  "input",
  "textarea",
  "select",
  "option",
  "optgroup",
  "datalist",
  "button",
  "form",
  "output",
  "fieldset",
  "meta",
  "script",
  "link",
  "base",
]);

/** Attributes that hold a field's value or a token on any element: a selector may not test them at all. */
const SECRET_ATTRIBUTES = new Set(["value", "name", "content", "nonce", "action", "formaction"]);

/** Pseudo-classes whose arguments describe the same element (so `input:is([data-x^=a])` is `input[data-x^=a]`). */
const SAME_ELEMENT = new Set(["is", "where", "not", "matches", "-webkit-any", "-moz-any"]);

/** Where the files a stylesheet may show live: media, users' images, the site's own files, the built assets. */
const LOCAL_PREFIXES = ["/media/", "/uploads/", "/site/", "/assets/"];
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif)[;,]/i;

/** Deeper than this is no stylesheet anyone writes by hand, and the parser's recursion has a limit. */
export const CSS_DEPTH_MAX = 32;
/** How many read errors a stored stylesheet may have before none of it is served. */
const SERVE_ERRORS_MAX = 50;

const name = (raw: string) => csstree.ident.decode(raw).toLowerCase();
const withoutNamespace = (n: string) => n.slice(n.lastIndexOf("|") + 1);
const short = (s: string) => (s.length > 80 ? `${s.slice(0, 79)}…` : s);
const lineOf = (css: string, offset: number) => css.slice(0, offset).split("\n").length;
const lineOfNode = (node: CssNode) => node.loc?.start.line ?? 1;

/** Decodes CSS escapes (`\3c `, `\<`) and drops comments, so the text checks see what the browser sees. */
export function decodeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, " ")
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    })
    .replace(/\\(.)/gs, "$1");
}

/** Whether an address may stand in the stylesheet: one of this site's files, an inline raster image, or `#id`. */
export function localCssUrl(target: string): boolean {
  const t = target.trim();
  // no spaces, control characters or backslashes (a browser reads `/\host` as `//host`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in an address are refused on purpose
  if (!t || /[\u0000-\u0020\u007f-\u009f\\]/.test(t)) return false;
  if (DATA_IMAGE.test(t)) return true;
  // an element of the page (an SVG filter, mask or clip path): nothing is requested
  if (/^#[A-Za-z_][\w-]*$/.test(t)) return true;
  // a path from the root, resolved as the browser will (`%2e%2e` and `..` segments included), with no query
  if (!t.startsWith("/") || t.startsWith("//") || t.includes("?")) return false;
  let url: URL;
  try {
    url = new URL(t, "https://teca.invalid/site/custom.css");
  } catch {
    return false;
  }
  return url.origin === "https://teca.invalid" && LOCAL_PREFIXES.some((p) => url.pathname.startsWith(p));
}

/** The refusals of decision 071, on the decoded text: they refuse the whole stylesheet, stored or new. */
function textProblem(css: string): CssProblem | null {
  if (css.length > CUSTOM_CSS_MAX) return { code: "tooLong" };
  const nul = css.indexOf("\0");
  if (nul >= 0) return { code: "nul", line: lineOf(css, nul) };
  const plain = decodeCss(css);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a browser skips control characters inside a keyword: they are removed before the check on purpose
  const squeezed = plain.toLowerCase().replace(/[\s\u0000-\u001f]+/g, "");
  if (plain.includes("<")) return { code: "markup" };
  if (squeezed.includes("@import")) return { code: "import" };
  if (/(java|vb)script:/.test(squeezed)) return { code: "scriptUrl" };
  // (`behavior:` on its own or as `-ms-behavior:`, not the end of `scroll-behavior:`)
  if (/expression\(|(?<![\w-])(-ms-)?behavior:|-moz-binding|-o-link/.test(squeezed)) return { code: "scriptHook" };
  return null;
}

/**
 * What only the tokens show: nesting deeper than CSS_DEPTH_MAX (css-tree recurses), unfinished strings and
 * addresses, and function names written with escapes (`\75rl(` is `url(` to a browser, a plain function to
 * css-tree).
 */
function tokenProblem(css: string): CssProblem | null {
  let depth = 0;
  let found: CssProblem | null = null;
  const t = csstree.tokenTypes;
  csstree.tokenize(css, (type, start, end) => {
    if (found) return;
    if (type === t.LeftCurlyBracket || type === t.LeftParenthesis || type === t.LeftSquareBracket || type === t.Function) {
      if (++depth > CSS_DEPTH_MAX) found = { code: "nesting", line: lineOf(css, start) };
    } else if (type === t.RightCurlyBracket || type === t.RightParenthesis || type === t.RightSquareBracket) {
      depth = Math.max(0, depth - 1);
    } else if (type === t.BadString || type === t.BadUrl) {
      found = { code: "parse", line: lineOf(css, start), what: short(css.slice(start, end)) };
    }
    if (type === t.Function && css.slice(start, end).includes("\\")) {
      const fn = name(css.slice(start, end - 1));
      found =
        fn === "url" || URL_FUNCTIONS.has(fn)
          ? { code: "badUrl", line: lineOf(css, start), what: short(css.slice(start, end)) }
          : { code: "function", line: lineOf(css, start), what: fn };
    }
  });
  return found;
}

type Finding = { problem: CssProblem; list: List<CssNode>; item: ListItem<CssNode> };

class ReadError extends Error {
  constructor(readonly problem: CssProblem) {
    super(problem.code);
  }
}

/** Reads a stylesheet; `strict` stops at the first read error (a save), otherwise a few are tolerated (serving). */
function parseSheet(css: string, strict: boolean): StyleSheet {
  let errors = 0;
  try {
    return csstree.parse(css, {
      positions: true,
      parseCustomProperty: true,
      onParseError: (e) => {
        if (strict || ++errors > SERVE_ERRORS_MAX)
          throw new ReadError({
            code: "parse",
            line: e.line,
            what: short(
              css
                .slice(e.offset, e.offset + 40)
                .split("\n")[0]!
                .trim() || e.message,
            ),
          });
      },
    }) as StyleSheet;
  } catch (err) {
    if (err instanceof ReadError) throw err;
    // a RangeError from the recursion, in case the depth check let something through
    throw new ReadError({ code: "nesting", line: 1 });
  }
}

/** Everything in a parsed stylesheet that breaks a rule, each with the list item to drop to remove it. */
function findings(sheet: StyleSheet): Finding[] {
  const out: Finding[] = [];
  inspectBlock(sheet.children, false, out);
  return out;
}

function inspectBlock(children: List<CssNode>, fontFace: boolean, out: Finding[]) {
  children.forEach((node, item, list) => {
    const problem =
      node.type === "Rule"
        ? ruleProblem(node)
        : node.type === "Atrule"
          ? atruleProblem(node)
          : node.type === "Declaration"
            ? declarationProblem(node, fontFace)
            : node.type === "Raw"
              ? /^[\s;]*$/.test(node.value)
                ? null
                : { code: "parse" as const, line: lineOfNode(node), what: short(node.value.trim()) }
              : { code: "parse" as const, line: lineOfNode(node), what: short(csstree.generate(node)) };
    if (problem) {
      out.push({ problem, list, item });
      return;
    }
    if (node.type === "Rule") inspectBlock(node.block.children, false, out);
    else if (node.type === "Atrule" && node.block) inspectBlock(node.block.children, name(node.name) === "font-face", out);
  });
}

function atruleProblem(node: Atrule): CssProblem | null {
  const at = name(node.name);
  const line = lineOfNode(node);
  if (at === "import") return { code: "import", line };
  if (!AT_RULES.has(at)) return { code: "atRule", line, what: `@${short(at)}` };
  if (node.prelude?.type === "Raw") return { code: "parse", line, what: short(`@${at} ${node.prelude.value}`) };
  return node.prelude ? valueProblem(node.prelude) : null;
}

function declarationProblem(node: Declaration, fontFace: boolean): CssProblem | null {
  const line = lineOfNode(node);
  const property = node.property.startsWith("--") ? node.property : name(node.property);
  if (!property.startsWith("--")) {
    if (SCRIPT_PROPERTIES.has(property)) return { code: "scriptHook", line };
    const unknown = fontFace ? csstree.lexer.checkAtruleDescriptorName("font-face", property) : csstree.lexer.checkPropertyName(property);
    if (unknown) return { code: "property", line, what: short(property) };
  }
  if (node.value.type === "Raw")
    return node.value.value.trim() ? { code: "parse", line, what: short(`${property}: ${node.value.value.trim()}`) } : null;
  return valueProblem(node.value);
}

/** Addresses, functions and unread text anywhere in a value or an at-rule's prelude. */
function valueProblem(value: CssNode): CssProblem | null {
  let problem: CssProblem | null = null;
  csstree.walk(value, (node) => {
    if (problem) return csstree.walk.break;
    const line = lineOfNode(node);
    if (node.type === "Raw" && node.value.trim()) problem = { code: "parse", line, what: short(node.value.trim()) };
    else if (node.type === "Url" && !localCssUrl(node.value)) problem = { code: "badUrl", line, what: short(`url(${node.value})`) };
    else if (node.type === "Declaration" && !node.property.startsWith("--") && csstree.lexer.checkPropertyName(name(node.property)))
      problem = { code: "property", line, what: short(name(node.property)) };
    else if (node.type === "Function") {
      const fn = name(node.name);
      if (fn === "url" || (URL_FUNCTIONS.has(fn) && !urlArgumentsLocal(node.children)))
        problem = { code: "badUrl", line, what: short(csstree.generate(node)) };
      else if (!FUNCTIONS.has(fn) || (fn === "attr" && !plainAttr(node.children))) problem = { code: "function", line, what: short(fn) };
    }
    return undefined;
  });
  return problem;
}

/**
 * The arguments of `image-set()` and its kin: each string is an address and must be local; no `var()`,
 * `env()` or `attr()` anywhere inside, since a custom property can hold a bare string (`--u: "https://…"`)
 * that only becomes an address here.
 */
function urlArgumentsLocal(children: List<CssNode>): boolean {
  let ok = true;
  children.forEach((child) => {
    if (child.type === "String" && !localCssUrl(child.value)) ok = false;
    csstree.walk(child, (n) => {
      if (n.type === "Function" && ["var", "env", "attr"].includes(name(n.name))) ok = false;
    });
  });
  return ok;
}

/** `attr(data-label)`: one attribute name, no type (a typed attr() can feed any property), not a secret one. */
function plainAttr(children: List<CssNode>): boolean {
  const args = children.toArray().filter((c) => c.type !== "WhiteSpace");
  return args.length === 1 && args[0]!.type === "Identifier" && !SECRET_ATTRIBUTES.has(withoutNamespace(name(args[0].name)));
}

function ruleProblem(node: Rule): CssProblem | null {
  const line = lineOfNode(node);
  if (node.prelude.type === "Raw") return { code: "parse", line, what: short(node.prelude.value.trim()) };
  let problem: CssProblem | null = null;
  const refuse = (selector: CssNode) =>
    (problem = { code: "selector", line: lineOfNode(selector), what: short(csstree.generate(selector)) });
  csstree.walk(node.prelude, (n) => {
    if (problem) return csstree.walk.break;
    // an argument css-tree does not parse (`::part(label)`, `::highlight(x)`) passes only as one plain name
    if (n.type === "Raw" && !/^\s*-?[A-Za-z_][\w-]*\s*$/.test(n.value)) refuse(n);
    else if (n.type === "AttributeSelector" && SECRET_ATTRIBUTES.has(withoutNamespace(name(n.name.name)))) refuse(n);
    else if (n.type === "Selector" && formFieldAttribute(n.children)) refuse(n);
    return undefined;
  });
  return problem;
}

/**
 * Whether a selector tests an attribute of a form field (or a meta tag, script, link) other than its `type`:
 * compound by compound (the parts between combinators), looking into `:is()`, `:where()`, `:not()`.
 */
function formFieldAttribute(children: List<CssNode>): boolean {
  let compound: CssNode[] = [];
  const compounds: CssNode[][] = [compound];
  children.forEach((c) => {
    if (c.type === "Combinator") compounds.push((compound = []));
    else compound.push(c);
  });
  return compounds.some((parts) => {
    // `:has()` and its kind speak of other elements: only the same-element pseudo-classes are looked into
    const own = parts.filter((c) => c.type !== "PseudoClassSelector" || SAME_ELEMENT.has(name(c.name)));
    const nodes: CssNode[] = [];
    for (const part of own) csstree.walk(part, (n) => void nodes.push(n));
    const formField = nodes.some((n) => n.type === "TypeSelector" && GUARDED_ELEMENTS.has(withoutNamespace(name(n.name))));
    return formField && nodes.some((n) => n.type === "AttributeSelector" && !typeTest(n));
  });
}

/** `[type]`, `[type=submit]`: a field's kind is no secret, and it is how buttons and text boxes are styled. */
const typeTest = (n: AttributeSelector) => withoutNamespace(name(n.name.name)) === "type" && (n.matcher === null || n.matcher === "=");

/** What is wrong with a custom stylesheet, or null when it may be saved: the first problem, in reading order. */
export function cssProblem(css: string): CssProblem | null {
  const early = textProblem(css) ?? tokenProblem(css);
  if (early) return early;
  try {
    return findings(parseSheet(css, true))[0]?.problem ?? null;
  } catch (err) {
    if (err instanceof ReadError) return err.problem;
    throw err;
  }
}

/**
 * The stylesheet to serve for a stored text, or null for none. What is served is the parsed tree written out
 * again (css-tree's generator: no comments, no original spacing), so the browser reads exactly what was
 * checked. A text stored before this parser (decision 083), or written outside the settings, is served
 * without the rules, at-rules and declarations that break a rule (an address on another site, a form-field
 * selector); a text the decision 071 checks refuse is not served at all. The result must pass `cssProblem`
 * itself, or nothing is served.
 */
export function servableCss(css: string): string | null {
  if (textProblem(css) || tokenProblem(css)) return null;
  let sheet: StyleSheet;
  try {
    sheet = parseSheet(css, false);
  } catch (err) {
    if (err instanceof ReadError) return null;
    throw err;
  }
  for (const f of findings(sheet)) f.list.remove(f.item);
  const out = csstree.generate(sheet);
  return out.trim() && !cssProblem(out) ? out : null;
}

/** The message key and values the settings show for a problem. */
export function cssProblemMessage(p: CssProblem): { key: string; params: Record<string, string | number> } {
  const params: Record<string, string | number> = { max: CUSTOM_CSS_MAX, depth: CSS_DEPTH_MAX, line: p.line ?? 1, what: p.what ?? "" };
  return { key: `settings.error.css.${p.code}`, params };
}
