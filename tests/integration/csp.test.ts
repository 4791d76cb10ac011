import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * Content-Security-Policy (issue 13 §5): no 'unsafe-inline' for scripts; every script of every page type
 * carries this response's nonce, a fresh one each time (kept pages too), and no element has an inline
 * event handler.
 */
const [target] = testDatabases();

describe("Content-Security-Policy with a nonce per response", () => {
  let cat: Awaited<ReturnType<typeof seededCatalogue>>;
  beforeAll(async () => {
    const dir = tempDir();
    await makeImage(dir, "a.jpg");
    cat = await seededCatalogue(
      target!,
      [
        makeRecord({
          id: "o1",
          texts: { it: { label: "Vaso dipinto" }, en: { label: "Painted vase" } },
          media: [{ type: "image", file: "a.jpg" }],
        }),
        makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Bottega Rossi" } } }),
      ],
      { dir },
    );
  });
  afterAll(async () => cat?.close());

  const policyOf = (res: Response) => {
    const header = res.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      header
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k!, v]),
    );
    return directives;
  };

  const pages = [
    ["home", "/"],
    ["home (en)", "/en"],
    ["search", "/cerca?q=vaso"],
    ["search (fr)", "/fr/cerca?q=vase"],
    ["record", "/oggetti/o1"],
    ["entity record", "/en/entities/e1"],
    ["login", "/login"],
    ["cookie policy", "/public/cookie-policy"],
    ["not found", "/non-esiste/affatto"],
  ] as const;

  for (const [name, url] of pages) {
    it(`${name}: scripts only with the response's nonce`, async () => {
      let res = await cat.server.fetch(url);
      if (res.status === 301) res = await cat.server.fetch(res.headers.get("location")!);
      expect([200, 404]).toContain(res.status);
      const policy = policyOf(res);
      const scriptSrc = policy.get("script-src") ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const nonceSource = scriptSrc.find((s) => s.startsWith("'nonce-"));
      expect(nonceSource).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
      expect(policy.get("script-src-attr")).toEqual(["'none'"]);
      const nonce = nonceSource!.slice("'nonce-".length, -1);
      const html = await res.text();
      // (data blocks such as JSON-LD are not run: the policy does not apply to them)
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
      // no inline event handlers anywhere (onclick=, onload=, …)
      expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
      expect(html).not.toContain("javascript:");
    });
  }

  it("two requests for the same page get different nonces and the same ETag; a kept home page gets a new nonce", async () => {
    const a = await cat.server.fetch("/");
    const b = await cat.server.fetch("/");
    const nonceOf = (res: Response) => (policyOf(res).get("script-src") ?? []).find((s) => s.startsWith("'nonce-"))!.slice(7, -1);
    const [na, nb] = [nonceOf(a), nonceOf(b)];
    expect(na).not.toBe(nb);
    const [ha, hb] = [await a.text(), await b.text()];
    expect(hb).toContain(`nonce="${nb}"`);
    expect(hb).not.toContain(na);
    expect(ha).not.toContain(nb);
    expect(a.headers.get("etag")).toBe(b.headers.get("etag"));
    // the second was served from the micro-cache (the home page is kept a few seconds)
    expect(b.headers.get("x-cache")).toBe("hit");
    // a 304 carries no policy: the browser's stored page keeps the one whose nonce its scripts carry
    for (const url of ["/", "/cerca?q=vaso"]) {
      const first = await cat.server.fetch(url);
      const revalidated = await cat.server.fetch(url, { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(revalidated.status, url).toBe(304);
      expect(revalidated.headers.get("content-security-policy"), url).toBeNull();
    }
  });
});
