import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir } from "../factories/records";
import { parseSitemapFile, recordsSitemap, sitemapIndex } from "../../app/features/standards/sitemap.server";

/** robots.txt, the sitemap index and per-locale sitemaps, the Atom feeds (decision 050): parsed, public records only. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (n) => ["url", "sitemap", "xhtml:link", "entry", "link"].includes(n),
});
function parse(xml: string) {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed: ${JSON.stringify(valid)}`);
  return parser.parse(xml);
}

for (const target of testDatabases()) {
  describe(`sitemaps, robots.txt and feeds (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const get = async (p: string) => {
      const res = await cat.server.fetch(p);
      expect(res.status, p).toBe(200);
      return { res, body: await res.text() };
    };
    beforeAll(async () => {
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "1",
            texts: { it: { label: "Lettera di Verdi", summary: "Una lettera <importante> & rara." }, en: { label: "Letter from Verdi" } },
          }),
          makeRecord({ id: "2", texts: { it: { label: "Registro" } } }),
          makeRecord({ table: "ca_entities", id: "e1", texts: { fr: { label: "Personne" } } }),
          makeRecord({ id: "hidden", access: 2, texts: { it: { label: "Documento riservato" } } }),
          makeRecord({ table: "ca_places", id: "vhidden", access: 3, texts: { it: { label: "Luogo riservatissimo" } } }),
        ],
        { dir: tempDir() },
      );
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("robots.txt names the sitemap by its absolute address and keeps crawlers out of the API", async () => {
      const { res, body } = await get("/robots.txt");
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(body).toContain(`Sitemap: ${cat.server.base}/sitemap.xml`);
      expect(body).toMatch(/^User-agent: \*$/m);
      expect(body).toMatch(/^Disallow: \/api\/$/m);
    });

    it("the sitemap index lists the pages and one sitemap per locale, with lastmod", async () => {
      const { res, body } = await get("/sitemap.xml");
      expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
      const idx = parse(body).sitemapindex;
      expect(idx["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
      expect(idx.sitemap.map((s: { loc: string }) => s.loc)).toEqual(
        ["pages.xml", "it-1.xml", "en-1.xml", "fr-1.xml"].map((f) => `${cat.server.base}/sitemaps/${f}`),
      );
      for (const s of idx.sitemap) expect(s.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    });

    it("each locale's sitemap lists the public records at their addresses in that locale, with hreflang alternates", async () => {
      for (const [file, prefix] of [
        ["it-1.xml", ""],
        ["en-1.xml", "/en"],
        ["fr-1.xml", "/fr"],
      ] as const) {
        const { body } = await get(`/sitemaps/${file}`);
        expect(body).not.toContain("hidden");
        expect(body).not.toContain("riservat");
        const set = parse(body).urlset;
        const locs = set.url.map((u: { loc: string }) => u.loc);
        expect(locs.length).toBe(3);
        for (const l of locs) expect(l.startsWith(`${cat.server.base}${prefix}/`)).toBe(true);
        const letter = set.url.find((u: { loc: string }) => u.loc.includes("/oggetti/1/"));
        expect(letter.loc).toBe(`${cat.server.base}${prefix}/oggetti/1/${prefix === "/en" ? "letter-from-verdi" : "lettera-di-verdi"}`);
        expect(letter.lastmod).toMatch(/Z$/);
        const alt = Object.fromEntries(letter["xhtml:link"].map((l: Record<string, string>) => [l["@hreflang"], l["@href"]]));
        expect(alt).toEqual({
          it: `${cat.server.base}/oggetti/1/lettera-di-verdi`,
          en: `${cat.server.base}/en/oggetti/1/letter-from-verdi`,
          fr: `${cat.server.base}/fr/oggetti/1/lettera-di-verdi`,
          "x-default": `${cat.server.base}/oggetti/1/lettera-di-verdi`,
        });
        // every address it lists is a page that answers (after the canonical redirect, none here)
        for (const l of locs) expect((await cat.server.fetch(new URL(l).pathname)).status).toBe(200);
      }
      const pages = parse((await get("/sitemaps/pages.xml")).body).urlset.url.map((u: { loc: string }) => u.loc);
      expect(pages).toEqual(["/", "/en", "/fr", "/cerca", "/en/cerca", "/fr/cerca"].map((p) => `${cat.server.base}${p}`));
      expect((await cat.server.fetch("/sitemaps/it-2.xml")).status).toBe(404);
      expect((await cat.server.fetch("/sitemaps/de-1.xml")).status).toBe(404);
      expect((await cat.server.fetch("/sitemaps/..%2Fetc.xml")).status).toBe(404);
      expect(parseSitemapFile("it-0.xml")).toBeNull();
    });

    it("splits a locale's records into files of at most the limit, each record in exactly one (streamed in batches)", async () => {
      const origin = "https://teca.example.org";
      const index = parse(await sitemapIndex({ database: cat.db }, origin, 2)).sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
      expect(index.filter((l: string) => l.includes("/en-"))).toEqual([`${origin}/sitemaps/en-1.xml`, `${origin}/sitemaps/en-2.xml`]);
      const locs: string[] = [];
      for (const part of [1, 2]) {
        const stream = await recordsSitemap({ database: cat.db }, origin, "en", part, 2);
        const set = parse(await new Response(stream).text()).urlset;
        expect(set.url.length).toBeLessThanOrEqual(2);
        locs.push(...set.url.map((u: { loc: string }) => u.loc));
      }
      expect(locs.sort()).toEqual([
        `${origin}/en/entita/e1/personne`,
        `${origin}/en/oggetti/1/letter-from-verdi`,
        `${origin}/en/oggetti/2/registro`,
      ]);
      expect(await recordsSitemap({ database: cat.db }, origin, "en", 3, 2)).toBeNull();
    });

    it("absolute URLs come from PUBLIC_URL when it is set", async () => {
      process.env.PUBLIC_URL = "https://teca.example.org/";
      try {
        expect((await get("/robots.txt")).body).toContain("Sitemap: https://teca.example.org/sitemap.xml");
        expect((await get("/sitemaps/en-1.xml")).body).toContain("<loc>https://teca.example.org/en/oggetti/1/letter-from-verdi</loc>");
        expect((await get("/feed.atom")).body).toContain('href="https://teca.example.org/oggetti/1/lettera-di-verdi"');
      } finally {
        delete process.env.PUBLIC_URL;
      }
    });

    it("the Atom feeds list the public records in the locale, newest first, escaped, fallback text tagged", async () => {
      for (const [p, lang] of [
        ["/feed.atom", "it"],
        ["/en/feed.atom", "en"],
        ["/fr/feed.atom", "fr"],
      ] as const) {
        const { res, body } = await get(p);
        expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
        expect(body).not.toContain("riservat");
        const feed = parse(body).feed;
        expect(feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
        expect(feed["@xml:lang"]).toBe(lang);
        expect(feed.link.find((l: Record<string, string>) => l["@rel"] === "self")["@href"]).toBe(`${cat.server.base}${p}`);
        expect(feed.entry).toHaveLength(3);
        for (const e of feed.entry) {
          expect(e.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
          expect(e.link[0]["@href"].startsWith(`${cat.server.base}${lang === "it" ? "" : `/${lang}`}/`)).toBe(true);
        }
        const letter = feed.entry.find((e: { id: string }) => e.id.endsWith("/ca_objects/1"));
        expect(letter.summary["#text"] ?? letter.summary).toBe("Una lettera <importante> & rara.");
        expect(body).toContain("Una lettera &lt;importante&gt; &amp; rara.");
        if (lang === "en") expect(letter.title["#text"] ?? letter.title).toBe("Letter from Verdi");
        const person = feed.entry.find((e: { id: string }) => e.id.endsWith("/ca_entities/e1"));
        if (lang !== "fr") expect(person.title["@xml:lang"]).toBe("fr");
      }
    });
  });
}
