import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { anonymousViewer, viewerFor } from "../../app/.server/access";
import { parseCapabilities } from "../../app/lib/capabilities";
import { csvCell, exportFilename, exportMaxRows, exportPlan, exportStream } from "../../app/features/export/export.server";
import { searchUids, search } from "../../app/features/search/search.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord } from "../factories/records";

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, CRLF), to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const params = (q: Record<string, string> | string) => {
  const p = parseSearchParams(new URLSearchParams(q));
  if (!p.ok) throw new Error(p.error.message);
  return p.params;
};

describe("CSV cells", () => {
  it("neutralises formulas and quotes as RFC 4180 says", () => {
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+39 06")).toBe("'+39 06");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell("riga\nriga")).toBe('"riga\nriga"');
    expect(csvCell("semplice")).toBe("semplice");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
  });
  it("reads the cap from EXPORT_MAX_ROWS (default 10,000; nonsense ignored)", () => {
    expect(exportMaxRows({})).toBe(10_000);
    expect(exportMaxRows({ EXPORT_MAX_ROWS: "250" })).toBe(250);
    expect(exportMaxRows({ EXPORT_MAX_ROWS: "-3" })).toBe(10_000);
    expect(exportMaxRows({ EXPORT_MAX_ROWS: "lots" })).toBe(10_000);
  });
  it("names the file by date and words", () => {
    expect(exportFilename("csv", "Ritratti di città!", new Date("2026-11-23T10:00:00Z"))).toBe(
      "teca-search-2026-11-23-ritratti-di-citta.csv",
    );
    expect(exportFilename("json", "", new Date("2026-11-23T10:00:00Z"))).toBe("teca-search-2026-11-23.json");
  });
});

for (const target of testDatabases()) {
  describe(`export on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const many = Array.from({ length: 1203 }, (_, i) =>
      makeRecord({
        id: `s${i}`,
        texts: { it: { label: `Serie ${String(i).padStart(4, "0")}` }, en: { label: `Series ${String(i).padStart(4, "0")}` } },
        date: { start: String(1800 + (i % 100)) },
      }),
    );
    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({
          id: "hayez",
          texts: {
            it: { label: "I Vespri siciliani", summary: 'Dipinto, "storico", con virgole, e\nun a capo.' },
            en: { label: "The Sicilian Vespers", summary: "A history painting." },
          },
          date: { start: "1846", end: "1846" },
          numero: { prefix: "GNAM", number: "1156" },
          coordinates: { lat: 41.9163, lng: 12.4822 },
          source: { license: "CC-BY-SA-4.0", attribution: "MiC – ICCD" },
        }),
        makeRecord({ id: "formula", texts: { it: { label: '=HYPERLINK("http://evil.example","clic") vespri' } } }),
        makeRecord({ id: "antico", texts: { it: { label: "Vespri antichi" } }, date: { start: "-44-03-15" } }),
        makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Vespri riservati" } } }),
        makeRecord({ id: "segretissimo", access: 3, texts: { it: { label: "Vespri segretissimi" } } }),
        ...many,
      ]);
    }, 240_000);
    afterAll(() => cat?.close());

    it("exports a search as CSV: BOM, header, the page's order, values in the locale, formulas neutralised", async () => {
      const res = await cat.server.fetch("/api/public/export?format=csv&q=vespri&sort=az&locale=en");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="teca-search-\d{4}-\d{2}-\d{2}-vespri\.csv"$/);
      expect(res.headers.get("x-total-count")).toBe("3");
      // streamed as read: no length known in advance, no ETag (the page cache stays out of downloads)
      expect(res.headers.get("content-length")).toBeNull();
      expect(res.headers.get("etag")).toBeNull();
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(new TextDecoder().decode(bytes.slice(3)));
      const [header, ...data] = rows;
      expect(header!.slice(0, 4)).toEqual(["id", "table", "type", "label"]);
      const col = (name: string) => header!.indexOf(name);
      expect(data.map((r) => r[col("id")])).toEqual(["formula", "hayez", "antico"]);
      const hayez = data[1]!;
      expect(hayez[col("label")]).toBe("The Sicilian Vespers");
      expect(hayez[col("summary")]).toBe("A history painting.");
      expect(hayez[col("date")]).toBe("1846");
      expect(hayez[col("date_start")]).toBe("1846-01-01");
      expect(hayez[col("inventory_number")]).toBe("GNAM 1156");
      expect(hayez[col("latitude")]).toBe("41.9163");
      expect(hayez[col("url")]).toBe(`${cat.server.base}/en/oggetti/hayez/the-sicilian-vespers`);
      expect(hayez[col("license")]).toBe("CC-BY-SA-4.0");
      expect(data[0]![col("label")]).toBe(`'=HYPERLINK("http://evil.example","clic") vespri`);
      // a BCE date starts with "-": a spreadsheet would compute it (-44-03-15 = -62), so it is neutralised too
      expect(data[2]![col("date_start")]).toBe("'-44-03-15");
      expect(data[2]![col("label_lang")]).toBe("it");
    });

    it("exports JSON as an array in the page's language; the Italian summary with its commas and quotes intact", async () => {
      const res = await cat.server.fetch("/api/public/export?format=json&q=vespri&sort=az");
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const rows = (await res.json()) as { id: string; label: string; summary: string; latitude: number | null }[];
      expect(rows.map((r) => r.id)).toEqual(["formula", "hayez", "antico"]);
      expect(rows[1]).toMatchObject({
        label: "I Vespri siciliani",
        summary: 'Dipinto, "storico", con virgole, e\nun a capo.',
        latitude: 41.9163,
      });
      const empty = await (await cat.server.fetch("/api/public/export?format=json&q=nessunrisultatoqui")).json();
      expect(empty).toEqual([]);
    });

    it("never exports a record the viewer may not see; a privileged viewer's export has it", async () => {
      for (const format of ["csv", "json"]) {
        const text = await (await cat.server.fetch(`/api/public/export?format=${format}&q=vespri`)).text();
        expect(text).not.toMatch(/segret|riservat/i);
      }
      const caps = parseCapabilities("RISERVATO:32, RISERVATO2:64");
      const riservato = viewerFor({ id: "u1", level: 32, roles: [] }, caps);
      const ctx = { database: cat.db, viewer: riservato, locale: "it" as const };
      const plan = await exportPlan(ctx, params("q=vespri&sort=az"), {}, 100);
      const text = await new Response(exportStream(ctx, plan.uids, "json", "http://x")).json();
      expect((text as { id: string }[]).map((r) => r.id).sort()).toEqual(["antico", "formula", "hayez", "segreto"]);
    });

    it("streams past one batch in the search's order and stops at the cap", async () => {
      const res = await cat.server.fetch("/api/public/export?format=csv&q=serie&sort=az");
      const rows = parseCsv((await res.text()).slice(1));
      expect(rows).toHaveLength(1204);
      expect(rows[1]![0]).toBe("s0");
      expect(rows[1203]![0]).toBe("s1202");
      expect(res.headers.get("x-export-truncated")).toBe("false");
      // the cap (the route reads EXPORT_MAX_ROWS; the service takes it as an argument)
      const ctx = { database: cat.db, viewer: anonymousViewer(), locale: "it" as const };
      const plan = await exportPlan(ctx, params("q=serie&sort=za"), {}, 700);
      expect(plan).toMatchObject({ total: 1203 });
      expect(plan.uids).toHaveLength(700);
      const json = (await new Response(exportStream(ctx, plan.uids, "json", "http://x", 128)).json()) as { id: string }[];
      expect(json).toHaveLength(700);
      expect(json[0]!.id).toBe("s1202");
      expect(json[699]!.id).toBe("s503");
    });

    it("searchUids follows the page's order for every sort", async () => {
      const ctx = { database: cat.db, viewer: anonymousViewer(), locale: "it" as const };
      for (const sort of ["az", "za", "on", "no"]) {
        const p = params(`q=serie&sort=${sort}`);
        const page = await search(ctx, { ...p, page: 1 }, {});
        const uids = await searchUids(ctx, p, {}, 60);
        const ids = await cat.db.rows<{ uid: string; id: string }>(
          sql`select uid::text, id from records where uid = any(${`{${uids.join(",")}}`}::bigint[])`,
        );
        const byUid = new Map(ids.map((r) => [Number(r.uid), r.id]));
        expect(uids.slice(30, 60).map((u) => byUid.get(u))).toEqual(page.data.map((c) => c.id));
      }
    });

    it("answers bad parameters with 400 and a reason", async () => {
      for (const [query, reason] of [
        ["format=xlsx", /format/],
        ["format=csv&format=json", /format/],
        ["locale=de", /locale/],
        ["format=csv&page=abc", /page/],
        ["format=csv&sort=nope", /sort/],
        ["format=csv&unknown=1", /unknown/],
      ] as const) {
        const res = await cat.server.fetch(`/api/public/export?${query}`);
        expect(res.status, query).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(reason);
      }
    });
  });
}
