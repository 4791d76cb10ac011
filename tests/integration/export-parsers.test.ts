import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseCsv } from "csv-parse/sync";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord } from "../factories/records";
import { buildCitations, type CitationInput } from "../../app/features/records/components/Citation";
import { EXPORT_COLUMNS } from "../../app/features/export/export.server";

/**
 * Exports and citations read by parsers no one here wrote (issue 14 §6): the CSV export by `csv-parse`
 * (strict RFC 4180: quotes, embedded commas and line breaks, the BOM), checked against the JSON export of
 * the same search; the BibTeX of "cite this record" by Citation.js's BibTeX parser, and our
 * CSL-JSON by Citation.js's CSL input — both must describe the same work.
 */

type Csl = {
  title?: string;
  author?: { literal?: string; family?: string }[];
  issued?: { "date-parts"?: number[][]; literal?: string };
  URL?: string;
  accessed?: unknown;
};

// Not its strict mode: that checks entries against a table of required fields that has no row for @misc
// (which has none), so it refuses every @misc; the grammar is enforced either way (a syntax error throws).
const readBibtex = async (text: string) => (await Cite.async(text)).data as Csl[];
const readCsl = async (json: string) => (await Cite.async(JSON.parse(json))).data as Csl[];

const record = (over: Partial<CitationInput>): CitationInput => ({
  id: "iccd-1200489492",
  table: "ca_objects",
  preferred_label: "I Vespri Siciliani",
  labelLang: "it",
  type: { id: 2001, name: "Dipinto" },
  dateDisplay: "1846",
  numero: "GNAM 1156",
  relations: [
    {
      key: "creator",
      type: "creator",
      label: "autore",
      outgoing: true,
      total: 1,
      items: [{ preferred_label: "Hayez Francesco" } as never],
    },
  ],
  metadata: [],
  ...over,
});

describe("citations read by Citation.js", () => {
  const today = new Date("2026-11-23T10:00:00Z");
  const cases: [string, CitationInput, "it" | "en" | "fr"][] = [
    ["plain", record({}), "it"],
    ["TeX's special characters", record({ preferred_label: "Conti & spese {1848} 50% #3_a ~ $x$ \\ fine" }), "en"],
    ["accents and quotes", record({ preferred_label: 'L\'«Atelier» de Géricault — "étude"', dateDisplay: "c. 1818 – 1819" }), "fr"],
    ["no maker, a century", record({ relations: [], dateDisplay: "XIX secolo" }), "it"],
    [
      "two makers, BCE",
      record({
        dateDisplay: "700 a.C.",
        relations: [
          {
            key: "creator",
            type: "creator",
            label: "autore",
            outgoing: true,
            total: 2,
            items: [{ preferred_label: "Pittore di Amasis" } as never, { preferred_label: "Exekias" } as never],
          },
        ],
      }),
      "it",
    ],
  ];
  for (const [name, input, locale] of cases)
    it(`BibTeX and CSL-JSON describe the same work: ${name}`, async () => {
      const c = buildCitations(input, { origin: "https://archivio.example", site: "Archivio Teca", locale, today });
      const [fromBib] = await readBibtex(c.bibtex);
      const [fromCsl] = await readCsl(c.csl);
      expect(fromBib, c.bibtex).toBeDefined();
      expect(fromBib!.title).toBe(input.preferred_label);
      expect(fromCsl!.title).toBe(input.preferred_label);
      // authors: a corporate or unsplittable name kept whole ({{…}} in BibTeX, literal in CSL)
      const names = (a: Csl["author"]) => (a ?? []).map((x) => x.literal ?? x.family);
      expect(names(fromBib!.author)).toEqual(names(fromCsl!.author));
      expect(fromBib!.issued?.["date-parts"]?.[0]?.[0]).toBe(fromCsl!.issued?.["date-parts"]?.[0]?.[0]);
      expect(fromBib!.URL ?? (fromBib as Record<string, unknown>).url).toBe(c.url);
      expect(fromCsl!.URL).toBe(c.url);
      expect(fromBib!.accessed).toEqual({ "date-parts": [[2026, 11, 23]] });
    });
});

for (const target of testDatabases()) {
  describe(`the CSV export read by csv-parse (${target.name})`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    beforeAll(async () => {
      cat = await seededCatalogue(target, [
        makeRecord({
          id: "hayez",
          texts: {
            it: { label: 'I Vespri siciliani, "storico"', summary: 'Dipinto, con virgole; "virgolette"\ne un a capo.\r\nFine' },
            en: { label: "The Sicilian Vespers" },
          },
          date: { start: "1846" },
          numero: { prefix: "GNAM", number: "1156" },
          coordinates: { lat: 41.9163, lng: 12.4822 },
          source: { license: "CC-BY-SA-4.0", attribution: "MiC – ICCD" },
        }),
        makeRecord({ id: "formula", texts: { it: { label: '=HYPERLINK("http://evil.example","clic") vespri' } } }),
        makeRecord({ id: "meno", texts: { it: { label: "-2+3 vespri" } } }),
        makeRecord({ id: "segreto", access: 2, texts: { it: { label: "Vespri riservati" } } }),
      ]);
    }, 240_000);
    afterAll(() => cat?.close());

    it("parses strictly, row for row the JSON export, formulas neutralised, nothing restricted", async () => {
      const csv = await (await cat.server.fetch("/api/public/export?format=csv&q=vespri&locale=it")).text();
      const json = (await (await cat.server.fetch("/api/public/export?format=json&q=vespri&locale=it")).json()) as Record<
        string,
        unknown
      >[];
      const rows = parseCsv(csv, {
        bom: true,
        columns: true,
        relax_quotes: false,
        relax_column_count: false,
        skip_empty_lines: false,
      }) as Record<string, string>[];
      expect(Object.keys(rows[0]!)).toEqual(EXPORT_COLUMNS);
      expect(rows.map((r) => r.id)).toEqual(json.map((r) => r.id));
      expect(rows.map((r) => r.id).sort()).toEqual(["formula", "hayez", "meno"]);
      const hayez = rows.find((r) => r.id === "hayez")!;
      const hayezJson = json.find((r) => r.id === "hayez")!;
      // every value the same as in the JSON, the summary with its commas, quotes and line breaks intact
      for (const col of EXPORT_COLUMNS) expect(hayez[col], col).toBe(hayezJson[col] == null ? "" : String(hayezJson[col]));
      expect(hayez.summary).toContain('"virgolette"\ne un a capo.');
      // a spreadsheet would run these as formulas: the cell starts with an apostrophe instead
      expect(rows.find((r) => r.id === "formula")!.label).toBe('\'=HYPERLINK("http://evil.example","clic") vespri');
      expect(rows.find((r) => r.id === "meno")!.label).toBe("'-2+3 vespri");
      expect(csv).not.toContain("riservat");
    });
  });
}
