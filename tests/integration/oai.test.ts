import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { startTestServer } from "../setup/app";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";
import { importFile } from "../../app/features/catalogue/import.server";
import { encodeToken } from "../../app/features/standards/oai-token";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";

/** OAI-PMH 2.0 at /oai (decision 050): verbs, errors, formats, access and tombstones, on both databases. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  isArray: (name) =>
    [
      "header",
      "record",
      "set",
      "metadataFormat",
      "dc:title",
      "dc:subject",
      "dc:rights",
      "dc:date",
      "dc:identifier",
      "dc:creator",
      "edm:WebResource",
      "edm:hasView",
      "dc:description",
      "dc:type",
      "error",
    ].includes(name),
});

/** Parses an answer: it must be well-formed XML first. */
function parse(xml: string) {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed: ${JSON.stringify(valid)}\n${xml.slice(0, 500)}`);
  return parser.parse(xml)["OAI-PMH"];
}

const text = (v: unknown): string => (typeof v === "string" ? v : ((v as { "#text"?: string })?.["#text"] ?? ""));

const restrictedImage = "https://images.example.org/secret-restricted.jpg";

function seed(): InterchangeInput[] {
  return [
    makeRecord({
      id: "o1",
      type: { id: 2004, code: "photograph", name: { it: "Fotografia", en: "Photograph" } },
      texts: {
        it: { label: 'Veduta & <ponte> "vecchio"', summary: "Una veduta del ponte.", dateDisplay: "c. 1906" },
        en: { label: "View of the bridge", summary: "A view of the bridge." },
      },
      date: { start: "1906" },
      numero: { prefix: "INV", number: "12" },
      tags: [{ id: "soggetto-ponti", name: { it: "Ponti", en: "Bridges" } }],
      media: [
        { type: "image", file: "a.jpg" },
        { type: "image", url: restrictedImage, restricted: true },
      ],
      relations: [
        { type: "creator", table: "ca_entities", id: "e1" },
        { type: "located_in", table: "ca_places", id: "p1" },
      ],
      source: { url: "https://archive.example.org/o1", license: "CC BY-SA 4.0", attribution: "Archivio di prova" },
    }),
    makeRecord({ id: "o2", access: 2, texts: { it: { label: "Registro riservato" } } }),
    makeRecord({ id: "o3", texts: { it: { label: "Lettera che diventerà riservata" } } }),
    makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Giuseppe Verdi" } } }),
    makeRecord({
      table: "ca_places",
      id: "p1",
      texts: { it: { label: "Firenze" }, en: { label: "Florence" } },
      coordinates: { lat: 43.77, lng: 11.25 },
    }),
    makeRecord({ table: "ca_entities", id: "e2", access: 3, texts: { it: { label: "Persona nascosta" } } }),
  ];
}

for (const target of testDatabases()) {
  describe(`OAI-PMH (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const dir = tempDir();
    let host = "";
    const oai = async (query: string) => {
      const res = await cat.server.fetch(`/oai?${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/xml/);
      const xml = await res.text();
      return { xml, doc: parse(xml) };
    };
    const errorOf = async (query: string) => {
      const { doc } = await oai(query);
      return { code: doc.error?.[0]?.["@code"] as string | undefined, request: doc.request };
    };
    const id = (table: string, rid: string) => `oai:${host}:${table}/${rid}`;

    beforeAll(async () => {
      await makeImage(dir, "a.jpg", 300, 200);
      cat = await seededCatalogue(target, seed(), { dir });
      host = new URL(cat.server.base).hostname;
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("Identify names the repository, its granularity, persistent deletions and the earliest datestamp", async () => {
      const { doc } = await oai("verb=Identify");
      const i = doc.Identify;
      expect(i.baseURL).toBe(`${cat.server.base}/oai`);
      expect(i.protocolVersion).toBe("2.0");
      expect(i.deletedRecord).toBe("persistent");
      expect(i.granularity).toBe("YYYY-MM-DDThh:mm:ssZ");
      expect(i.earliestDatestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(i.adminEmail).toMatch(/@/);
      expect(doc.request["@verb"]).toBe("Identify");
      expect(doc.responseDate).toMatch(/Z$/);
    });

    it("ListMetadataFormats: oai_dc and edm; an entity is described in oai_dc only; an unknown identifier is idDoesNotExist", async () => {
      const all = (await oai("verb=ListMetadataFormats")).doc.ListMetadataFormats.metadataFormat.map(
        (f: { metadataPrefix: string }) => f.metadataPrefix,
      );
      expect(all).toEqual(["oai_dc", "edm"]);
      const entity = (await oai(`verb=ListMetadataFormats&identifier=${encodeURIComponent(id("ca_entities", "e1"))}`)).doc
        .ListMetadataFormats.metadataFormat;
      expect(entity.map((f: { metadataPrefix: string }) => f.metadataPrefix)).toEqual(["oai_dc"]);
      expect((await errorOf(`verb=ListMetadataFormats&identifier=${encodeURIComponent(id("ca_objects", "nope"))}`)).code).toBe(
        "idDoesNotExist",
      );
      // a restricted record does not exist for a harvester
      expect((await errorOf(`verb=ListMetadataFormats&identifier=${encodeURIComponent(id("ca_objects", "o2"))}`)).code).toBe(
        "idDoesNotExist",
      );
    });

    it("ListSets: one set per table with public records", async () => {
      const sets = (await oai("verb=ListSets")).doc.ListSets.set.map((s: { setSpec: string }) => s.setSpec);
      expect(sets).toEqual(["ca_entities", "ca_objects", "ca_places"]);
      expect((await errorOf("verb=ListSets&resumptionToken=abc")).code).toBe("badResumptionToken");
    });

    it("GetRecord in oai_dc: escaped, language-tagged, with maker, subject, rights; never the restricted image", async () => {
      const { xml, doc } = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id("ca_objects", "o1"))}`);
      const rec = doc.GetRecord.record[0];
      expect(rec.header[0].identifier).toBe(id("ca_objects", "o1"));
      expect(rec.header[0].setSpec).toBe("ca_objects");
      const dc = rec.metadata["oai_dc:dc"];
      const titles = dc["dc:title"].map((t: { "@xml:lang": string; "#text": string }) => [t["@xml:lang"], t["#text"]]);
      expect(titles).toEqual([
        ["it", 'Veduta & <ponte> "vecchio"'],
        ["en", "View of the bridge"],
      ]);
      expect(xml).toContain("Veduta &amp; &lt;ponte&gt; &quot;vecchio&quot;");
      expect(dc["dc:creator"].map(text)).toEqual(["Giuseppe Verdi"]);
      expect(dc["dc:subject"].map(text)).toEqual(["Ponti", "Bridges"]);
      expect(dc["dc:date"].map(text)).toContain("1906");
      expect(dc["dc:rights"].map(text)).toContain("http://creativecommons.org/licenses/by-sa/4.0/");
      expect(dc["dc:identifier"].map(text)).toContain("INV 12");
      expect(xml).not.toContain(restrictedImage);
    });

    it("GetRecord in edm: ProvidedCHO, WebResource and Aggregation with isShownAt, isShownBy, rights and providers", async () => {
      const { xml, doc } = await oai(`verb=GetRecord&metadataPrefix=edm&identifier=${encodeURIComponent(id("ca_objects", "o1"))}`);
      const rdf = doc.GetRecord.record[0].metadata["rdf:RDF"];
      const cho = rdf["edm:ProvidedCHO"];
      expect(cho["@rdf:about"]).toMatch(/\/oggetti\/o1\/.*#cho$/);
      expect(cho["edm:type"]).toBe("IMAGE");
      expect(cho["dc:title"].map((t: { "@xml:lang": string }) => t["@xml:lang"])).toEqual(["it", "en"]);
      const agg = rdf["ore:Aggregation"];
      expect(agg["edm:isShownAt"]["@rdf:resource"]).toMatch(new RegExp(`^${cat.server.base}/oggetti/o1/`));
      expect(agg["edm:isShownBy"]["@rdf:resource"]).toMatch(new RegExp(`^${cat.server.base}/media/.+\\.(webp|jpg)$`));
      expect(agg["edm:rights"]["@rdf:resource"]).toBe("http://creativecommons.org/licenses/by-sa/4.0/");
      expect(agg["edm:dataProvider"]).toBe("Archivio di prova");
      expect(typeof agg["edm:provider"]).toBe("string");
      expect(rdf["edm:WebResource"]).toHaveLength(1);
      expect(xml).not.toContain(restrictedImage);
      // the image itself is served
      const img = await cat.server.fetch(new URL(agg["edm:isShownBy"]["@rdf:resource"]).pathname);
      expect(img.status).toBe(200);
    });

    it("answers protocol errors with their codes, and echoes no arguments after badVerb or badArgument", async () => {
      const cases: [string, string][] = [
        ["", "badVerb"],
        ["verb=Dance", "badVerb"],
        ["verb=Identify&verb=Identify", "badVerb"],
        ["verb=Identify&extra=1", "badArgument"],
        ["verb=ListRecords", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=edm", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=yesterday", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-01&until=2020-01-01T00:00:00Z", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=2021-01-01&until=2020-01-01", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&set=bad%20set", "badArgument"],
        ["verb=ListIdentifiers&metadataPrefix=oai_dc&resumptionToken=x", "badArgument"],
        ["verb=GetRecord&metadataPrefix=oai_dc", "badArgument"],
        ["verb=ListRecords&metadataPrefix=marc21", "cannotDisseminateFormat"],
        [`verb=GetRecord&metadataPrefix=edm&identifier=${encodeURIComponent("oai:x:ca_entities/e1")}`, "idDoesNotExist"],
        ["verb=GetRecord&metadataPrefix=oai_dc&identifier=nonsense", "idDoesNotExist"],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01", "noRecordsMatch"],
        ["verb=ListRecords&metadataPrefix=oai_dc&until=1999-12-31T23:59:59Z", "noRecordsMatch"],
        ["verb=ListRecords&metadataPrefix=oai_dc&set=ca_collections", "noRecordsMatch"],
        ["verb=ListRecords&metadataPrefix=edm&set=ca_entities", "noRecordsMatch"],
        ["verb=ListRecords&resumptionToken=garbage", "badResumptionToken"],
        ["verb=ListRecords&resumptionToken=eyJ2IjoxfQ.AAAAAAAAAAAA", "badResumptionToken"],
      ];
      for (const [q, code] of cases) {
        const e = await errorOf(q);
        expect(e.code, q).toBe(code);
        if (code === "badVerb" || code === "badArgument")
          expect(typeof e.request === "string" ? e.request : e.request["@verb"], q).toBe(`${cat.server.base}/oai`);
      }
      expect((await errorOf(`verb=GetRecord&metadataPrefix=edm&identifier=${encodeURIComponent(id("ca_entities", "e1"))}`)).code).toBe(
        "cannotDisseminateFormat",
      );
      // an expired token, and a token of the other list verb
      const stale = encodeToken({
        verb: "ListRecords",
        prefix: "oai_dc",
        set: null,
        from: null,
        until: null,
        after: ["2020-01-01T00:00:00.000000Z", "ca_objects", "a"],
        cursor: 1,
        total: 2,
        exp: Math.floor(Date.now() / 1000) - 1,
      });
      const e = await errorOf(`verb=ListRecords&resumptionToken=${stale}`);
      expect(e.code).toBe("badResumptionToken");
      const other = encodeToken({
        verb: "ListIdentifiers",
        prefix: "oai_dc",
        set: null,
        from: null,
        until: null,
        after: ["2020-01-01T00:00:00.000000Z", "ca_objects", "a"],
        cursor: 1,
        total: 2,
        exp: Math.floor(Date.now() / 1000) + 60,
      });
      expect((await errorOf(`verb=ListRecords&resumptionToken=${other}`)).code).toBe("badResumptionToken");
    });

    it("lists only public records, by set and by date (day and seconds granularity)", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const { doc } = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${today}&until=${today}`);
      const ids = doc.ListIdentifiers.header.map((h: { identifier: string }) => h.identifier).sort();
      expect(ids).toEqual([id("ca_entities", "e1"), id("ca_objects", "o1"), id("ca_objects", "o3"), id("ca_places", "p1")]);
      const objects = (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=ca_objects")).doc.ListIdentifiers.header
        .map((h: { identifier: string }) => h.identifier)
        .sort();
      expect(objects).toEqual([id("ca_objects", "o1"), id("ca_objects", "o3")]);
      const edm = (await oai("verb=ListIdentifiers&metadataPrefix=edm")).doc.ListIdentifiers.header
        .map((h: { identifier: string }) => h.identifier)
        .sort();
      expect(edm).toEqual([id("ca_objects", "o1"), id("ca_objects", "o3")]);
      const stamp = doc.ListIdentifiers.header[0].datestamp as string;
      expect(
        (await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${stamp}&until=${stamp}`)).doc.ListIdentifiers.header.length,
      ).toBeGreaterThan(0);
      const { xml } = await oai("verb=ListRecords&metadataPrefix=oai_dc");
      expect(xml).not.toContain("o2");
      expect(xml).not.toContain("Registro riservato");
      expect(xml).not.toContain("e2");
      expect(xml).not.toContain(restrictedImage);
    });

    it("answers POST (form body) as GET", async () => {
      const res = await cat.server.fetch("/oai", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id("ca_objects", "o1"))}`,
      });
      expect(res.status).toBe(200);
      const doc = parse(await res.text());
      expect(doc.GetRecord.record[0].header[0].identifier).toBe(id("ca_objects", "o1"));
      expect(doc.request["@verb"]).toBe("GetRecord");
      const bad = await cat.server.fetch("/oai", { method: "POST", headers: { "content-type": "text/plain" }, body: "verb=Identify" });
      expect(bad.status).toBe(415);
    });

    it("reports a record made restricted as deleted (persistently), and as a record again once public", async () => {
      const before = new Date(Date.now() - 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
      const file = writeNdjson(
        dir,
        [makeRecord({ id: "o3", access: 3, texts: { it: { label: "Lettera ora riservata" } } })],
        "restrict.ndjson",
      );
      const result = await importFile({ database: cat.db }, file, { mediaDir: dir, mediaStore: cat.store });
      expect(result.failed).toBeFalsy();
      const get = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id("ca_objects", "o3"))}`);
      const h = get.doc.GetRecord.record[0].header[0];
      expect(h["@status"]).toBe("deleted");
      expect(get.doc.GetRecord.record[0].metadata).toBeUndefined();
      expect(get.xml).not.toContain("ora riservata");
      const list = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${before}`);
      const deleted = list.doc.ListIdentifiers.header
        .filter((x: { "@status"?: string }) => x["@status"] === "deleted")
        .map((x: { identifier: string }) => x.identifier);
      expect(deleted).toEqual([id("ca_objects", "o3")]);
      const records = await oai(`verb=ListRecords&metadataPrefix=edm&from=${before}`);
      expect(records.xml).not.toContain("ora riservata");
      // public again: a record, no longer a deletion
      await importFile(
        { database: cat.db },
        writeNdjson(dir, [makeRecord({ id: "o3", texts: { it: { label: "Lettera di nuovo pubblica" } } })], "public.ndjson"),
        { mediaDir: dir, mediaStore: cat.store },
      );
      const again = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(id("ca_objects", "o3"))}`);
      expect(again.doc.GetRecord.record[0].header[0]["@status"]).toBeUndefined();
      expect(again.xml).toContain("Lettera di nuovo pubblica");
      const all = (await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=ca_objects")).doc.ListIdentifiers.header;
      expect(all.filter((x: { identifier: string }) => x.identifier === id("ca_objects", "o3"))).toHaveLength(1);
    });
  });
}

for (const target of testDatabases()) {
  describe(`OAI-PMH on an empty catalogue (${target.name})`, () => {
    it("identifies itself, has no sets and no records", async () => {
      const db = await target.open();
      const server = await startTestServer(db, tempDir());
      try {
        const ask = async (q: string) => parse(await (await server.fetch(`/oai?${q}`)).text());
        expect((await ask("verb=Identify")).Identify.deletedRecord).toBe("persistent");
        expect((await ask("verb=ListSets")).error[0]["@code"]).toBe("noSetHierarchy");
        expect((await ask("verb=ListIdentifiers&metadataPrefix=oai_dc")).error[0]["@code"]).toBe("noRecordsMatch");
        expect((await ask("verb=ListMetadataFormats")).ListMetadataFormats.metadataFormat).toHaveLength(2);
      } finally {
        await server.close();
        await db.drop();
      }
    });
  });
}
