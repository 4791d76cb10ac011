import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XMLParser } from "fast-xml-parser";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";

/**
 * /oai read by a client no one here wrote: Debian's libhttp-oai-perl (HTTP::OAI 4, installed by .ci/run),
 * through tests/fixtures/oai-client.pl. Every verb is parsed by the library (XML::LibXML SAX into its
 * objects), a list is followed through resumption tokens by its harvester, and the protocol errors we
 * answer agree with the library's own request validator (HTTP::OAI::Repository::validate_request).
 *
 * The OAI-PMH XML Schemas (OAI-PMH.xsd, oai_dc.xsd) are not validated: no Debian or npm package available
 * here ships them (decision 050), and a hand-written copy would test nothing.
 */
const run = promisify(execFile);
const CLIENT = path.resolve(import.meta.dirname, "../fixtures/oai-client.pl");
const perl = async (args: string[], input?: string) => {
  const child = run("perl", [CLIENT, ...args], { maxBuffer: 1 << 26 });
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  return JSON.parse((await child).stdout);
};
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (n) => n === "error" });

const OBJECTS = 120; // more than a ListRecords page (100)

function seed(): InterchangeInput[] {
  return [
    makeRecord({
      id: "o1",
      texts: { it: { label: "Veduta del ponte", summary: "Una veduta." }, en: { label: "View of the bridge" } },
      date: { start: "1906" },
      media: [{ type: "image", file: "a.jpg" }],
      relations: [{ type: "creator", table: "ca_entities", id: "e1" }],
      source: { license: "CC BY 4.0", attribution: "Archivio di prova" },
    }),
    ...Array.from({ length: OBJECTS - 1 }, (_, i) => makeRecord({ id: `n${i + 2}`, texts: { it: { label: `Lettera ${i + 2}` } } })),
    makeRecord({ id: "hidden", access: 2, texts: { it: { label: "Registro riservato" } } }),
    makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Giuseppe Verdi" } } }),
  ];
}

for (const target of testDatabases()) {
  describe(`OAI-PMH read by HTTP::OAI, Debian's libhttp-oai-perl (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const dir = tempDir();
    let base = "";
    let host = "";
    const id = (table: string, rid: string) => `oai:${host}:${table}/${rid}`;

    beforeAll(async () => {
      await makeImage(dir, "a.jpg", 300, 200);
      cat = await seededCatalogue(target, seed(), { dir });
      base = `${cat.server.base}/oai`;
      host = new URL(cat.server.base).hostname;
    }, 300_000);
    afterAll(async () => {
      await cat?.close();
    });

    it("parses every verb's answer into the library's objects", async () => {
      const out = await perl(["verbs", base, id("ca_objects", "o1")]);

      expect(out.Identify.success).toBe(true);
      expect(out.Identify.baseURL).toBe(base);
      expect(out.Identify.protocolVersion).toBe("2.0");
      expect(out.Identify.granularity).toBe("YYYY-MM-DDThh:mm:ssZ");
      expect(out.Identify.deletedRecord).toBe("persistent");
      expect(out.Identify.earliestDatestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(out.Identify.adminEmail[0]).toMatch(/@/);
      expect(out.Identify.repositoryName).toBeTruthy();

      expect(out.ListMetadataFormats.prefixes).toEqual(["oai_dc", "edm"]);
      expect(out.ListMetadataFormats.namespaces).toEqual([
        "http://www.openarchives.org/OAI/2.0/oai_dc/",
        "http://www.europeana.eu/schemas/edm/",
      ]);
      expect(out.ListMetadataFormatsOfItem.prefixes).toEqual(["oai_dc", "edm"]);

      expect(out.ListSets.success).toBe(true);
      expect(out.ListSets.sets.map((s: { setSpec: string }) => s.setSpec)).toEqual(expect.arrayContaining(["ca_entities", "ca_objects"]));
      for (const s of out.ListSets.sets) expect(s.setName).toBeTruthy();

      expect(out.GetRecord.success).toBe(true);
      expect(out.GetRecord.header.identifier).toBe(id("ca_objects", "o1"));
      expect(out.GetRecord.header.datestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(out.GetRecord.header.setSpec).toContain("ca_objects");
      // the Dublin Core as the library's OAI_DC handler reads it
      expect(out.GetRecord.dc.title).toEqual(["Veduta del ponte", "View of the bridge"]);
      expect(out.GetRecord.dc.creator).toEqual(["Giuseppe Verdi"]);
      expect(out.GetRecord.dc.rights).toContain("http://creativecommons.org/licenses/by/4.0/");

      expect(out.GetRecordEdm.success).toBe(true);
      expect(out.GetRecordEdm.metadata).toContain("edm:ProvidedCHO");
      expect(out.GetRecordEdm.metadata).toContain("ore:Aggregation");

      // first pages: 500 identifiers hold the whole list; 100 records do not, and the token says how many
      expect(out.ListIdentifiers.headers).toHaveLength(OBJECTS + 1);
      expect(out.ListIdentifiers.token).toBeNull();
      expect(out.ListRecords.headers).toHaveLength(100);
      expect(out.ListRecords.token.completeListSize).toBe(String(OBJECTS + 1));
      expect(out.ListRecords.token.cursor).toBe("0");
      expect(out.ListRecords.token.empty).toBe(false);
      expect(new Date(out.ListRecords.token.expirationDate).getTime()).toBeGreaterThan(Date.now());

      // the errors, as the library reads them off our answers
      expect(out.errors.badArgument.errors).toEqual(["badArgument"]);
      expect(out.errors.idDoesNotExist.errors).toEqual(["idDoesNotExist"]);
      expect(out.errors.cannotDisseminateFormat.errors).toEqual(["cannotDisseminateFormat"]);
      expect(out.errors.badResumptionToken.errors).toEqual(["badResumptionToken"]);
      expect(out.errors.noRecordsMatch.errors).toEqual(["noRecordsMatch"]);
      expect(out.errors.noRecordsMatch.success).toBe(true); // the library's reading: an empty list, not a failure
      // nothing restricted reached the client
      expect(JSON.stringify(out)).not.toContain("hidden");
    });

    it("its harvester follows the resumption tokens of ListRecords to the end: every public record once", async () => {
      const out = await perl(["list", base, "ListRecords", "oai_dc"]);
      expect(out.success).toBe(true);
      const ids = out.headers.map((h: { identifier: string }) => h.identifier);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(
        [
          id("ca_entities", "e1"),
          ...["o1", ...Array.from({ length: OBJECTS - 1 }, (_, i) => `n${i + 2}`)].map((x) => id("ca_objects", x)),
        ].sort(),
      );
      const edm = await perl(["list", base, "ListIdentifiers", "edm", "ca_objects"]);
      expect(edm.headers).toHaveLength(OBJECTS);
    });

    it("answers badVerb and badArgument exactly where the library's request validator finds them", async () => {
      const o1 = id("ca_objects", "o1");
      const cases: Record<string, string>[] = [
        {},
        { verb: "Frobnicate" },
        { verb: "Identify" },
        { verb: "Identify", metadataPrefix: "oai_dc" },
        { verb: "ListMetadataFormats" },
        { verb: "ListMetadataFormats", identifier: o1 },
        { verb: "ListMetadataFormats", set: "ca_objects" },
        { verb: "ListSets" },
        { verb: "ListSets", metadataPrefix: "oai_dc" },
        { verb: "ListSets", resumptionToken: "abc" },
        { verb: "GetRecord", identifier: o1, metadataPrefix: "oai_dc" },
        { verb: "GetRecord", identifier: o1 },
        { verb: "GetRecord", metadataPrefix: "oai_dc" },
        { verb: "GetRecord", identifier: o1, metadataPrefix: "marc21" },
        { verb: "GetRecord", identifier: o1, metadataPrefix: "oai_dc", from: "2020-01-01" },
        { verb: "ListIdentifiers" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: "ca_objects" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: "bad set" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", from: "2020-01-01", until: "2099-12-31" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", from: "2020-01-01T00:00:00Z", until: "2099-12-31T23:59:59Z" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", from: "2020-01-01", until: "2099-12-31T23:59:59Z" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", from: "2026-13-01" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", until: "yesterday" },
        { verb: "ListIdentifiers", metadataPrefix: "oai_dc", identifier: o1 },
        { verb: "ListRecords" },
        { verb: "ListRecords", metadataPrefix: "edm", set: "ca_objects", from: "2020-01-01" },
        { verb: "ListRecords", metadataPrefix: "marc21" },
        { verb: "ListRecords", resumptionToken: "abc" },
        { verb: "ListRecords", resumptionToken: "abc", metadataPrefix: "oai_dc" },
        { verb: "ListRecords", metadataPrefix: "oai_dc", from: "1900-01-01", until: "1900-12-31" },
      ];
      const verdicts: string[][] = await perl(["validate"], JSON.stringify(cases));
      expect(verdicts).toHaveLength(cases.length);
      let refused = 0;
      for (const [i, args] of cases.entries()) {
        const res = await cat.server.fetch(`/oai?${new URLSearchParams(args)}`);
        expect(res.status).toBe(200);
        const doc = parser.parse(await res.text())["OAI-PMH"];
        const ours = (doc.error ?? []).map((e: { "@code": string }) => e["@code"]);
        const theirs = verdicts[i]!;
        const what = JSON.stringify(args);
        if (theirs.length) {
          refused++;
          // the validator may list one error per bad argument; we answer the first
          expect(ours, what).toEqual([theirs[0]]);
          expect(doc.request["@verb"], what).toBeUndefined(); // no arguments echoed after badVerb/badArgument
        } else {
          // a request the validator accepts is never refused as malformed (it may match nothing, or name an
          // unknown format or token: the protocol's other errors)
          expect(
            ours.filter((c: string) => c === "badVerb" || c === "badArgument"),
            what,
          ).toEqual([]);
          expect(doc.request["@verb"], what).toBe(args.verb);
        }
      }
      expect(refused).toBeGreaterThan(10);
    });
  });
}
