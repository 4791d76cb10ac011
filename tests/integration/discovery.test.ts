import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";

/**
 * The machine-readable versions of pages are discoverable from the pages (issue 14): the Atom feed in the
 * page's language on the home and search pages, the JSON-LD and the IIIF manifest on record pages, as
 * `<link rel="alternate">` in the head — each pointing at an address that answers, and never at what the
 * visitor may not see.
 */

/** The `<link>` elements of a page's head, their attributes by name. */
function headLinks(html: string): Record<string, string>[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b([^>]*)>/g)].map((m) =>
    Object.fromEntries(
      [...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [
        a[1]!.toLowerCase(),
        a[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&"),
      ]),
    ),
  );
}

const IIIF_TYPE = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"';

for (const target of testDatabases()) {
  describe(`discovery links (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const dir = tempDir();
    const page = async (p: string) => {
      const res = await cat.server.fetch(p);
      expect(res.status, p).toBe(200);
      return headLinks(await res.text());
    };

    beforeAll(async () => {
      await makeImage(dir, "a.jpg", 600, 400);
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "1",
            texts: { it: { label: "Veduta del porto" }, en: { label: "View of the harbour" } },
            media: [{ type: "image", file: "a.jpg" }],
          }),
          makeRecord({ id: "2", texts: { it: { label: "Lettera senza immagini" } } }),
          makeRecord({ id: "3", access: 2, texts: { it: { label: "Registro riservato" } }, media: [{ type: "image", file: "a.jpg" }] }),
        ],
        { dir },
      );
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("the home and search pages link the Atom feed of their language, which answers", async () => {
      for (const [p, feed] of [
        ["/", "/feed.atom"],
        ["/en", "/en/feed.atom"],
        ["/fr", "/fr/feed.atom"],
        ["/cerca", "/feed.atom"],
        ["/en/cerca?q=porto", "/en/feed.atom"],
        ["/fr/cerca", "/fr/feed.atom"],
      ]) {
        const feeds = (await page(p!)).filter((l) => l.rel === "alternate" && l.type === "application/atom+xml");
        expect(feeds, p).toHaveLength(1);
        expect(feeds[0]!.href, p).toBe(`${cat.server.base}${feed}`);
        expect(feeds[0]!.title, p).toBeTruthy();
      }
      const en = (await page("/en")).find((l) => l.type === "application/atom+xml")!;
      expect(en.title).toContain("new in the catalogue");
      const res = await cat.server.fetch(new URL(en.href!).pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
      expect(await res.text()).toContain("View of the harbour");
    });

    it("a record page links its JSON-LD and, when it has images, its IIIF manifest; both answer", async () => {
      const links = await page("/en/oggetti/1/view-of-the-harbour");
      const ld = links.filter((l) => l.rel === "alternate" && l.type === "application/ld+json");
      expect(ld).toHaveLength(1);
      expect(ld[0]!.href).toBe(`${cat.server.base}/ld/oggetti/1?locale=en`);
      const json = await (await cat.server.fetch(new URL(ld[0]!.href!).pathname + new URL(ld[0]!.href!).search)).json();
      expect(JSON.stringify(json)).toContain("View of the harbour");

      const iiif = links.filter((l) => l.rel === "alternate" && l.type === IIIF_TYPE);
      expect(iiif).toHaveLength(1);
      expect(iiif[0]!.href).toBe(`${cat.server.base}/iiif/manifest/oggetti/1`);
      const manifest = await cat.server.fetch("/iiif/manifest/oggetti/1");
      expect(manifest.status).toBe(200);
      expect((await manifest.json()).type).toBe("Manifest");

      // without images, no manifest to point at
      const plain = await page("/oggetti/2/lettera-senza-immagini");
      expect(plain.filter((l) => l.type === IIIF_TYPE)).toEqual([]);
      expect(plain.filter((l) => l.type === "application/ld+json")).toHaveLength(1);
      // the feed link is for the home and search pages only
      expect(plain.filter((l) => l.type === "application/atom+xml")).toEqual([]);
    });

    it("robots.txt points people at the OAI-PMH repository and the feed, both of which answer", async () => {
      const robots = await (await cat.server.fetch("/robots.txt")).text();
      const oai = /^# OAI-PMH 2\.0 repository \(oai_dc, edm\): (\S+)$/m.exec(robots)?.[1];
      expect(oai).toBe(`${cat.server.base}/oai?verb=Identify`);
      const identify = await (await cat.server.fetch(new URL(oai!).pathname + new URL(oai!).search)).text();
      expect(identify).toContain(`<baseURL>${cat.server.base}/oai</baseURL>`);
      expect(robots).toMatch(new RegExp(`^# Atom feed of new records: ${cat.server.base}/feed\\.atom`, "m"));
    });

    it("a restricted record's page is a 404 with no data links, and its JSON-LD and manifest answer 404", async () => {
      const res = await cat.server.fetch("/oggetti/3");
      expect(res.status).toBe(404);
      const links = headLinks(await res.text());
      expect(links.filter((l) => l.type === IIIF_TYPE || l.type === "application/ld+json")).toEqual([]);
      expect((await cat.server.fetch("/ld/oggetti/3?locale=it")).status).toBe(404);
      expect((await cat.server.fetch("/iiif/manifest/oggetti/3")).status).toBe(404);
    });
  });
}
