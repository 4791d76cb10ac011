import { describe, expect, it } from "vitest";
import { buildCitations, firstYear, makersOf, type CitationInput } from "../../app/features/records/components/Citation";

const record = (over: Partial<CitationInput> = {}): CitationInput => ({
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
    { key: "located_in", type: "located_in", label: "si trova a", outgoing: true, total: 1, items: [{ preferred_label: "Roma" } as never] },
  ],
  metadata: [],
  ...over,
});
const today = new Date("2026-11-23T10:00:00Z");
const plain = (parts: { text: string }[]) => parts.map((p) => p.text).join("");

describe("citations", () => {
  it("cite in Chicago and APA in the page's language, with the stable address", () => {
    const it_ = buildCitations(record(), { origin: "https://archivio.example", site: "Archivio Teca", locale: "it", today });
    expect(it_.url).toBe("https://archivio.example/oggetti/iccd-1200489492");
    expect(plain(it_.chicago)).toBe(
      "Hayez Francesco. I Vespri Siciliani. 1846. Dipinto. inv. GNAM 1156. Archivio Teca. Consultato il 23 novembre 2026. https://archivio.example/oggetti/iccd-1200489492.",
    );
    expect(it_.chicago.find((p) => p.italic)!.text).toBe("I Vespri Siciliani");
    expect(plain(it_.apa)).toBe(
      "Hayez Francesco. (1846). I Vespri Siciliani [Dipinto]. Archivio Teca. https://archivio.example/oggetti/iccd-1200489492",
    );
    const en = buildCitations(record({ type: { id: 2001, name: "Painting" }, dateDisplay: "" }), {
      origin: "https://a.example",
      site: "Teca",
      locale: "en",
      today,
    });
    expect(en.url).toBe("https://a.example/en/oggetti/iccd-1200489492");
    expect(plain(en.chicago)).toContain("Accessed 23 November 2026.");
    expect(plain(en.apa)).toBe(
      "Hayez Francesco. (n.d.). I Vespri Siciliani [Painting]. Teca. https://a.example/en/oggetti/iccd-1200489492",
    );
    expect(plain(buildCitations(record(), { origin: "", site: "Teca", locale: "fr", today }).chicago)).toContain(
      "Consulté le 23 novembre 2026.",
    );
  });

  it("writes BibTeX with escaped values and CSL-JSON that parses", () => {
    const c = buildCitations(record({ preferred_label: "Conti & spese {1848} 50% #3_a" }), {
      origin: "https://x.example",
      site: "Teca",
      locale: "it",
      today,
    });
    expect(c.bibtex).toContain("@misc{ca_objects-iccd-1200489492,");
    expect(c.bibtex).toContain("title = {{Conti \\& spese \\{1848\\} 50\\% \\#3\\_a}}");
    expect(c.bibtex).toContain("author = {{Hayez Francesco}}");
    expect(c.bibtex).toContain("year = {1846}");
    expect(c.bibtex).toContain("urldate = {2026-11-23}");
    const csl = JSON.parse(c.csl) as Record<string, unknown>[];
    expect(csl[0]).toMatchObject({
      type: "artwork",
      title: "Conti & spese {1848} 50% #3_a",
      author: [{ literal: "Hayez Francesco" }],
      issued: { "date-parts": [[1846]] },
      URL: "https://x.example/oggetti/iccd-1200489492",
      accessed: { "date-parts": [[2026, 11, 23]] },
      archive_location: "GNAM 1156",
    });
  });

  it("takes makers from relations, else from maker fields; years from written dates", () => {
    expect(makersOf(record())).toEqual(["Hayez Francesco"]);
    expect(
      makersOf(record({ relations: [], metadata: [{ code: "maker", label: "Autore", type: "text", value: "Anonimo (bottega)" }] })),
    ).toEqual(["Anonimo"]);
    expect(makersOf(record({ relations: [] }))).toEqual([]);
    expect(firstYear("c. 1846 – 1850")).toBe(1846);
    expect(firstYear("700 a.C. – 602 a.C.")).toBe(-700);
    expect(firstYear("XIX secolo")).toBeUndefined();
    const noMaker = buildCitations(record({ relations: [], dateDisplay: "XIX secolo" }), { origin: "", site: "Teca", locale: "it", today });
    expect(plain(noMaker.apa)).toMatch(/^\(XIX secolo\)\. I Vespri Siciliani/);
    expect(noMaker.bibtex).not.toContain("year =");
    expect((JSON.parse(noMaker.csl) as { issued: unknown }[])[0]!.issued).toEqual({ literal: "XIX secolo" });
  });
});
