import fs from "node:fs";
import path from "node:path";
import jsonld from "jsonld";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";

/**
 * schema.org JSON-LD on record pages and by content negotiation (decision 050), checked by expanding it
 * with the `jsonld` processor in safe mode (an unknown term or a relative IRI is an error). There is no
 * network here: "https://schema.org" is served by the document loader from a small vendored context
 * (tests/fixtures/schema-org-context.jsonld: the vocabulary and the IRI-valued properties used), not
 * from schema.org's full context.
 */
const context = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/schema-org-context.jsonld"), "utf8"));
const documentLoader = async (url: string) => {
  if (/^https?:\/\/schema\.org\/?$/.test(url)) return { contextUrl: undefined, document: context, documentUrl: url };
  throw new Error(`no network: ${url}`);
};
const S = "https://schema.org/";
type Expanded = Record<string, unknown>[];
const expand = (doc: unknown) =>
  jsonld.expand(
    doc as Parameters<typeof jsonld.expand>[0],
    { documentLoader, safe: true } as Parameters<typeof jsonld.expand>[1],
  ) as Promise<Expanded>;
const ofType = (ex: Expanded, type: string) => ex.find((n) => (n["@type"] as string[] | undefined)?.includes(`${S}${type}`));
const ids = (n: Record<string, unknown> | undefined, prop: string) =>
  ((n?.[`${S}${prop}`] as { "@id"?: string }[] | undefined) ?? []).map((v) => v["@id"]);
const values = (n: Record<string, unknown> | undefined, prop: string) =>
  ((n?.[`${S}${prop}`] as { "@value"?: unknown }[] | undefined) ?? []).map((v) => v["@value"]);

const restrictedImage = "https://images.example.org/secret.jpg";
const seed = (): InterchangeInput[] => [
  makeRecord({
    id: "1",
    type: { id: 2001, code: "painting", name: { it: "Dipinto", en: "Painting" } },
    texts: {
      it: {
        label: "Ritratto </script><script>alert(1)</script> & co",
        summary: "Un ritratto.",
        metadata: [{ code: "wd", label: "Wikidata", type: "link", value: { url: "https://www.wikidata.org/wiki/Q42" } }],
      },
      en: { label: "Portrait" },
    },
    date: { start: "1846", end: "1850" },
    media: [
      { type: "image", file: "a.jpg" },
      { type: "image", url: restrictedImage, restricted: true },
    ],
    relations: [
      { type: "creator", table: "ca_entities", id: "p1" },
      { type: "located_in", table: "ca_places", id: "pl1" },
      { type: "about", table: "ca_entities", id: "secret" },
    ],
    source: { url: "https://museum.example.org/works/1", license: "CC0 1.0" },
    parent: "2",
  }),
  makeRecord({ id: "2", texts: { it: { label: "Album" } } }),
  makeRecord({ table: "ca_collections", id: "c1", texts: { it: { label: "Fondo Rossi" } } }),
  makeRecord({ table: "ca_collections", id: "c2", parent: "c1", texts: { it: { label: "Serie lettere" } } }),
  makeRecord({
    table: "ca_entities",
    id: "p1",
    type: { id: 2101, code: "person", name: { it: "Persona" } },
    texts: { it: { label: "Giovanni Rossi" } },
    date: { start: "1801", end: "1870" },
  }),
  makeRecord({
    table: "ca_entities",
    id: "o1",
    type: { id: 2102, code: "organisation", name: { it: "Organizzazione" } },
    texts: { it: { label: "Società Rossi" } },
  }),
  makeRecord({ table: "ca_places", id: "pl1", texts: { it: { label: "Firenze" } }, coordinates: { lat: 43.77, lng: 11.25 } }),
  makeRecord({
    table: "ca_occurrences",
    id: "ev1",
    texts: { it: { label: "Mostra del 1911" } },
    date: { start: "1911-03-01", end: "1911-06-30" },
    relations: [{ type: "located_in", table: "ca_places", id: "pl1" }],
  }),
  makeRecord({ table: "ca_entities", id: "secret", access: 2, texts: { it: { label: "Persona riservata" } } }),
];

for (const target of testDatabases()) {
  describe(`JSON-LD (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const dir = tempDir();
    /** The page's JSON-LD: the raw script text and its value. */
    const pageLd = async (p: string) => {
      const res = await cat.server.fetch(p, { redirect: "follow" });
      expect(res.status).toBe(200);
      expect(res.headers.get("vary")).toMatch(/Accept/);
      const html = await res.text();
      const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
      expect(m).not.toBeNull();
      return { raw: m![1]!, value: JSON.parse(m![1]!) };
    };

    beforeAll(async () => {
      await makeImage(dir, "a.jpg", 300, 200);
      cat = await seededCatalogue(target, seed(), { dir });
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("an object page embeds a VisualArtwork with language, images, sameAs, maker, place and breadcrumb, safely escaped", async () => {
      const italian = await pageLd("/oggetti/1");
      expect(italian.raw).not.toMatch(/<\/?script/i);
      expect(italian.raw).toContain("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)");
      expect(italian.value["@graph"][0].name).toBe("Ritratto </script><script>alert(1)</script> & co");
      const { raw, value } = await pageLd("/en/oggetti/1");
      expect(raw).not.toContain(restrictedImage);
      expect(raw).not.toContain("Persona riservata");
      const ex = await expand(value);
      const art = ofType(ex, "VisualArtwork");
      expect(art).toBeDefined();
      expect(values(art, "name")).toEqual(["Portrait"]);
      expect(values(art, "inLanguage")).toEqual(["en"]);
      const images = ids(art, "image");
      expect(images).toHaveLength(1);
      expect(images[0]).toMatch(new RegExp(`^${cat.server.base}/media/`));
      expect(ids(art, "sameAs").sort()).toEqual(["https://museum.example.org/works/1", "https://www.wikidata.org/wiki/Q42"]);
      expect(values(art, "dateCreated")).toEqual(["1846-01-01/1850-12-31"]);
      const creator = (art![`${S}creator`] as Record<string, unknown>[])[0];
      expect(values(creator, "name")).toEqual(["Giovanni Rossi"]);
      expect(ids(art, "url")[0]).toBe(`${cat.server.base}/en/oggetti/1/portrait`);
      const crumbs = ofType(ex, "BreadcrumbList");
      const items = (crumbs![`${S}itemListElement`] as Record<string, unknown>[]).map((i) => [values(i, "position")[0], ids(i, "item")[0]]);
      expect(items.map((i) => i[0])).toEqual([1, 2, 3, 4]);
      expect(items[0]![1]).toBe(`${cat.server.base}/en`);
      expect(items[2]![1]).toBe(`${cat.server.base}/en/oggetti/2/album`);
      expect(ids(art, "isPartOf")[0]).toBe(`${cat.server.base}/en/oggetti/2/album#record`);
    });

    it("people, organisations, events, places and collections get their schema.org types", async () => {
      const person = ofType(await expand((await pageLd("/entita/p1")).value), "Person");
      expect(values(person, "birthDate")).toEqual(["1801-01-01"]);
      expect(ofType(await expand((await pageLd("/entita/o1")).value), "Organization")).toBeDefined();
      const event = ofType(await expand((await pageLd("/fr/occorrenze/ev1")).value), "Event");
      expect(values(event, "startDate")).toEqual(["1911-03-01"]);
      expect(values(event, "inLanguage")).toEqual(["it"]); // no French text: the Italian label, tagged
      const place = ofType(await expand((await pageLd("/luoghi/pl1")).value), "Place");
      const geo = (place![`${S}geo`] as Record<string, unknown>[])[0];
      expect(values(geo, "latitude")).toEqual([43.77]);
      const coll = ofType(await expand((await pageLd("/collezioni/c1")).value), "Collection");
      expect((coll![`${S}hasPart`] as unknown[]).length).toBe(1);
      expect(ofType(await expand((await pageLd("/oggetti/2")).value), "CreativeWork")).toBeDefined();
    });

    it("Accept: application/ld+json on a record URL answers the JSON-LD (Vary: Accept); a restricted record is 404 in both", async () => {
      const page = await pageLd("/en/oggetti/1/portrait");
      const res = await cat.server.fetch("/en/oggetti/1/portrait", { headers: { accept: "application/ld+json" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/ld\+json/);
      expect(res.headers.get("vary")).toMatch(/Accept/);
      expect(await res.json()).toEqual(page.value);
      // a browser's Accept gets the page
      const html = await cat.server.fetch("/en/oggetti/1/portrait", { headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
      expect(html.headers.get("content-type")).toMatch(/^text\/html/);
      const hidden = await cat.server.fetch("/entita/secret", { headers: { accept: "application/ld+json" } });
      expect(hidden.status).toBe(404);
      expect(await hidden.text()).not.toContain("riservata");
      expect((await cat.server.fetch("/entita/secret")).status).toBe(404);
    });
  });
}
