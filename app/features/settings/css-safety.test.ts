import { describe, expect, it } from "vitest";
import { cssProblem, cssProblemMessage, decodeCss, localCssUrl, servableCss, type CssProblemCode } from "./css-safety.server";
import { translate, type MessageKey } from "~/i18n";

/** Stylesheets an attacker (or a careless copy) would write: each is refused, for the reason given. */
const HOSTILE: [css: string, code: CssProblemCode][] = [
  // addresses other than url(): the review's attack
  ['a{background:image-set("http://evil.example/a.png" 1x)}', "badUrl"],
  ["a{background:image-set(url(https://evil.example/a.png) 1x, '/media/b.png' 2x)}", "badUrl"],
  ['a{background:-webkit-image-set("//evil.example/a.png" 1x)}', "badUrl"],
  ["a{background:-webkit-image-set(url(http://evil.example/a.png) 1x)}", "badUrl"],
  ['a{background:IMAGE-SET("https://evil.example/a.png" 1x)}', "badUrl"],
  ['a{background:image("https://evil.example/a.png")}', "badUrl"],
  ["a{background:cross-fade(url(/media/a.png), url(https://evil.example/b.png), 50%)}", "badUrl"],
  ["a{background:-webkit-cross-fade(url(/media/a.png), url(//evil.example/b.png), 50%)}", "badUrl"],
  ['a{background:src("https://evil.example/a.png")}', "badUrl"],
  ["a{background:element(#csrf)}", "function"],
  ["a{background:-moz-element(#csrf)}", "function"],
  // a custom property holding the address, or a bare string that becomes one inside image-set()
  ["a{--bg:url(https://evil.example/a.png)}", "badUrl"],
  ['a{--u:"https://evil.example/a.png";background:image-set(var(--u) 1x)}', "badUrl"],
  ["a{background:var(--x, url(//evil.example/a.png))}", "badUrl"],
  // url() spelled with escapes and comments
  ["a{background:\\75rl(http://evil.example/a.png)}", "badUrl"],
  ["a{background:\\75 rl(//evil.example/a.png)}", "badUrl"],
  ["a{background:u\\rl(http://evil.example/a.png)}", "badUrl"],
  ["a{background:\\55 RL(x)}", "badUrl"],
  ["a{background:URL(https://evil.example/a.png)}", "badUrl"],
  ['a{background:url( "https://evil.example/a.png" )}', "badUrl"],
  ["a{background:url(/**/https://evil.example/a.png)}", "badUrl"],
  ['a{background:image-set(/**/"https://evil.example/a.png" 1x)}', "badUrl"],
  ["a{background:u/**/rl(https://evil.example/a.png)}", "parse"],
  // unicode escapes inside the address
  ["a{background:url(\\68ttps://evil.example/a.png)}", "badUrl"],
  ['a{background:url("\\2f\\2f evil.example/a.png")}', "badUrl"],
  ['a{background:image-set("\\68ttp://evil.example/a.png" 1x)}', "badUrl"],
  // protocol-relative, backslashes, scheme tricks, paths that leave the allowed folders
  ["a{background:url(//evil.example/a.png)}", "badUrl"],
  ["a{background:url(\\/\\/evil.example/a.png)}", "badUrl"],
  ['a{background:url("/\\\\evil.example/a.png")}', "badUrl"],
  ['a{background:url("\\\\\\\\evil.example/a.png")}', "badUrl"],
  ["a{background:url(https:evil.example/a.png)}", "badUrl"],
  ["a{background:url(http://evil.example/a.png)}", "badUrl"],
  ["a{background:url(https://example.org/a.png)}", "badUrl"],
  ["a{background:url(/media/%2e%2e/api/auth/logout)}", "badUrl"],
  ["a{background:url(/media/../cerca)}", "badUrl"],
  ["a{background:url(/cerca?q=secret)}", "badUrl"],
  ["a{background:url(/media/a.png?leak=1)}", "badUrl"],
  ["a{background:url(images/a.png)}", "badUrl"],
  ["a{background:url()}", "badUrl"],
  ["a{background:url(data:text/html,hi)}", "badUrl"],
  ["a{background:url(data:image/svg+xml;base64,PHN2Zy8+)}", "badUrl"],
  // @import, @font-face from elsewhere, at-rules that are not on the list
  ["@import url(https://evil.example/x.css);", "import"],
  ['@import "https://evil.example/x.css";', "import"],
  ["@\\69mport url(x.css);", "import"],
  ["@imp/**/ort url(x.css);", "import"],
  ["@media print{@import url(x.css);}", "import"],
  ["@font-face{font-family:X;src:url(https://evil.example/f.woff2)}", "badUrl"],
  ['@font-face{font-family:X;src:url(//evil.example/f.woff2) format("woff2")}', "badUrl"],
  ["@font-face{font-family:X;color:red}", "property"],
  ["@namespace svg url(http://www.w3.org/2000/svg);", "atRule"],
  ["@page{margin:0}", "atRule"],
  ['@charset "utf-8";', "atRule"],
  ["@-webkit-keyframes k{from{opacity:0}}", "atRule"],
  // attribute selectors that read a form or the page (several spellings)
  ["input[name=csrf][value^=a]{background:url(/media/a.png)}", "selector"],
  ["input[value^=a]{color:red}", "selector"],
  ['[name="csrf" i]{color:red}', "selector"],
  ["*[value$=x]{color:red}", "selector"],
  ["[VALUE*=x]{color:red}", "selector"],
  ["[*|value]{color:red}", "selector"],
  ["[val\\75 e^=a]{color:red}", "selector"],
  ["\\69nput[data-x^=a]{color:red}", "selector"],
  ["INPUT[placeholder]{color:red}", "selector"],
  ["*|input[data-x]{color:red}", "selector"],
  ["textarea[data-x],select[data-y]{color:red}", "selector"],
  ["form:has(input[value^=a]){color:red}", "selector"],
  ["input:is([data-token^=a]){color:red}", "selector"],
  ["meta[content^=a]~body{color:red}", "selector"],
  ["script[nonce^=a]{display:block}", "selector"],
  ["form[action*=token]{color:red}", "selector"],
  ['head:has(link[rel=canonical][href*="/shared/a"])+body{color:red}', "selector"],
  ["a:unknown([value^=a]){color:red}", "selector"],
  ["::part(a b){color:red}", "selector"],
  // properties and functions off the lists
  ["a{colour:red}", "property"],
  ["a{-webkit-foo:bar}", "property"],
  ["a{content:attr(value)}", "function"],
  ["a{width:attr(data-w px)}", "function"],
  ["a{background:paint(x)}", "function"],
  // the refusals of decision 071
  ["</style><script>alert(1)</script>", "markup"],
  ["a{}<script>", "markup"],
  ["a{content:'\\3c /style>'}", "markup"],
  ["a{background:url(javascript:alert(1))}", "scriptUrl"],
  ["a{background:url(\\6a avascript:alert(1))}", "scriptUrl"],
  ["a{width:expression(alert(1))}", "scriptHook"],
  ["a{-moz-binding:url(https://x/y.xml#z)}", "scriptHook"],
  ["a{b\\65 havior:url(/media/x.htc)}", "scriptHook"],
  ["a{-ms-behavior:url(/media/x.htc)}", "scriptHook"],
  ["a{color:red}\0", "nul"],
  // what the parser cannot read is refused, not dropped
  ["a{color:red}}", "parse"],
  ["a{--x:{a:b}}", "parse"],
  ['a{content:"unfinished\n}', "parse"],
  [".a{.b{color:red}}", "parse"],
  [`${"@media print{".repeat(40)}a{}${"}".repeat(40)}`, "nesting"],
  [`a{width:${"calc(".repeat(40)}1px${")".repeat(40)}}`, "nesting"],
];

/** Stylesheets a site really writes: each passes. */
const LEGITIMATE = [
  "body{color:#222;background:#fbfaf8}",
  '.hero > h1 { letter-spacing: .02em; font-family: "Source Serif 4 Variable", Georgia, serif }',
  ":root{--brand:#8c3a1b;--gap:calc(1rem + 2px)}.btn{background:var(--brand);padding:var(--gap, 1rem)}",
  ".hero{background:linear-gradient(to right, rgb(0 0 0 / .5), transparent), url(/media/hero.jpg) center / cover no-repeat}",
  '.x{background-image:image-set(url(/media/a.avif) type("image/avif") 1x, "/media/a.jpg" 2x)}',
  '@font-face{font-family:"Titillium";src:url(/site/fonts/titillium.woff2) format("woff2"), local("Titillium Web");font-display:swap;font-weight:400 700}',
  '@font-face{font-family:Inter;src:url("/assets/inter.woff2") format("woff2")}',
  "@media (max-width: 40em) and (prefers-color-scheme: dark){.card{box-shadow:0 1px 2px hsl(0 0% 0% / .2)}}",
  "@keyframes fade{from{opacity:0}50%{opacity:.4}to{opacity:1}}.in{animation:fade .3s ease-out both}",
  "@supports (display:grid){.grid{display:grid;grid-template-columns:repeat(auto-fill, minmax(12rem, 1fr))}}",
  "@layer base, theme;@layer theme{a{text-decoration-thickness:1px}}",
  "@container card (min-width: 30rem){.title{font-size:clamp(1rem, 2vw, 1.5rem)}}",
  ".x{transform:translateX(10px) rotate(3deg);filter:drop-shadow(0 0 2px rgba(0,0,0,.3)) grayscale(1)}",
  'a[href^="https://"]::after{content:" ↗"}a[href$=".pdf"]{padding-right:1em}',
  'input[type=search], button[type="submit"], input[type]{border-radius:4px}',
  "input:focus-visible, textarea:invalid, select:disabled{outline:2px solid var(--brand)}",
  ".icon{mask:url(/media/icons.svg#star);filter:url(#soft)}",
  ".logo{background:url(data:image/png;base64,iVBORw0KGgo=)}",
  '/* the house style */ .a:hover, .a:focus{color:oklch(60% .1 30)} .b::before{content:"\\2014"}',
  ".a{&:hover{color:red} & > .b{color:blue}}",
  ".card:has(> img){padding:0}li:nth-child(2n+1 of .x){margin:0}:where(.a) :is(h1, h2):not(.b, .c){margin:0}",
  "::view-transition-old(root){animation-duration:.2s}::highlight(found){background:yellow}:dir(rtl) .x{margin-left:0}",
  ".a{color:red;;}",
  '.quote::before{content:attr(data-label) ": "}',
  "@media print{.no-print{display:none !important}}",
  ".x{-webkit-line-clamp:3;-webkit-box-orient:vertical;display:-webkit-box}",
  "html{scroll-behavior:smooth;accent-color:var(--brand)}",
  ".x{background-image:url('/uploads/abc.webp');cursor:url(/media/c.png) 4 4, pointer}",
  "a{color:red",
];

describe("custom CSS read with a parser (decision 083)", () => {
  it.each(HOSTILE)("refuses %s", (css, code) => {
    expect(cssProblem(css)?.code).toBe(code);
  });

  it.each(LEGITIMATE.map((css) => [css]))("accepts %s", (css) => {
    expect(cssProblem(css)).toBeNull();
  });

  it("refuses more than 50,000 characters", () => {
    expect(cssProblem(`a{}${" ".repeat(50_000)}`)?.code).toBe("tooLong");
  });

  it("names the line and what was written there", () => {
    expect(cssProblem('.a{color:red}\n.b{\n  background: image-set("http://evil.example/a.png" 1x);\n}')).toEqual({
      code: "badUrl",
      line: 3,
      what: 'image-set("http://evil.example/a.png"1x)',
    });
    expect(cssProblem("a{}\ninput[value^=a]{color:red}")).toEqual({ code: "selector", line: 2, what: "input[value^=a]" });
    expect(cssProblem("a{}\n\n@page{margin:0}")).toEqual({ code: "atRule", line: 3, what: "@page" });
    expect(cssProblem("a{colour:red}")).toEqual({ code: "property", line: 1, what: "colour" });
    expect(cssProblem("a{background:element(#x)}")).toEqual({ code: "function", line: 1, what: "element" });
    expect(cssProblem("a{color:red}\n}")?.line).toBe(2);
  });

  it("shows each problem as a message in every language, with its line", () => {
    const m = cssProblemMessage(cssProblem("a{}\n@page{margin:0}")!);
    expect(translate("en", m.key as MessageKey, m.params)).toBe(
      "Line 2: @page is not allowed; only @media, @supports, @font-face, @keyframes, @layer and @container are.",
    );
    expect(translate("it", m.key as MessageKey, m.params)).toContain("Riga 2: @page non è ammessa");
    expect(translate("fr", m.key as MessageKey, m.params)).toContain("Ligne 2 : @page n'est pas autorisée");
    for (const [css] of HOSTILE) {
      const msg = cssProblemMessage(cssProblem(css)!);
      for (const locale of ["it", "en", "fr", "de"] as const) {
        const text = translate(locale, msg.key as MessageKey, msg.params);
        expect(text, `${locale} ${css}`).not.toBe(msg.key);
        expect(text).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

describe("local addresses", () => {
  it.each([
    "/media/a.png",
    "/media/sub/a%20b.png",
    "/uploads/x.webp",
    "/site/fonts/a.woff2",
    "/assets/inter.woff2",
    "/media/i.svg#star",
    "#soft",
    "data:image/png;base64,AA==",
    "DATA:image/webp,AA",
  ])("allows %s", (u) => expect(localCssUrl(u)).toBe(true));
  it.each([
    "",
    " ",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/a",
    "http:/evil.example",
    "https:evil.example",
    "/media/%2e%2e/cerca",
    "/media/%2E%2E/%2e%2e/x",
    "/media/../cerca",
    "/cerca",
    "/media",
    "/media/a.png?x",
    "media/a.png",
    "./a.png",
    "/media/a\tb.png",
    "/media/a\u0000.png",
    "javascript:alert(1)",
    "data:image/svg+xml,x",
    "#a b",
  ])("refuses %j", (u) => expect(localCssUrl(u)).toBe(false));
});

describe("the stylesheet that is served", () => {
  it("is the checked tree written out, which passes the same rule", () => {
    const css = "/* house */\n:root { --brand: #8c3a1b }\n.hero > h1 { color: var(--brand); background: url('/media/a.png') }";
    const out = servableCss(css);
    expect(out).toBe(":root{--brand:#8c3a1b}.hero>h1{color:var(--brand);background:url(/media/a.png)}");
    expect(cssProblem(out!)).toBeNull();
  });

  it("drops from a stored stylesheet only what breaks a rule", () => {
    const stored = [
      ".a{color:red;background:url(https://example.org/a.png)}",
      '.b{background-image:image-set("http://evil.example/b.png" 1x);margin:0}',
      "input[name=csrf][value^=a]{background:url(/media/x.png)}",
      "@font-face{font-family:X;src:url(https://fonts.example/x.woff2)}",
      "@media print{.c{color:blue;colour:blue}}",
      ".d{color:green}}",
      "@page{margin:0}",
      ".e{color:black}",
    ].join("\n");
    expect(cssProblem(stored)).not.toBeNull();
    expect(servableCss(stored)).toBe(
      ".a{color:red}.b{margin:0}@font-face{font-family:X}@media print{.c{color:blue}}.d{color:green}.e{color:black}",
    );
  });

  it("serves nothing for what decision 071 refuses outright, or when nothing is left", () => {
    for (const css of [
      "</style><script>alert(1)</script>",
      "@import url(https://evil.example/x.css);a{color:red}",
      "a{background:url(javascript:alert(1))}",
      "a{color:red}\0",
      "a{background:\\75rl(https://evil.example/a.png)}",
      "input[value^=a]{color:red}",
      "",
      " /* */ ",
      `a{}${" ".repeat(50_000)}`,
    ]) {
      expect(servableCss(css), css.slice(0, 40)).toBeNull();
    }
  });

  it.each(HOSTILE)("never serves an address elsewhere or a form-field selector from %s", (css) => {
    const out = servableCss(css);
    if (out === null) return expect(out).toBeNull();
    expect(cssProblem(out)).toBeNull();
    // (a custom property may keep a string: it is only text, since no address function may read a var())
    expect(out.replace(/--[\w-]+:"[^"]*"/g, "")).not.toMatch(/evil|value|csrf|nonce|element\(|\\/i);
  });
});

describe("any text", () => {
  it("gets an answer, never an exception, and what is served passes the rule", () => {
    // pieces of the tables above and of CSS syntax, joined at random (a fixed seed: the same run every time)
    const pieces = [
      ...HOSTILE.map(([c]) => c),
      ...LEGITIMATE,
      "{",
      "}",
      "(",
      ")",
      "[",
      "]",
      ";",
      ":",
      ",",
      '"',
      "'",
      "\\",
      "/*",
      "*/",
      "\n",
      " ",
      "url(",
      "@media ",
      "--x:",
      "&",
      "!important",
      "\\75",
      "%2e",
      "//",
    ];
    let seed = 83;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 400; i++) {
      const css = Array.from({ length: 1 + Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]!).join("");
      const problem = cssProblem(css);
      expect(problem === null || typeof problem.code === "string", css).toBe(true);
      const out = servableCss(css);
      if (out !== null) expect(cssProblem(out), `${css}\n→ ${out}`).toBeNull();
      // a stylesheet that passes is served, unless it holds nothing but comments and semicolons
      if (problem === null && out === null) expect(decodeCss(css).replace(/[\s;]/g, ""), css).toBe("");
    }
  });
});
