import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { search, type SearchResult } from "../../app/features/search/search.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { anonymousViewer, viewerFor, type Viewer } from "../../app/.server/access";
import { parseCapabilities } from "../../app/lib/capabilities";
import { importFile } from "../../app/features/catalogue/import.server";
import { testDatabases } from "../setup/db";
import { makeRecord, tempDir, writeNdjson } from "../factories/records";

/**
 * The rules of search relevance (issue: every language, what visitors see,
 * identifiers, years, synonyms, corrections, ranking, timeline counts), on
 * PGlite and PostgreSQL.
 */
const visitor = anonymousViewer();
const privileged = viewerFor({ id: "u", level: 64, roles: [] }, parseCapabilities("RISERVATO2:64"));

const RECORDS = [
  // text in one language only
  makeRecord({
    id: "en1",
    texts: { en: { label: "Street with a colonnade in Botzen", summary: "A cart in the street." } },
    date: { start: "1846" },
  }),
  makeRecord({ id: "fr1", texts: { fr: { label: "Vue du pont des Arts" } } }),
  makeRecord({ id: "it1", texts: { it: { label: "Lanterna di Genova" } } }),
  // the same title in the page's language and in another one
  makeRecord({ id: "pv-it", texts: { it: { label: "Ponte Vecchio" } } }),
  makeRecord({ id: "pv-en", texts: { en: { label: "Ponte Vecchio" } } }),
  // a maker, a place and a tag tree
  makeRecord({ table: "ca_entities", id: "canal", texts: { it: { label: "Giovanni Antonio Canal" } } }),
  makeRecord({ table: "ca_places", id: "bolzano", texts: { it: { label: "Bolzano" }, en: { label: "Bolzano" } } }),
  makeRecord({
    id: "work1",
    texts: { en: { label: "The Grand Canal" } },
    relations: [
      { type: "creator", table: "ca_entities", id: "canal" },
      { type: "place", table: "ca_places", id: "bolzano" },
    ],
    tags: [{ id: "t-stag", name: { en: "stag", it: "cervo" }, parents: [{ id: "t-animals", name: { en: "animals", it: "animali" } }] }],
  }),
  // identifiers
  makeRecord({ id: "fot83", texts: { it: { label: "Fotografia del molo" } }, numero: { prefix: "FOT", number: "83" } }),
  makeRecord({ id: "n83", texts: { it: { label: "Il molo nel 1883" } } }),
  // years
  makeRecord({ id: "y1840", texts: { it: { label: "Mercato del pesce" } }, date: { start: "1840" } }),
  makeRecord({
    id: "t1840",
    texts: { it: { label: "Mercato coperto", summary: "Costruito nel 1840, demolito più tardi." } },
    date: { start: "1910" },
  }),
  makeRecord({ id: "y1750", texts: { it: { label: "Mercato dei fiori" } }, date: { start: "1750" } }),
  makeRecord({ id: "span", texts: { it: { label: "Diario di viaggio" } }, date: { start: "1818", end: "1832" } }),
  // synonyms across languages
  makeRecord({ id: "acq", texts: { it: { label: "Acquerello con barche" } } }),
  makeRecord({ id: "wat", texts: { en: { label: "Watercolour of boats" } } }),
  // prefixes and stems
  makeRecord({ id: "ved", texts: { it: { label: "Veduta di Roma" } } }),
  makeRecord({ id: "vedova", texts: { it: { label: "Vedova in nero" } } }),
  makeRecord({ id: "fienile", texts: { it: { label: "Fienile di montagna", summary: "Stanze per il bestiame." } } }),
  // a word only restricted records hold
  makeRecord({ id: "secret", access: 3, texts: { it: { label: "Zibaldone segreto" } } }),
  makeRecord({ id: "zib", texts: { it: { label: "Zibaldino di famiglia" } } }),
];

for (const target of testDatabases()) {
  describe(`search relevance on ${target.name}`, () => {
    let db: Awaited<ReturnType<typeof target.open>>;
    let dir: string;
    const run = (qs: string, locale: "it" | "en" | "fr" = "it", viewer: Viewer = visitor): Promise<SearchResult> => {
      const p = parseSearchParams(new URLSearchParams(qs));
      if (!p.ok) throw new Error(p.error.message);
      return search({ database: db, viewer, locale }, p.params);
    };
    const ids = async (qs: string, locale: "it" | "en" | "fr" = "it", viewer: Viewer = visitor) =>
      (await run(qs, locale, viewer)).data.map((d) => d.id);

    beforeAll(async () => {
      db = await target.open();
      dir = tempDir();
      const r = await importFile({ database: db }, writeNdjson(dir, RECORDS), { mediaDir: dir, mediaStore: path.join(dir, "store") });
      if (r.rejected.length || r.failed) throw new Error(JSON.stringify(r.rejected[0] ?? r.failed));
    });
    afterAll(async () => {
      await db?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("finds a record by the words of every language it has text in, from every page", async () => {
      for (const locale of ["it", "en", "fr"] as const) {
        expect(await ids("q=colonnade", locale)).toEqual(["en1"]);
        expect(await ids("q=pont+arts", locale)).toEqual(["fr1"]);
        expect(await ids("q=lanterna", locale)).toEqual(["it1"]);
      }
      // English stemming on the Italian page ("colonnades" → "colonnad"), French on the English one
      expect(await ids("q=colonnades", "it")).toEqual(["en1"]);
      expect(await ids("q=vues", "en")).toEqual(["fr1"]);
    });

    it("ranks text in the page's language above the same words in another language", async () => {
      expect(await ids("q=ponte+vecchio", "it")).toEqual(["pv-it", "pv-en"]);
      expect(await ids("q=ponte+vecchio", "en")).toEqual(["pv-en", "pv-it"]);
    });

    it("finds works by their maker's and place's names and their tags with ancestors, in every language", async () => {
      expect(await ids("q=canal&table=ca_objects")).toEqual(["work1"]);
      expect((await ids("q=giovanni+antonio+canal")).sort()).toEqual(["canal", "work1"]);
      expect(await ids("q=bolzano")).toEqual(["work1"]); // places are not searched by default, the work is
      expect(await ids("q=cervo", "fr")).toEqual(["work1"]);
      expect(await ids("q=animals", "it")).toEqual(["work1"]);
      // the entity's title holds the words: it comes before the work that names it
      expect((await ids("q=antonio+canal"))[0]).toBe("canal");
    });

    it("finds a work by its maker's name when the maker comes in a later batch or import, and after a rename", async () => {
      const more = async (records: ReturnType<typeof makeRecord>[], name: string, batchSize?: number) => {
        const r = await importFile({ database: db }, writeNdjson(dir, records, name), {
          mediaDir: dir,
          mediaStore: path.join(dir, "store"),
          batchSize,
        });
        if (r.rejected.length || r.failed) throw new Error(JSON.stringify(r.rejected[0] ?? r.failed));
      };
      const work = makeRecord({
        id: "late-work",
        texts: { it: { label: "Studio di nubi" } },
        relations: [{ type: "creator", table: "ca_entities", id: "late-maker" }],
      });
      const maker = (label: string) => makeRecord({ table: "ca_entities", id: "late-maker", texts: { it: { label } } });
      await more([work, makeRecord({ id: "filler" }), maker("Zaccaria Quarenghi")], "late.ndjson", 2); // the maker in the second batch
      expect(await ids("q=quarenghi&table=ca_objects")).toEqual(["late-work"]);
      await more([maker("Zaccaria Vantini")], "rename.ndjson");
      expect(await ids("q=quarenghi&table=ca_objects")).toEqual([]);
      expect(await ids("q=vantini&table=ca_objects")).toEqual(["late-work"]);
      // the maker made restricted: a visitor no longer finds the public work by the maker's name
      await more([{ ...maker("Zaccaria Vantini"), access: 3 }], "restrict.ndjson");
      expect(await ids("q=vantini&table=ca_objects")).toEqual([]);
      expect(await ids("q=vantini&table=ca_objects", "it", privileged)).toEqual([]); // public work, restricted name: not indexed
    });

    it("puts the record with the identifier typed first, however it is spaced or punctuated", async () => {
      for (const q of ["FOT 83", "fot83", "FOT-83", "fot.83"]) {
        const r = await run(`q=${encodeURIComponent(q)}`);
        expect(r.data[0]?.id, q).toBe("fot83");
      }
    });

    it("recognises years, spans and centuries: dated records first, text mentions kept, a date filter offered", async () => {
      const r = await run("q=mercato+1840");
      expect(r.data.map((d) => d.id)).toEqual(["y1840", "t1840"]); // not the market of 1750
      expect(r.dateHint).toEqual({ from: "1840", to: "1840" });
      const c = await run("q=mercato+XVIII+secolo");
      expect(c.data.map((d) => d.id)).toEqual(["y1750"]);
      expect(c.dateHint).toEqual({ from: "1701", to: "1800" });
      expect((await run("q=18th+century", "en")).data.map((d) => d.id)).toEqual(["y1750"]);
      expect((await run("q=XIXe+si%C3%A8cle", "fr")).data.map((d) => d.id).sort()).toEqual(["en1", "span", "y1840"]);
      expect((await run("q=1820-1830")).data.map((d) => d.id)).toEqual(["span"]);
      // following the hint gives the dated records
      expect(await ids("q=mercato&from=1840&to=1840")).toEqual(["y1840"]);
      // no hint once the visitor has set dates
      expect((await run("q=mercato+1840&from=1800")).dateHint).toBeNull();
    });

    it("expands to equivalent terms in other languages, below the literal word", async () => {
      expect(await ids("q=acquerello")).toEqual(["acq", "wat"]);
      expect(await ids("q=watercolour", "en")).toEqual(["wat", "acq"]);
      expect(await ids("q=aquarelle", "fr")).toEqual(["acq", "wat"].sort()); // French: both are expansions
    });

    it("matches the last word as a prefix of unstemmed words only, never its stem's", async () => {
      expect(await ids("q=vedute")).toEqual(["ved"]); // stem "ved" matches "Veduta", not "Vedova"
      expect(await ids("q=vedov")).toEqual(["vedova"]);
      // "vedu" begins "veduta", whose equivalents ("vue") rank after it; "Vedova" is never reached
      expect(await ids("q=vedu")).toEqual(["ved", "fr1"]);
    });

    it("matches a one- or two-letter last word as the beginning of title words only", async () => {
      // "st" begins "Street" in a title and "Stanze" in a description: a word being typed finds titles
      const st = await ids("q=st", "en");
      expect(st).toContain("en1");
      expect(st).not.toContain("fienile");
      expect(await ids("q=sta", "en")).toContain("fienile");
      expect(await ids("q=fienile sta")).toEqual(["fienile"]);
    });

    it("says when it corrected the words, with corrections only from what the viewer may see", async () => {
      const r = await run("q=acquerelo");
      expect(r.notice).toEqual({ kind: "corrected", q: "acquerelo", corrected: "acquerello" });
      expect(r.data[0]?.id).toBe("acq");
      // a word only restricted records hold is, to a visitor, a word no record holds: the same correction
      for (const q of ["zibaldone", "zibaldono"]) {
        const r = await run(`q=${q}`);
        expect(r.notice, q).toEqual({ kind: "corrected", q, corrected: "zibaldino" });
        expect(
          r.data.map((d) => d.id),
          q,
        ).toEqual(["zib"]);
      }
      const shown = await run("q=zibaldome", "it", privileged);
      expect(shown.notice).toEqual({ kind: "corrected", q: "zibaldome", corrected: "zibaldone" });
      expect(shown.data.map((d) => d.id)).toEqual(["secret"]);
    });

    it("counts each timeline decade as clicking it filters", async () => {
      const all = await run("");
      const decades = all.facets.decades;
      expect(decades.filter((d) => [1810, 1820, 1830].includes(d.decade)).map((d) => d.count)).toEqual([1, 1, 1]);
      for (const d of decades) {
        const clicked = await run(`from=${d.decade}&to=${d.decade + 9}`);
        expect(clicked.count, `decade ${d.decade}`).toBe(d.count);
      }
    });
  });
}
