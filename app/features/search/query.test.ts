import { describe, expect, it } from "vitest";
import { correctText, identCandidates, parseDates, parseQuery, romanToInt, sortKeyOf } from "./query";
import { expandWords, parseSkos, parseSynonymList } from "./synonyms.server";

const span = (q: string) => parseDates(q).map((d) => [d.from, d.to]);

describe("dates in a query", () => {
  it("reads years, spans and decades", () => {
    expect(span("Venezia 1840")).toEqual([[1840, 1840]]);
    expect(span("1820-1830")).toEqual([[1820, 1830]]);
    expect(span("1820 – 30")).toEqual([[1820, 1830]]);
    expect(span("1820s")).toEqual([[1820, 1829]]);
    expect(span("anni 1920")).toEqual([[1920, 1929]]);
    expect(span("années 1920")).toEqual([[1920, 1929]]);
  });
  it("reads centuries in Italian, English and French", () => {
    expect(span("XVIII secolo")).toEqual([[1701, 1800]]);
    expect(span("ritratto sec. XVII")).toEqual([[1601, 1700]]);
    expect(span("secolo XIX")).toEqual([[1801, 1900]]);
    expect(span("18° secolo")).toEqual([[1701, 1800]]);
    expect(span("Ottocento")).toEqual([[1800, 1899]]);
    expect(span("18th century")).toEqual([[1701, 1800]]);
    expect(span("eighteenth-century view")).toEqual([[1701, 1800]]);
    expect(span("XVIIIe siècle")).toEqual([[1701, 1800]]);
    expect(span("19e siecle")).toEqual([[1801, 1900]]);
  });
  it("keeps the words of a date, and ignores what is not one", () => {
    expect(parseDates("paysage XVIIIe siècle")[0]!.words).toEqual(["xviiie", "siècle"]);
    expect(span("Turner")).toEqual([]);
    expect(span("civic 2500")).toEqual([]); // not a plausible year
    expect(span("1830-1820")).toEqual([
      [1830, 1830],
      [1820, 1820],
    ]); // reversed: two years
    expect(span("mix secolo")).toEqual([]); // not a canonical numeral
    expect(romanToInt("xviii")).toBe(18);
    expect(romanToInt("iiii")).toBeNull();
  });
});

describe("identifiers in a query", () => {
  it("normalises inventory numbers as shown on records", () => {
    expect(identCandidates("FOT 83")).toEqual(["fot83"]);
    expect(identCandidates("fot.83")).toEqual(["fot83"]);
    expect(identCandidates("Tate A00155")).toEqual(["tatea00155", "a00155"]);
    expect(identCandidates("1993.12.3")).toEqual(["1993123"]);
  });
  it("does not take years or plain words for identifiers", () => {
    expect(identCandidates("1840")).toEqual([]);
    expect(identCandidates("1820-1830")).toEqual(["18201830"]); // a span may be an inventory number too
    expect(identCandidates("1985/12")).toEqual(["198512"]);
    expect(identCandidates("ritratto di donna")).toEqual([]);
  });
  it("keeps the query's words and its title form", () => {
    const p = parseQuery("  Città di Genova ");
    expect(p.words).toEqual(["città", "di", "genova"]);
    expect(p.normalized).toBe("citta di genova");
    expect(sortKeyOf("«Veduta»")).toBe("veduta»");
  });
});

describe("synonyms", () => {
  it("reads lists and SKOS thesauri in RDF/XML and Turtle", () => {
    expect(parseSynonymList("# c\nvenezia, venice , venise\n\nolio")).toEqual([["venezia", "venice", "venise"], ["olio"]]);
    const xml = `<rdf:Description rdf:about="x"><skos:prefLabel xml:lang="it">diaspro</skos:prefLabel>
      <skos:altLabel xml:lang="it">diaspro sanguigno</skos:altLabel></rdf:Description>
      <rdf:Description rdf:about="y"><skos:prefLabel xml:lang="it">solo</skos:prefLabel></rdf:Description>`;
    expect(parseSkos(xml)).toEqual([["diaspro", "diaspro sanguigno"]]);
    const ttl = `<x> a skos:Concept ;\n  skos:prefLabel "cintura"@it ;\n  skos:altLabel "cinturone"@it, "gancio di cinturone"@it .\n`;
    expect(parseSkos(ttl)).toEqual([["cintura", "cinturone", "gancio di cinturone"]]);
  });
  it("expands the longest run of words first, folding accents", () => {
    const index = new Map([
      ["olio su tela", new Set(["oil on canvas"])],
      ["olio", new Set(["oil"])],
      ["venise", new Set(["venezia", "venice"])],
    ]);
    expect(expandWords(index, ["olio", "su", "tela", "vénise"])).toEqual([
      { start: 0, length: 3, terms: ["oil on canvas"] },
      { start: 3, length: 1, terms: ["venezia", "venice"] },
    ]);
    // the last word as the beginning of a term
    expect(expandWords(index, ["ven"])).toEqual([]); // too short
    expect(expandWords(index, ["vena"])).toEqual([]); // begins no term
    expect(expandWords(index, ["acqua", "veni"])).toEqual([{ start: 1, length: 1, terms: ["venise", "venezia", "venice"] }]);
  });
});

describe("corrected text", () => {
  it("replaces the corrected words only, keeps the rest as typed and leaves out words without a correction", () => {
    expect(correctText("Milanno XIX secolo", new Map([["milanno", "milano"]]), new Set(["milanno"]))).toBe("Milano XIX secolo");
    expect(correctText("milanno", new Map([["milanno", "milano"]]), new Set(["milanno"]))).toBe("milano");
    expect(correctText("milano fotograffia zzqqxx", new Map([["fotograffia", "fotografia"]]), new Set(["fotograffia", "zzqqxx"]))).toBe(
      "milano fotografia",
    );
  });
});
