import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/**
 * Rules of the record and search pages that need no browser (a status code, a redirect, a header, text in the
 * server's HTML), moved here from the end-to-end suite (issue 30 §5, decision 089; /work/briefs/e2e-counts.md
 * lists where each came from): the same assertions, on a small catalogue made for them rather than the demo.
 */

const PAGE_SIZE = 30;
const PORTRAITS = 64; // three pages of "ritratto"
const LONG =
  "Lettera di Giulio Valdameri a Ernesto Colombo sulla cessione delle quote della società di navigazione e sulle condizioni del prestito";

const records = [
  makeRecord({
    id: "uno",
    texts: {
      it: {
        label: "Fotografia dello stabilimento di Sesto San Giovanni",
        metadata: [
          { code: "tecnica", label: "Tecnica", type: "text", value: "Stampa alla gelatina ai sali d'argento" },
          // the valuation: an internal field (app/features/records/record-fields.ts)
          { code: "stima", label: "Stima", type: "text", value: "41830000" },
        ],
      },
      en: { label: "Photograph of the Sesto San Giovanni works" },
      fr: { label: "Photographie de l'usine de Sesto San Giovanni" },
    },
  }),
  makeRecord({ id: "riservato2", access: 2, texts: { it: { label: "Registro delle paghe" } } }),
  makeRecord({ id: "riservato3", access: 3, texts: { it: { label: "Lettera riservata" } } }),
  makeRecord({ id: "lunga", texts: { it: { label: LONG } } }),
  ...Array.from({ length: PORTRAITS }, (_, i) => makeRecord({ id: `r${i + 1}`, texts: { it: { label: `Ritratto di prova ${i + 1}` } } })),
];

/** The attributes of every `<tag …>` of the HTML (names in lower case: React writes `hrefLang`). */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [
        a[1]!.toLowerCase(),
        a[2]!
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"'),
      ]),
    ),
  );
}
const titleOf = (html: string) =>
  /<title>([^<]*)<\/title>/
    .exec(html)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'") ?? "";

for (const target of testDatabases()) {
  describe(`record and search pages over HTTP on ${target.name} (moved from the e2e suite)`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const get = (p: string) => cat.server.fetch(p);

    beforeAll(async () => {
      cat = await seededCatalogue(target, records);
    });
    afterAll(async () => {
      await cat?.close();
    });

    // from tests/e2e/record-page.spec.ts "the JSON record leaves internal fields out too"
    it("the JSON record leaves internal fields out", async () => {
      const body = await (await get("/api/public/records/ca_objects/uno")).json();
      const codes = (body.data.metadati as { code: string }[]).map((m) => m.code);
      expect(codes).toContain("tecnica");
      expect(codes).not.toContain("stima");
      expect(JSON.stringify(body)).not.toContain("41830000");
    });

    // from tests/e2e/access/restricted.spec.ts "restricted records are invisible to a visitor, on pages and in the API"
    it("restricted records are invisible to a visitor, on pages in every language and in the API", async () => {
      const missing = await (await get("/api/public/records/ca_objects/does-not-exist")).text();
      for (const id of ["riservato2", "riservato3"]) {
        for (const prefix of ["", "/en", "/fr"]) {
          const res = await get(`${prefix}/oggetti/${id}`);
          expect(res.status, `${prefix}/oggetti/${id}`).toBe(404);
          expect(await res.text()).toMatch(/data-error-page="404"/);
        }
        const api = await get(`/api/public/records/ca_objects/${id}`);
        expect(api.status).toBe(404);
        expect(await api.text()).toBe(missing);
      }
    });

    // from tests/e2e/addresses.spec.ts "a record's other addresses redirect permanently to its link in the page's language"
    it("a record's other addresses redirect permanently to its link in the page's language", async () => {
      for (const [from, to] of [
        ["/oggetti/uno", "/oggetti/uno/fotografia-dello-stabilimento-di-sesto-san-giovanni"],
        [
          "/fr/oggetti/uno/fotografia-dello-stabilimento-di-sesto-san-giovanni",
          "/fr/oggetti/uno/photographie-de-l-usine-de-sesto-san-giovanni",
        ],
        ["/en/oggetti/uno/fotografia-dello-stabil", "/en/oggetti/uno/photograph-of-the-sesto-san-giovanni-works"],
      ] as const) {
        const res = await get(from);
        expect(res.status, from).toBe(301);
        expect(new URL(res.headers.get("location")!, "http://x").pathname, from).toBe(to);
      }
      const followed = await cat.server.fetch("/fr/oggetti/uno", { redirect: "follow" });
      expect(followed.status).toBe(200);
      expect(new URL(followed.url).pathname).toBe("/fr/oggetti/uno/photographie-de-l-usine-de-sesto-san-giovanni");
    });

    // from tests/e2e/addresses.spec.ts "slugs are cut between words"
    it("slugs are cut between words, at most 60 characters", async () => {
      const html = await (await get("/cerca?q=lettera&view=auitable")).text();
      const slugs = [...html.matchAll(/href="\/oggetti\/lunga\/([^"?#]+)"/g)].map((m) => m[1]!);
      expect(slugs.length).toBeGreaterThan(0);
      const whole = LONG.toLowerCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[^a-z0-9]+/g, "-");
      for (const slug of slugs) {
        expect(slug.length, slug).toBeLessThanOrEqual(60);
        // a whole number of words of the title
        expect(whole.startsWith(`${slug}-`), slug).toBe(true);
      }
    });

    // from tests/e2e/search.spec.ts "page counts from 1 in the address: page=1 and the old page=0 are the first page, a page past the end the last one"
    it("page counts from 1 in the address: page=1 and page=0 are the first page, a page past the end the last one", async () => {
      const all = (await (await get("/api/public/search?locale=it")).json()).count as number;
      const total = Math.ceil(all / PAGE_SIZE);
      expect(total).toBeGreaterThan(2);
      const where = async (p: string) => {
        const res = await get(p);
        expect(res.status, p).toBeGreaterThanOrEqual(300);
        expect(res.status, p).toBeLessThan(400);
        const u = new URL(res.headers.get("location")!, "http://x");
        return u.pathname + u.search;
      };
      expect(await where("/cerca?q=ritratto&page=1")).toBe("/cerca?q=ritratto");
      expect(await where("/cerca?page=0")).toBe("/cerca");
      expect(await where("/fr/cerca?page=999")).toBe(`/fr/cerca?page=${total}`);
      const last = await (await get(`/fr/cerca?page=${total}`)).text();
      expect(last).toMatch(new RegExp(`Page\\s${total}\\ssur\\s${total}`));
      expect(last).not.toMatch(/>\s*Suivante\s*</);
      // a search with fewer pages goes back to its last one
      expect(await where("/en/cerca?q=ritratto&page=7")).toBe(`/en/cerca?q=ritratto&page=${Math.ceil(PORTRAITS / PAGE_SIZE)}`);
    });

    // from tests/e2e/search-page.spec.ts "the search page names itself: title, description, canonical address without the view or sort"
    it("the search page names itself: title, description, canonical address without the view or sort", async () => {
      const origin = cat.server.base;
      const html = await (await get("/en/cerca?q=ritratto&view=auitable&sort=az")).text();
      expect(titleOf(html)).toMatch(/^ritratto · Search the archive · /);
      const meta = tags(html, "meta");
      expect(meta.find((m) => m.name === "description")?.content).toMatch(/^\d+ results for “ritratto” in the catalogue of /);
      expect(meta.filter((m) => m.name === "robots")).toEqual([]);
      const links = tags(html, "link");
      expect(links.find((l) => l.rel === "canonical")?.href).toBe(`${origin}/en/cerca?q=ritratto`);
      expect(links.find((l) => l.rel === "alternate" && l.hreflang === "fr")?.href).toBe(`${origin}/fr/cerca?q=ritratto`);

      const second = await (await get("/cerca?page=2")).text();
      expect(titleOf(second)).toMatch(/^Cerca nell'archivio · Pagina 2 di \d+ · /);
      expect(tags(second, "link").find((l) => l.rel === "canonical")?.href).toBe(`${origin}/cerca?page=2`);
    });

    // from tests/e2e/search-page.spec.ts "no relevance dots: results sorted by relevance show no score"
    it("no relevance dots: results sorted by relevance show no score", async () => {
      const html = await (await get("/cerca?q=ritratto")).text();
      expect(html).toMatch(/class="card\b/);
      expect(html).not.toMatch(/class="[^"]*\bscore\b/);
      expect(html).not.toMatch(/Pertinenza \d su 5/);
    });
  });
}
