import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { META_LABELS } from "../../app/features/demo/generate/common";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";
import { seededCatalogue } from "../setup/catalogue";
import { testDatabases } from "../setup/db";
import { makeRecord } from "../factories/records";

/**
 * Field labels by the page's language (issue 31 §3, decision 084): a record without French texts, on a French
 * page, names its fields in French when the catalogue does (the importer's labels per code), keeps its own
 * label marked lang="it" when it does not, and its values keep falling back to Italian.
 */
const CODES = ["tecnica", "materiali", "dimensioni", "conservazione", "note"] as const;
type Lang = "it" | "en" | "fr";
const entries = (l: Lang) => CODES.map((code) => ({ code, label: META_LABELS[code]![l], type: "text" as const, value: `${code} ${l}` }));

const records: InterchangeInput[] = [
  makeRecord({
    id: "tre-lingue",
    texts: Object.fromEntries((["it", "en", "fr"] as const).map((l) => [l, { label: `Ventaglio ${l}`, metadata: entries(l) }])),
  }),
  makeRecord({
    id: "solo-it",
    texts: {
      it: {
        label: "Ventaglio dipinto",
        metadata: [
          ...entries("it"),
          // No French or English label anywhere in the catalogue.
          { code: "OGTD", label: "Definizione dell'oggetto", type: "text", value: "ventaglio" },
          { code: "data_acquisizione", label: "Data di acquisizione", type: "date", value: "1960-09-21" },
        ],
      },
    },
  }),
];

/** Each field of a page as shown: its label's markup and text, its value's `lang`. */
function fields(html: string): Map<string, { label: string; labelLang: string | null; valueLang: string | null }[]> {
  const out = new Map<string, { label: string; labelLang: string | null; valueLang: string | null }[]>();
  const re = /<div data-code="([^"]+)"[^>]*>\s*<dt([^>]*)>(.*?)<\/dt>\s*<dd([^>]*)>/gs;
  for (const m of html.matchAll(re)) {
    const [, code, dtAttrs, dt, ddAttrs] = m;
    const span = /^<span( lang="([^"]+)")?>(.*?)<\/span>/s.exec(dt!);
    const label = (span ? span[3]! : dt!)
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;|&#39;/g, "'")
      .trim();
    const labelLang = span?.[2] ?? /lang="([^"]+)"/.exec(dtAttrs!)?.[1] ?? null;
    const list = out.get(code!) ?? [];
    list.push({ label, labelLang, valueLang: /lang="([^"]+)"/.exec(ddAttrs!)?.[1] ?? null });
    out.set(code!, list);
  }
  return out;
}

for (const target of testDatabases()) {
  describe(`field labels by the page's language on ${target.name}`, () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    const page = async (p: string) => {
      const res = await cat.server.fetch(p, { redirect: "follow" });
      expect(res.status).toBe(200);
      return res.text();
    };

    beforeAll(async () => {
      cat = await seededCatalogue(target, records);
      // The technique in the tombstone too (header fields), whose markup is the page's own.
      await cat.db.rows(
        sql`insert into summary_config (table_name, role, summary_fields, header_fields) values ('ca_objects', '', '[]', '["tecnica"]')`,
      );
    });
    afterAll(() => cat?.close());

    it("a French page of a record without French texts names its fields in French, its values marked Italian", async () => {
      const f = fields(await page("/fr/oggetti/solo-it"));
      for (const code of CODES) {
        expect(f.get(code), code).toBeDefined();
        for (const shown of f.get(code)!) {
          expect(shown.label, code).toBe(META_LABELS[code]!.fr);
          expect(shown.labelLang, code).toBeNull();
          expect(shown.valueLang, code).toBe("it");
        }
      }
      // In the tombstone only: the groups leave the header fields out.
      expect(f.get("tecnica")!.map((x) => x.label)).toEqual(["Technique"]);
      // No Italian label of the dictionary on the French page.
      const italian = new Set(CODES.map((c) => META_LABELS[c]!.it));
      const shownLabels = [...f.values()].flat().map((x) => x.label);
      expect(shownLabels.filter((l) => italian.has(l))).toEqual([]);
    });

    it('a field the catalogue does not name in French keeps its Italian label, marked lang="it"; a date is the page\'s', async () => {
      const f = fields(await page("/fr/oggetti/solo-it"));
      expect(f.get("OGTD")).toEqual([{ label: "Definizione dell'oggetto", labelLang: "it", valueLang: "it" }]);
      expect(f.get("data_acquisizione")).toEqual([{ label: "Data di acquisizione", labelLang: "it", valueLang: null }]);
    });

    it("the English page names them in English; the Italian page keeps the record's own labels", async () => {
      const en = fields(await page("/en/oggetti/solo-it"));
      for (const code of CODES)
        expect(
          en.get(code)!.map((x) => [x.label, x.labelLang]),
          code,
        ).toEqual([[META_LABELS[code]!.en, null]]);
      const it = fields(await page("/oggetti/solo-it"));
      for (const code of CODES)
        expect(
          it.get(code)!.map((x) => [x.label, x.labelLang, x.valueLang]),
          code,
        ).toEqual([[META_LABELS[code]!.it, null, null]]);
    });

    it("a record with French texts shows its own French labels and values, unmarked", async () => {
      const f = fields(await page("/fr/oggetti/tre-lingue"));
      for (const code of CODES)
        expect(
          f.get(code)!.map((x) => [x.label, x.labelLang, x.valueLang]),
          code,
        ).toEqual([[META_LABELS[code]!.fr, null, null]]);
    });

    it("the record API labels the fields the same way, saying each label's language", async () => {
      const res = await cat.server.fetch("/api/public/records/ca_objects/solo-it?locale=fr");
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { metadati: { code: string; label: string; labelLang: string; value: unknown }[] } };
      const byCode = new Map(data.metadati.map((m) => [m.code, m]));
      expect(byCode.get("tecnica")).toMatchObject({ label: "Technique", labelLang: "fr", value: "tecnica it" });
      expect(byCode.get("conservazione")).toMatchObject({ label: "État de conservation", labelLang: "fr" });
      expect(byCode.get("OGTD")).toMatchObject({ label: "Definizione dell'oggetto", labelLang: "it" });
    });
  });
}
