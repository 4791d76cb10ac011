import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";
import { importFile } from "../../app/features/catalogue/import.server";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";

/**
 * OAI-PMH sets by collection (decision 055): `collection:{id}` per public top-level collection (fonds) of
 * ca_collections — the collection, the collections below it, the public records related to any of them —
 * under the parent set `collection`; records list their collection sets in their headers; harvested with
 * Debian's `oai_pmh` through resumption tokens.
 */
const run = promisify(execFile);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (n) => ["header", "record", "set", "setSpec", "error"].includes(n),
});
const parse = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml)["OAI-PMH"];
};

const BULK = 105; // objects of fonds F2: more than a ListRecords page
const inFonds = (id: string) => [{ type: "fondo", table: "ca_collections", id }];

function seed(): InterchangeInput[] {
  return [
    makeRecord({
      table: "ca_collections",
      id: "F1",
      texts: { it: { label: "Fondo Rossi" } },
      relations: [{ type: "soggetto_produttore", table: "ca_entities", id: "e1" }],
    }),
    makeRecord({ table: "ca_collections", id: "S1", parent: "F1", texts: { it: { label: "Serie lettere" } } }),
    makeRecord({ table: "ca_collections", id: "S2", parent: "S1", texts: { it: { label: "Sottoserie 1901" } } }),
    makeRecord({ table: "ca_collections", id: "F2", texts: { it: { label: "Fondo Bianchi" } } }),
    makeRecord({ table: "ca_collections", id: "F3", access: 2, texts: { it: { label: "Fondo riservato" } } }),
    makeRecord({ id: "a1", texts: { it: { label: "Lettera nella sottoserie" } }, relations: inFonds("S2") }),
    makeRecord({ id: "a2", texts: { it: { label: "Registro del fondo" } }, relations: inFonds("F1") }),
    makeRecord({ id: "a3", texts: { it: { label: "Oggetto senza fondo" } } }),
    makeRecord({ id: "a5", access: 2, texts: { it: { label: "Lettera riservata" } }, relations: inFonds("S1") }),
    makeRecord({ id: "a6", texts: { it: { label: "Oggetto del fondo riservato" } }, relations: inFonds("F3") }),
    makeRecord({ id: "b1", texts: { it: { label: "Oggetto di due fondi" } }, relations: [...inFonds("F1"), ...inFonds("F2")] }),
    makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Famiglia Rossi" } } }),
    ...Array.from({ length: BULK }, (_, i) =>
      makeRecord({ id: `f2-${i}`, texts: { it: { label: `Carta ${i}` } }, relations: inFonds("F2") }),
    ),
  ];
}

for (const target of testDatabases()) {
  describe(`OAI-PMH sets by collection (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const dir = tempDir();
    let host = "";
    const id = (table: string, rid: string) => `oai:${host}:${table}/${rid}`;
    const oai = async (q: string) => {
      const res = await cat.server.fetch(`/oai?${q}`);
      expect(res.status).toBe(200);
      return parse(await res.text());
    };
    /** Every identifier of a ListIdentifiers, following tokens; with the deleted ones marked. */
    const identifiers = async (q: string) => {
      const out: string[] = [];
      let doc = await oai(`verb=ListIdentifiers&${q}`);
      for (;;) {
        if (doc.error) return { error: doc.error[0]["@code"] as string, ids: out };
        for (const h of doc.ListIdentifiers.header) out.push(`${h.identifier}${h["@status"] === "deleted" ? " (deleted)" : ""}`);
        const t = doc.ListIdentifiers.resumptionToken;
        const token = typeof t === "string" ? t : t?.["#text"];
        if (!token) return { error: null, ids: out.sort() };
        doc = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
      }
    };
    const bulk = () => Array.from({ length: BULK }, (_, i) => id("ca_objects", `f2-${i}`));

    beforeAll(async () => {
      cat = await seededCatalogue(target, seed(), { dir });
      host = new URL(cat.server.base).hostname;
    }, 300_000);
    afterAll(async () => {
      await cat?.close();
    });

    it("ListSets offers the parent set and one set per public top-level collection, named by its label", async () => {
      const sets = (await oai("verb=ListSets")).ListSets.set as { setSpec: string[]; setName: string }[];
      const specs = sets.map((s) => s.setSpec[0]);
      expect(specs).toEqual(["ca_collections", "ca_entities", "ca_objects", "collection", "collection:F1", "collection:F2"]);
      expect(sets.find((s) => s.setSpec[0] === "collection:F1")!.setName).toBe("Fondo Rossi");
      // a restricted fonds is no set, and neither is a series (it is inside its fonds' set)
      expect(specs).not.toContain("collection:F3");
      expect(specs).not.toContain("collection:S1");
    });

    it("a collection set holds the fonds, its series at any depth and the public records related to them, either way", async () => {
      const f1 = await identifiers("metadataPrefix=oai_dc&set=collection:F1");
      expect(f1.ids).toEqual(
        [
          id("ca_collections", "F1"),
          id("ca_collections", "S1"),
          id("ca_collections", "S2"),
          id("ca_objects", "a1"),
          id("ca_objects", "a2"),
          id("ca_objects", "b1"),
          id("ca_entities", "e1"),
        ].sort(),
      );
      const f2 = await identifiers("metadataPrefix=oai_dc&set=collection:F2");
      expect(f2.ids).toEqual([id("ca_collections", "F2"), id("ca_objects", "b1"), ...bulk()].sort());
      // the parent set: every record in some public collection, each once
      const all = await identifiers("metadataPrefix=oai_dc&set=collection");
      expect(all.ids).toEqual([...new Set([...f1.ids, ...f2.ids])].sort());
      // edm covers objects and collections, not people
      const edm = await identifiers("metadataPrefix=edm&set=collection:F1");
      expect(edm.ids).toEqual(f1.ids.filter((x) => !x.includes(":ca_entities/")));
      // a restricted fonds, a series, an unknown collection: no such set
      for (const set of ["collection:F3", "collection:S1", "collection:nope"])
        expect((await identifiers(`metadataPrefix=oai_dc&set=${set}`)).error, set).toBe("noRecordsMatch");
      // never a restricted record, nor what hangs only from a restricted fonds
      expect(JSON.stringify([f1, f2, all])).not.toMatch(/a5|a6|a3|F3/);
    });

    it("headers name the record's collection sets", async () => {
      const rec = (await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id("ca_objects", "b1"))}`)).GetRecord
        .record[0];
      expect(rec.header[0].setSpec).toEqual(["ca_objects", "collection:F1", "collection:F2"]);
      const series = (await oai(`verb=GetRecord&metadataPrefix=edm&identifier=${encodeURIComponent(id("ca_collections", "S2"))}`)).GetRecord
        .record[0];
      expect(series.header[0].setSpec).toEqual(["ca_collections", "collection:F1"]);
      const loose = (await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id("ca_objects", "a3"))}`)).GetRecord
        .record[0];
      expect(loose.header[0].setSpec).toEqual(["ca_objects"]);
      const list = (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:F1")).ListIdentifiers.header as {
        identifier: string;
        setSpec: string[];
      }[];
      for (const h of list) expect(h.setSpec, h.identifier).toContain("collection:F1");
    });

    it("oai_pmh (libhttp-oai-perl) harvests a collection set through resumption tokens", async () => {
      const { stdout } = await run(
        "oai_pmh",
        ["-X", "ListRecords", "--metadataPrefix", "oai_dc", "--set", "collection:F2", `${cat.server.base}/oai`],
        { maxBuffer: 1 << 26 },
      );
      const ids = [...stdout.matchAll(/(?:^|[\n\f])identifier: (\S+)\n/g)].map((m) => m[1]!);
      expect(ids.length).toBe(BULK + 2); // more than a page of 100
      expect(ids.sort()).toEqual([id("ca_collections", "F2"), id("ca_objects", "b1"), ...bulk()].sort());
      expect(stdout).toContain("setSpec: collection:F2");
    });

    it("a record of a collection made restricted is listed in the set as deleted; a series made restricted leaves its records in the fonds", async () => {
      // The window starts at the next whole second (OAI dates are to the second): everything seeded above is
      // before it, the change below in it, however fast the tests before this one ran.
      const start = Math.ceil((Date.now() + 1) / 1000) * 1000;
      await new Promise((r) => setTimeout(r, start - Date.now() + 20));
      const before = new Date(start).toISOString().replace(/\.\d{3}Z$/, "Z");
      const file = writeNdjson(
        dir,
        [makeRecord({ id: "a1", access: 3, texts: { it: { label: "Lettera ora riservata" } }, relations: inFonds("S2") })],
        "restrict.ndjson",
      );
      expect((await importFile({ database: cat.db }, file, { mediaDir: dir, mediaStore: cat.store })).failed).toBeFalsy();
      const f1 = await identifiers(`metadataPrefix=oai_dc&set=collection:F1&from=${before}`);
      expect(f1.ids).toEqual([`${id("ca_objects", "a1")} (deleted)`]);
      expect((await identifiers(`metadataPrefix=oai_dc&set=collection:F2&from=${before}`)).error).toBe("noRecordsMatch");

      // from the next whole second on, so the change above is not in the window
      await new Promise((r) => setTimeout(r, 1100));
      const later = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
      const series = writeNdjson(
        dir,
        [makeRecord({ table: "ca_collections", id: "S1", parent: "F1", access: 2, texts: { it: { label: "Serie ora riservata" } } })],
        "series.ndjson",
      );
      expect((await importFile({ database: cat.db }, series, { mediaDir: dir, mediaStore: cat.store })).failed).toBeFalsy();
      expect((await identifiers(`metadataPrefix=oai_dc&set=collection:F1&from=${later}`)).ids).toEqual([
        `${id("ca_collections", "S1")} (deleted)`,
      ]);
      const f1now = (await identifiers("metadataPrefix=oai_dc&set=collection:F1")).ids;
      expect(f1now).toEqual(
        expect.arrayContaining([id("ca_collections", "S2"), id("ca_objects", "a2"), `${id("ca_collections", "S1")} (deleted)`]),
      );
      expect(JSON.stringify(f1now)).not.toContain("ora riservata");
    });
  });
}
