import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateRecord } from "../interchange";
import { convertIccdFiles, convertScheda, datesOf, parseCentury, parseIccdDate } from "./convert";
import { parseScheda } from "./xml";
import { addTriples, emptyThesaurus, parseRdfXml, parseTurtle } from "./thesauri";

/** A hand-written scheda: blocks as [code, hint, children | text]. */
type F = [string, string, string | F[]];
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const xmlOf = (fields: F[]): string =>
  fields.map(([code, hint, v]) => `<${code} hint="${esc(hint)}">${typeof v === "string" ? esc(v) : xmlOf(v)}</${code}>`).join("");
function scheda(tsk: string, blocks: F[], opts: { harvested?: boolean; nctn?: string; element?: string } = {}) {
  const cd: F = [
    "CD",
    "CODICI",
    [
      ["TSK", "Tipo scheda", tsk],
      [
        "NCT",
        "CODICE UNIVOCO",
        [
          ["NCTR", "Codice regione", "07"],
          ["NCTN", "Numero catalogo generale", opts.nctn ?? "00001234"],
        ],
      ],
      ["ESC", "Ente schedatore", "S99"],
    ],
  ];
  const body = `<${opts.element ?? tsk} version="3.00">${xmlOf([cd, ...blocks])}</${opts.element ?? tsk}>`;
  return opts.harvested
    ? `<?xml version="1.0" encoding="UTF-8"?><record><header><identifier>oai:x:@1@</identifier></header><metadata><schede>${body}<harvesting><geocoding><x>8.93</x><y>44.41</y></geocoding></harvesting></schede></metadata></record>`
    : `<?xml version="1.0" encoding="UTF-8"?><schede>${body}</schede>`;
}
const convert = (xml: string) => convertScheda(parseScheda(xml));
const ok = (xml: string) => {
  const r = convert(xml);
  if (typeof r === "string") throw new Error(r);
  expect(validateRecord(r.record)).toMatchObject({ ok: true });
  for (const rel of r.related) expect(validateRecord(rel)).toMatchObject({ ok: true });
  return r;
};
const md = (r: ReturnType<typeof ok>, code: string) => r.record.texts!.it!.metadata!.filter((m) => m.code === code).map((m) => m.value);

describe("ICCD dates", () => {
  it("reads years, full dates and BCE years", () => {
    expect(parseIccdDate("1846")).toBe("1846");
    expect(parseIccdDate("1944/05/19")).toBe("1944-05-19");
    expect(parseIccdDate("1892/03")).toBe("1892-03");
    expect(parseIccdDate("700 a.C")).toBe("-700");
    expect(parseIccdDate("602 a.C.")).toBe("-602");
    expect(parseIccdDate("ca 1500")).toBe("1500");
    expect(parseIccdDate("1892/02/30")).toBe("1892-02");
    expect(parseIccdDate("post 1500")).toBeUndefined();
    expect(parseIccdDate("0")).toBeUndefined();
  });
  it("reads centuries, with qualifiers and in either era", () => {
    expect(parseCentury("XIX")).toEqual({ start: "1801", end: "1900" });
    expect(parseCentury("sec. XVIII")).toEqual({ start: "1701", end: "1800" });
    expect(parseCentury("VII secolo a.C")).toEqual({ start: "-700", end: "-601" });
    expect(parseCentury("secc. XVI/ XIII a.C")).toEqual({ start: "-1600", end: "-1201" });
    expect(parseCentury("sec. XV/ XVI")).toEqual({ start: "1401", end: "1600" });
    expect(parseCentury("fine II a.C")).toEqual({ start: "-125", end: "-101" });
    expect(parseCentury("XVIII", "seconda metà")).toEqual({ start: "1751", end: "1800" });
    expect(parseCentury("Età del Bronzo finale")).toBeUndefined();
  });
  it("uses DTZG only for the sides DTSI/DTSF do not give, and drops a reversed span", () => {
    const root = (dt: F[]) => parseScheda(scheda("OA", [["DT", "CRONOLOGIA", dt]])).root;
    expect(datesOf(root([["DTZ", "CRONOLOGIA GENERICA", [["DTZG", "Secolo", "sec. XVII"]]]]))).toMatchObject({
      date: { start: "1601", end: "1700" },
      display: "sec. XVII",
    });
    expect(
      datesOf(
        root([
          ["DTZ", "", [["DTZG", "", "XVII"]]],
          [
            "DTS",
            "",
            [
              ["DTSI", "Da", "1620"],
              ["DTSF", "A", "post"],
            ],
          ],
        ]),
      ).date,
    ).toEqual({ start: "1620", end: "1700" });
    const reversed = datesOf(
      root([
        [
          "DTS",
          "",
          [
            ["DTSI", "Da", "1700"],
            ["DTSF", "A", "1600"],
          ],
        ],
      ]),
    );
    expect(reversed.date).toBeUndefined();
    expect(reversed.warning).toMatch(/after/);
  });
});

describe("ICCD schede", () => {
  it("converts a work of art: title, dates, several makers, places, coordinates, measures, metadata with hints", () => {
    const r = ok(
      scheda("OA", [
        [
          "LC",
          "LOCALIZZAZIONE",
          [
            [
              "PVC",
              "LOCALIZZAZIONE GEOGRAFICO-AMMINISTRATIVA",
              [
                ["PVCR", "Regione", "Liguria"],
                ["PVCP", "Provincia", "GE"],
                ["PVCC", "Comune", "GENOVA"],
              ],
            ],
            [
              "LDC",
              "COLLOCAZIONE SPECIFICA",
              [
                ["LDCT", "Tipologia", "palazzo"],
                ["LDCN", "Denominazione", "Palazzo Rosso"],
              ],
            ],
          ],
        ],
        [
          "UB",
          "UBICAZIONE",
          [
            [
              "INV",
              "INVENTARIO",
              [
                ["INVN", "Numero", "PR 212"],
                ["INVD", "Data", "1874"],
              ],
            ],
          ],
        ],
        [
          "GP",
          "GEOREFERENZIAZIONE",
          [
            [
              "GPD",
              "DESCRIZIONE DEL PUNTO",
              [
                [
                  "GPDP",
                  "PUNTO",
                  [
                    ["GPDPX", "Coordinata X", "8.9310"],
                    ["GPDPY", "Coordinata Y", "44.4106"],
                  ],
                ],
              ],
            ],
          ],
        ],
        [
          "OG",
          "OGGETTO",
          [
            ["OGT", "OGGETTO", [["OGTD", "Definizione", "dipinto"]]],
            ["SGT", "SOGGETTO", [["SGTI", "Identificazione", "ritratto di dama"]]],
          ],
        ],
        [
          "DT",
          "CRONOLOGIA",
          [
            ["DTZ", "CRONOLOGIA GENERICA", [["DTZG", "Secolo", "sec. XVII"]]],
            [
              "DTS",
              "CRONOLOGIA SPECIFICA",
              [
                ["DTSI", "Da", "1625"],
                ["DTSF", "A", "1627"],
              ],
            ],
          ],
        ],
        [
          "AU",
          "DEFINIZIONE CULTURALE",
          [
            [
              "AUT",
              "AUTORE",
              [
                ["AUTN", "Nome scelto", "van Dyck Antoon"],
                ["AUTA", "Dati anagrafici", "1599/ 1641"],
                ["AUTR", "Ruolo", "pittore"],
              ],
            ],
            [
              "AUT",
              "AUTORE",
              [
                ["AUTS", "Riferimento all'autore", "bottega"],
                ["AUTN", "Nome scelto", "Snyders Frans"],
              ],
            ],
            ["AUT", "AUTORE", [["AUTN", "Nome scelto", "Anonimo"]]],
          ],
        ],
        [
          "MT",
          "DATI TECNICI",
          [
            ["MTC", "Materia e tecnica", "tela/ pittura a olio"],
            [
              "MIS",
              "MISURE",
              [
                ["MISU", "Unità", "cm"],
                ["MISA", "Altezza", "120"],
                ["MISL", "Larghezza", "95"],
              ],
            ],
          ],
        ],
        ["CO", "CONSERVAZIONE", [["STC", "STATO DI CONSERVAZIONE", [["STCC", "Stato di conservazione", "discreto"]]]]],
        [
          "DA",
          "DATI ANALITICI",
          [
            ["DES", "DESCRIZIONE", [["DESO", "Indicazioni sull'oggetto", "Dama in nero con ventaglio."]]],
            ["NSC", "Notizie storico-critiche", "Dalla collezione Brignole-Sale."],
          ],
        ],
        ["AD", "ACCESSO AI DATI", [["ADS", "SPECIFICHE DI ACCESSO AI DATI", [["ADSP", "Profilo di accesso", "1"]]]]],
      ]),
    );
    const rec = r.record;
    expect(rec).toMatchObject({
      table: "ca_objects",
      id: "iccd-0700001234",
      access: 1,
      type: { code: "painting" },
      date: { start: "1625", end: "1627" },
      numero: { number: "PR 212" },
      coordinates: { lat: 44.4106, lng: 8.931 },
      source: { license: "CC-BY-SA-4.0", attribution: "MiC – ICCD, Catalogo generale dei Beni Culturali" },
    });
    expect(rec.texts!.it!.label).toBe("dipinto – ritratto di dama");
    expect(rec.texts!.it!.dateDisplay).toBe("1625 - 1627");
    expect(rec.texts!.it!.summary).toBe("Dama in nero con ventaglio.\n\nDalla collezione Brignole-Sale.");
    expect(md(r, "iccd_code")).toEqual(["0700001234"]);
    expect(md(r, "medium")).toEqual(["tela/ pittura a olio"]);
    expect(md(r, "dimensions")).toEqual(["120 × 95 cm"]);
    expect(md(r, "condition")).toEqual(["discreto"]);
    // named makers are related records; the anonymous one stays as text; mapped fields are not repeated raw
    expect(md(r, "maker")).toEqual(["Anonimo"]);
    expect(md(r, "MTC")).toEqual([]);
    expect(md(r, "MISA")).toEqual([]);
    expect(md(r, "DESO")).toEqual([]);
    // every field is kept, labelled with the hints of its block and its own
    const inv = rec.texts!.it!.metadata!.find((m) => m.code === "INVD");
    expect(inv).toMatchObject({ label: "Inventario – Data", value: "1874" });
    expect(rec.texts!.it!.metadata!.find((m) => m.code === "ADSP")).toMatchObject({
      label: "Specifiche di accesso ai dati – Profilo di accesso",
      value: "1",
    });
    expect(rec.texts!.it!.metadata!.find((m) => m.code === "AUTA")).toMatchObject({
      label: "Autore – Dati anagrafici",
      value: "1599/ 1641",
    });
    // two named makers become entities (the anonymous one does not), with role and attribution on the link
    const creators = rec.relations!.filter((x) => x.type === "creator");
    expect(creators.map((c) => c.id)).toEqual(["iccd-aut-van-dyck-antoon", "iccd-aut-snyders-frans"]);
    expect(creators[0]!.interstitial).toEqual([{ name: { it: "ruolo", en: "role", fr: "rôle" }, value: "pittore" }]);
    expect(creators[1]!.interstitial![0]!.value).toBe("bottega");
    const entity = r.related.find((x) => x.id === "iccd-aut-van-dyck-antoon")!;
    expect(entity).toMatchObject({
      table: "ca_entities",
      type: { code: "person" },
      texts: { it: { label: "van Dyck Antoon", dateDisplay: "1599/ 1641" } },
    });
    // places: region > comune > building, related from the object
    const places = Object.fromEntries(r.related.filter((x) => x.table === "ca_places").map((p) => [p.id, p]));
    expect(places["iccd-place-regione-liguria"]!.texts!.it!.label).toBe("Liguria");
    expect(places["iccd-place-comune-genova-ge"]).toMatchObject({
      parent: "iccd-place-regione-liguria",
      texts: { it: { label: "Genova" } },
    });
    expect(places["iccd-place-ldc-palazzo-rosso-genova"]).toMatchObject({
      parent: "iccd-place-comune-genova-ge",
      type: { code: "building" },
    });
    expect(rec.relations!.filter((x) => x.type === "located_in").map((x) => x.id)).toEqual([
      "iccd-place-comune-genova-ge",
      "iccd-place-ldc-palazzo-rosso-genova",
    ]);
  });

  it("converts other kinds by their own title fields, with optional blocks missing", () => {
    const building = ok(
      scheda("A", [
        [
          "OG",
          "OGGETTO",
          [
            [
              "OGT",
              "",
              [
                ["OGTD", "Definizione", "villa"],
                ["OGTN", "Denominazione", "Villa Durazzo"],
              ],
            ],
          ],
        ],
      ]),
    );
    expect(building.record.texts!.it!.label).toBe("Villa Durazzo");
    expect(building.record.type!.code).toBe("architecture");
    expect(building.record.relations).toEqual([]);
    expect(building.record.date).toBeUndefined();

    const site = ok(
      scheda("SI", [
        [
          "OG",
          "",
          [
            [
              "OGT",
              "",
              [
                ["OGTD", "Definizione", "necropoli"],
                ["OGTN", "Denominazione", "Monte Claro"],
              ],
            ],
          ],
        ],
        ["DT", "", [["DTZ", "", [["DTZG", "Secolo", "VI a.C."]]]]],
      ]),
    );
    expect(site.record.texts!.it!.label).toBe("necropoli – Monte Claro");
    expect(site.record.date).toEqual({ start: "-600", end: "-501" });

    const rite = ok(
      scheda("BDI", [
        [
          "DB",
          "DEFINIZIONE BENE",
          [
            ["DBL", "Denominazione locale", "Sa Sartiglia"],
            ["DBD", "Denominazione", "giostra equestre"],
          ],
        ],
      ]),
    );
    expect(rite.record.texts!.it!.label).toBe("giostra equestre – Sa Sartiglia");
    expect(rite.record.type!.code).toBe("ethnographic");

    const coin = ok(
      scheda("NU", [
        ["OG", "", [["OGT", "", [["OGTD", "Definizione", "moneta"]]]]],
        [
          "MT",
          "",
          [
            [
              "MTC",
              "MATERIA E TECNICA",
              [
                ["MTCM", "Materia", "argento"],
                ["MTCT", "Tecnica", "coniazione"],
              ],
            ],
          ],
        ],
      ]),
    );
    expect(coin.record.texts!.it!.label).toBe("moneta");
    expect(coin.record.type!.code).toBe("coin");
    expect(md(coin, "medium")).toEqual(["argento/ coniazione"]);

    const instrument = ok(scheda("PST", [["OG", "", [["OGT", "", [["OGTD", "Definizione", "barometro"]]]]]]));
    expect(instrument.record.type!.code).toBe("scientific");
  });

  it("takes the harvester's coordinates when there is no GP block, and the access profile from ADSP", () => {
    const r = ok(
      scheda(
        "RA",
        [
          ["OG", "", [["OGT", "", [["OGTD", "Definizione", "anfora"]]]]],
          ["AD", "", [["ADS", "", [["ADSP", "Profilo di accesso", "2"]]]]],
        ],
        { harvested: true },
      ),
    );
    expect(r.record.coordinates).toEqual({ lat: 44.41, lng: 8.93 });
    expect(r.record.access).toBe(2);
  });

  it("rejects an unknown kind, a missing mandatory field and a scheda without a title, saying why", () => {
    expect(convert(scheda("XYZ", [["OG", "", [["OGT", "", [["OGTD", "", "cosa"]]]]]]))).toMatch(/^unknown scheda type XYZ/);
    const noNctn = scheda("OA", [["OG", "", [["OGT", "", [["OGTD", "", "dipinto"]]]]]]).replace(/<NCTN[^>]*>[^<]*<\/NCTN>/, "");
    expect(convert(noNctn)).toBe("missing mandatory field NCTN (Numero catalogo generale)");
    expect(convert(scheda("OA", [["DT", "", [["DTZ", "", [["DTZG", "", "XV"]]]]]]))).toMatch(/^missing mandatory field: no title/);
    expect(() => parseScheda("<schede><OA>")).toThrow(/not well-formed|no scheda/);
    expect(() => parseScheda("<html><body/></html>")).toThrow(/no scheda/);
  });

  it("links terms of the thesauri that apply to the kind, with their hierarchy", () => {
    const th = emptyThesaurus();
    addTriples(
      th,
      parseTurtle(`@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix dct: <http://purl.org/dc/terms/> .
@prefix t: <http://example.org/vocabularies/reperti/def/> .
<http://example.org/vocabularies/reperti/def/> a skos:ConceptScheme; dct:title "Reperti"@it; dct:description "Scheda RA - definizione"@it .
t:001 a skos:Concept; skos:prefLabel "CONTENITORI"@it; skos:narrower t:001.002 .
t:001.002 a skos:Concept; skos:prefLabel "anfora"@it; skos:altLabel "amphora"@it .`),
    );
    addTriples(
      th,
      parseRdfXml(`<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:skos="http://www.w3.org/2004/02/skos/core#" xmlns:dct="http://purl.org/dc/terms/">
<rdf:Description rdf:about="http://example.org/vocabularies/materia/def/"><rdf:type rdf:resource="http://www.w3.org/2004/02/skos/core#ConceptScheme"/><dct:title xml:lang="it">Materia per i reperti</dct:title><dct:description xml:lang="it">Scheda RA - Materia e tecnica</dct:description></rdf:Description>
<rdf:Description rdf:about="http://example.org/vocabularies/materia/def/01"><rdf:type rdf:resource="http://www.w3.org/2004/02/skos/core#Concept"/><skos:prefLabel xml:lang="it">ARGILLA</skos:prefLabel></rdf:Description>
<rdf:Description rdf:about="http://example.org/vocabularies/materia/def/01.1"><rdf:type rdf:resource="http://www.w3.org/2004/02/skos/core#Concept"/><skos:broader rdf:resource="http://example.org/vocabularies/materia/def/01"/><skos:prefLabel xml:lang="it">ceramica</skos:prefLabel></rdf:Description>
</rdf:RDF>`),
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "iccd-th-"));
    fs.writeFileSync(
      path.join(dir, "ra.xml"),
      scheda("RA", [
        ["OG", "", [["OGT", "", [["OGTD", "", "Amphora"]]]]],
        ["MT", "", [["MTC", "", "Ceramica/ a vernice nera"]]],
      ]),
    );
    fs.writeFileSync(path.join(dir, "oa.xml"), scheda("OA", [["OG", "", [["OGT", "", [["OGTD", "", "anfora"]]]]]], { nctn: "00009999" }));
    const res = convertIccdFiles([path.join(dir, "ra.xml"), path.join(dir, "oa.xml")], { thesaurus: th });
    fs.rmSync(dir, { recursive: true, force: true });
    const ra = res.records.find((r) => r.id === "iccd-0700001234")!;
    expect(ra.tags!.map((t) => [t.id, t.name.it, t.parents!.map((p) => p.name.it)])).toEqual([
      ["iccd:reperti:001.002", "anfora", ["Reperti", "CONTENITORI"]],
      ["iccd:materia:01.1", "ceramica", ["Materia per i reperti", "ARGILLA"]],
    ]);
    // the archaeological thesaurus is not the vocabulary of works of art
    expect(res.records.find((r) => r.id === "iccd-0700009999")!.tags).toEqual([]);
  });

  it("reports duplicates and unreadable files by name and converts the rest", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "iccd-files-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const good = scheda("D", [
      [
        "OG",
        "",
        [
          ["OGT", "", [["OGTD", "", "disegno"]]],
          ["SGT", "", [["SGTT", "Titolo", "Studio di mani"]]],
        ],
      ],
    ]);
    fs.writeFileSync(path.join(dir, "a.xml"), good);
    fs.writeFileSync(path.join(dir, "b.xml"), good);
    fs.writeFileSync(path.join(dir, "c.xml"), "not xml at all <");
    fs.writeFileSync(path.join(dir, "d.xml"), scheda("ZZ", [], { nctn: "5" }));
    const res = convertIccdFiles(["a.xml", "b.xml", "c.xml", "d.xml"].map((f) => path.join(dir, f)));
    expect(res.records.map((r) => r.texts!.it!.label)).toEqual(["Studio di mani"]);
    expect(res.rejected.map((r) => [path.basename(r.file), r.reason.split(" (")[0]])).toEqual([
      ["b.xml", "duplicate scheda 0700001234"],
      ["c.xml", expect.stringMatching(/no scheda|not well-formed/)],
      ["d.xml", "unknown scheda type ZZ"],
    ]);
  });
});

describe("ICCD measures", () => {
  const dims = (mis: F[][]) => {
    const r = convertScheda(
      parseScheda(
        scheda("F", [
          ["OG", "", [["OGT", "", [["OGTD", "", "positivo"]]]]],
          ["MT", "DATI TECNICI", mis.map((m) => ["MIS", "MISURE", m] as F)],
        ]),
      ),
    );
    if (typeof r === "string") throw new Error(r);
    return r.record.texts!.it!.metadata!.filter((m) => m.code === "dimensions").map((m) => m.value);
  };
  it("reads dimensions by their hints: MISP is a depth in 2.00 and the part measured later", () => {
    expect(
      dims([
        [
          ["MISU", "Unità", "cm"],
          ["MISA", "Altezza", "40"],
          ["MISL", "Larghezza", "30"],
          ["MISP", "Profondità", "5"],
        ],
      ]),
    ).toEqual(["40 × 30 × 5 cm"]);
    expect(
      dims([
        [
          ["MISP", "Riferimento alla parte", "supporto primario"],
          ["MISZ", "Tipo di misura", "altezzaxlunghezza"],
          ["MISU", "Unità di misura", "mm"],
          ["MISM", "Valore", "122x171"],
        ],
      ]),
    ).toEqual(["supporto primario: altezzaxlunghezza 122x171 mm"]);
    expect(
      dims([
        [
          ["MISU", "Unità", "m"],
          ["MISN", "Lunghezza", "100"],
          ["MIST", "Validità", "ca"],
        ],
        [["MISV", "Varie", "irregolare"]],
      ]),
    ).toEqual(["100 m (ca)", "irregolare"]);
  });
});
