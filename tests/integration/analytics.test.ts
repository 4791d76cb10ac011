import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir, writeNdjson } from "../factories/records";
import { getAccuracy, getFootprint } from "../../app/features/analytics/analytics.server";
import { footprintMap } from "../../app/features/analytics/map.server";
import { importFile } from "../../app/features/catalogue/index.server";
import { saveSiteOptions } from "../../app/features/site/site.server";
import { PUBLIC_VIEWER, type Viewer } from "../../app/.server/access";

/**
 * The analytics pages (spec §2 `/analytics/accuracy`, `/analytics/footprint`; issue 34 §2; decision 108): shown
 * per the option `analytics`, figures of the records the viewer may see, checked against counts the test makes
 * in SQL itself, forgotten on import.
 */
const type = (id: number, it: string, en: string) => ({ id, code: `t${id}`, name: { it, en } });
const LETTER = type(1, "Lettera", "Letter");
const PHOTO = type(2, "Fotografia", "Photograph");
const manager: Viewer = {
  kind: "user",
  userId: "00000000-0000-0000-0000-000000000001",
  level: 32,
  roles: ["Manager"],
  accessLevels: [1, 2, 3],
};

for (const target of testDatabases()) {
  describe(`analytics on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const dir = tempDir();
    const visitor = () => ({ database: cat.db, viewer: PUBLIC_VIEWER, locale: "it" as const });
    beforeAll(async () => {
      await makeImage(dir, "a.jpg");
      const toMilan = [{ type: "luogo", table: "ca_places" as const, id: "milano" }];
      const tecnica = [{ code: "tecnica", label: "Tecnica", type: "text" as const, value: "inchiostro" }];
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            table: "ca_places",
            id: "milano",
            texts: { it: { label: "Milano" }, en: { label: "Milan" } },
            coordinates: { lat: 45.46, lng: 9.19 },
          }),
          makeRecord({
            id: "o1",
            type: LETTER,
            date: { start: "1852-03-01" },
            texts: { it: { label: "Lettera", summary: "Una lettera.", metadata: tecnica }, en: { label: "Letter" } },
            media: [{ type: "image", file: "a.jpg" }],
            relations: toMilan,
          }),
          makeRecord({
            id: "o2",
            type: PHOTO,
            date: { start: "1905-01-01" },
            texts: { it: { label: "Foto", metadata: tecnica } },
            relations: toMilan,
          }),
          makeRecord({ id: "o3", texts: { it: { label: "Senza nulla" } } }),
          // seen by a manager only
          makeRecord({
            id: "r1",
            access: 2,
            type: LETTER,
            date: { start: "1858-01-01" },
            texts: { it: { label: "Riservata" } },
            relations: toMilan,
          }),
          makeRecord({ table: "ca_entities", id: "e1", texts: { it: { label: "Persona" }, fr: { label: "Personne" } } }),
        ],
        { dir },
      );
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("the pages are the site's only while the option shows them: 404 otherwise, in every language", async () => {
      for (const path of ["/analytics/accuracy", "/en/analytics/footprint", "/fr/analytics/accuracy"])
        expect((await cat.server.fetch(path)).status, path).toBe(404);
      await saveSiteOptions({ database: cat.db }, "it", { analytics: { heritagerating: true, accuracy: false } });
      expect((await cat.server.fetch("/analytics/footprint")).status).toBe(200);
      expect((await cat.server.fetch("/analytics/accuracy")).status).toBe(404);
      const frame = await (await cat.server.fetch("/en/analytics/footprint")).text();
      // the analytics layout: its title, the one page's link, a close link home; no site header
      expect(frame).toContain("Analytics");
      expect(frame).toContain('href="/en/analytics/footprint"');
      expect(frame).not.toContain('href="/en/analytics/accuracy"');
      expect(frame).toMatch(/<a(?=[^>]*href="\/en")(?=[^>]*aria-label="Close and go back to the home page")[^>]*>/);
      expect(frame).not.toContain('class="site-header');
      await saveSiteOptions({ database: cat.db }, "it", { analytics: { heritagerating: true, accuracy: true } });
      for (const [path, heading] of [
        ["/analytics/accuracy", "Accuratezza"],
        ["/en/analytics/accuracy", "Accuracy"],
        ["/fr/analytics/accuracy", "Exactitude"],
        ["/analytics/footprint", "Impronta"],
        ["/en/analytics/footprint", "Footprint"],
        ["/fr/analytics/footprint", "Empreinte"],
      ]) {
        const res = await cat.server.fetch(path!);
        expect(res.status, path).toBe(200);
        expect(await res.text()).toContain(`<h1>${heading}</h1>`);
      }
    });

    it("accuracy: each table's share of records with each kind of information, the viewer's records only, as SQL counts them", async () => {
      const { tables } = await getAccuracy(visitor());
      const objects = tables.find((t) => t.table === "ca_objects")!;
      const count = async (where: ReturnType<typeof sql>) =>
        (
          await cat.db.rows<{ n: number }>(
            sql`select count(*)::int as n from records r where r.table_name = 'ca_objects' and r.access = 1 and ${where}`,
          )
        )[0]!.n;
      expect(objects.total).toBe(await count(sql`true`));
      expect(objects.total).toBe(3);
      expect(objects.image).toBe(await count(sql`r.has_media`));
      expect(objects.date).toBe(await count(sql`r.date_start is not null`));
      expect(objects.type).toBe(await count(sql`r.type_id is not null`));
      expect([objects.image, objects.date, objects.type]).toEqual([1, 2, 2]);
      expect(objects.summary.it).toBe(1);
      expect(objects.label).toEqual({ en: 1, fr: 0 });
      expect(objects.fields).toEqual([{ code: "tecnica", label: "Tecnica", count: 2 }]);
      expect(tables.find((t) => t.table === "ca_entities")).toMatchObject({ total: 1, label: { en: 0, fr: 1 } });
      // a manager's figures count the restricted record too
      const seen = (await getAccuracy({ ...visitor(), viewer: manager })).tables.find((t) => t.table === "ca_objects")!;
      expect([seen.total, seen.date, seen.type]).toEqual([4, 3, 3]);
      // the page links the search of the records without an image
      const html = await (await cat.server.fetch("/en/analytics/accuracy")).text();
      expect(html).toContain('href="/en/cerca?table=ca_objects&amp;media=senza_media"');
      expect(html).toContain("show the 2 records without an image");
    });

    it("footprint: decades, places and types of the viewer's records; the map draws the place; an import is counted at once", async () => {
      const f = await getFootprint(visitor());
      expect(f.total).toBe(5);
      expect(f.decades).toEqual([
        { decade: 1850, count: 1 },
        { decade: 1900, count: 1 },
      ]);
      expect(f.undated).toBe(3);
      expect(f.types).toEqual([
        { name: "Fotografia", count: 1 },
        { name: "Lettera", count: 1 },
      ]);
      expect(f.places).toEqual([{ name: "Milano", count: 2, lat: 45.46, lng: 9.19, link: "/luoghi/milano/milano" }]);
      const en = await getFootprint({ ...visitor(), locale: "en" });
      expect(en.places[0]!.name).toBe("Milan");
      expect((await getFootprint({ ...visitor(), viewer: manager })).places[0]!.count).toBe(3);
      const map = footprintMap(f.places)!;
      expect(map.dots).toHaveLength(1);
      // the land cut to the frame: a page of a few kilobytes, not the world's outlines
      expect(map.land.length).toBeGreaterThan(100);
      expect(map.land.length).toBeLessThan(8000);
      const html = await (await cat.server.fetch("/analytics/footprint")).text();
      expect(html).toMatch(/<svg class="analytics__map"[^>]*role="img"/);
      expect(html).toContain('href="/cerca?from=1850&amp;to=1859"');
      // an import changes the catalogue: the figures are made again
      const r = await importFile(
        { database: cat.db },
        writeNdjson(dir, [makeRecord({ id: "o4", date: { start: "1851-06-01" }, texts: { it: { label: "Nuova" } } })], "more.ndjson"),
        {
          mediaDir: dir,
          mediaStore: cat.store,
        },
      );
      expect(r.rejected).toEqual([]);
      expect((await getFootprint(visitor())).decades[0]).toEqual({ decade: 1850, count: 2 });
    });
  });
}
