import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseQueryFor, clearSearchCache, search, searchPoints, suggestLabels } from "../../app/features/search/search.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { anonymousViewer, viewerFor, type Viewer } from "../../app/.server/access";
import { parseCapabilities } from "../../app/lib/capabilities";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, writeNdjson } from "../factories/records";
import { importFile } from "../../app/features/catalogue/import.server";

const caps = parseCapabilities("RISERVATO:32, RISERVATO2:64");
const visitor = anonymousViewer();
const riservato = viewerFor({ id: "u1", level: 32, roles: [] }, caps);
const riservato2 = viewerFor({ id: "u2", level: 64, roles: [] }, caps);

const tag = (id: string, it: string, parents: { id: string; name: { it: string } }[] = []) => ({ id, name: { it }, parents });
const SOGGETTI = { id: "sog", name: { it: "Soggetti" } };
const PORTI = { id: "sog-porti", name: { it: "Porti" } };

for (const target of testDatabases()) {
  describe(`search on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let db: Awaited<ReturnType<typeof seededCatalogue>>["db"];
    let server: Awaited<ReturnType<typeof seededCatalogue>>["server"];
    const run = (qs: string, viewer: Viewer = visitor, locale: "it" | "en" | "fr" = "it") => {
      const p = parseSearchParams(new URLSearchParams(qs));
      if (!p.ok) throw new Error(p.error.message);
      return search({ database: db, viewer, locale }, p.params);
    };
    /** Imports more records into the seeded catalogue (as a later import would). */
    const importMore = (records: ReturnType<typeof makeRecord>[], name: string) =>
      importFile({ database: db }, writeNdjson(cat.dir, records, name), { mediaDir: cat.dir, mediaStore: cat.store });

    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({
          id: "1",
          texts: {
            it: { label: "Veduta del porto di Genova", summary: "Fotografia del molo." },
            en: { label: "View of the port of Genoa" },
          },
          date: { start: "1885" },
          tags: [tag("sog-porti-genova", "Genova", [SOGGETTI, PORTI])],
        }),
        makeRecord({
          id: "2",
          texts: { it: { label: "Lettera da Napoli", summary: "Parla del porto e della città." } },
          date: { start: "1902-05-03" },
          tags: [tag("sog-porti-napoli", "Napoli", [SOGGETTI, PORTI])],
        }),
        makeRecord({
          id: "3",
          access: 2,
          texts: { it: { label: "Porto riservato" } },
          date: { start: "1885" },
          tags: [tag("sog-porti-genova", "Genova", [SOGGETTI, PORTI])],
        }),
        makeRecord({
          id: "4",
          access: 3,
          texts: { it: { label: "Porto segretissimo" } },
          date: { start: "1950" },
          tags: [tag("sog-segreti", "Segreti", [SOGGETTI])],
          coordinates: { lat: 44, lng: 9 },
        }),
        makeRecord({
          id: "5",
          type: { id: 265, code: "escluso", name: { it: "Escluso" } },
          texts: { it: { label: "Porto escluso dal tipo" } },
        }),
        makeRecord({
          id: "6",
          texts: { it: { label: "Ritratto di donna", summary: "Olio su tela." } },
          date: { start: "1750" },
          relations: [{ type: "luogo", table: "ca_places", id: "p1", interstitial: [] }],
        }),
        makeRecord({ id: "7", texts: { it: { label: "Mappa di Livorno" } }, coordinates: { lat: 43.55, lng: 10.3 } }),
        makeRecord({ id: "8", access: 2, texts: { it: { label: "Mappa riservata" } }, coordinates: { lat: 45, lng: 7 } }),
        makeRecord({ table: "ca_places", id: "p1", texts: { it: { label: "Porto Venere" } }, coordinates: { lat: 44.05, lng: 9.83 } }),
        makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Società Città di Genova" } } }),
      ]);
      ({ db, server } = cat);
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("finds by text with title matches first, accent-insensitive, with prefix on the last word", async () => {
      const r = await run("q=porto");
      expect(r.data[0]!.id).toBe("1"); // in the title
      expect(r.data.map((d) => d.id).sort()).toEqual(["1", "2", "6"]); // 6: its related place is "Porto Venere"
      expect(r.count).toBe(3);
      expect(r.data[0]!.scoreIcon).toBeGreaterThan(0);
      expect((await run("q=citta")).data.map((d) => d.id)).toEqual(["e1", "2"]); // "Città" without the accent; title match first
      expect((await run("q=gen")).data.map((d) => d.id).sort()).toEqual(["1", "e1"]);
      expect((await run("q=porto+napoli")).data.map((d) => d.id)).toEqual(["2"]);
      expect((await run("q=vedu")).data.map((d) => d.id)).toEqual(["1"]); // "Veduta" stems to "ved": prefix on the title still finds it
      expect((await run("q=porto+vedu")).data.map((d) => d.id)).toEqual(["1"]);
      expect((await run("q=napoli+ritratto&mode=or")).count).toBe(2);
    });

    it("ranks and scores a search the same when its count is known already (the next page, another view)", async () => {
      clearSearchCache(db);
      const first = await run("q=porto");
      const again = await run("q=porto");
      expect(again.data.map((d) => [d.id, d.score])).toEqual(first.data.map((d) => [d.id, d.score]));
      expect(again.data.every((d) => d.score !== null)).toBe(true);
      expect(again.count).toBe(first.count);
    });

    it("leaves out stop words, needs every other word, and looks for stop words alone in titles", async () => {
      expect((await run("q=porto+di+genova")).data.map((d) => d.id)).toEqual(["1"]);
      expect((await run("q=porto+di+genova", visitor, "en")).data.map((d) => d.id)).toEqual(["1"]); // "di": an Italian stop word
      // no record holds both: records holding one of them, and the page says so
      const relaxed = await run("q=porto+sconosciutissimo");
      expect(relaxed.notice).toEqual({ kind: "relaxed", q: "porto sconosciutissimo" });
      expect(relaxed.data[0]!.id).toBe("1");
      expect((await run("q=sconosciutissimo+porto&mode=or")).data.map((d) => d.id).sort()).toEqual(["1", "2", "6"]);
      const alone = (await run("q=di")).data.map((d) => d.id);
      expect(alone).toEqual(expect.arrayContaining(["6", "7"]));
      expect(alone).not.toContain("2"); // "Lettera da Napoli": no title word starting with "di"
    });

    it("searches the page's locale with the Italian fallback", async () => {
      expect((await run("q=port", visitor, "en")).data.map((d) => d.id)).toContain("1");
      expect((await run("q=lettera", visitor, "en")).data.map((d) => d.id)).toEqual(["2"]);
    });

    it("follows a re-import: new texts, access and tags are what the search sees", async () => {
      const reimport = (r: Parameters<typeof makeRecord>[0]) => importMore([makeRecord(r)], "again.ndjson");
      await reimport({ id: "r1", texts: { it: { label: "Carteggio Zanardelli" } }, tags: [tag("sog-segreti", "Segreti", [SOGGETTI])] });
      expect((await run("q=zanardelli")).data.map((d) => d.id)).toEqual(["r1"]);
      expect((await run("q=zanardelli&filtro=sog-segreti")).count).toBe(1);
      // new label, no tags, then restricted: the old words, the old tag and finally the record itself are gone
      await reimport({ id: "r1", texts: { it: { label: "Carteggio Crispi" } } });
      expect((await run("q=zanardelli")).count).toBe(0);
      expect((await run("q=crispi&filtro=sog-segreti")).count).toBe(0);
      expect((await run("q=crispi")).count).toBe(1);
      await reimport({ id: "r1", access: 3, texts: { it: { label: "Carteggio Crispi" } } });
      expect((await run("q=crispi")).count).toBe(0);
      expect((await run("q=crispi", riservato2)).count).toBe(1);
    });

    it("tolerates typos when nothing matches exactly", async () => {
      const r = await run("q=ritrato+di+dona");
      expect(r.notice?.kind).toBe("corrected");
      expect(r.data.map((d) => d.id)).toEqual(["6"]);
      expect(r.count).toBe(1);
      // look-alike words never lead to what the viewer may not see
      const hidden = await run("q=segretisimo");
      expect(hidden.count).toBe(0);
      expect(hidden.data).toEqual([]);
      expect((await run("q=segretisimo", riservato2)).data.map((d) => d.id)).toEqual(["4"]);
      // nothing alike at all: an empty result, not an error
      expect((await run("q=qxzwv")).count).toBe(0);
    });

    it("never shows restricted records in results, counts or facets to a viewer without the capability", async () => {
      const v = await run("q=porto&open=sog&open=sog-porti");
      expect(v.data.map((d) => d.id)).not.toContain("3");
      expect(v.facets.tags.find((t) => t.id === "sog-porti-genova")?.count).toBe(1);
      expect(v.facets.tags.find((t) => t.id === "sog-segreti")).toBeUndefined();
      expect(v.facets.decades).toEqual([
        { decade: 1750, count: 1 },
        { decade: 1880, count: 1 },
        { decade: 1900, count: 1 },
      ]);
      // the spans a phone's timeline counts its longer periods from (issue 31 §7): the same records, each once
      expect(v.facets.decadeSpans).toEqual([
        { from: 1750, to: 1750, count: 1 },
        { from: 1880, to: 1880, count: 1 },
        { from: 1900, to: 1900, count: 1 },
      ]);
      const r1 = await run("q=porto&open=sog&open=sog-porti", riservato);
      expect(r1.data.map((d) => d.id).sort()).toEqual(["1", "2", "3", "6"]);
      expect(r1.facets.tags.find((t) => t.id === "sog-porti-genova")?.count).toBe(2);
      const r2 = await run("q=porto&open=sog", riservato2);
      expect(r2.count).toBe(5); // 1, 2, 3, 4 and 6 (by its place)
      expect(r2.facets.tags.find((t) => t.id === "sog-segreti")?.count).toBe(1);
      const all = await run("");
      expect(all.count).toBe(5); // 1, 2, 6, 7, e1 — not 3, 4, 8, nor the excluded type 265, nor places by default
    });

    it("filters by tag subtree, dates, media and table", async () => {
      expect((await run("filtro=sog-porti")).data.map((d) => d.id).sort()).toEqual(["1", "2"]);
      expect((await run("filtro=sog-porti-napoli")).data.map((d) => d.id)).toEqual(["2"]);
      expect((await run("filtro=sog")).facets.tags.find((t) => t.id === "sog")?.count).toBe(2);
      expect((await run("from=1900")).data.map((d) => d.id)).toEqual(["2"]);
      expect((await run("to=1800")).data.map((d) => d.id)).toEqual(["6"]);
      expect((await run("q=mappa")).data.map((d) => d.id)).toEqual(["7"]);
      expect((await run("q=mappa", riservato)).data.map((d) => d.id).sort()).toEqual(["7", "8"]);
      expect((await run("from=03/05/1902&to=03/05/1902")).data.map((d) => d.id)).toEqual(["2"]);
      expect((await run("media=con_media")).count).toBe(0);
      expect((await run("table=ca_places")).data.map((d) => d.id)).toEqual(["p1"]);
      expect((await run("filtro=pin|Pin")).count).toBe(0);
    });

    it("sorts by every key", async () => {
      const ids = async (sort: string) => (await run(`sort=${sort}`)).data.map((d) => d.id);
      expect(await ids("az")).toEqual(["2", "7", "6", "e1", "1"]); // lettera, mappa, ritratto, società, veduta
      expect(await ids("za")).toEqual(["1", "e1", "6", "7", "2"]);
      expect((await ids("on")).slice(0, 3)).toEqual(["2", "1", "6"]);
      expect((await ids("no")).slice(0, 3)).toEqual(["6", "1", "2"]);
      for (const s of ["taz", "tza", "wm", "nm", "ss"]) expect((await ids(s)).sort()).toEqual(["1", "2", "6", "7", "e1"]);
    });

    it("the API answers JSON and 400 for bad parameters, naming them", async () => {
      const ok = await server.fetch("/api/public/search?q=porto&locale=en");
      expect(ok.status).toBe(200);
      const body = await ok.json();
      expect(body.count).toBe(3);
      // `page` counts from 1 in the answer, as in the request and the page's address.
      expect(body.page).toBe(1);
      expect((await (await server.fetch("/api/public/search?q=porto&page=2")).json()).page).toBe(2);
      expect(body.data[0]).toMatchObject({
        id: "1",
        table: "ca_objects",
        preferred_label: "View of the port of Genoa",
        link: expect.stringMatching(/^\/oggetti\/1\//),
      });
      expect(body.data.some((d: { id: string }) => d.id === "3")).toBe(false);
      for (const [qs, word] of [
        ["sort=evil", "sort"],
        ["q[$ne]=x", "q[$ne]"],
        ["page=1;drop", "page"],
        ["from=32/01/1900", "from"],
        ["locale=de", "locale"],
        ["q=a&q=b", "q"],
      ]) {
        const res = await server.fetch(`/api/public/search?${qs}`);
        expect(res.status, qs).toBe(400);
        expect((await res.json()).error.message).toContain(word);
      }
    });

    it("puts on the map records with coordinates or a visible related place, never restricted ones", async () => {
      const p = parseSearchParams(new URLSearchParams(""));
      if (!p.ok) throw new Error();
      const pts = await searchPoints({ database: db, viewer: visitor, locale: "it" }, p.params);
      expect(pts.map((x) => [x.id, x.lat, x.lng]).sort()).toEqual([
        ["6", 44.05, 9.83],
        ["7", 43.55, 10.3],
      ]);
      const privileged = await searchPoints({ database: db, viewer: riservato2, locale: "it" }, p.params);
      expect(privileged.map((x) => x.id).sort()).toEqual(["4", "6", "7", "8"]);
    });

    it("limits results, counts and map points to a map area (bbox), by the record's position or its place's", async () => {
      // Livorno (7, own coordinates) and Porto Venere (6, through its related place); not Genoa's port (no position).
      const tuscany = await run("bbox=9.5,43,10.5,44.2");
      expect(tuscany.data.map((d) => d.id).sort()).toEqual(["6", "7"]);
      expect(tuscany.count).toBe(2);
      const livorno = await run("bbox=10,43.3,10.5,43.7");
      expect(livorno.data.map((d) => d.id)).toEqual(["7"]);
      expect((await run("q=porto&bbox=9.5,43,10.5,44.2")).data.map((d) => d.id)).toEqual(["6"]);
      // A restricted record inside the area stays out for a visitor, in for a viewer who may see it.
      expect((await run("bbox=6.5,44.5,7.5,45.5")).count).toBe(0);
      expect((await run("bbox=6.5,44.5,7.5,45.5", riservato2)).data.map((d) => d.id)).toEqual(["8"]);
      const p = parseSearchParams(new URLSearchParams("bbox=10,43.3,10.5,43.7"));
      if (!p.ok) throw new Error();
      expect((await searchPoints({ database: db, viewer: visitor, locale: "it" }, p.params)).map((x) => x.id)).toEqual(["7"]);
      const bad = await server.fetch("/api/public/search?bbox=10,50,11,40");
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.message).toContain("bbox");
      const api = await server.fetch("/api/public/search?bbox=9.5,43,10.5,44.2");
      expect((await api.json()).count).toBe(2);
    });

    it("suggests labels of visible records only, and validates its parameters", async () => {
      expect(await suggestLabels({ database: db, viewer: visitor, locale: "it" }, "port")).toEqual([
        "Porto Venere",
        "Veduta del porto di Genova",
      ]);
      expect(await suggestLabels({ database: db, viewer: riservato2, locale: "it" }, "port")).toEqual([
        "Porto Venere",
        "Porto riservato",
        "Porto segretissimo",
        "Veduta del porto di Genova",
      ]);
      const res = await server.fetch("/api/public/suggest?q=vedu&locale=en");
      expect(await res.json()).toEqual({ data: ["Veduta del porto di Genova"] }); // Italian fallback, prefix of an unstemmed title word
      expect(await (await server.fetch("/api/public/suggest?q=vie&locale=en")).json()).toEqual({ data: ["View of the port of Genoa"] });
      expect((await server.fetch("/api/public/suggest?q=a&x=1")).status).toBe(400);
      expect((await server.fetch("/api/public/suggest?q=a&locale=xx")).status).toBe(400);
    });

    it("applies the base query of the site options, per role first", async () => {
      const options = { query: "filtro=sog-porti", query_Ricercatore: "table=ca_places" };
      expect(baseQueryFor(options, [])).toEqual({ filters: ["sog-porti"], tables: null });
      expect(baseQueryFor(options, ["Ricercatore"])).toEqual({ filters: [], tables: ["ca_places"] });
      expect(baseQueryFor({ query: "sort=bad" }, [])).toEqual({ filters: [], tables: null });
      const p = parseSearchParams(new URLSearchParams(""));
      if (!p.ok) throw new Error();
      const r = await search({ database: db, viewer: visitor, locale: "it" }, p.params, { baseFilters: baseQueryFor(options, []).filters });
      expect(r.data.map((d) => d.id).sort()).toEqual(["1", "2"]);
    });

    it("the page escapes what it echoes and answers a bad date on the form, keeping the search", async () => {
      const res = await server.fetch(`/cerca?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain("<img src=x onerror");
      const bad = await server.fetch("/en/cerca?from=31/02/1900");
      expect(bad.status).toBe(200);
      expect(await bad.text()).toContain("The date (or dates) entered are not valid");
      const it = await (await server.fetch("/cerca?to=abc")).text();
      expect(it).toContain("Le date (o la data) inserite non sono valide");
    });

    it('on an English page, a word that only Italian drops ("come") still finds English texts', async () => {
      const rec = makeRecord({
        id: "w1",
        texts: { it: { label: "Guida del molo" }, en: { label: "Pier guide", summary: "How to come to the harbour." } },
      });
      await importMore([rec], "come.ndjson");
      expect((await run("q=come", visitor, "en")).data.map((d) => d.id)).toEqual(["w1"]);
      expect((await run("q=come", visitor, "it")).count).toBe(0); // an Italian stop word, in no Italian title
    });

    it("sorts by type name in the page's locale, records without a type last", async () => {
      const typed = [
        makeRecord({
          id: "t1",
          texts: { it: { label: "Tipologia uno" } },
          type: { id: 501, code: "zeta", name: { it: "Zeta", en: "Alpha" } },
        }),
        makeRecord({
          id: "t2",
          texts: { it: { label: "Tipologia due" } },
          type: { id: 502, code: "alfa", name: { it: "Alfa", en: "Zulu" } },
        }),
        makeRecord({ id: "t3", texts: { it: { label: "Tipologia tre" } } }),
      ];
      await importMore(typed, "typed.ndjson");
      const ids = async (qs: string, locale: "it" | "en" = "it") => (await run(qs, visitor, locale)).data.map((d) => d.id);
      expect(await ids("q=tipologia&sort=taz")).toEqual(["t2", "t1", "t3"]);
      expect(await ids("q=tipologia&sort=tza")).toEqual(["t1", "t2", "t3"]);
      expect(await ids("q=tipologia&sort=taz", "en")).toEqual(["t1", "t2", "t3"]);
      expect((await ids("sort=taz")).slice(0, 2)).toEqual(["t2", "t1"]); // without words: the other statement
      expect((await ids("sort=tza")).at(-1)).not.toBe("t1");
    });
  });
}
