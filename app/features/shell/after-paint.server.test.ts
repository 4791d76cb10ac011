import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { afterPaint } from "./after-paint.server";
import { splitFontFaces } from "./components/SiteStylesheet";

/** Streams `html` through the transform in chunks of `size` bytes (tags and characters cut anywhere). */
async function through(html: string, size: number, nonce = "n0nce") {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(afterPaint(nonce));
  for await (const c of stream) out.push(Buffer.from(c));
  return Buffer.concat(out).toString("utf8");
}

const PAGE =
  '<!DOCTYPE html><html lang="it"><head><link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>' +
  '<link rel="preload" as="fetch" href="/assets/it-1.json" crossorigin="anonymous"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/root-1.js" nonce="n0nce"/>' +
  '<style data-site-css="">body{color:red}</style><style data-site-fonts="" media="print">@font-face{font-family:X}</style></head>' +
  '<body><h1>Città è già</h1><script nonce="n0nce">window.__reactRouterContext = {};</script>' +
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");</script>' +
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>';

describe("the page's scripts, fonts and messages wait for the first paint", () => {
  it("takes the preloads out, makes the module script inert and adds the script that asks for them after the paint", async () => {
    const html = await through(PAGE, 1 << 16);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('as="fetch"');
    // The main picture's preload stays where it was.
    expect(html).toContain('<link rel="preload" as="image" href="/media/a.webp" fetchPriority="high"/>');
    expect(html).toContain('<script nonce="n0nce" type="text/x-after-paint" data-after-paint="">import * as route0');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    // Everything else is unchanged and in its order.
    expect(html).toContain("<h1>Città è già</h1>");
    expect(html.indexOf("streamController.close")).toBeGreaterThan(html.indexOf("data-after-paint"));
    // The boot script carries the nonce and no "<" (it cannot close itself).
    const boot = /<script nonce="n0nce">(\(function\(\)\{var d=document[\s\S]*?)<\/script>/.exec(html);
    expect(boot).not.toBeNull();
    expect(boot![1]).not.toContain("<");
    expect(boot![1]).not.toContain("n0nce");
  });

  it("gives the same page whatever the chunks (tags and UTF-8 characters cut in the middle)", async () => {
    const whole = await through(PAGE, 1 << 16);
    for (const size of [1, 2, 3, 7, 64, 333]) expect(await through(PAGE, size)).toBe(whole);
  });

  it("lets a page without React Router's module script through untouched", async () => {
    const page = '<html><head><link rel="modulepreload" href="/a.js"/></head><body>é</body></html>';
    expect(await through(page, 5)).toBe(page);
  });
});

describe("splitFontFaces", () => {
  it("moves every @font-face rule out of the stylesheet and keeps the rest in its order", () => {
    const { css, fonts } = splitFontFaces("@font-face{font-family:A;src:url(a.woff2)}a{b:c}@font-face {font-family:B}d{e:f}");
    expect(css).toBe("a{b:c}d{e:f}");
    expect(fonts).toBe("@font-face{font-family:A;src:url(a.woff2)}@font-face {font-family:B}");
  });
});
