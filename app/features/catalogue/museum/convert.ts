/**
 * Converts the museum intermediate model (Tate, Carnegie Museum of Art, ICCD;
 * see ../shared/data/README.md) into the NDJSON interchange format
 * (docs/data-format.md). Streams the input twice: once to learn every id and
 * its type (relation targets need their table), once to convert.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import zlib from "node:zlib";
import { once } from "node:events";
import { validateRecord, type FieldNames, type InterchangeInput } from "~/features/catalogue/interchange";
import { slugifyLabel, type TableName } from "~/lib/tables";
import { LOCALES, type Locale } from "~/lib/locale";

export type ConvertResult = {
  written: number;
  skipped: { id: string; reason: string }[];
  byTable: Record<string, number>;
  /** Records written per record type code (`none` for records without a type). */
  byType: Record<string, number>;
  /** Data repaired or left out of a record that was still written (bad date, unknown relation target…). */
  warnings: { id: string; message: string }[];
  seconds: number;
};

/** Museum model type → interchange table. */
export const TABLE_OF_TYPE: Record<string, TableName> = {
  object: "ca_objects",
  entity: "ca_entities",
  occurrence: "ca_occurrences",
  place: "ca_places",
  media: "assets",
};

type Localized = Partial<Record<Locale, string>>;
type Texts = NonNullable<InterchangeInput["texts"]>[Locale];
type Metadata = NonNullable<NonNullable<Texts>["metadata"]>;
type TagInput = NonNullable<InterchangeInput["tags"]>[number];
type RelationInput = NonNullable<InterchangeInput["relations"]>[number];
type MediaInput = NonNullable<InterchangeInput["media"]>[number];

type MuseumRecord = {
  id?: unknown;
  type?: unknown;
  source?: string;
  identifier?: string | null;
  lang?: string;
  title?: Record<string, string | null> | null;
  description?: Record<string, string | null> | null;
  alt_titles?: { lang?: string; value?: string | null }[] | null;
  sort_name?: string | null;
  display_name?: string | null;
  dates?: { start?: number | string | null; end?: number | string | null; display?: string | null } | null;
  fields?: Record<string, unknown> | null;
  field_labels_it?: Record<string, string> | null;
  tags?: { scheme?: string; id?: string | null; path?: (string | null)[] | null }[] | null;
  relations?: { type?: string; role?: string | null; target?: string; label?: string | null }[] | null;
  images?: { thumbnail?: string | null; medium?: string | null; large?: string | null; rights?: string | null }[] | null;
  coordinates?: { lat?: number | null; lon?: number | null } | null;
  url?: string | null;
  license?: string | null;
  attribution?: string | null;
};

type TaxonomyTerm = { id: string; scheme?: string; label?: Record<string, string>; parent?: string | null };

// ---------------------------------------------------------------------------
// Ids

const tokenHex = (s: string) => [...Buffer.from(s, "utf8")].map((b) => `~${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

const hash = (s: string, n = 16) => crypto.createHash("sha256").update(s).digest("hex").slice(0, n);

/**
 * Encodes a string into a token list, one token per source character, using
 * "~" as the escape character: "~~" is "~", "~_" is "_", "~XX" a UTF-8 byte.
 * Decoding is unambiguous, so the mapping is injective; sequences such as "~p"
 * and "~h", which no encoding produces, mark synthesized and shortened ids.
 */
function encodeTokens(raw: string, mode: "record" | "tag"): string[] {
  const out: string[] = [];
  for (const ch of raw) {
    if (/[A-Za-z0-9.]/.test(ch)) out.push(ch);
    else if (ch === "~") out.push("~~");
    else if (mode === "record") {
      // Record ids: ':' → '-', '-' → '_', '_' → '~_'.
      if (ch === ":") out.push("-");
      else if (ch === "-") out.push("_");
      else if (ch === "_") out.push("~_");
      else out.push(tokenHex(ch));
    } else if (ch === ":" || ch === "-" || ch === "_") out.push(ch);
    else out.push(tokenHex(ch));
  }
  return out;
}

function finishId(raw: string, tokens: string[]): string {
  let id = tokens.join("");
  if (!/^[A-Za-z0-9]/.test(id)) id = `0~p${id}`;
  if (id.length <= 128) return id;
  let kept = "";
  for (const t of tokens) {
    if (kept.length + t.length > 100) break;
    kept += t;
  }
  if (!/^[A-Za-z0-9]/.test(kept)) kept = `0~p${kept}`;
  return `${kept}~h${hash(raw)}`;
}

/**
 * A museum id as an interchange record id: "tate:artwork:1939" →
 * "tate-artwork-1939", "tate:place:greenwich-united-kingdom" →
 * "tate-place-greenwich_united_kingdom". Deterministic and injective (ids over
 * 128 characters are shortened with a hash of the whole id).
 */
export function mapRecordId(raw: string): string {
  return finishId(raw, encodeTokens(raw, "record"));
}

/** A museum tag id as an interchange tag id; tag ids may keep ':' and '-'. */
export function mapTagId(raw: string): string {
  return finishId(raw, encodeTokens(raw, "tag"));
}

/** A stable id for a tag path node that the taxonomy does not know. */
export function syntheticTagId(scheme: string, pathLabels: string[]): string {
  const slug = slugifyLabel(pathLabels[pathLabels.length - 1] ?? "").slice(0, 40) || "x";
  const scheme64 = encodeTokens(scheme, "tag").join("").slice(0, 48) || "tag";
  return `${/^[A-Za-z0-9]/.test(scheme64) ? scheme64 : `0${scheme64}`}~p~${slug}~${hash(`${scheme}\u0000${pathLabels.join("\u0000")}`, 12)}`;
}

const CODE_RE = /^[A-Za-z0-9_.-]{1,64}$/;
const toCode = (s: string) => (CODE_RE.test(s) ? s : s.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 64) || "field");

// ---------------------------------------------------------------------------
// Languages and labels

const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);

/** A language map as interchange locales: it/en/fr kept, "und" → it, other languages → it when nothing else. */
export function localize(map: Record<string, string | null | undefined> | null | undefined, max = 1000): Localized {
  const out: Localized = {};
  const others: string[] = [];
  let und: string | undefined;
  for (const [lang, raw] of Object.entries(map ?? {})) {
    if (typeof raw !== "string" || !raw.trim()) continue;
    const value = clip(raw.trim(), max);
    const key = lang.toLowerCase().split(/[-_]/)[0]!;
    if (isLocale(key)) out[key] ??= value;
    else if (key === "und" || key === "zxx" || key === "") und ??= value;
    else others.push(value);
  }
  if (und !== undefined && !out.it) out.it = und;
  if (!Object.keys(out).length && others.length) out.it = others[0];
  return out;
}

function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  return `${s.slice(0, max - 1).trimEnd()}…`;
}

/** Labels of the museum model's field keys (ICCD codes use field_labels_it). */
const FIELD_LABELS: Record<string, { en: string; it: string; fr: string }> = {
  classification: { en: "Classification", it: "Classificazione", fr: "Classification" },
  medium: { en: "Medium", it: "Tecnica", fr: "Technique" },
  dimensions: { en: "Dimensions", it: "Dimensioni", fr: "Dimensions" },
  width: { en: "Width", it: "Larghezza", fr: "Largeur" },
  height: { en: "Height", it: "Altezza", fr: "Hauteur" },
  depth: { en: "Depth", it: "Profondità", fr: "Profondeur" },
  units: { en: "Units", it: "Unità di misura", fr: "Unités" },
  credit_line: { en: "Credit line", it: "Crediti", fr: "Mention de crédit" },
  acquisition_year: { en: "Acquisition year", it: "Anno di acquisizione", fr: "Année d'acquisition" },
  inscription: { en: "Inscription", it: "Iscrizione", fr: "Inscription" },
  all_artists: { en: "Artists", it: "Artisti", fr: "Artistes" },
  group_title: { en: "Group", it: "Gruppo", fr: "Groupe" },
  kind: { en: "Kind", it: "Tipo", fr: "Type" },
  group_type: { en: "Group type", it: "Tipo di gruppo", fr: "Type de groupe" },
  complete: { en: "Completeness", it: "Completezza", fr: "Complétude" },
  accession_ranges: { en: "Accession numbers", it: "Numeri di inventario", fr: "Numéros d'inventaire" },
  collection: { en: "Collection", it: "Collezione", fr: "Collection" },
  date_acquired: { en: "Date acquired", it: "Data di acquisizione", fr: "Date d'acquisition" },
  department: { en: "Department", it: "Dipartimento", fr: "Département" },
  physical_location: { en: "Location", it: "Collocazione", fr: "Emplacement" },
  provenance: { en: "Provenance", it: "Provenienza", fr: "Provenance" },
  width_in: { en: "Width (in)", it: "Larghezza (pollici)", fr: "Largeur (po)" },
  height_in: { en: "Height (in)", it: "Altezza (pollici)", fr: "Hauteur (po)" },
  depth_in: { en: "Depth (in)", it: "Profondità (pollici)", fr: "Profondeur (po)" },
  diameter_in: { en: "Diameter (in)", it: "Diametro (pollici)", fr: "Diamètre (po)" },
  method: { en: "Method", it: "Modalità", fr: "Mode" },
  iso3166_alpha2: { en: "ISO 3166 code", it: "Codice ISO 3166", fr: "Code ISO 3166" },
  country: { en: "Country", it: "Paese", fr: "Pays" },
  country_iso: { en: "Country code", it: "Codice del paese", fr: "Code du pays" },
  provincia: { en: "Province", it: "Provincia", fr: "Province" },
  regione: { en: "Region", it: "Regione", fr: "Région" },
  gender: { en: "Gender", it: "Genere", fr: "Genre" },
  total_works_in_collection: { en: "Works in the collection", it: "Opere nella collezione", fr: "Œuvres dans la collection" },
  nationality: { en: "Nationality", it: "Nazionalità", fr: "Nationalité" },
  role: { en: "Role", it: "Ruolo", fr: "Rôle" },
  fonte: { en: "Source", it: "Fonte", fr: "Source" },
  scheda: { en: "Record type", it: "Tipo di scheda", fr: "Type de notice" },
  version: { en: "Standard version", it: "Versione della normativa", fr: "Version de la norme" },
  alt_title: { en: "Other titles", it: "Altri titoli", fr: "Autres titres" },
  sort_name: { en: "Sort name", it: "Nome per l'ordinamento", fr: "Nom de tri" },
  display_name: { en: "Full name", it: "Nome completo", fr: "Nom complet" },
};

const humanize = (code: string) => {
  const s = code.replace(/[_.]+/g, " ").trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

function fieldLabel(code: string, locale: Locale, iccd: Record<string, string> | null | undefined): string {
  const known = FIELD_LABELS[code]?.[locale];
  const fromIccd = iccd?.[code]?.trim();
  const label = locale === "it" ? fromIccd || known : (known ?? fromIccd);
  return clip(label || humanize(code), 200);
}

/** Relation labels in both directions, by relation type. */
export const RELATION_LABELS: Record<string, { label: Localized; reverse: Localized }> = {
  creator: { label: { en: "creator", it: "autore", fr: "auteur" }, reverse: { en: "creator of", it: "autore di", fr: "auteur de" } },
  part_of: { label: { en: "part of", it: "parte di", fr: "fait partie de" }, reverse: { en: "includes", it: "comprende", fr: "comprend" } },
  acquired_through: {
    label: { en: "acquired through", it: "acquisito tramite", fr: "acquis par" },
    reverse: { en: "acquisition of", it: "acquisizione di", fr: "acquisition de" },
  },
  has_media: { label: { en: "media", it: "media", fr: "médias" }, reverse: { en: "media of", it: "media di", fr: "média de" } },
  media_of: { label: { en: "media of", it: "media di", fr: "média de" }, reverse: { en: "media", it: "media", fr: "médias" } },
  born_in: {
    label: { en: "born in", it: "nato a", fr: "né à" },
    reverse: { en: "birthplace of", it: "luogo di nascita di", fr: "lieu de naissance de" },
  },
  died_in: {
    label: { en: "died in", it: "morto a", fr: "mort à" },
    reverse: { en: "place of death of", it: "luogo di morte di", fr: "lieu de décès de" },
  },
  active_in: {
    label: { en: "active in", it: "attivo a", fr: "actif à" },
    reverse: { en: "place of activity of", it: "luogo di attività di", fr: "lieu d'activité de" },
  },
  located_in: {
    label: { en: "located in", it: "si trova a", fr: "situé à" },
    reverse: { en: "location of", it: "luogo di", fr: "lieu de" },
  },
  commissioned_in: {
    label: { en: "commission", it: "committenza", fr: "commande" },
    reverse: { en: "commission of", it: "committenza di", fr: "commande de" },
  },
  about: { label: { en: "about", it: "riguarda", fr: "concerne" }, reverse: { en: "events", it: "eventi", fr: "événements" } },
  agent: { label: { en: "agent", it: "agente", fr: "agent" }, reverse: { en: "agent in", it: "agente in", fr: "agent dans" } },
};

const ROLE_NAME: Localized = { it: "ruolo", en: "role", fr: "rôle" };

// ---------------------------------------------------------------------------
// Record types

export type RecordType = { id: number; code: string; name: { it: string; en: string; fr: string } };

const T = (id: number, code: string, it: string, en: string, fr: string): RecordType => ({ id, code, name: { it, en, fr } });

/**
 * The record types the converter assigns. Ids are fixed (they are the types'
 * keys in the catalogue and in saved search URLs) and sit in 2001–2399, clear
 * of the demo archive's (101–113 objects, 501–505 collections) and of 265,
 * which the site options exclude from search by default: objects 20xx,
 * entities 21xx, places 22xx, occurrences 23xx; xx99 is the table's "other".
 */
export const MUSEUM_TYPES = {
  painting: T(2001, "painting", "Dipinto", "Painting", "Peinture"),
  work_on_paper: T(2002, "work_on_paper", "Opera su carta", "Work on paper", "Œuvre sur papier"),
  print: T(2003, "print", "Stampa", "Print", "Estampe"),
  photograph: T(2004, "photograph", "Fotografia", "Photograph", "Photographie"),
  sculpture: T(2005, "sculpture", "Scultura", "Sculpture", "Sculpture"),
  installation: T(2006, "installation", "Installazione", "Installation", "Installation"),
  film_video: T(2007, "film_video", "Film e video", "Film and video", "Film et vidéo"),
  audio: T(2008, "audio", "Opera sonora", "Audio", "Œuvre sonore"),
  printing_matrix: T(2009, "printing_matrix", "Matrice di stampa", "Printing block or plate", "Matrice d'impression"),
  mixed_media: T(2010, "mixed_media", "Tecnica mista", "Mixed media", "Technique mixte"),
  ceramic: T(2011, "ceramic", "Ceramica", "Ceramic", "Céramique"),
  glass: T(2012, "glass", "Vetro", "Glass", "Verre"),
  metalwork: T(2013, "metalwork", "Oggetto in metallo", "Metalwork", "Objet en métal"),
  woodwork: T(2014, "woodwork", "Oggetto in legno", "Woodwork", "Objet en bois"),
  textile: T(2015, "textile", "Tessuto", "Textile", "Textile"),
  costume: T(2016, "costume", "Abbigliamento", "Costume", "Costume"),
  furniture: T(2017, "furniture", "Arredo", "Furniture", "Mobilier"),
  creche: T(2018, "creche", "Presepe", "Nativity scene", "Crèche"),
  everyday_object: T(2019, "everyday_object", "Oggetto d'uso", "Everyday object", "Objet usuel"),
  architecture: T(2020, "architecture", "Architettura", "Architecture", "Architecture"),
  book_document: T(2021, "book_document", "Libro o documento", "Book or document", "Livre ou document"),
  archaeological_find: T(2022, "archaeological_find", "Reperto archeologico", "Archaeological find", "Objet archéologique"),
  archaeological_site: T(2023, "archaeological_site", "Sito archeologico", "Archaeological site", "Site archéologique"),
  coin: T(2024, "coin", "Moneta o medaglia", "Coin or medal", "Monnaie ou médaille"),
  ethnographic: T(2025, "ethnographic", "Bene demoetnoantropologico", "Ethnographic object", "Objet ethnographique"),
  natural_history: T(2026, "natural_history", "Reperto naturalistico", "Natural history specimen", "Spécimen naturaliste"),
  scientific: T(2027, "scientific", "Bene scientifico e tecnologico", "Scientific or technical object", "Objet scientifique ou technique"),
  group: T(2028, "group", "Gruppo di opere", "Group of works", "Ensemble d'œuvres"),
  work_of_art: T(2029, "work_of_art", "Opera o oggetto d'arte", "Work of art", "Œuvre ou objet d'art"),
  other_object: T(2099, "other_object", "Altro oggetto", "Other object", "Autre objet"),
  person: T(2101, "person", "Persona", "Person", "Personne"),
  organisation: T(2102, "organisation", "Organizzazione", "Organisation", "Organisation"),
  country: T(2201, "country", "Paese", "Country", "Pays"),
  region: T(2202, "region", "Regione", "Region", "Région"),
  admin_division: T(2203, "admin_division", "Divisione amministrativa", "Administrative division", "Division administrative"),
  city: T(2204, "city", "Città", "City", "Ville"),
  neighbourhood: T(2205, "neighbourhood", "Quartiere", "Neighbourhood", "Quartier"),
  geographic_feature: T(2206, "geographic_feature", "Elemento geografico", "Geographical feature", "Élément géographique"),
  building: T(2207, "building", "Edificio", "Building", "Bâtiment"),
  other_place: T(2299, "other_place", "Altro luogo", "Other place", "Autre lieu"),
  acquisition: T(2301, "acquisition", "Acquisizione", "Acquisition", "Acquisition"),
  commission: T(2302, "commission", "Committenza", "Commission", "Commande"),
  exhibition: T(2303, "exhibition", "Mostra", "Exhibition", "Exposition"),
  other_occurrence: T(2399, "other_occurrence", "Altro evento", "Other event", "Autre événement"),
} as const satisfies Record<string, RecordType>;

type TypeKey = keyof typeof MUSEUM_TYPES;

/** Tate `classification` and Carnegie `classification` values (lower case) → type. */
const CLASSIFICATION_TYPES: Record<string, TypeKey> = {
  // Tate
  painting: "painting",
  "on paper, unique": "work_on_paper",
  "on paper, print": "print",
  sculpture: "sculpture",
  relief: "sculpture",
  installation: "installation",
  photograph: "photograph",
  "film and video": "film_video",
  "time-based media": "film_video",
  audio: "audio",
  "block for printing": "printing_matrix",
  "supporting material": "book_document",
  // Carnegie Museum of Art
  paintings: "painting",
  "drawings and watercolors": "work_on_paper",
  "architectural drawings": "work_on_paper",
  prints: "print",
  photographs: "photograph",
  "photographic negative": "photograph",
  casts: "sculpture",
  installations: "installation",
  films: "film_video",
  video: "film_video",
  "video art": "film_video",
  "sound art": "audio",
  "printing blocks": "printing_matrix",
  "printing plates": "printing_matrix",
  collages: "mixed_media",
  "mixed media": "mixed_media",
  ceramics: "ceramic",
  glass: "glass",
  metals: "metalwork",
  wood: "woodwork",
  textiles: "textile",
  "textile art": "textile",
  costume: "costume",
  furniture: "furniture",
  mirrors: "furniture",
  crèches: "creche",
  containers: "everyday_object",
  "lighting devices": "everyday_object",
  "tools and equipment": "everyday_object",
  "weapons and ammunition": "everyday_object",
  "recreational artifacts": "everyday_object",
  "vehicles (transportation)": "everyday_object",
  "sound devices": "everyday_object",
  "measuring devices": "scientific",
  "architectural models": "architecture",
  "architectural elements": "architecture",
  books: "book_document",
  "documents and information artifacts": "book_document",
  "religious visual works": "work_of_art",
};

/** ICCD record kinds (`fields.scheda`, the TSK of the record) → type; OA and OAC are refined by OGTD. */
const ICCD_SCHEDA_TYPES: Record<string, TypeKey> = {
  F: "photograph",
  FF: "photograph",
  D: "work_on_paper",
  S: "print",
  MI: "printing_matrix",
  OA: "work_of_art",
  OAC: "work_of_art",
  RA: "archaeological_find",
  TMA: "archaeological_find",
  AT: "archaeological_find",
  SI: "archaeological_site",
  SAS: "archaeological_site",
  CA: "archaeological_site",
  MA: "archaeological_site",
  A: "architecture",
  PG: "architecture",
  NU: "coin",
  BDM: "ethnographic",
  BDI: "ethnographic",
  E: "ethnographic",
  PST: "scientific",
  VEAC: "costume",
};

/** Works of art (OA, OAC) by their definition (OGTD). */
const ICCD_OGTD_TYPES: [RegExp, TypeKey][] = [
  [/dipint|pittura/i, "painting"],
  [/scultur|statu|busto|rilievo/i, "sculpture"],
  [/disegn|acquerell/i, "work_on_paper"],
  [/stampa|incisione/i, "print"],
  [/fotograf/i, "photograph"],
];

const ENTITY_TYPES: Record<string, TypeKey> = { person: "person", organisation: "organisation", organization: "organisation" };

/** Place kinds of Tate (GeoNames-like), Carnegie, ICCD and ISO 3166. */
const PLACE_TYPES: Record<string, TypeKey> = {
  country: "country",
  nation: "country",
  region: "region",
  regione: "region",
  state: "region",
  county: "admin_division",
  unitary_authority: "admin_division",
  province: "admin_division",
  provincia: "admin_division",
  department: "admin_division",
  canton: "admin_division",
  prefecture: "admin_division",
  national_district: "admin_division",
  city: "city",
  inhabited_place: "city",
  comune: "city",
  neighbourhood: "neighbourhood",
  island: "geographic_feature",
  island_group: "geographic_feature",
  peninsula: "geographic_feature",
  river: "geographic_feature",
  bay: "geographic_feature",
  canal: "geographic_feature",
  palace: "building",
};

const OCCURRENCE_TYPES: Record<string, TypeKey> = {
  acquisition: "acquisition",
  commission: "commission",
  committenza: "commission",
  exhibition: "exhibition",
  mostra: "exhibition",
};

const fieldText = (v: unknown): string | undefined => {
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === "string" && first.trim() ? first.trim() : undefined;
};

/**
 * The record type from the source's classification. A classification the
 * tables above do not know gets its table's "other" type, so that every
 * classified record is counted in the types facet and a new source value shows
 * up there instead of silently missing; the original value stays in the
 * record's metadata. A record with no classification at all gets no type, and
 * so does an entity whose kind is "unknown": saying person or organisation
 * would be a guess. Media records get no type.
 */
export function recordTypeOf(r: Pick<MuseumRecord, "type" | "source" | "fields">): RecordType | undefined {
  const f = r.fields ?? {};
  const kind = fieldText(f.kind)?.toLowerCase();
  const pick = (key: TypeKey | undefined) => (key ? MUSEUM_TYPES[key] : undefined);
  switch (r.type) {
    case "object": {
      const scheda = fieldText(f.scheda) ?? (r.source === "iccd" ? fieldText(f.TSK) : undefined);
      if (scheda) {
        const s = scheda.toUpperCase();
        const ogtd = fieldText(f.OGTD);
        if ((s === "OA" || s === "OAC") && ogtd) {
          const hit = ICCD_OGTD_TYPES.find(([re]) => re.test(ogtd));
          if (hit) return pick(hit[1]);
        }
        if (s.startsWith("BN")) return MUSEUM_TYPES.natural_history; // BNB, BNM, BNP, BNPE, BNZ…: natural heritage
        return pick(ICCD_SCHEDA_TYPES[s]) ?? MUSEUM_TYPES.other_object;
      }
      const classification = fieldText(f.classification)?.toLowerCase();
      if (classification) return pick(CLASSIFICATION_TYPES[classification]) ?? MUSEUM_TYPES.other_object;
      return kind === "group" ? MUSEUM_TYPES.group : undefined;
    }
    case "entity": {
      if (kind) return pick(ENTITY_TYPES[kind]);
      // No kind: only a person has a gender.
      return fieldText(f.gender) ? MUSEUM_TYPES.person : undefined;
    }
    case "place":
      return kind ? (pick(PLACE_TYPES[kind]) ?? MUSEUM_TYPES.other_place) : undefined;
    case "occurrence":
      return kind ? (pick(OCCURRENCE_TYPES[kind]) ?? MUSEUM_TYPES.other_occurrence) : undefined;
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------
// Names of related records

/** Metadata labels of the names kept from labelled relations (`maker` for creators). */
const MAKER_LABEL = { it: "Autore", en: "Maker", fr: "Auteur" } as const;

/** Roles that add nothing to "maker". */
const PLAIN_ROLES = new Set(["artist", "autore", "author", "maker", "creator"]);

/**
 * A creator's name as shown on the record, with its role the way the
 * museums write attributions: qualifiers before the name ("after Richard
 * Wilson", "attributed to …", "studio of …", "possibly by …"), "and other
 * artists" after it, any other role in brackets ("Gio Ponti (designer)",
 * "Bissolo, Francesco (pittore)").
 */
export function makerText(name: string, role: string | null | undefined): string {
  const r = role?.trim();
  if (!r || PLAIN_ROLES.has(r.toLowerCase())) return name;
  if (/^after$|\s(of|to|by)$/i.test(r)) return `${r} ${name}`;
  if (/^and\s/i.test(r)) return `${name} ${r}`;
  return `${name} (${r})`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A written date that says there is none (Tate's "date not known"): no date display, as no date. */
const NO_DATE = /^(date not known|date unknown|unknown date|undated|no date|n\.\s?d\.?)$/i;

/**
 * The output's first line: what the converter calls each field it writes, in every language (decision 084).
 * A Tate record is catalogued in English only: without these names its French page would say "Medium" and
 * "Credit line" beside the interface's "Auteur". ICCD codes keep their Italian names (field_labels_it).
 */
export function museumFieldNames(): FieldNames {
  const names: FieldNames = { maker: { ...MAKER_LABEL } };
  for (const [type, { label }] of Object.entries(RELATION_LABELS))
    if (type !== "creator") names[toCode(type)] = Object.fromEntries(Object.entries(label).map(([l, v]) => [l, capitalize(v)]));
  for (const [code, label] of Object.entries(FIELD_LABELS)) names[toCode(code)] = { ...label };
  return names;
}

// ---------------------------------------------------------------------------
// Reading

function openInput(file: string): NodeJS.ReadableStream {
  const stream = fs.createReadStream(file);
  return file.endsWith(".gz") ? stream.pipe(zlib.createGunzip()) : stream;
}

async function* readLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const rl = readline.createInterface({ input: openInput(file), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    if (text.trim()) yield { line, text };
  }
}

type Taxonomy = {
  terms: Map<string, TaxonomyTerm>;
  /** scheme \0 parent id ('' for roots) \0 label → term id */
  byLabel: Map<string, string>;
};

async function loadTaxonomy(file: string | null): Promise<Taxonomy> {
  const terms = new Map<string, TaxonomyTerm>();
  const byLabel = new Map<string, string>();
  if (!file) return { terms, byLabel };
  const text = file.endsWith(".gz")
    ? zlib.gunzipSync(await fs.promises.readFile(file)).toString("utf8")
    : await fs.promises.readFile(file, "utf8");
  const trimmed = text.trimStart();
  const list: TaxonomyTerm[] = trimmed.startsWith("[")
    ? JSON.parse(text)
    : trimmed
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l));
  for (const t of list) {
    if (!t || typeof t.id !== "string") continue;
    terms.set(t.id, t);
  }
  for (const t of terms.values())
    for (const label of Object.values(t.label ?? {})) byLabel.set(`${t.scheme ?? ""}\u0000${t.parent ?? ""}\u0000${label}`, t.id);
  return { terms, byLabel };
}

type Known = { table: TableName; line: number; mapped: string };

// ---------------------------------------------------------------------------
// Converting one record

type Ctx = {
  known: Map<string, Known>;
  taxonomy: Taxonomy;
  warn: (message: string) => void;
};

function toYear(v: unknown): string | undefined | null {
  if (v === null || v === undefined || v === "") return undefined;
  const n = typeof v === "number" ? v : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : NaN;
  // Year 0 does not exist in the source's numbering (BCE negative): it marks an unknown date.
  if (!Number.isInteger(n) || n === 0 || Math.abs(n) > 9999) return null;
  return n < 0 ? `-${-n}` : String(n);
}

function fieldValues(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap(fieldValues);
  if (typeof v === "string") return v.trim() ? [clip(v.trim(), 20_000)] : [];
  if (typeof v === "number") return Number.isFinite(v) ? [String(v)] : [];
  if (typeof v === "boolean") return [String(v)];
  return [clip(JSON.stringify(v), 20_000)];
}

function tagLocale(r: MuseumRecord, scheme: string): Locale {
  if (r.lang && isLocale(r.lang)) return r.lang;
  return scheme.startsWith("iccd") ? "it" : "en";
}

function buildTag(r: MuseumRecord, t: NonNullable<MuseumRecord["tags"]>[number], ctx: Ctx): TagInput | null {
  const scheme = typeof t.scheme === "string" && t.scheme ? t.scheme : "tag";
  const labels = (t.path ?? []).filter((p): p is string => typeof p === "string" && p.trim() !== "").map((p) => p.trim());
  const lang = tagLocale(r, scheme);
  const nameOf = (term: TaxonomyTerm | undefined, fallback: string | undefined): Localized => {
    const n = localize(term?.label, 10_000);
    if (Object.keys(n).length) return n;
    return fallback ? { [lang]: clip(fallback, 10_000) } : {};
  };
  const field = clip(scheme, 64);
  const term = t.id ? ctx.taxonomy.terms.get(t.id) : undefined;
  if (term) {
    // The taxonomy knows the term: its parent chain gives ids and labels.
    const chain: TaxonomyTerm[] = [];
    const seen = new Set<string>();
    for (let x: TaxonomyTerm | undefined = term; x && !seen.has(x.id); x = x.parent ? ctx.taxonomy.terms.get(x.parent) : undefined) {
      seen.add(x.id);
      chain.unshift(x);
    }
    const nodes = chain.map((x, i) => ({ id: mapTagId(x.id), name: nameOf(x, labels[labels.length - chain.length + i]) }));
    const leaf = nodes.pop()!;
    if (!Object.keys(leaf.name).length) return null;
    const parents = nodes.filter((n) => Object.keys(n.name).length).slice(-20);
    return { id: leaf.id, type: "common", name: leaf.name, field, parents };
  }
  if (!labels.length && !t.id) return null;
  // Not in the taxonomy: resolve path ancestors by label where possible, synthesize the rest.
  const nodes: { id: string; name: Localized }[] = [];
  let parent: string | null = "";
  labels.forEach((label, i) => {
    const isLeaf = i === labels.length - 1;
    const found = parent !== null ? ctx.taxonomy.byLabel.get(`${scheme}\u0000${parent}\u0000${label}`) : undefined;
    parent = found ?? null;
    const id = isLeaf && t.id ? mapTagId(t.id) : found ? mapTagId(found) : syntheticTagId(scheme, labels.slice(0, i + 1));
    nodes.push({ id, name: nameOf(found ? ctx.taxonomy.terms.get(found) : undefined, label) });
  });
  if (!nodes.length) nodes.push({ id: mapTagId(t.id!), name: { [lang]: t.id! } });
  const leaf = nodes.pop()!;
  return { id: leaf.id, type: "common", name: leaf.name, field, parents: nodes.slice(-20) };
}

function mediaFromImages(images: MuseumRecord["images"], mime: string | undefined, warn: Ctx["warn"]): MediaInput[] {
  const out: MediaInput[] = [];
  for (const img of images ?? []) {
    const url = [img?.large, img?.medium, img?.thumbnail].find((u) => typeof u === "string" && isHttpUrl(u));
    if (!url) {
      warn("image without a usable http(s) URL left out");
      continue;
    }
    out.push({ type: "image", url, restricted: false, ...(mime ? { mime } : {}) });
  }
  if (out.length > 200) {
    warn(`${out.length} images: kept the first 200`);
    return out.slice(0, 200);
  }
  return out;
}

function isHttpUrl(u: string): boolean {
  try {
    const p = new URL(u);
    return p.protocol === "http:" || p.protocol === "https:";
  } catch {
    return false;
  }
}

const NO_LABEL = "no title in any language and no name or identifier to use instead";

const fallbackLabelOf = (r: MuseumRecord) =>
  [r.display_name, r.sort_name, r.identifier].find((v): v is string => typeof v === "string" && v.trim() !== "");

/** Why a record cannot get a label, or null: checked before converting so that relations to it are left out too. */
function labelProblem(r: MuseumRecord): string | null {
  return Object.keys(localize(r.title)).length || fallbackLabelOf(r) ? null : NO_LABEL;
}

export function convertRecord(r: MuseumRecord, ctx: Ctx): { record: InterchangeInput } | { reason: string } {
  const rawId = r.id as string;
  const table = TABLE_OF_TYPE[r.type as string]!;
  const id = mapRecordId(rawId);

  // Texts: one entry per locale of the title (or of the description).
  const titles = localize(r.title);
  const descriptions = localize(r.description, 20_000);
  const fallbackLabel = fallbackLabelOf(r);
  if (!Object.keys(titles).length) {
    if (!fallbackLabel) return { reason: NO_LABEL };
    ctx.warn("no title: used its name or identifier as label");
    titles[r.lang && isLocale(r.lang) ? r.lang : "it"] = clip(fallbackLabel.trim(), 1000);
  }
  const anyTitle = Object.values(titles)[0]!;
  const locales = LOCALES.filter((l) => titles[l] !== undefined || descriptions[l] !== undefined);

  const written = typeof r.dates?.display === "string" ? r.dates.display.trim() : "";
  // "date not known" says there is no date: as a display it showed English on every page (455 demo records).
  const display = written && !NO_DATE.test(written) ? clip(written, 200) : undefined;
  const iccdLabels = r.field_labels_it;
  const skipFields = new Set(r.type === "media" ? ["mime"] : []);
  const entries: { code: string; values: string[]; label?: Localized }[] = [];
  // Names of labelled relations (the creators'), first: a work whose maker record is not in the input still shows
  // and finds its maker. With makers named, Tate's all_artists (the same names joined, "after …" included) is left
  // out: one "Autore" line per maker reads better on the record page, in every language, and counts each name once.
  for (const rel of r.relations ?? []) {
    if (!rel || typeof rel.type !== "string" || typeof rel.label !== "string" || !rel.label.trim()) continue;
    const type = toCode(rel.type);
    const code = type === "creator" ? "maker" : type;
    const value = clip(makerText(rel.label.trim(), rel.role), 20_000);
    const same = entries.find((e) => e.code === code);
    if (same) {
      if (!same.values.includes(value)) same.values.push(value);
      continue;
    }
    const rl = RELATION_LABELS[type]?.label;
    const label: Localized =
      type === "creator"
        ? MAKER_LABEL
        : rl
          ? Object.fromEntries(Object.entries(rl).map(([l, v]) => [l, capitalize(v)]))
          : { en: humanize(type) };
    entries.push({ code, values: [value], label });
  }
  if (entries.some((e) => e.code === "maker")) skipFields.add("all_artists");
  for (const [key, value] of Object.entries(r.fields ?? {})) {
    if (skipFields.has(key)) continue;
    const values = fieldValues(value);
    if (values.length) entries.push({ code: toCode(key), values });
  }
  const alt = (r.alt_titles ?? []).map((a) => (typeof a?.value === "string" ? a.value.trim() : "")).filter(Boolean);
  if (alt.length) entries.push({ code: "alt_title", values: alt.map((a) => clip(a, 20_000)) });
  if (typeof r.display_name === "string" && r.display_name.trim()) entries.push({ code: "display_name", values: [r.display_name.trim()] });
  if (typeof r.sort_name === "string" && r.sort_name.trim()) entries.push({ code: "sort_name", values: [r.sort_name.trim()] });

  const texts: NonNullable<InterchangeInput["texts"]> = {};
  for (const locale of locales) {
    let metadata: Metadata = entries.flatMap((e) => {
      const label = e.label
        ? clip(e.label[locale] ?? e.label.en ?? Object.values(e.label)[0]!, 200)
        : fieldLabel(e.code, locale, iccdLabels);
      return e.values.map((value) => ({ code: e.code, label, type: "text" as const, value }));
    });
    if (metadata.length > 500) {
      ctx.warn(`${metadata.length} metadata entries: kept the first 500`);
      metadata = metadata.slice(0, 500);
    }
    texts[locale] = {
      label: titles[locale] ?? anyTitle,
      ...(descriptions[locale] ? { summary: descriptions[locale] } : {}),
      ...(display ? { dateDisplay: display } : {}),
      metadata,
    };
  }

  const record: InterchangeInput = { table, id, texts };
  const recordType = recordTypeOf(r);
  if (recordType) record.type = { id: recordType.id, code: recordType.code, name: { ...recordType.name } };

  // Dates: years, BCE negative.
  if (r.dates) {
    let start = toYear(r.dates.start);
    let end = toYear(r.dates.end);
    if (start === null) ctx.warn(`start date ${JSON.stringify(r.dates.start)} is not a usable year: left out`);
    if (end === null) ctx.warn(`end date ${JSON.stringify(r.dates.end)} is not a usable year: left out`);
    start ??= undefined;
    end ??= undefined;
    if (start && end && Number(start) > Number(end)) {
      ctx.warn(`start ${start} is after end ${end}: end left out`);
      end = undefined;
    }
    if (start || end) record.date = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
  }

  if (typeof r.identifier === "string" && r.identifier.trim()) {
    const n = r.identifier.trim();
    if (n.length <= 50) record.numero = { number: n };
    else ctx.warn("identifier longer than 50 characters: not used as number");
  }

  const c = r.coordinates;
  if (c && c.lat != null && c.lon != null) {
    const lat = Number(c.lat);
    const lng = Number(c.lon);
    if (Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) record.coordinates = { lat, lng };
    else ctx.warn(`coordinates ${JSON.stringify(c)} out of range: left out`);
  }

  const tags: TagInput[] = [];
  const tagIds = new Set<string>();
  for (const t of r.tags ?? []) {
    const tag = t ? buildTag(r, t, ctx) : null;
    if (!tag) {
      ctx.warn(`tag ${JSON.stringify(t)} has neither id nor path: left out`);
      continue;
    }
    if (tagIds.has(tag.id)) continue;
    tagIds.add(tag.id);
    tags.push(tag);
  }
  if (tags.length) record.tags = tags.slice(0, 500);

  const relations: RelationInput[] = [];
  for (const rel of r.relations ?? []) {
    if (!rel || typeof rel.target !== "string" || typeof rel.type !== "string") continue;
    const target = ctx.known.get(rel.target);
    if (!target) {
      ctx.warn(`relation ${rel.type} → ${rel.target}: the target is not in the input or was skipped, left out`);
      continue;
    }
    const type = toCode(rel.type);
    const labels = RELATION_LABELS[type] ?? { label: { en: humanize(type).toLowerCase() }, reverse: {} };
    const role = typeof rel.role === "string" && rel.role.trim() ? clip(rel.role.trim(), 1000) : undefined;
    // The importer keeps one relation per (table, id, type): merge the roles of repeated ones.
    const same = relations.find((x) => x.table === target.table && x.id === target.mapped && x.type === type);
    if (same) {
      if (role && !same.interstitial?.some((i) => i.value === role))
        same.interstitial = [...(same.interstitial ?? []), { name: ROLE_NAME, value: role }];
      continue;
    }
    relations.push({
      type,
      table: target.table,
      id: target.mapped,
      label: labels.label,
      reverseLabel: labels.reverse,
      ...(role ? { interstitial: [{ name: ROLE_NAME, value: role }] } : {}),
    });
  }
  if (relations.length) record.relations = relations.slice(0, 2000);

  const mime = r.type === "media" && typeof r.fields?.mime === "string" ? r.fields.mime.slice(0, 100) : undefined;
  const media = mediaFromImages(r.images, mime, ctx.warn);
  if (media.length) record.media = media;

  const source: NonNullable<InterchangeInput["source"]> = {};
  if (typeof r.url === "string" && r.url.trim()) {
    if (isHttpUrl(r.url.trim())) source.url = r.url.trim();
    else ctx.warn(`source url ${JSON.stringify(r.url)} is not an http(s) URL: left out`);
  }
  if (typeof r.license === "string" && r.license.trim()) source.license = clip(r.license.trim(), 200);
  if (typeof r.attribution === "string" && r.attribution.trim()) source.attribution = clip(r.attribution.trim(), 500);
  if (Object.keys(source).length) record.source = source;

  return { record };
}

// ---------------------------------------------------------------------------

/**
 * Streams the museum model in `inputFile` (NDJSON, or gzip-compressed NDJSON
 * when it ends in .gz) and writes interchange NDJSON to `outFile`. Records that
 * cannot be converted are skipped with a reason; every line written passes
 * validateRecord. `limit` stops after that many written records.
 */
export async function convertMuseum(
  inputFile: string,
  taxonomyFile: string | null,
  outFile: string,
  opts: { limit?: number } = {},
): Promise<ConvertResult> {
  const t0 = performance.now();
  const taxonomy = await loadTaxonomy(taxonomyFile);
  const skipped: ConvertResult["skipped"] = [];
  const warnings: ConvertResult["warnings"] = [];
  const byTable: Record<string, number> = {};
  const byType: Record<string, number> = {};

  // Pass 1: every id, its table and its interchange id.
  const known = new Map<string, Known>();
  const owners = new Map<string, string>(); // interchange id → source id
  const unusable = new Map<number, string>(); // line → reason
  for await (const { line, text } of readLines(inputFile)) {
    let r: MuseumRecord;
    try {
      r = JSON.parse(text);
    } catch (err) {
      unusable.set(line, `invalid JSON: ${(err as Error).message}`);
      continue;
    }
    if (typeof r?.id !== "string" || !r.id.trim()) {
      unusable.set(line, "no id");
      continue;
    }
    const table = TABLE_OF_TYPE[r.type as string];
    if (!table) {
      unusable.set(line, `unknown type ${JSON.stringify(r.type)}`);
      continue;
    }
    const noLabel = labelProblem(r);
    if (noLabel) {
      unusable.set(line, noLabel);
      continue;
    }
    const first = known.get(r.id);
    if (first) {
      unusable.set(line, `duplicate id (first on line ${first.line})`);
      continue;
    }
    const mapped = mapRecordId(r.id);
    const owner = owners.get(`${table}/${mapped}`);
    if (owner !== undefined) {
      unusable.set(line, `its interchange id ${mapped} is already used by ${owner}`);
      continue;
    }
    owners.set(`${table}/${mapped}`, r.id);
    known.set(r.id, { table, line, mapped });
  }

  // Pass 2: convert and write.
  await fs.promises.mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const out = fs.createWriteStream(outFile, "utf8");
  const closed = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
  });
  let written = 0;
  try {
    out.write(`${JSON.stringify({ fieldNames: museumFieldNames() })}\n`);
    for await (const { line, text } of readLines(inputFile)) {
      if (opts.limit !== undefined && written >= opts.limit) break;
      const bad = unusable.get(line);
      if (bad !== undefined) {
        skipped.push({ id: idOfLine(text) ?? `line ${line}`, reason: bad });
        continue;
      }
      const r = JSON.parse(text) as MuseumRecord;
      const rid = r.id as string;
      const recordWarnings: string[] = [];
      const ctx: Ctx = { known, taxonomy, warn: (message) => recordWarnings.push(message) };
      let converted: ReturnType<typeof convertRecord>;
      try {
        converted = convertRecord(r, ctx);
      } catch (err) {
        converted = { reason: `conversion failed: ${(err as Error).message}` };
      }
      if ("reason" in converted) {
        skipped.push({ id: rid, reason: converted.reason });
        continue;
      }
      const v = validateRecord(converted.record);
      if (!v.ok) {
        skipped.push({ id: rid, reason: `invalid after conversion: ${v.reason}` });
        continue;
      }
      for (const message of recordWarnings) warnings.push({ id: rid, message });
      if (!out.write(`${JSON.stringify(converted.record)}\n`)) await once(out, "drain");
      written++;
      byTable[converted.record.table] = (byTable[converted.record.table] ?? 0) + 1;
      const typeCode = converted.record.type?.code ?? "none";
      byType[typeCode] = (byType[typeCode] ?? 0) + 1;
    }
  } finally {
    out.end();
    await closed;
  }
  return { written, skipped, byTable, byType, warnings, seconds: (performance.now() - t0) / 1000 };
}

function idOfLine(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as MuseumRecord).id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}
