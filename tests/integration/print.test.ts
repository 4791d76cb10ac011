import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../app/features/accounts/accounts.server";
import { createSession } from "../../app/.server/session";
import { MAX_LABELS } from "../../app/features/print/print";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeImage, makeRecord, tempDir } from "../factories/records";
import { decodePageQrs } from "../factories/qr";

/**
 * Issue 33 §6 (decision 104): the print views — a record's A4 sheet, its QR label, both; several records by
 * `?ids=`; the label size — over HTTP on both databases. The QR codes are inline SVG that decode to the record's
 * stable address; a record the viewer may not see is a 404 like a missing one; a bad address is a 400 page that
 * says what is wrong, in the page's language; the print layout has no header nor footer.
 */
for (const target of testDatabases()) {
  describe(`print views on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    let manager = "";

    beforeAll(async () => {
      const dir = tempDir();
      await makeImage(dir, "vaso.jpg", 800, 600);
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "vaso",
            numero: { prefix: "INV", number: "1846" },
            date: { start: "1846-01-01", end: "1846-12-31" },
            texts: {
              it: {
                label: "Vaso di Murano",
                dateDisplay: "1846",
                metadata: [{ code: "tecnica", label: "Tecnica", type: "text", value: "vetro soffiato" }],
              },
              en: {
                label: "Murano vase",
                dateDisplay: "1846",
                metadata: [{ code: "tecnica", label: "Technique", type: "text", value: "blown glass" }],
              },
              fr: { label: "Vase de Murano" },
            },
            media: [{ type: "image", file: "vaso.jpg" }],
          }),
          makeRecord({ id: "piatto", texts: { it: { label: "Piatto decorato" } } }),
          makeRecord({ table: "ca_places", id: "venezia", texts: { it: { label: "Venezia" } } }),
          makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Reliquiario segreto" } } }),
        ],
        { dir },
      );
      const user = await createUser(
        { database: cat.db },
        { email: "manager@example.org", roles: ["Manager"] },
        { userId: null, address: "test" },
      );
      manager = `teca_session=${(await createSession(cat.db, user.id, { userAgent: "test", address: "127.0.0.1" })).token}`;
    });
    afterAll(async () => cat?.close());

    const get = async (path: string, cookie?: string) => {
      const res = await cat.server.fetch(path, { headers: cookie ? { cookie } : {} });
      return { status: res.status, html: await res.text(), res };
    };

    it("the A4 sheet: title, inventory number, date, image, fields, citation and a QR code of the stable address", async () => {
      const { status, html, res } = await get("/print/template/oggetti:vaso");
      expect(status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
      expect(html).toContain('class="print-sheet"');
      expect(html).toMatch(/<h2[^>]*>Vaso di Murano<\/h2>/);
      expect(html).toContain("INV 1846");
      expect(html).toContain("Numero di inventario");
      expect(html).toContain("vetro soffiato");
      expect(html).toMatch(/<img class="print-sheet__image" src="\/media\/[^"]+"/);
      expect(html).toContain("Stampata il");
      // the citation of the record page's "Cite this record" (Chicago)
      expect(html).toContain("Vaso di Murano. 1846. inv. INV 1846. Teca. Consultato il");
      expect(decodePageQrs(html)).toEqual([`${cat.server.base}/oggetti/vaso`]);
      // the print layout: no site header, footer nor admin bar; not for search engines
      expect(html).not.toContain('class="site-header');
      expect(html).not.toContain('class="site-footer');
      expect(html).toContain('name="robots" content="noindex"');
    });

    it("in English and French: the labels, the record's texts and the address in the page's language", async () => {
      const en = await get("/en/print/template/oggetti:vaso");
      expect(en.status).toBe(200);
      expect(en.html).toContain("Murano vase");
      expect(en.html).toContain("Inventory number");
      expect(en.html).toContain("Printed on");
      expect(en.html).toContain("blown glass");
      expect(decodePageQrs(en.html)).toEqual([`${cat.server.base}/en/oggetti/vaso`]);
      const fr = await get("/fr/print/qr/oggetti:vaso");
      expect(fr.status).toBe(200);
      expect(fr.html).toContain("Vase de Murano");
      expect(fr.html).toContain("Format des étiquettes");
      expect(decodePageQrs(fr.html)).toEqual([`${cat.server.base}/fr/oggetti/vaso`]);
    });

    it("labels: several per page by ?ids=, in the size asked; sheet and label together", async () => {
      const one = await get("/print/qr/oggetti:vaso");
      expect(one.status).toBe(200);
      expect(one.html).toContain("label-page label-page--m");
      expect(one.html).not.toContain('class="print-sheet"');
      const many = await get("/print/qr?ids=oggetti:vaso,oggetti:piatto,luoghi:venezia&size=s");
      expect(many.status).toBe(200);
      expect(many.html.match(/class="print-label print-label--s"/g)).toHaveLength(3);
      expect(many.html).toContain("3 etichette su 1 foglio A4");
      expect(decodePageQrs(many.html)).toEqual(["/oggetti/vaso", "/oggetti/piatto", "/luoghi/venezia"].map((p) => cat.server.base + p));
      const both = await get("/print/template/qr/oggetti:piatto");
      expect(both.status).toBe(200);
      expect(both.html).toContain('class="print-sheet"');
      expect(both.html).toContain("print-label print-label--m");
      expect(decodePageQrs(both.html)).toEqual([`${cat.server.base}/oggetti/piatto`, `${cat.server.base}/oggetti/piatto`]);
    });

    it("a restricted record: 404 to a visitor, printed for a manager; in a list it is missing like a missing one", async () => {
      for (const path of [
        "/print/template/oggetti:segreto",
        "/print/qr/oggetti:segreto",
        "/print/template/oggetti:nessuno",
        // no such view
        "/print/etichette/oggetti:vaso",
      ]) {
        const v = await get(path);
        expect(v.status, path).toBe(404);
        expect(v.html).not.toContain("Reliquiario");
      }
      const m = await get("/print/template/oggetti:segreto", manager);
      expect(m.status).toBe(200);
      expect(m.html).toContain("Reliquiario segreto");
      expect(m.res.headers.get("cache-control")).toBe("private, no-store");
      const mixed = await get("/print/qr?ids=oggetti:vaso,oggetti:segreto,oggetti:nessuno");
      expect(mixed.status).toBe(200);
      expect(mixed.html).not.toContain("Reliquiario");
      expect(mixed.html).toContain("2 schede non trovate: oggetti:segreto, oggetti:nessuno");
      expect(decodePageQrs(mixed.html)).toEqual([`${cat.server.base}/oggetti/vaso`]);
      expect(decodePageQrs((await get("/print/qr?ids=oggetti:vaso,oggetti:segreto", manager)).html)).toHaveLength(2);
    });

    it("a bad address is a 400 page saying what is wrong, in the page's language", async () => {
      const cases: [string, RegExp][] = [
        ["/print/qr", /Indica la scheda da stampare/],
        ["/print/template/vaso", /«vaso» non è il nome di una scheda/],
        ["/print/template/nulla:1", /«nulla:1» non è il nome di una scheda/],
        ["/print/qr/oggetti:vaso?size=xl", /Il formato «xl» non esiste/],
        [
          `/print/qr?ids=${Array.from({ length: MAX_LABELS + 1 }, (_, i) => `oggetti:r${i}`).join(",")}`,
          new RegExp(`al massimo ${MAX_LABELS} schede`),
        ],
        ["/en/print/qr/oggetti:vaso?size=xl", /There is no “xl” size/],
        ["/fr/print/template", /Indiquez la notice à imprimer/],
      ];
      for (const [path, message] of cases) {
        const r = await get(path);
        expect(r.status, path).toBe(400);
        expect(r.html, path).toMatch(message);
        expect(r.html).toContain('data-error-page="400"');
      }
    });
  });
}
