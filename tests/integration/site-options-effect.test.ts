import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir } from "../factories/records";
import { saveSiteOptions } from "../../app/features/site/site.server";
import { anonymousViewer } from "../../app/.server/access";
import { getRecord } from "../../app/features/records/records.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { configuredSearch, search } from "../../app/features/search/search.server";

/**
 * The site options of issue 34 §6 that were saved and did nothing (decision 112): customjs `searchType`,
 * `switchItems`, `switchTable`, `metadatiCard`, `tagCard`; detailjs `filtroHighlight`; `dateFormat`. Each is set
 * in the options and seen on what the page (or its service) returns; then unset, and the page is as before.
 */
const subject = (id: string, name: string) => ({
  id,
  type: "common" as const,
  name: { it: name },
  parents: [{ id: "soggetti", name: { it: "Soggetti" } }],
});
const place = (id: string, name: string) => ({
  id,
  type: "common" as const,
  name: { it: name },
  parents: [{ id: "luoghi", name: { it: "Luoghi" } }],
});

for (const target of testDatabases()) {
  describe(`site options take effect on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const page = async (path: string) => {
      const res = await cat.server.fetch(path);
      expect(res.status).toBe(200);
      return res.text();
    };
    const setOptions = (options: Record<string, unknown>) => saveSiteOptions({ database: cat.db }, "it", options as never);
    const ctx = () => ({ database: cat.db, viewer: anonymousViewer(), locale: "it" as const });

    beforeAll(async () => {
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "v1",
            date: { start: "1750-03-02", end: "1750-03-02" },
            texts: {
              it: {
                label: "Vaso blu",
                metadata: [
                  { code: "tecnica", label: "Tecnica", type: "text", value: "Maiolica dipinta" },
                  { code: "acquisizione", label: "Acquisizione", type: "date", value: "1901-05-04" },
                  { code: "stima", label: "Stima", type: "text", value: "Diecimila lire" },
                ],
              },
            },
            tags: [subject("s-fiori", "Fiori"), place("l-faenza", "Faenza")],
          }),
          makeRecord({ id: "p1", texts: { it: { label: "Piatto rosso" } } }),
        ],
        { dir: tempDir() },
      );
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("searchType: the words' mode when the address names none; the address's own still wins", async () => {
      let current: Record<string, unknown> = {};
      const run = async (qs: string) => {
        const parsed = parseSearchParams(new URLSearchParams(qs));
        if (!parsed.ok) throw new Error(parsed.error.message);
        const c = configuredSearch({ excludedTypes: [], noRelevance: false, ...current }, [], parsed.params);
        return { mode: c.params.mode, result: await search(ctx(), c.params, c.opts) };
      };
      // "and" by default: no record holds both words, so the search says it relaxed them
      expect((await run("q=vaso+piatto")).mode).toBe("and");
      expect((await run("q=vaso+piatto")).result.notice?.kind).toBe("relaxed");
      current = { searchType: "or" };
      const or = await run("q=vaso+piatto");
      expect(or.mode).toBe("or");
      expect(or.result.count).toBe(2);
      expect(or.result.notice).toBeNull();
      expect((await run("q=vaso+piatto&mode=and")).mode).toBe("and");
      // a value that is not a mode (an old document edited by hand) is "and"
      current = { searchType: "xor" };
      expect((await run("q=vaso+piatto")).mode).toBe("and");
      // on the page: the relaxed notice goes with the option
      await setOptions({ searchType: "or" });
      expect(await page("/cerca?q=vaso+piatto")).not.toContain('<p class="notice">');
      expect(await page("/cerca?q=vaso+piatto&mode=and")).toContain('<p class="notice">');
      await setOptions({});
      expect(await page("/cerca?q=vaso+piatto")).toContain('<p class="notice">');
    });

    it("switchItems and switchTable: false hides the view switch and the choice of sections; their addresses still work", async () => {
      const before = await page("/cerca");
      expect(before).toContain('class="view-switch"');
      expect(before).toContain('id="f-tables"');
      await setOptions({ switchItems: false });
      const noViews = await page("/cerca");
      expect(noViews).not.toContain('class="view-switch"');
      expect(noViews).toContain('id="f-tables"');
      await setOptions({ switchTable: false });
      const noTables = await page("/cerca");
      expect(noTables).toContain('class="view-switch"');
      expect(noTables).not.toContain('id="f-tables"');
      // the table view and a section chosen in the address are still served
      expect(await page("/cerca?view=auitable&table=ca_objects")).toContain('class="results-table');
      await setOptions({});
      expect(await page("/cerca")).toContain('id="f-tables"');
    });

    it("queryAlbero and regexFiltriInit: the facets the filter tree shows, and those open when the address says nothing", async () => {
      const tree = (html: string) => html.slice(html.indexOf('<ul class="tag-tree">'), html.indexOf("</aside>"));
      const before = tree(await page("/cerca"));
      expect(before).toContain("Soggetti");
      expect(before).toContain("Luoghi");
      expect(before).not.toContain("Faenza");
      await setOptions({ queryAlbero: "filtro=luoghi" });
      const only = tree(await page("/cerca"));
      expect(only).toContain("Luoghi");
      expect(only).not.toContain("Soggetti");
      // open at first: the facets whose id or name the pattern matches (among those shown)
      await setOptions({ regexFiltriInit: "^Luog" });
      const open = tree(await page("/cerca"));
      expect(open).toContain("Faenza");
      expect(open).not.toContain("Fiori");
      // the visitor closes it: the link says no node is open, and that is what the page then shows
      const toggle = /<a [^>]*aria-label="Comprimi Luoghi"[^>]*>/.exec(open)?.[0] ?? "";
      expect(toggle).toContain('href="/cerca?open="');
      expect(tree(await page("/cerca?open="))).not.toContain("Faenza");
      // both together; a pattern that cannot run (an old document edited by hand) opens nothing
      await setOptions({ queryAlbero: "filtro=soggetti", regexFiltriInit: "luoghi|soggetti" });
      const both = tree(await page("/cerca"));
      expect(both).toContain("Fiori");
      expect(both).not.toContain("Faenza");
      await setOptions({ regexFiltriInit: "(a)\\1" });
      expect(tree(await page("/cerca"))).not.toContain("Faenza");
      await setOptions({});
      expect(tree(await page("/cerca"))).toContain("Soggetti");
    });

    it("filtroHighlight: the record's tags under the facets (or with the ids) it names are marked and first", async () => {
      const tags = (html: string) => [...html.matchAll(/<a class="(tag[^"]*)" href="[^"]*filtro=([\w-]+)"/g)].map((m) => `${m[2]}:${m[1]}`);
      // (by facet, places before subjects, without the option)
      expect(tags(await page("/oggetti/v1/vaso-blu"))).toEqual(["l-faenza:tag", "s-fiori:tag"]);
      await setOptions({ detailjs: { filtroHighlight: ["soggetti"] } });
      expect(tags(await page("/oggetti/v1/vaso-blu"))).toEqual(["s-fiori:tag tag--highlight", "l-faenza:tag"]);
      await setOptions({ detailjs: { filtroHighlight: ["l-faenza"] } });
      expect(tags(await page("/oggetti/v1/vaso-blu"))).toEqual(["l-faenza:tag tag--highlight", "s-fiori:tag"]);
      await setOptions({});
    });

    it("dateFormat: how a day is written on the cards and the record page; years and months stay written out", async () => {
      const record = async () => (await getRecord(ctx(), "ca_objects", "v1"))!;
      expect((await record()).dateDisplay).toBe("2 marzo 1750");
      expect(await page("/cerca?q=vaso")).toContain("2 marzo 1750");
      await setOptions({ dateFormat: "DD/MM/YYYY" });
      const r = await record();
      expect(r.dateDisplay).toBe("02/03/1750");
      expect(r.metadata.find((m) => m.code === "acquisizione")).toMatchObject({ display: "04/05/1901" });
      expect(await page("/cerca?q=vaso")).toContain("02/03/1750");
      expect(await page("/oggetti/v1/vaso-blu")).toContain("02/03/1750");
      await setOptions({ dateFormat: "YYYY-MM-DD" });
      expect((await record()).dateDisplay).toBe("1750-03-02");
      // a value outside the list (a document edited by hand) is the default
      await setOptions({ dateFormat: "%d" });
      expect((await record()).dateDisplay).toBe("2 marzo 1750");
      await setOptions({});
    });

    it("metadatiCard and tagCard: the fields and the facets' tags the cards show; a field kept from visitors never", async () => {
      const card = (html: string) => html.slice(html.indexOf('<article class="card'), html.indexOf("</article>"));
      const plain = card(await page("/cerca?q=vaso"));
      expect(plain).not.toContain("card__fields");
      expect(plain).not.toContain("card__tags");
      await setOptions({ metadatiCard: ["acquisizione", "tecnica", "stima"], tagCard: ["luoghi"], dateFormat: "DD/MM/YYYY" });
      const html = card(await page("/cerca?q=vaso"));
      // in the option's order, the date in the site's format; `stima` is an internal field by default
      expect(html).toMatch(
        /<dl class="card__fields"><div><dt>Acquisizione<\/dt><dd>04\/05\/1901<\/dd><\/div><div><dt>Tecnica<\/dt><dd>Maiolica dipinta<\/dd><\/div><\/dl>/,
      );
      expect(html).not.toContain("Diecimila");
      expect(html).toContain('<ul class="card__tags"><li>Faenza</li></ul>');
      expect(html).not.toContain("Fiori");
      // a site that lists no internal fields shows what it names
      await setOptions({ metadatiCard: ["stima"], internalFields: [] });
      expect(card(await page("/cerca?q=vaso"))).toContain("<dd>Diecimila lire</dd>");
      // a malformed list (edited by hand) is none
      await setOptions({ metadatiCard: "tecnica", tagCard: { luoghi: true } });
      const bad = card(await page("/cerca?q=vaso"));
      expect(bad).not.toContain("card__fields");
      expect(bad).not.toContain("card__tags");
      await setOptions({});
    });
  });
}
