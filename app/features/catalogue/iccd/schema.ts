/**
 * The ICCD normative structure, as far as the importer needs it: the kinds of
 * scheda (TSK), where each keeps its title, and its mandatory fields. Field
 * codes are the same across the kinds and versions of the standard (OGTD is
 * always the definition, DTSI the start of the specific chronology, AUTN an
 * author's name, PVCC the comune of the LC block…), so every other mapping is
 * by code and applies to every kind.
 */
export type SchedaFamily = "object" | "architecture" | "site" | "intangible";

export type SchedaKind = {
  /** The kind's name in the standard. */
  name: string;
  family: SchedaFamily;
};

/**
 * Scheda kinds of the Catalogo generale (ICCD normative, versions 2.00 to 4.00). Authority files
 * (AUT, BIB, DSC) describe authors, books and excavations, not cultural property, and are not here.
 */
export const SCHEDA_KINDS: Record<string, SchedaKind> = {
  OA: { name: "Opere e oggetti d'arte", family: "object" },
  OAC: { name: "Opere e oggetti d'arte contemporanea", family: "object" },
  D: { name: "Disegni", family: "object" },
  S: { name: "Stampe", family: "object" },
  MI: { name: "Matrici di incisione", family: "object" },
  F: { name: "Fotografia", family: "object" },
  FF: { name: "Fondi fotografici", family: "object" },
  FKO: { name: "Fotografia (Kodak)", family: "object" },
  RA: { name: "Reperti archeologici", family: "object" },
  TMA: { name: "Tabella materiali archeologici", family: "object" },
  AT: { name: "Reperti antropologici", family: "object" },
  NU: { name: "Beni numismatici", family: "object" },
  BDM: { name: "Beni demoetnoantropologici materiali", family: "object" },
  E: { name: "Beni etnografici", family: "object" },
  PST: { name: "Patrimonio scientifico e tecnologico", family: "object" },
  SM: { name: "Strumenti musicali", family: "object" },
  SMO: { name: "Strumenti musicali - organo", family: "object" },
  VeAC: { name: "Vestimenti antichi e contemporanei", family: "object" },
  BNB: { name: "Beni naturalistici - botanica", family: "object" },
  BNM: { name: "Beni naturalistici - mineralogia", family: "object" },
  BNP: { name: "Beni naturalistici - paleontologia", family: "object" },
  BNPE: { name: "Beni naturalistici - petrologia", family: "object" },
  BNPL: { name: "Beni naturalistici - planetologia", family: "object" },
  BNZ: { name: "Beni naturalistici - zoologia", family: "object" },
  A: { name: "Architettura", family: "architecture" },
  PG: { name: "Parchi e giardini", family: "architecture" },
  CA: { name: "Complessi archeologici", family: "architecture" },
  MA: { name: "Monumenti archeologici", family: "architecture" },
  SI: { name: "Siti archeologici", family: "site" },
  SAS: { name: "Saggi stratigrafici", family: "site" },
  CG: { name: "Contesti giuridici", family: "site" },
  BDI: { name: "Beni demoetnoantropologici immateriali", family: "intangible" },
};

/**
 * The preferred label: the first candidate whose fields have values, those values joined by " – ".
 * Objects by their title (SGTT, SGLT for photographs 4.00), else definition and subject (OGTD + SGTI);
 * buildings by their name (OGTN); sites by definition and name; intangible heritage by its name (DBD, DBL).
 */
export const TITLE_FIELDS: Record<SchedaFamily, string[][]> = {
  object: [["SGTT"], ["SGLT"], ["OGTD", "SGTI"], ["OGTN"], ["OGTD"]],
  architecture: [["OGTN"], ["OGTD", "PVCC"], ["OGTD"]],
  site: [["OGTD", "OGTN"], ["OGTD", "PVCC"], ["OGTD"]],
  intangible: [["DBD", "DBL"], ["DBL"], ["OGTD"]],
};

/** Fields every scheda must have (with the ones the label needs, see TITLE_FIELDS). */
export const MANDATORY_FIELDS: { code: string; name: string }[] = [
  { code: "TSK", name: "Tipo scheda" },
  { code: "NCTR", name: "Codice regione" },
  { code: "NCTN", name: "Numero catalogo generale" },
];

/**
 * Thesauri by the scheda kind they were written for (their ConceptScheme's description says "Scheda RA",
 * "Scheda A"…): the kinds of the same family use them too.
 */
export const THESAURUS_KINDS: Record<string, string[]> = {
  RA: ["RA", "TMA", "AT", "SI", "SAS", "CA", "MA"],
  A: ["A", "PG", "CA", "MA"],
  PST: ["PST"],
  BDM: ["BDM", "E", "BDI"],
};

export const ICCD_ATTRIBUTION = "MiC – ICCD, Catalogo generale dei Beni Culturali";
export const ICCD_LICENSE = "CC-BY-SA-4.0";
