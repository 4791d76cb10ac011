/**
 * Deterministic demo archive: the fictional "Archivio Storico della
 * Fondazione Valdameri" (a Lombard family of silk, steel and ceramics
 * manufacturers, 1782–1993). Writes `outDir/records.ndjson` in the interchange
 * format (app/features/catalogue/interchange.ts) and generated pictures under
 * `outDir/media/` (record media paths are relative to that directory).
 *
 * Same options → byte-identical records.ndjson and images (seeded mulberry32,
 * no Math.random, no clock).
 *
 * Well-known ids (tests and the demo site rely on them; keep them stable):
 *
 *   ca_objects "1"   Public (access 1) photograph "Fotografia dello stabilimento di
 *                    Sesto San Giovanni" (28 April 1906), texts in it/en/fr, two
 *                    images (a wide 1600×900 and a tall 800×1400; needs images ≥ 2),
 *                    record and media focal points, metadata of all four types
 *                    (text, date, link, quantityValue), subject/technique/place/
 *                    condition tags; relations: author → ca_entities "3" (Studio
 *                    fotografico Ettore Brambilla), place → ca_places "4" (Sesto San
 *                    Giovanni), exhibited at → ca_occurrences "1" (Milan 1906
 *                    exhibition), fonds → ca_collections "12" (series "Fotografie
 *                    dello stabilimento", whose parent is ca_collections "1").
 *   ca_objects "2"   Access 3 (very restricted): a confidential letter of Giulio Valdameri.
 *   ca_objects "3"   Access 2 (restricted): the 1921 payroll of the Sesto works.
 *   ca_objects "4"   Public, Italian texts only (a majolica vase), to exercise fallback.
 *   ca_objects "5"–"12"  Public highlights with images (HIGHLIGHT_OBJECT_IDS).
 *   ca_collections "1"  Fonds "Fondo Officine Valdameri", parent of series "7"–"12".
 *   ca_entities "1"  Giulio Valdameri; "2" Officine Valdameri S.p.A.; "3" Studio
 *                    fotografico Ettore Brambilla; "10" Fondazione Valdameri.
 *   ca_places "1" Italia, "2" Lombardia, "3" Milano, "4" Sesto San Giovanni.
 *   ca_occurrences "1"  Esposizione internazionale di Milano 1906 (has a YouTube video).
 *   assets "1" PDF (application), "2" and "3" YouTube, "4" Vimeo.
 *
 * Ids are plain digit strings numbered from 1 in each table.
 */
import fs from "node:fs";
import path from "node:path";
import type { InterchangeInput } from "../../app/features/catalogue/interchange";
import { renderImages, SIZES, STYLE_SIZES, tinyPdf, type ImageSpec, type SizeName } from "./images";
import { cap, frA, frDe, hash32, itPrep, L, LANGS, MONTHS, num, ofL, Rng, titleOf, type L as LT, type Lang } from "./language";
import {
  areaIn, BUILDING_KINDS, CERAMIC_DECORS, CERAMIC_MATERIALS, CERAMIC_SHAPES, CITIES, COLLECTION_KIND_NAMES, COLLECTIONS, CONDITION_WEIGHTS,
  CONDITIONS, COUNTRIES, DOCUMENT_TITLES, EVENTS, EXHIBITION_TITLES, FABRICS, FILE_TOPICS, FIRM_KINDS, FOUNDATION, GENERIC_SITES, INSTITUTION_KINDS,
  INSTRUMENTS, LEDGER_TITLES, LETTER_TOPICS, MAP_TITLES, MEDIA_TITLES, MOTIFS, NAMES, OBJECT_KINDS, PRODUCTS, PROFESSION_WEIGHTS, PROFESSIONS,
  REGIONS, RESTORATION_SUBJECTS, SITE_KINDS, STREETS, THESAURUS, THIS_YEAR,
  type Area, type City, type EventDef, type ImageStyle, type Nation, type ObjectKind, type Product,
} from "./vocabulary";

export type DemoOptions = { records?: number; seed?: number; images?: number };
export type DemoResult = { file: string; mediaDir: string; count: number; counts: Record<string, number>; images: number };

export const DEFAULT_RECORDS = 1600;
export const DEFAULT_IMAGES = 300;
export const DEFAULT_SEED = 1906;
/** Public objects with images, shown on the demo homepage. */
export const HIGHLIGHT_OBJECT_IDS = ["1", "5", "6", "7", "8", "9", "10", "11", "12"];
export const FIXED_IDS = {
  publicObject: "1",
  veryRestrictedObject: "2",
  restrictedObject: "3",
  italianOnlyObject: "4",
  fonds: "1",
  fondsSeries: ["7", "8", "9", "10", "11", "12"],
  object1: { author: "3", place: "4", occurrence: "1", collection: "12" },
} as const;

type Rec = InterchangeInput;
type Texts = NonNullable<Rec["texts"]>;
type Meta = NonNullable<Texts["it"]>["metadata"];
type MetaEntry = NonNullable<Meta>[number];
type Tag = NonNullable<Rec["tags"]>[number];
type Relation = NonNullable<Rec["relations"]>[number];
type Media = NonNullable<Rec["media"]>[number];

// ---------------------------------------------------------------------------
// Types, relation types, tags
// ---------------------------------------------------------------------------

const TYPE = (id: number, code: string, name: LT) => ({ id, code, name });
const PLACE_TYPES = {
  paese: TYPE(401, "paese", L("Paese", "Country", "Pays")),
  regione: TYPE(402, "regione", L("Regione", "Region", "Région")),
  citta: TYPE(403, "citta", L("Città", "Town", "Ville")),
  stabilimento: TYPE(404, "stabilimento", L("Stabilimento", "Industrial site", "Site industriel")),
  edificio: TYPE(405, "edificio", L("Edificio", "Building", "Bâtiment")),
};
const ENTITY_TYPES = {
  persona: TYPE(201, "persona", L("Persona", "Person", "Personne")),
  ditta: TYPE(202, "ditta", L("Ditta", "Firm", "Entreprise")),
  ente: TYPE(203, "ente", L("Ente", "Institution", "Institution")),
  famiglia: TYPE(204, "famiglia", L("Famiglia", "Family", "Famille")),
};
const EVENT_TYPES = {
  esposizione: TYPE(301, "esposizione", L("Esposizione universale o internazionale", "World's fair", "Exposition universelle ou internationale")),
  fiera: TYPE(302, "fiera", L("Fiera campionaria", "Trade fair", "Foire commerciale")),
  mostra: TYPE(303, "mostra", L("Mostra", "Exhibition", "Exposition")),
  acquisizione: TYPE(304, "acquisizione", L("Acquisizione", "Acquisition", "Acquisition")),
  restauro: TYPE(305, "restauro", L("Restauro", "Restoration", "Restauration")),
  inaugurazione: TYPE(306, "inaugurazione", L("Inaugurazione", "Opening", "Inauguration")),
  sciopero: TYPE(307, "sciopero", L("Sciopero", "Strike", "Grève")),
};
const ASSET_TYPES = {
  riproduzione: TYPE(601, "riproduzione-digitale", L("Riproduzione digitale", "Digital reproduction", "Reproduction numérique")),
  video: TYPE(602, "video", L("Video", "Video", "Vidéo")),
  documento: TYPE(603, "documento-digitale", L("Documento digitale", "Digital document", "Document numérique")),
};

type RelType = { code: string; label: LT; reverse: LT };
const REL: Record<string, RelType> = {
  autore: { code: "autore", label: L("autore", "author", "auteur"), reverse: L("autore di", "author of", "auteur de") },
  destinatario: { code: "destinatario", label: L("destinatario", "recipient", "destinataire"), reverse: L("destinatario di", "recipient of", "destinataire de") },
  soggetto: { code: "soggetto", label: L("soggetto raffigurato", "depicted subject", "sujet représenté"), reverse: L("raffigurato in", "depicted in", "représenté dans") },
  luogo: { code: "luogo_realizzazione", label: L("luogo di realizzazione", "place of production", "lieu de réalisation"), reverse: L("luogo di realizzazione di", "place of production of", "lieu de réalisation de") },
  luogoRaffigurato: { code: "luogo_raffigurato", label: L("luogo raffigurato", "place depicted", "lieu représenté"), reverse: L("raffigurato in", "depicted in", "représenté dans") },
  esposto: { code: "esposto_in", label: L("esposto in", "exhibited at", "exposé à"), reverse: L("ha esposto", "exhibited", "a exposé") },
  evento: { code: "evento", label: L("evento", "event", "événement"), reverse: L("documentato da", "documented by", "documenté par") },
  fondo: { code: "fa_parte_del_fondo", label: L("fa parte del fondo", "part of the fonds", "fait partie du fonds"), reverse: L("comprende", "includes", "comprend") },
  dipendente: { code: "dipendente", label: L("dipendente di", "employee of", "employé de"), reverse: L("datore di lavoro di", "employer of", "employeur de") },
  socio: { code: "socio", label: L("socio di", "partner in", "associé de"), reverse: L("ha come socio", "has as partner", "a pour associé") },
  familiare: { code: "familiare", label: L("familiare di", "relative of", "parent de"), reverse: L("familiare di", "relative of", "parent de") },
  fornitore: { code: "fornitore", label: L("fornitore di", "supplier to", "fournisseur de"), reverse: L("cliente di", "customer of", "client de") },
  sede: { code: "sede", label: L("sede", "venue", "lieu"), reverse: L("sede di", "venue of", "lieu de") },
  organizzatore: { code: "organizzatore", label: L("organizzatore", "organiser", "organisateur"), reverse: L("ha organizzato", "organised", "a organisé") },
  partecipante: { code: "partecipante", label: L("partecipante", "participant", "participant"), reverse: L("ha partecipato a", "took part in", "a participé à") },
  produttore: { code: "soggetto_produttore", label: L("soggetto produttore", "creator", "producteur"), reverse: L("produttore di", "creator of", "producteur de") },
  riproduzione: { code: "riproduzione_di", label: L("riproduzione di", "reproduction of", "reproduction de"), reverse: L("riprodotto in", "reproduced in", "reproduit dans") },
  sede_ditta: { code: "sede_legale", label: L("sede", "seat", "siège"), reverse: L("sede di", "seat of", "siège de") },
};

function rel(type: RelType, table: string, id: string, interstitial?: { name: LT; value: string }[]): Relation {
  return { type: type.code, table: table as Relation["table"], id, label: type.label, reverseLabel: type.reverse, ...(interstitial ? { interstitial } : {}) };
}

const tagCache = new Map<string, Tag>();
function thesaurusTag(key: string): Tag {
  const hit = tagCache.get(key);
  if (hit) return hit;
  const def = THESAURUS[key];
  if (!def) throw new Error(`unknown tag ${key}`);
  const parents: { id: string; name: LT }[] = [];
  let p = def.parent;
  while (p) {
    const pd = THESAURUS[p]!;
    parents.unshift({ id: pd.id, name: pd.name });
    p = pd.parent;
  }
  const tag: Tag = { id: def.id, name: def.name, parents };
  tagCache.set(key, tag);
  return tag;
}

const AREAS = new Map<string, Area>([...COUNTRIES, ...REGIONS].map((a) => [a.key, a]));
const CITY = new Map<string, City>(CITIES.map((c) => [c.key, c]));

/** Luoghi > (country >) region > city. */
function placeTag(cityKey: string): Tag {
  const k = `city:${cityKey}`;
  const hit = tagCache.get(k);
  if (hit) return hit;
  const city = CITY.get(cityKey)!;
  const area = AREAS.get(city.area)!;
  const root = THESAURUS.luoghi!;
  const parents = [{ id: root.id, name: root.name }];
  if (area.country) {
    const country = AREAS.get(area.country)!;
    parents.push({ id: `luoghi-${country.key}`, name: country.name });
  }
  parents.push({ id: `luoghi-${area.key}`, name: area.name });
  const tag: Tag = { id: `luoghi-${city.key}`, name: city.name, parents };
  tagCache.set(k, tag);
  return tag;
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

type DateKind = "year" | "day" | "month" | "range" | "circa" | "none";
type DateInfo = { kind: DateKind; y: number; m?: number; d?: number; y2?: number };

const pad2 = (n: number) => String(n).padStart(2, "0");
function daysIn(y: number, m: number) {
  return [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

function randomDate(r: Rng, y: number, weights: [number, number, number, number, number, number] = [40, 28, 8, 10, 8, 6], maxY = THIS_YEAR): DateInfo {
  const kind = r.weighted<DateKind>(["year", "day", "month", "range", "circa", "none"], weights);
  const m = r.int(1, 12);
  if (kind === "day") return { kind, y, m, d: r.int(1, daysIn(y, m)) };
  if (kind === "month") return { kind, y, m };
  if (kind === "range") return { kind, y, y2: Math.min(maxY, y + r.int(1, 12)) };
  return { kind, y };
}

function dateField(d: DateInfo): Rec["date"] | undefined {
  switch (d.kind) {
    case "none":
      return undefined;
    case "year":
      return { start: String(d.y) };
    case "month":
      return { start: `${d.y}-${pad2(d.m!)}` };
    case "day":
      return { start: `${d.y}-${pad2(d.m!)}-${pad2(d.d!)}` };
    case "range":
      return d.y2! > d.y ? { start: String(d.y), end: String(d.y2) } : { start: String(d.y) };
    case "circa":
      return { start: String(d.y - 3), end: String(Math.min(THIS_YEAR, d.y + 3)) };
  }
}

function isoDay(d: DateInfo): string {
  return d.kind === "day" ? `${d.y}-${pad2(d.m!)}-${pad2(d.d!)}` : d.kind === "month" ? `${d.y}-${pad2(d.m!)}` : String(d.y);
}

/** "nel 1906" / "in 1906" / "en 1906" and friends; null when undated. */
function whenL(d: DateInfo): LT | null {
  switch (d.kind) {
    case "none":
      return null;
    case "year":
      return L(`nel ${d.y}`, `in ${d.y}`, `en ${d.y}`);
    case "day": {
      const it = d.d === 8 || d.d === 11 ? `l'${d.d}` : `il ${d.d === 1 ? "1º" : d.d}`;
      return L(`${it} ${MONTHS.it[d.m! - 1]} ${d.y}`, `on ${d.d} ${MONTHS.en[d.m! - 1]} ${d.y}`, `le ${d.d === 1 ? "1er" : d.d} ${MONTHS.fr[d.m! - 1]} ${d.y}`);
    }
    case "month": {
      const mi = MONTHS.it[d.m! - 1]!;
      return L(/^[aeiou]/.test(mi) ? `nell'${mi} ${d.y}` : `nel ${mi} ${d.y}`, `in ${MONTHS.en[d.m! - 1]} ${d.y}`, `en ${MONTHS.fr[d.m! - 1]} ${d.y}`);
    }
    case "range":
      return d.y2! > d.y ? L(`tra il ${d.y} e il ${d.y2}`, `between ${d.y} and ${d.y2}`, `entre ${d.y} et ${d.y2}`) : L(`nel ${d.y}`, `in ${d.y}`, `en ${d.y}`);
    case "circa":
      return L(`intorno al ${d.y}`, `around ${d.y}`, `vers ${d.y}`);
  }
}

function displayL(d: DateInfo): LT | undefined {
  if (d.kind === "circa") return L(`circa ${d.y}`, `c. ${d.y}`, `vers ${d.y}`);
  if (d.kind === "range" && d.y2! > d.y) return L(`${d.y}–${d.y2}`);
  if (d.kind === "none") return L("senza data", "undated", "sans date");
  return undefined;
}

function fmtInt(n: number, lang: Lang): string {
  const s = String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "it" ? "." : lang === "en" ? "," : "\u202f");
  return s;
}

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

class ImagePool {
  specs: ImageSpec[] = [];
  private byStyle = new Map<ImageStyle, ImageSpec[]>();
  private r: Rng;
  private requests = 0;
  constructor(
    private budget: number,
    private seed: number,
    private expected: number,
  ) {
    this.r = Rng.derive(seed, "image-pool");
  }
  take(style: ImageStyle, size?: SizeName): ImageSpec | null {
    this.requests++;
    const remaining = this.budget - this.specs.length;
    const left = Math.max(1, this.expected - this.requests);
    const list = this.byStyle.get(style);
    const fresh = remaining > 0 && (size !== undefined || !list || this.r.float() < remaining / left);
    if (fresh) {
      const sz = size ?? this.r.pick(STYLE_SIZES[style]);
      const [width, height] = SIZES[sz];
      const n = this.specs.length + 1;
      const spec: ImageSpec = { file: `images/${style}/${style}-${String(n).padStart(5, "0")}.jpg`, style, width, height, seed: hash32(`${this.seed}:img:${n}`) };
      this.specs.push(spec);
      if (list) list.push(spec);
      else this.byStyle.set(style, [spec]);
      return spec;
    }
    if (list) return this.r.pick(list);
    return this.specs.length ? this.r.pick(this.specs) : null;
  }
}

// ---------------------------------------------------------------------------
// The world: places, entities, events, collections known before records are written
// ---------------------------------------------------------------------------

type PlaceDef =
  | { id: string; kind: "area"; area: Area }
  | { id: string; kind: "city"; city: City }
  | { id: string; kind: "site"; city: City; site: string; np: LT; built: number; closed?: number }
  | { id: string; kind: "building"; city: City; np: LT; built: number };

type Ent = {
  id: string;
  kind: "persona" | "ditta" | "ente" | "famiglia";
  name: LT;
  /** Italian article for running text ("lo ", "la ditta "); "" for people. */
  itArt: string;
  gender: 0 | 1;
  prof?: string;
  firmKind?: string;
  sector?: LT;
  nation: Nation;
  city: string;
  from: number;
  to?: number;
  fromDate?: DateInfo;
  toDate?: DateInfo;
  fixed?: { summary: LT };
};

type Ev = EventDef & { id: string; kind: keyof typeof EVENT_TYPES; place?: string; summary?: LT };

type Coll = { id: string; name: LT; kind: keyof typeof COLLECTION_KIND_NAMES; parent?: string; order: number; years: [number, number]; extent: LT; history: LT; creator?: string };

type World = {
  seed: number;
  places: PlaceDef[];
  placeByCity: Map<string, string>;
  sites: Extract<PlaceDef, { kind: "site" }>[];
  entities: Ent[];
  byProf: Map<string, Ent[]>;
  byFirmKind: Map<string, Ent[]>;
  persons: Ent[];
  firms: Ent[];
  events: Ev[];
  exhibitions: Ev[];
  /** World's fairs and trade fairs (no Foundation exhibitions), from 1852. */
  fairs: Ev[];
  /** Exhibitions sorted by year, for range look-ups. */
  exhibitionsByYear: Ev[];
  family: Ent[];
  areaPlace: Map<string, string>;
  collections: Coll[];
  collectionIds: Set<string>;
  childrenOf: Map<string, string[]>;
};

function counts(total: number) {
  const share = { ca_entities: 0.1, ca_occurrences: 0.05, ca_places: 0.07, ca_collections: 0.025, assets: 0.05 };
  const min = { ca_entities: 15, ca_occurrences: 10, ca_places: 8, ca_collections: 12, assets: 4 };
  const out: Record<string, number> = {};
  let rest = total;
  for (const t of Object.keys(share) as (keyof typeof share)[]) {
    out[t] = Math.max(min[t], Math.round(total * share[t]));
    rest -= out[t];
  }
  out.ca_objects = rest;
  return out as Record<"ca_objects" | keyof typeof share, number>;
}

export const MIN_RECORDS = 100;

function buildPlaces(n: number, seed: number): PlaceDef[] {
  const out: PlaceDef[] = [];
  const seen = new Set<string>();
  type PlaceInit = PlaceDef extends infer P ? (P extends PlaceDef ? Omit<P, "id"> : never) : never;
  const push = (p: PlaceInit, key: string) => {
    if (out.length >= n || seen.has(key)) return;
    seen.add(key);
    out.push({ ...(p as PlaceDef), id: String(out.length + 1) });
  };
  const area = (k: string) => push({ kind: "area", area: AREAS.get(k)! }, `a:${k}`);
  const city = (k: string) => {
    const c = CITY.get(k)!;
    const a = AREAS.get(c.area)!;
    if (a.country) area(a.country);
    area(a.key);
    push({ kind: "city", city: c }, `c:${k}`);
  };
  const site = (ck: string, sk: string) => {
    const c = CITY.get(ck)!;
    const s = SITE_KINDS[sk]!;
    const r = Rng.derive(seed, `site:${ck}:${sk}`);
    const built = r.int(s.built[0], s.built[1]);
    const closed = s.type === "stabilimento" && r.chance(0.7) ? r.int(Math.max(built + 20, 1930), 1993) : undefined;
    push({ kind: "site", city: c, site: sk, np: s.np(c.name), built, closed }, `s:${ck}:${sk}`);
  };
  // The head of the list: the places the fixed records use.
  ["milano", "sesto-san-giovanni", "como", "laveno"].forEach(city);
  area("francia");
  city("parigi");
  site("sesto-san-giovanni", "stabilimento");
  site("como", "filanda");
  site("laveno", "ceramiche");
  site("milano", "sede");
  site("como", "villa");
  for (const c of CITIES) city(c.key);
  for (const c of CITIES) for (const s of c.sites ?? []) site(c.key, s);
  for (const a of [...COUNTRIES, ...REGIONS]) area(a.key);
  for (const c of CITIES) for (const s of GENERIC_SITES) if (s !== "porto" || c.port) site(c.key, s);
  // Then numbered buildings in Italian towns until the quota is filled.
  const italian = CITIES.filter((c) => AREAS.get(c.area)!.country === "italia");
  let i = 0;
  while (out.length < n) {
    const r = Rng.derive(seed, `building:${i}`);
    const c = italian[i % italian.length]!;
    const street = r.pick(STREETS);
    const num = r.int(1, 180);
    const b = r.pick(BUILDING_KINDS);
    push({ kind: "building", city: c, np: b.np(street, num, c.name), built: r.int(1850, 1990) }, `b:${i}`);
    i++;
  }
  return out;
}

const FIXED_ENTITIES: (Omit<Ent, "id"> & { fixed: { summary: LT } })[] = [
  {
    kind: "persona", name: L("Giulio Valdameri"), itArt: "", gender: 0, prof: "industriale", nation: "it", city: "milano", from: 1861, to: 1934,
    fromDate: { kind: "day", y: 1861, m: 3, d: 14 }, toDate: { kind: "day", y: 1934, m: 11, d: 2 },
    fixed: { summary: L(
      "Industriale, nato a Milano nel 1861 e morto nel 1934. Nipote del fondatore della filanda di Como, nel 1906 fondò le acciaierie di Sesto San Giovanni e ne guidò lo sviluppo fino alla crisi degli anni Trenta.",
      "Industrialist, born in Milan in 1861, died in 1934. A grandson of the founder of the Como silk mill, he set up the Sesto San Giovanni steelworks in 1906 and led their growth until the crisis of the 1930s.",
      "Industriel, né à Milan en 1861 et mort en 1934. Petit-fils du fondateur de la filature de Côme, il créa en 1906 les aciéries de Sesto San Giovanni et en dirigea l'essor jusqu'à la crise des années 1930.") },
  },
  {
    kind: "ditta", name: L("Officine Valdameri S.p.A."), itArt: "le ", gender: 1, firmKind: "meccanica", nation: "it", city: "sesto-san-giovanni", from: 1906, to: 1993,
    sector: L("acciaieria e officine meccaniche", "steelworks and engineering works", "aciérie et ateliers de construction mécanique"),
    fixed: { summary: L(
      "Società fondata nel 1906 da Giulio Valdameri a Sesto San Giovanni. Produsse acciai, caldaie, locomotive e macchine utensili; alla metà del Novecento contava oltre quattromila dipendenti. Cessò l'attività nel 1993.",
      "Company founded in 1906 by Giulio Valdameri at Sesto San Giovanni. It made steel, boilers, locomotives and machine tools; by the mid-twentieth century it employed more than four thousand people. It closed in 1993.",
      "Société fondée en 1906 par Giulio Valdameri à Sesto San Giovanni. Elle produisit des aciers, des chaudières, des locomotives et des machines-outils ; au milieu du XXe siècle, elle comptait plus de quatre mille salariés. Elle cessa son activité en 1993.") },
  },
  {
    kind: "ditta", name: L("Studio fotografico Ettore Brambilla"), itArt: "lo ", gender: 1, firmKind: "fotografo", nation: "it", city: "milano", from: 1889, to: 1952,
    sector: L("studio fotografico", "photographic studio", "studio photographique"),
    fixed: { summary: L(
      "Studio fotografico milanese attivo dal 1889 al 1952. Per oltre quarant'anni documentò gli stabilimenti Valdameri, le esposizioni e la vita del villaggio operaio.",
      "Milanese photographic studio active from 1889 to 1952. For more than forty years it recorded the Valdameri works, the exhibitions and life in the workers' village.",
      "Studio photographique milanais actif de 1889 à 1952. Pendant plus de quarante ans, il documenta les usines Valdameri, les expositions et la vie de la cité ouvrière.") },
  },
  {
    kind: "persona", name: L("Giuseppe Valdameri"), itArt: "", gender: 0, prof: "setaiolo", nation: "it", city: "como", from: 1754, to: 1821,
    fromDate: { kind: "year", y: 1754 }, toDate: { kind: "day", y: 1821, m: 6, d: 9 },
    fixed: { summary: L(
      "Mercante di seta comasco, nel 1782 aprì la filanda di Como da cui ebbero origine le attività della famiglia.",
      "Silk merchant from Como; in 1782 he opened the Como silk mill from which the family's businesses grew.",
      "Marchand de soie de Côme ; en 1782, il ouvrit la filature de Côme, point de départ des affaires de la famille.") },
  },
  {
    kind: "persona", name: L("Carlo Valdameri"), itArt: "", gender: 0, prof: "ingegnere", nation: "it", city: "como", from: 1812, to: 1879,
    fromDate: { kind: "day", y: 1812, m: 1, d: 21 }, toDate: { kind: "year", y: 1879 },
    fixed: { summary: L(
      "Ingegnere, nipote di Giuseppe. Introdusse nella filanda i primi telai meccanici e aprì a Milano un'officina per la loro costruzione.",
      "Engineer, grandson of Giuseppe. He brought the first power looms into the silk mill and opened a workshop in Milan to build them.",
      "Ingénieur, petit-fils de Giuseppe. Il introduisit les premiers métiers mécaniques dans la filature et ouvrit à Milan un atelier pour les construire.") },
  },
  {
    kind: "persona", name: L("Teresa Valdameri Sormani"), itArt: "", gender: 1, prof: "industriale", nation: "it", city: "milano", from: 1865, to: 1940,
    fromDate: { kind: "year", y: 1865 }, toDate: { kind: "year", y: 1940 },
    fixed: { summary: L(
      "Moglie di Giulio Valdameri. Promosse l'asilo aziendale, la scuola professionale femminile e la società di mutuo soccorso del villaggio operaio.",
      "Wife of Giulio Valdameri. She promoted the company nursery, the girls' vocational school and the mutual aid society of the workers' village.",
      "Épouse de Giulio Valdameri. Elle soutint la crèche de l'entreprise, l'école professionnelle de jeunes filles et la société de secours mutuel de la cité ouvrière.") },
  },
  {
    kind: "persona", name: L("Elena Valdameri"), itArt: "", gender: 1, prof: "archivista", nation: "it", city: "milano", from: 1902, to: 1988,
    fromDate: { kind: "day", y: 1902, m: 9, d: 30 }, toDate: { kind: "day", y: 1988, m: 2, d: 17 },
    fixed: { summary: L(
      "Figlia di Giulio e Teresa. Nel 1968 istituì la Fondazione Valdameri, alla quale donò le carte di famiglia, e ne fu presidente fino alla morte.",
      "Daughter of Giulio and Teresa. In 1968 she set up the Valdameri Foundation, gave it the family papers and chaired it until her death.",
      "Fille de Giulio et Teresa. En 1968, elle créa la Fondation Valdameri, à laquelle elle donna les papiers de famille, et la présida jusqu'à sa mort.") },
  },
  {
    kind: "ditta", name: L("Filanda Valdameri"), itArt: "la ", gender: 1, firmKind: "setificio", nation: "it", city: "como", from: 1782, to: 1931,
    sector: L("filanda e setificio", "silk mill", "filature et soierie"),
    fixed: { summary: L(
      "Filanda fondata a Como nel 1782, ampliata con la tessitura meccanica nel 1840. Chiuse nel 1931, durante la crisi del settore serico.",
      "Silk mill founded at Como in 1782, extended with power weaving in 1840. It closed in 1931, during the crisis of the silk industry.",
      "Filature fondée à Côme en 1782, agrandie par un tissage mécanique en 1840. Elle ferma en 1931, pendant la crise de la soierie.") },
  },
  {
    kind: "ditta", name: L("Ceramiche Valdameri di Laveno"), itArt: "le ", gender: 1, firmKind: "ceramica", nation: "it", city: "laveno", from: 1872, to: 1979,
    sector: L("manifattura ceramica", "pottery", "manufacture de céramique"),
    fixed: { summary: L(
      "Fabbrica di ceramiche sul Lago Maggiore, acquistata dalla famiglia nel 1872. Produsse terraglie e porcellane da tavola fino al 1979.",
      "Pottery works on Lake Maggiore, bought by the family in 1872. It made earthenware and porcelain tableware until 1979.",
      "Faïencerie au bord du lac Majeur, achetée par la famille en 1872. Elle produisit de la vaisselle en faïence fine et en porcelaine jusqu'en 1979.") },
  },
  {
    kind: "ente", name: FOUNDATION.name, itArt: "la ", gender: 1, nation: "it", city: "sesto-san-giovanni", from: 1968,
    sector: L("fondazione culturale", "cultural foundation", "fondation culturelle"),
    fixed: { summary: L(
      "Fondazione istituita nel 1968 da Elena Valdameri per conservare e rendere accessibili gli archivi della famiglia e delle sue aziende. Ha sede nell'ex palazzina della direzione dello stabilimento di Sesto San Giovanni.",
      "Foundation set up in 1968 by Elena Valdameri to preserve the archives of the family and its firms and make them accessible. It is housed in the former management building of the Sesto San Giovanni works.",
      "Fondation créée en 1968 par Elena Valdameri pour conserver et rendre accessibles les archives de la famille et de ses entreprises. Elle siège dans l'ancien bâtiment de direction de l'usine de Sesto San Giovanni.") },
  },
  {
    kind: "famiglia", name: L("Famiglia Valdameri", "Valdameri family", "Famille Valdameri"), itArt: "la ", gender: 1, nation: "it", city: "como", from: 1754,
    fixed: { summary: L(
      "Famiglia di imprenditori originaria di Como, attiva nella seta, nella meccanica, nella ceramica e nella siderurgia dal Settecento al Novecento.",
      "Family of entrepreneurs from Como, active in silk, engineering, ceramics and steel from the eighteenth to the twentieth century.",
      "Famille d'entrepreneurs originaire de Côme, active dans la soie, la mécanique, la céramique et la sidérurgie du XVIIIe au XXe siècle.") },
  },
  {
    kind: "persona", name: L("Ernesto Colombo"), itArt: "", gender: 0, prof: "ingegnere", nation: "it", city: "monza", from: 1870, to: 1945,
    fromDate: { kind: "year", y: 1870 }, toDate: { kind: "year", y: 1945 },
    fixed: { summary: L(
      "Ingegnere, direttore tecnico delle Officine Valdameri dal 1906 al 1931. Firmò gran parte dei progetti di turbine e presse idrauliche conservati nell'archivio.",
      "Engineer, technical director of Officine Valdameri from 1906 to 1931. He signed most of the turbine and hydraulic press designs kept in the archive.",
      "Ingénieur, directeur technique des Officine Valdameri de 1906 à 1931. Il signa la plupart des projets de turbines et de presses hydrauliques conservés dans les archives.") },
  },
  {
    kind: "persona", name: L("Guido Ferrandi"), itArt: "", gender: 0, prof: "illustratore", nation: "it", city: "torino", from: 1885, to: 1962,
    fromDate: { kind: "year", y: 1885 }, toDate: { kind: "year", y: 1962 },
    fixed: { summary: L(
      "Illustratore e cartellonista torinese. Disegnò per la ditta Valdameri oltre quaranta manifesti tra il 1910 e il 1950.",
      "Illustrator and poster artist from Turin. He designed more than forty posters for the Valdameri firm between 1910 and 1950.",
      "Illustrateur et affichiste turinois. Il dessina plus de quarante affiches pour la maison Valdameri entre 1910 et 1950.") },
  },
  {
    kind: "ditta", name: L("Girard Frères"), itArt: "la ditta ", gender: 1, firmKind: "soie", nation: "fr", city: "lione", from: 1820, to: 1935,
    sector: L("commercio di sete", "silk merchants", "négoce de soieries"),
    fixed: { summary: L(
      "Casa di commercio di sete di Lione, principale cliente estero della filanda Valdameri per tutto l'Ottocento.",
      "Lyon silk merchants, the Valdameri silk mill's main foreign customer throughout the nineteenth century.",
      "Maison de négoce de soieries lyonnaise, principal client étranger de la filature Valdameri pendant tout le XIXe siècle.") },
  },
  {
    kind: "ditta", name: L("Ashworth & Sons Ltd"), itArt: "la ditta ", gender: 1, firmKind: "sons", nation: "en", city: "manchester", from: 1851, to: 1968,
    sector: L("costruzioni meccaniche", "machine builders", "constructions mécaniques"),
    fixed: { summary: L(
      "Costruttori di macchine di Manchester. Fornirono i primi telai meccanici alla filanda di Como e collaborarono con l'ufficio tecnico di Sesto.",
      "Manchester machine builders. They supplied the first power looms to the Como silk mill and worked with the Sesto technical office.",
      "Constructeurs de machines de Manchester. Ils fournirent les premiers métiers mécaniques à la filature de Côme et collaborèrent avec le bureau technique de Sesto.") },
  },
];

function buildEntities(n: number, seed: number): Ent[] {
  const out: Ent[] = FIXED_ENTITIES.slice(0, n).map((e, i) => ({ ...e, id: String(i + 1) }));
  const profKeys = PROFESSION_WEIGHTS.map((p) => p[0]);
  const profW = PROFESSION_WEIGHTS.map((p) => p[1]);
  for (let i = out.length; i < n; i++) {
    const id = String(i + 1);
    const r = Rng.derive(seed, `entity:${id}`);
    const kind = r.weighted<Ent["kind"]>(["persona", "ditta", "ente", "famiglia"], [70, 22, 5, 3]);
    if (kind === "persona") {
      const nation = r.weighted<Nation>(["it", "fr", "en", "de"], [85, 6, 5, 4]);
      const names = NAMES[nation];
      const prof = r.weighted(profKeys, profW);
      const from = r.bell(1740, 1985);
      // Women appear among weavers and workers from the start, in offices and studios later.
      const pf = ["tessitore", "operaio"].includes(prof) ? 0.55 : ["impiegato", "archivista", "ceramista"].includes(prof) ? (from > 1850 ? 0.4 : 0.1) : ["illustratore", "pittore", "fotografo"].includes(prof) ? (from > 1850 ? 0.25 : 0.05) : from > 1900 ? 0.2 : 0;
      const gender = (r.chance(pf) ? 1 : 0) as 0 | 1;
      let first = r.pick(gender ? names.f : names.m);
      let surname = r.pick(names.s);
      // No namesakes of the well-known people.
      while (FIXED_ENTITIES.some((f) => f.name.it === `${first} ${surname}`)) {
        first = r.pick(gender ? names.f : names.m);
        surname = r.pick(names.s);
      }
      const to = from + r.int(38, 96) <= THIS_YEAR - 1 ? from + r.int(38, 96) : undefined;
      const end = to !== undefined && to > THIS_YEAR ? undefined : to;
      out.push({
        id, kind, gender, prof, nation, name: L(`${first} ${surname}`), itArt: "", city: r.pick(names.cities),
        from, to: end, fromDate: randomDate(r, from, [60, 35, 5, 0, 0, 0]), toDate: end !== undefined ? randomDate(r, end, [60, 35, 5, 0, 0, 0]) : undefined,
      });
    } else if (kind === "ditta") {
      const fk = r.weighted(FIRM_KINDS, [10, 8, 6, 8, 6, 6, 6, 6, 5, 5, 3, 3, 2]);
      const names = NAMES[fk.nation];
      const from = r.bell(1780, 1990);
      const to = r.chance(0.8) ? Math.min(THIS_YEAR - 1, from + r.int(10, 120)) : undefined;
      out.push({
        id, kind, gender: 1, firmKind: fk.key, sector: fk.sector, nation: fk.nation, itArt: fk.itArt,
        name: L(fk.name(r.pick(names.s), r.pick(names.m))), city: r.pick(names.cities), from, to,
        fromDate: { kind: "year", y: from }, toDate: to !== undefined ? { kind: "year", y: to } : undefined,
      });
    } else if (kind === "ente") {
      const c = CITY.get(r.pick(NAMES.it.cities))!;
      const ik = r.pick(INSTITUTION_KINDS);
      const from = r.bell(1800, 1990);
      out.push({ id, kind, gender: 1, nation: "it", name: ik.name(c.name), sector: ik.sector, itArt: "", city: c.key, from, fromDate: { kind: "year", y: from } });
    } else {
      const s = r.pick(NAMES.it.s);
      const from = r.bell(1700, 1900);
      out.push({ id, kind, gender: 1, nation: "it", name: L(`Famiglia ${s}`, `${s} family`, `Famille ${s}`), itArt: "la ", city: r.pick(NAMES.it.cities), from, fromDate: { kind: "year", y: from } });
    }
  }
  return out;
}

function buildEvents(n: number, seed: number, world: Pick<World, "placeByCity" | "sites">): Ev[] {
  const out: Ev[] = EVENTS.slice(0, n).map((e, i) => ({ ...e, id: String(i + 1), kind: "esposizione" as const }));
  for (let i = out.length; i < n; i++) {
    const id = String(i + 1);
    const r = Rng.derive(seed, `event:${id}`);
    const kind = r.weighted<Ev["kind"]>(["fiera", "mostra", "acquisizione", "restauro", "inaugurazione", "sciopero"], [30, 18, 16, 16, 10, 10]);
    if (kind === "fiera") {
      const year = r.int(1920, 1990);
      const name = L(`Fiera campionaria di Milano ${year}`, `Milan Trade Fair ${year}`, `Foire de Milan ${year}`);
      out.push({
        id, kind, type: kind, name, city: "milano", year, month: 4, day: r.int(12, 18), endYear: year, endMonth: 4, endDay: r.int(24, 30), visitors: r.int(800, 4500) * 1000,
        at: L(`alla ${name.it}`, `at the ${name.en}`, `à la ${name.fr}`), of: L(`della ${name.it}`, `for the ${name.en}`, `de la ${name.fr}`),
      });
    } else if (kind === "mostra") {
      const t = r.pick(EXHIBITION_TITLES);
      const year = r.int(1970, THIS_YEAR);
      const city = r.chance(0.7) ? "sesto-san-giovanni" : r.pick(["milano", "como", "torino", "parigi", "londra", "laveno"]);
      const m = r.int(1, year === THIS_YEAR ? 8 : 10);
      out.push({
        id, kind, type: kind, city, year, month: m, day: r.int(1, 28), endYear: year + (m > 8 ? 1 : 0), endMonth: ((m + 2) % 12) + 1, endDay: r.int(1, 28), visitors: r.int(3, 90) * 1000,
        name: L(`Mostra «${t.it}»`, `Exhibition “${t.en}”`, `Exposition « ${t.fr} »`),
        at: L(`alla mostra «${t.it}»`, `at the exhibition “${t.en}”`, `à l'exposition « ${t.fr} »`),
        of: L(`della mostra «${t.it}»`, `for the exhibition “${t.en}”`, `de l'exposition « ${t.fr} »`),
      });
    } else if (kind === "acquisizione") {
      const year = r.int(1968, THIS_YEAR);
      const donor = `${r.pick(NAMES.it.m)} ${r.pick(NAMES.it.s)}`;
      const name = r.chance(0.5)
        ? L(`Donazione della raccolta ${donor}`, `Donation of the ${donor} collection`, `Don de la collection ${donor}`)
        : L(`Acquisizione dell'archivio della Tipografia ${donor.split(" ")[1]}`, `Acquisition of the Tipografia ${donor.split(" ")[1]} archive`, `Acquisition des archives de la Tipografia ${donor.split(" ")[1]}`);
      out.push({ id, kind, type: kind, name, at: name, of: name, city: "sesto-san-giovanni", year, month: r.int(1, 12), day: r.int(1, 28) });
    } else if (kind === "restauro") {
      const year = r.int(1975, THIS_YEAR);
      const s = r.pick(RESTORATION_SUBJECTS);
      const name = L(`Restauro ${s.it}, ${year}`, `Restoration ${s.en}, ${year}`, `Restauration ${s.fr}, ${year}`);
      out.push({ id, kind, type: kind, name, at: name, of: name, city: "sesto-san-giovanni", year, endYear: year + r.int(0, 2) });
    } else if (kind === "inaugurazione") {
      const site = world.sites.length ? r.pick(world.sites) : undefined;
      const np = site ? site.np : SITE_KINDS.stabilimento!.np(CITY.get("sesto-san-giovanni")!.name);
      const year = site?.built ?? 1906;
      const name = L(`Inaugurazione ${itPrep("di", np.it)}`, `Opening of ${np.en}`, `Inauguration ${frDe(np.fr)}`);
      out.push({ id, kind, type: kind, name, at: name, of: name, city: site?.city.key ?? "sesto-san-giovanni", place: site?.id, year, month: r.int(3, 10), day: r.int(1, 28) });
    } else {
      const year = r.int(1901, 1975);
      const city = r.pick(["sesto-san-giovanni", "sesto-san-giovanni", "como", "laveno", "milano"]);
      const c = CITY.get(city)!.name;
      const name = L(`Sciopero delle maestranze di ${c.it}, ${year}`, `Strike of the ${c.en} workers, ${year}`, `Grève des ouvriers ${frDe(c.fr)}, ${year}`);
      const m = r.int(1, 12);
      out.push({ id, kind, type: kind, name, at: name, of: name, city, year, month: m, day: r.int(1, 20), endYear: year, endMonth: m, endDay: r.int(21, 28) });
    }
  }
  return out;
}

function buildCollections(n: number, seed: number): Coll[] {
  const out: Coll[] = [];
  const order = new Map<string, number>();
  const nextOrder = (parent?: string) => {
    const k = parent ?? "";
    const v = (order.get(k) ?? 0) + 1;
    order.set(k, v);
    return v;
  };
  COLLECTIONS.slice(0, n).forEach((c, i) => {
    const parent = c.parent !== undefined ? String(c.parent) : undefined;
    out.push({ id: String(i + 1), name: c.name, kind: c.kind, parent, order: nextOrder(parent), years: c.years, extent: c.extent, history: c.history, creator: c.creator ? String(c.creator) : undefined });
  });
  const parents = out.filter((c) => c.kind === "serie" || c.kind === "sottoserie");
  for (let i = out.length; i < n; i++) {
    const id = String(i + 1);
    const r = Rng.derive(seed, `collection:${id}`);
    const topics = FILE_TOPICS.filter((t) => t.series.some((sid) => out[sid - 1]?.kind === "serie" || out[sid - 1]?.kind === "sottoserie"));
    const topicDef = topics.length ? r.pick(topics) : FILE_TOPICS[0]!;
    const fitting = parents.filter((p) => topicDef.series.includes(Number(p.id)));
    const parent = fitting.length ? r.pick(fitting) : parents.length ? r.pick(parents) : out[0]!;
    const topic = topicDef.name;
    const y1 = r.int(Math.max(parent.years[0], 1782), Math.max(parent.years[0], parent.years[1] - 5));
    const y2 = Math.min(parent.years[1], y1 + r.int(1, 9));
    const folders = r.int(3, 60);
    out.push({
      id, kind: "fascicolo", parent: parent.id, order: nextOrder(parent.id), years: [y1, y2],
      name: L(`${topic.it}, ${y1}–${y2}`, `${topic.en}, ${y1}–${y2}`, `${topic.fr}, ${y1}–${y2}`),
      extent: L(`${folders} sottofascicoli`, `${folders} sub-files`, `${folders} sous-dossiers`),
      history: L(
        `Fascicolo della serie «${parent.name.it}», riordinato nel ${r.int(1996, 2020)}.`,
        `File of the series “${parent.name.en}”, rearranged in ${r.int(1996, 2020)}.`,
        `Dossier de la série « ${parent.name.fr} », reclassé en ${r.int(1996, 2020)}.`,
      ),
    });
  }
  return out;
}

function buildWorld(c: ReturnType<typeof counts>, seed: number): World {
  const places = buildPlaces(c.ca_places, seed);
  const placeByCity = new Map<string, string>();
  for (const p of places) if (p.kind === "city") placeByCity.set(p.city.key, p.id);
  const sites = places.filter((p): p is Extract<PlaceDef, { kind: "site" }> => p.kind === "site");
  const entities = buildEntities(c.ca_entities, seed);
  const byProf = new Map<string, Ent[]>();
  const byFirmKind = new Map<string, Ent[]>();
  const add = (m: Map<string, Ent[]>, k: string, e: Ent) => {
    const list = m.get(k);
    if (list) list.push(e);
    else m.set(k, [e]);
  };
  for (const e of entities) {
    if (e.prof) add(byProf, e.prof, e);
    if (e.firmKind) add(byFirmKind, e.firmKind, e);
  }
  const events = buildEvents(c.ca_occurrences, seed, { placeByCity, sites });
  const collections = buildCollections(c.ca_collections, seed);
  const childrenOf = new Map<string, string[]>();
  for (const col of collections) if (col.parent) childrenOf.set(col.parent, [...(childrenOf.get(col.parent) ?? []), col.id]);
  const exhibitions = events.filter((e) => e.kind === "esposizione" || e.kind === "fiera" || e.kind === "mostra");
  return {
    seed, places, placeByCity, sites, entities, byProf, byFirmKind,
    persons: entities.filter((e) => e.kind === "persona"),
    firms: entities.filter((e) => e.kind === "ditta"),
    events,
    exhibitions,
    fairs: exhibitions.filter((e) => e.kind !== "mostra" && e.year >= 1852),
    exhibitionsByYear: [...exhibitions].sort((a, b) => a.year - b.year || Number(a.id) - Number(b.id)),
    family: entities.filter((e) => e.kind === "persona" && /Valdameri/.test(e.name.it)),
    areaPlace: new Map(places.flatMap((p) => (p.kind === "area" ? [[p.area.key, p.id] as [string, string]] : []))),
    collections,
    collectionIds: new Set(collections.map((x) => x.id)),
    childrenOf,
  };
}

// ---------------------------------------------------------------------------
// Shared record pieces
// ---------------------------------------------------------------------------

const META_LABELS: Record<string, LT> = {
  tecnica: L("Tecnica", "Technique", "Technique"),
  materiali: L("Materiali", "Materials", "Matériaux"),
  dimensioni: L("Dimensioni", "Dimensions", "Dimensions"),
  conservazione: L("Stato di conservazione", "Condition", "État de conservation"),
  note: L("Note", "Notes", "Notes"),
  iscrizioni: L("Iscrizioni", "Inscriptions", "Inscriptions"),
  data_acquisizione: L("Data di acquisizione", "Date of acquisition", "Date d'acquisition"),
  data_restauro: L("Data del restauro", "Date of restoration", "Date de restauration"),
  scheda: L("Scheda catalografica", "Catalogue record", "Fiche catalographique"),
  bibliografia: L("Bibliografia", "Bibliography", "Bibliographie"),
  stima: L("Stima", "Estimate", "Estimation"),
  prezzo_acquisto: L("Prezzo di acquisto", "Purchase price", "Prix d'achat"),
  professione: L("Professione", "Occupation", "Profession"),
  luogo_nascita: L("Luogo di nascita", "Place of birth", "Lieu de naissance"),
  nascita: L("Data di nascita", "Date of birth", "Date de naissance"),
  morte: L("Data di morte", "Date of death", "Date de décès"),
  sede: L("Sede", "Based in", "Siège"),
  settore: L("Settore", "Sector", "Secteur"),
  fondazione: L("Data di fondazione", "Founded", "Date de fondation"),
  cessazione: L("Data di cessazione", "Closed", "Date de cessation"),
  capitale_sociale: L("Capitale sociale", "Share capital", "Capital social"),
  scheda_autorita: L("Record di autorità", "Authority record", "Notice d'autorité"),
  altitudine: L("Altitudine", "Elevation", "Altitude"),
  indirizzo: L("Indirizzo", "Address", "Adresse"),
  costruzione: L("Anno di costruzione", "Built", "Année de construction"),
  dismissione: L("Anno di dismissione", "Closed", "Année de fermeture"),
  data_inizio: L("Data di inizio", "Start date", "Date de début"),
  data_fine: L("Data di fine", "End date", "Date de fin"),
  sede_evento: L("Luogo", "Venue", "Lieu"),
  visitatori: L("Visitatori", "Visitors", "Visiteurs"),
  catalogo: L("Catalogo", "Catalogue", "Catalogue"),
  costo: L("Costo", "Cost", "Coût"),
  estremi_cronologici: L("Estremi cronologici", "Date range", "Dates extrêmes"),
  consistenza: L("Consistenza", "Extent", "Importance matérielle"),
  storia_archivistica: L("Storia archivistica", "Archival history", "Historique de la conservation"),
  strumenti_ricerca: L("Strumenti di ricerca", "Finding aids", "Instruments de recherche"),
  formato: L("Formato", "Format", "Format"),
  risoluzione: L("Risoluzione", "Resolution", "Résolution"),
  data_digitalizzazione: L("Data di digitalizzazione", "Digitised on", "Date de numérisation"),
  licenza: L("Licenza", "Licence", "Licence"),
  durata: L("Durata", "Duration", "Durée"),
};

/** Metadata codes used per table (also consumed by site.ts for summary config). */
export const METADATA_CODES = {
  ca_objects: ["tecnica", "materiali", "dimensioni", "conservazione", "iscrizioni", "note", "data_acquisizione", "data_restauro", "stima", "prezzo_acquisto", "scheda", "bibliografia"],
  ca_entities: ["professione", "luogo_nascita", "nascita", "morte", "settore", "sede", "fondazione", "cessazione", "capitale_sociale", "scheda_autorita"],
  ca_occurrences: ["data_inizio", "data_fine", "sede_evento", "visitatori", "costo", "catalogo"],
  ca_places: ["indirizzo", "altitudine", "costruzione", "dismissione", "scheda"],
  ca_collections: ["estremi_cronologici", "consistenza", "storia_archivistica", "strumenti_ricerca"],
  assets: ["formato", "durata", "risoluzione", "data_digitalizzazione", "licenza"],
} as const;

/** Accumulates metadata entries in the three languages at once. */
class MetaBuilder {
  it: MetaEntry[] = [];
  en: MetaEntry[] = [];
  fr: MetaEntry[] = [];
  text(code: string, value: LT) {
    for (const l of LANGS) this[l].push({ code, label: META_LABELS[code]![l], type: "text", value: value[l] });
    return this;
  }
  date(code: string, value: string) {
    for (const l of LANGS) this[l].push({ code, label: META_LABELS[code]![l], type: "date", value });
    return this;
  }
  link(code: string, url: string, text?: LT) {
    for (const l of LANGS) this[l].push({ code, label: META_LABELS[code]![l], type: "link", value: text ? { url, text: text[l] } : { url } });
    return this;
  }
  money(code: string, amount: number, currency: number) {
    for (const l of LANGS) this[l].push({ code, label: META_LABELS[code]![l], type: "quantityValue", value: { amount, currency } });
    return this;
  }
}

type LocaleMode = "all" | "it" | "it-en";
function localeMode(r: Rng): LocaleMode {
  const x = r.float();
  return x < 0.04 ? "it" : x < 0.06 ? "it-en" : "all";
}

function makeTexts(mode: LocaleMode, label: LT, summary: LT | undefined, meta: MetaBuilder, display?: LT): Texts {
  const langs: Lang[] = mode === "all" ? LANGS : mode === "it" ? ["it"] : ["it", "en"];
  const out: Texts = {};
  for (const l of langs) {
    out[l] = {
      label: label[l],
      ...(summary ? { summary: summary[l] } : {}),
      ...(display ? { dateDisplay: display[l] } : {}),
      metadata: meta[l],
    };
  }
  return out;
}

function pickAccess(r: Rng, bias = 0): 1 | 2 | 3 {
  const x = r.float();
  if (x < 0.05 + bias / 2) return 3;
  if (x < 0.15 + bias) return 2;
  return 1;
}

/** Ends a sentence with one full stop ("S.p.A." does not get a second one). */
function dot(s: string): string {
  return s.endsWith(".") ? s : `${s}.`;
}

function sentence(parts: (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(" ");
}

const SOURCE = (table: string, id: string, r: Rng, license = "CC BY 4.0") => ({
  url: `${FOUNDATION.baseUrl}/${table.replace("ca_", "")}/${id}`,
  license: r.chance(0.1) ? "CC0 1.0" : license,
  attribution: FOUNDATION.attribution,
});

/** Running-text forms of an entity name: Italian with its article. */
const entIt = (e: Ent) => `${e.itArt}${e.name.it}`;
const entL = (e: Ent): LT => L(entIt(e), e.name.en, e.name.fr);

function activeIn(e: Ent, y: number) {
  const start = e.kind === "persona" ? e.from + 16 : e.from;
  const end = e.to ?? THIS_YEAR;
  return y >= start && y <= end;
}

function pickEntity(r: Rng, pool: Ent[] | undefined, y: number | undefined, tries = 10): Ent | undefined {
  if (!pool?.length) return undefined;
  for (let i = 0; i < tries; i++) {
    const e = r.pick(pool);
    if (y === undefined || activeIn(e, y)) return e;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------

type ObjectForce = {
  kind?: string;
  /** Entity ids for the author and (letters) the recipient. */
  author?: string;
  recipient?: string;
  collection?: string;
  /** Occurrence id of an exhibition the object was shown at. */
  exhibited?: string;
  madeIn?: string;
  access?: 1 | 2 | 3;
  mode?: LocaleMode;
  date?: DateInfo;
  images?: SizeName[];
  noMedia?: boolean;
  metaAll?: boolean;
  variant?: string;
};

type ObjSummary = { id: string; label: LT; access: 1 | 2 | 3; image?: ImageSpec };

class ObjectFactory {
  private numero = new Map<string, number>();
  private album: { id: string; left: number; order: number; label: LT } | null = null;
  constructor(
    private world: World,
    private pool: ImagePool,
  ) {}

  private kindByKey = new Map(OBJECT_KINDS.map((k) => [k.key, k]));
  private pools = new Map<string, Ent[]>();

  /** Entities by profession ("p:fotografo") and firm kind ("f:fotografo"), concatenated and cached. */
  private people(...keys: string[]): Ent[] {
    const k = keys.join("|");
    let hit = this.pools.get(k);
    if (!hit) {
      hit = keys.flatMap((key) => (key.startsWith("p:") ? this.world.byProf.get(key.slice(2)) : this.world.byFirmKind.get(key.slice(2))) ?? []);
      this.pools.set(k, hit);
    }
    return hit;
  }

  private site(r: Rng, subjectFilter?: (s: World["sites"][number]) => boolean) {
    const sites = this.world.sites.filter((s) => !subjectFilter || subjectFilter(s));
    if (sites.length && r.chance(0.85)) {
      const s = r.pick(sites);
      return { np: s.np, city: s.city, placeId: s.id, built: s.built, subjects: SITE_KINDS[s.site]!.subjects, outdoor: OUTDOOR.has(s.site) };
    }
    const c = r.pick(CITIES.filter((x) => x.sites?.length));
    const sk = SITE_KINDS[r.pick(c.sites!)]!;
    return { np: sk.np(c.name), city: c, placeId: undefined as string | undefined, built: sk.built[0], subjects: sk.subjects, outdoor: OUTDOOR.has(sk.key) };
  }

  private city(r: Rng): City {
    return r.chance(0.6) ? CITY.get(r.pick(["milano", "sesto-san-giovanni", "como", "laveno", "monza", "genova", "torino"]))! : r.pick(CITIES);
  }

  build(id: string, force: ObjectForce = {}): { rec: Rec; summary: ObjSummary } {
    const w = this.world;
    const r = Rng.derive(w.seed, `object:${id}`);
    const kind = force.kind ? this.kindByKey.get(force.kind)! : r.weighted(OBJECT_KINDS, OBJECT_KINDS.map((k) => k.share));
    const mode = force.mode ?? localeMode(r);
    const yearFixed = force.date !== undefined;
    let year = force.date?.y ?? r.bell(kind.years[0], kind.years[1]);
    const setYear = (v: number) => {
      if (!yearFixed) year = v;
    };
    let made = kind.made;
    let gFr = kind.g.fr;
    let sentFrom = false;
    let ctxPool = kind.context;
    let collections = kind.collections;
    let label: LT = kind.name;
    let desc: LT | null = null;
    let author: Ent | undefined;
    let noAuthorSentence = false;
    let madeWhere: City | undefined;
    let city: City | undefined;
    const subjects = new Set<string>();
    const relations: Relation[] = [];
    let event: Ev | undefined;
    let techniqueKey = r.pick(kind.techniques);
    let parent: string | undefined;
    let order = 0;

    switch (kind.key) {
      case "fotografia": {
        const v = force.variant ?? r.weighted(["site", "group", "portrait", "event", "product", "album"], [44, 12, 14, 10, 14, this.world.sites.length ? 6 : 0]);
        let np: LT;
        let outdoor = true;
        ctxPool = [kind.context[0]!, kind.context[2]!];
        if (v === "portrait") {
          const sitter = pickEntity(r, w.persons, undefined) ?? w.entities[0]!;
          setYear(Math.min(kind.years[1], Math.max(kind.years[0], sitter.from + r.int(18, 60))));
          np = L(`il ritratto di ${sitter.name.it}`, `a portrait of ${sitter.name.en}`, `le portrait ${frDe(sitter.name.fr)}`);
          label = L(`Ritratto di ${sitter.name.it}`, `Portrait of ${sitter.name.en}`, `Portrait ${frDe(sitter.name.fr)}`);
          desc = L(`Ritratto in studio di ${sitter.name.it}.`, `Studio portrait of ${sitter.name.en}.`, `Portrait en atelier ${frDe(sitter.name.fr)}.`);
          relations.push(rel(REL.soggetto!, "ca_entities", sitter.id));
          subjects.add("ritratti");
          city = CITY.get(sitter.city);
        } else if (v === "event" && w.fairs.length) {
          const ev = r.pick(w.fairs);
          setYear(ev.year);
          np = L(`il padiglione Valdameri ${ev.at.it}`, `the Valdameri pavilion ${ev.at.en}`, `le pavillon Valdameri ${ev.at.fr}`);
          relations.push(rel(REL.evento!, "ca_occurrences", ev.id));
          subjects.add("esposizioni");
          city = CITY.get(ev.city);
        } else if (v === "product") {
          const p = r.pick(PRODUCTS);
          setYear(r.int(Math.max(p.years[0], kind.years[0]), p.years[1]));
          np = p.np;
          p.subjects.forEach((s) => subjects.add(s));
          city = CITY.get("sesto-san-giovanni");
        } else {
          const sesto = CITY.get("sesto-san-giovanni")!;
          const s =
            force.variant === "sesto"
              ? {
                  np: SITE_KINDS.stabilimento!.np(sesto.name),
                  city: sesto,
                  placeId: w.sites.find((x) => x.site === "stabilimento" && x.city.key === sesto.key)?.id,
                  subjects: SITE_KINDS.stabilimento!.subjects,
                  built: 1906,
                  outdoor: false,
                }
              : this.site(r);
          setYear(Math.max(year, s.built, kind.years[0]));
          np = v === "group" ? L(`le maestranze ${itPrep("di", s.np.it)}`, `the workforce of ${s.np.en}`, `le personnel ${frDe(s.np.fr)}`) : s.np;
          s.subjects.forEach((x) => subjects.add(x));
          if (v === "group") subjects.add("maestranze");
          city = s.city;
          outdoor = s.outdoor || v === "group";
          if (s.subjects.includes("siderurgia") || s.subjects.includes("industria-tessile") || s.subjects.includes("ceramica-ind")) ctxPool = kind.context;
          else ctxPool = [kind.context[0]!, kind.context[2]!];
          if (s.placeId) relations.push(rel(REL.luogoRaffigurato!, "ca_places", s.placeId));
          if (v === "album") {
            made = L("composto", "compiled", "composé");
            gFr = "m";
            label = L(`Album fotografico ${itPrep("di", s.np.it)}`, `Photograph album of ${s.np.en}`, `Album photographique ${frDe(s.np.fr)}`);
            desc = L(`Album di rappresentanza con fotografie ${itPrep("di", s.np.it)}.`, `Presentation album with photographs of ${s.np.en}.`, `Album de prestige contenant des photographies ${frDe(s.np.fr)}.`);
          }
        }
        collections = v === "portrait" ? [14, 20] : v === "album" ? [21] : v === "event" ? [20, 21, 10] : v === "product" ? [20, 19, 8] : [12, 19, 20];
        if (v !== "portrait" && v !== "album") {
          const qual = v === "sesto" ? null : r.weighted(
            [null, L(", veduta esterna", ", exterior view", ", vue extérieure"), L(", interno", ", interior", ", intérieur"), L(", particolare", ", detail", ", détail")],
            [60, 16, outdoor ? 0 : 14, 10],
          );
          label = L(`Fotografia ${ofL(np!).it}${qual?.it ?? ""}`, `Photograph ${ofL(np!).en}${qual?.en ?? ""}`, `Photographie ${ofL(np!).fr}${qual?.fr ?? ""}`);
          desc = L(`La fotografia ritrae ${np!.it}.`, `The photograph shows ${np!.en}.`, `La photographie montre ${np!.fr}.`);
        }
        techniqueKey = year < 1880 ? "albumina" : year > 1965 && r.chance(0.6) ? "colore" : year < 1950 && r.chance(0.2) ? "lastra" : "gelatina";
        author = pickEntity(r, this.people("p:fotografo", "f:fotografo"), year);
        if (v === "album") {
          this.album = { id, left: r.int(3, 8), order: 0, label: label };
        } else if (this.album && this.album.left > 0 && r.chance(0.7)) {
          parent = this.album.id;
          order = ++this.album.order;
          this.album.left--;
        }
        break;
      }
      case "lettera": {
        const family = w.family;
        const byId = (x?: string) => (x ? w.entities[Number(x) - 1] : undefined);
        const a = byId(force.author) ?? (r.chance(0.4) ? pickEntity(r, family, year) : undefined) ?? pickEntity(r, w.persons, year) ?? pickEntity(r, w.firms, year);
        if (a) setYear(Math.max(year, a.kind === "persona" ? a.from + 16 : a.from));
        const b = byId(force.recipient) ?? pickEntity(r, r.chance(0.5) ? w.persons : w.firms, year) ?? w.entities.find((e) => e.id !== a?.id);
        const confidential = force.variant === "confidential";
        const kinds = [
          { n: L("Lettera", "Letter", "Lettre"), made: kind.made, g: "f" as const },
          { n: L("Cartolina postale", "Postcard", "Carte postale"), made: kind.made, g: "f" as const },
          { n: L("Telegramma", "Telegram", "Télégramme"), made: L("spedito", "sent", "envoyé"), g: "m" as const },
        ];
        const sub = confidential ? { n: L("Lettera riservata", "Confidential letter", "Lettre confidentielle"), made: kind.made, g: "f" as const } : r.weighted(kinds, [80, year >= 1874 ? 12 : 0, year >= 1850 ? 8 : 0]);
        const what = sub.n;
        made = sub.made;
        gFr = sub.g;
        sentFrom = sub.g === "m";
        const privateLetter = !!a && !!b && /Valdameri/.test(a.name.it) && a.kind === "persona" && b.kind === "persona" && r.chance(0.6);
        const topic = confidential
          ? L("sulla cessione delle quote della società", "about the sale of shares in the company", "au sujet de la cession des parts de la société")
          : r.chance(0.6) ? r.pick(LETTER_TOPICS.filter((t) => !!t.family === privateLetter)).topic : null;
        collections = privateLetter ? [13] : year < 1906 ? [18] : year <= 1931 ? [7, 18] : [7];
        const A = a ?? w.entities[0]!;
        const B = b ?? w.entities[1] ?? A;
        label = L(
          `${what.it} ${itPrep("di", entIt(A))} ${itPrep("a", entIt(B))}${topic ? ` ${topic.it}` : ""}`,
          `${what.en} from ${A.name.en} to ${B.name.en}${topic ? ` ${topic.en}` : ""}`,
          `${what.fr} ${frDe(A.name.fr)} ${frA(B.name.fr)}${topic ? ` ${topic.fr}` : ""}`,
        );
        desc = L(
          `${cap(entIt(A))} scrive ${itPrep("a", entIt(B))} ${topic?.it ?? "per questioni di lavoro"}.`,
          `${A.name.en} writes to ${B.name.en} ${topic?.en ?? "on business matters"}.`,
          `${A.name.fr} écrit ${frA(B.name.fr)} ${topic?.fr ?? "pour des questions d'affaires"}.`,
        );
        author = A;
        noAuthorSentence = true;
        madeWhere = CITY.get(A.city);
        city = madeWhere;
        relations.push(rel(REL.destinatario!, "ca_entities", B.id));
        subjects.add(privateLetter ? "corrispondenza-privata" : "corrispondenza-commerciale");
        techniqueKey = year > 1920 && r.chance(0.6) ? "dattiloscritto" : "manoscritto";
        break;
      }
      case "disegno-tecnico": {
        const useSite = r.chance(0.25);
        const head = r.weighted(
          [L("Disegno tecnico", "Technical drawing", "Dessin technique"), L("Sezione longitudinale", "Longitudinal section", "Coupe longitudinale"), L("Progetto", "Design", "Projet")],
          [60, 20, 20],
        );
        let np: LT;
        if (useSite) {
          const s = this.site(r);
          np = s.np;
          setYear(Math.max(s.built - r.int(0, 3), kind.years[0]));
          city = s.city;
          s.subjects.forEach((x) => subjects.add(x));
          if (s.placeId) relations.push(rel(REL.luogoRaffigurato!, "ca_places", s.placeId));
          label = L(`Pianta e prospetto ${itPrep("di", np.it)}`, `Plan and elevation of ${np.en}`, `Plan et élévation ${frDe(np.fr)}`);
        } else {
          const p: Product = r.pick(PRODUCTS);
          setYear(r.int(Math.max(p.years[0], kind.years[0]), Math.min(p.years[1], kind.years[1])));
          np = p.np;
          p.subjects.forEach((x) => subjects.add(x));
          city = CITY.get(p.key === "aspo" ? "como" : "sesto-san-giovanni");
          label = L(`${head.it} ${ofL(np).it}`, `${head.en} ${ofL(np).en}`, `${head.fr} ${ofL(np).fr}`);
        }
        desc = L(`Il disegno rappresenta ${np.it}.`, `The drawing shows ${np.en}.`, `Le dessin représente ${np.fr}.`);
        techniqueKey = r.chance(0.35) ? "cianotipia" : "china";
        author = (year >= 1906 && year <= 1931 && r.chance(0.25) ? w.entities[11] : undefined) ?? pickEntity(r, this.people("p:disegnatore", "p:ingegnere", "p:architetto"), year);
        if (r.chance(0.15)) subjects.add("brevetti");
        break;
      }
      case "manifesto":
      case "bozzetto": {
        const isEvent = kind.key === "manifesto" && r.chance(0.3) && w.exhibitions.length > 0;
        if (isEvent) {
          event = r.pick(w.exhibitions);
          setYear(Math.max(kind.years[0], event.year - (r.chance(0.5) ? 1 : 0)));
          label = L(`Manifesto ${event.of.it}`, `Poster ${event.of.en}`, `Affiche ${event.of.fr}`);
          desc = L(`Manifesto ufficiale ${event.of.it}.`, `Official poster ${event.of.en}.`, `Affiche officielle ${event.of.fr}.`);
          relations.push(rel(REL.evento!, "ca_occurrences", event.id));
          subjects.add("esposizioni");
          event = undefined;
        } else {
          const p = r.pick(PRODUCTS);
          setYear(r.int(Math.max(p.years[0], kind.years[0]), Math.min(p.years[1], kind.years[1])));
          if (kind.key === "manifesto") {
            label = L(`Manifesto pubblicitario ${itPrep("di", p.brand.it)}`, `Advertising poster for ${p.brand.en}`, `Affiche publicitaire pour ${p.brand.fr}`);
            desc = L(`Il manifesto pubblicizza ${p.brand.it}.`, `The poster advertises ${p.brand.en}.`, `L'affiche fait la promotion ${frDe(p.brand.fr)}.`);
          } else {
            label = L(`Bozzetto per il manifesto ${itPrep("di", p.brand.it)}`, `Sketch for a poster advertising ${p.brand.en}`, `Esquisse pour l'affiche ${frDe(p.brand.fr)}`);
            desc = L(
              `Studio preparatorio per la campagna pubblicitaria ${itPrep("di", p.brand.it)}.`,
              `Preparatory study for the advertising campaign for ${p.brand.en}.`,
              `Étude préparatoire pour la campagne publicitaire ${frDe(p.brand.fr)}.`,
            );
          }
          subjects.add("pubblicita");
        }
        techniqueKey = kind.key === "bozzetto" ? r.pick(kind.techniques) : year < 1900 ? "litografia" : year < 1955 ? "cromolitografia" : "offset";
        author = (year >= 1905 && year <= 1955 && r.chance(0.3) ? w.entities[12] : undefined) ?? pickEntity(r, this.people("p:illustratore", "p:pittore"), year);
        city = CITY.get("milano");
        break;
      }
      case "registro": {
        const c = force.variant === "payroll" || r.chance(0.6) ? CITY.get("sesto-san-giovanni")! : CITY.get(r.pick(["como", "laveno", "milano"]))!;
        const range = force.date ? force.date.kind === "range" : r.chance(0.4);
        const y2 = range ? Math.min(THIS_YEAR, year + r.int(1, 4)) : year;
        const yl = range ? `${year}–${y2}` : String(year);
        const tmpl = force.variant === "payroll" ? LEDGER_TITLES[0]! : r.pick(LEDGER_TITLES);
        label = tmpl(c.name, yl);
        const leaves = r.int(48, 400);
        desc = range
          ? L(`Il volume raccoglie le registrazioni degli anni ${yl}, su ${leaves} carte numerate.`, `The volume holds the entries for the years ${yl}, on ${leaves} numbered leaves.`, `Le volume rassemble les écritures des années ${yl}, sur ${leaves} feuillets numérotés.`)
          : L(`Il volume raccoglie le registrazioni dell'anno ${yl}, su ${leaves} carte numerate.`, `The volume holds the entries for the year ${yl}, on ${leaves} numbered leaves.`, `Le volume rassemble les écritures de l'année ${yl}, sur ${leaves} feuillets numérotés.`);
        if (!force.date) force = { ...force, date: range ? { kind: "range", y: year, y2 } : { kind: "year", y: year } };
        subjects.add(tmpl === LEDGER_TITLES[0] ? "maestranze" : "contabilita");
        author = pickEntity(r, this.people("p:contabile", "p:impiegato"), year);
        city = c;
        break;
      }
      case "mappa": {
        const c = this.city(r);
        label = r.pick(MAP_TITLES)(c.name);
        const scale = r.pick([2000, 5000, 10000, 25000, 50000, 100000]);
        desc = L(
          `Rappresentazione in scala 1:${fmtInt(scale, "it")} del territorio di ${c.name.it}.`,
          `A 1:${fmtInt(scale, "en")} scale representation of the ${c.name.en} area.`,
          `Représentation à l'échelle 1:${fmtInt(scale, "fr")} du territoire ${frDe(c.name.fr)}.`,
        );
        subjects.add("cartografia");
        techniqueKey = year < 1850 ? "acquerello" : r.pick(["litografia", "china", "acquerello"]);
        author = pickEntity(r, this.people("p:ingegnere", "p:architetto", "p:disegnatore"), year);
        city = c;
        break;
      }
      case "ceramica": {
        const shape = r.pick(CERAMIC_SHAPES);
        const mat = r.pick(CERAMIC_MATERIALS);
        const decor = force.variant === "melograno" ? CERAMIC_DECORS[1]! : r.pick(CERAMIC_DECORS);
        label = L(`${shape.it} ${mat.it} ${decor.it}`, `${mat.en} ${shape.en} ${decor.en}`, `${shape.fr} ${mat.fr} ${decor.fr}`);
        techniqueKey = mat.tech;
        const laveno = w.entities[8];
        const maker = (year >= 1872 && year <= 1979 && r.chance(0.6) ? laveno : undefined) ?? pickEntity(r, w.byFirmKind.get("ceramica"), year);
        if (maker) {
          desc = L(`Esemplare della produzione ${itPrep("di", entIt(maker))}.`, `An example of the production of ${maker.name.en}.`, `Exemplaire de la production ${frDe(maker.name.fr)}.`);
          author = maker;
          noAuthorSentence = true;
          madeWhere = CITY.get(maker.city);
        }
        subjects.add("ceramica-ind");
        city = CITY.get(maker?.city ?? "laveno");
        break;
      }
      case "tessuto": {
        const fab = r.pick(FABRICS);
        const motif = r.pick(MOTIFS);
        const remnant = r.chance(0.3);
        label = remnant
          ? L(`Scampolo di ${fab.np.it} ${motif.it}`, `${cap(fab.np.en)} remnant ${motif.en}`, `Coupon ${frDe(fab.np.fr)} ${motif.fr}`)
          : L(`Campione di ${fab.np.it} ${motif.it}`, `${cap(fab.np.en)} sample ${motif.en}`, `Échantillon ${frDe(fab.np.fr)} ${motif.fr}`);
        techniqueKey = fab.tech;
        const mill = w.entities[7];
        const maker = (year >= 1782 && year <= 1931 && r.chance(0.6) ? mill : undefined) ?? pickEntity(r, w.byFirmKind.get("setificio"), year);
        if (maker) {
          desc = L(`Tessuto uscito dai telai ${itPrep("di", entIt(maker))}.`, `Fabric woven on the looms of ${maker.name.en}.`, `Étoffe sortie des métiers ${frDe(maker.name.fr)}.`);
          author = maker;
          noAuthorSentence = true;
          madeWhere = CITY.get(maker.city);
        }
        subjects.add("industria-tessile");
        city = CITY.get(maker?.city ?? "como");
        break;
      }
      case "strumento": {
        const instr = r.pick(INSTRUMENTS);
        const ins = instr.name;
        setYear(r.int(Math.max(instr.years[0], kind.years[0]), Math.min(instr.years[1], kind.years[1])));
        const maker = pickEntity(r, this.people("f:strumenti", "f:meccanica"), year);
        label = maker ? L(`${ins.it}, ${maker.name.it}`, `${ins.en}, ${maker.name.en}`, `${ins.fr}, ${maker.name.fr}`) : ins;
        const s = this.site(r, (x) => SITE_KINDS[x.site]!.type === "stabilimento");
        desc = L(`Strumento di misura in uso presso ${s.np.it}.`, `Measuring instrument used at ${s.np.en}.`, `Instrument de mesure utilisé ${frA(s.np.fr)}.`);
        author = maker;
        subjects.add("misura");
        city = maker ? CITY.get(maker.city) : s.city;
        break;
      }
      case "documento": {
        const c = this.city(r);
        const p = r.pick(PRODUCTS);
        label = r.pick(DOCUMENT_TITLES)(c.name, p.np);
        if (/privativa/.test(label.it)) subjects.add("brevetti");
        else subjects.add(r.pick(["contabilita", "architettura-industriale", "corrispondenza-commerciale"]));
        techniqueKey = year < 1915 ? "manoscritto" : r.pick(["dattiloscritto", "stampa"]);
        author = pickEntity(r, this.people("p:notaio", "p:industriale"), year);
        city = c;
        break;
      }
      case "catalogo": {
        const p = r.pick(PRODUCTS);
        setYear(r.int(Math.max(p.years[0], kind.years[0]), Math.min(p.years[1], kind.years[1])));
        label = r.chance(0.7)
          ? L(`Catalogo ${itPrep("di", p.brand.it)}, ${year}`, `Catalogue of ${p.brand.en}, ${year}`, `Catalogue ${frDe(p.brand.fr)}, ${year}`)
          : L(`Listino prezzi ${itPrep("di", p.brand.it)}, ${year}`, `Price list for ${p.brand.en}, ${year}`, `Tarif ${frDe(p.brand.fr)}, ${year}`);
        const pages = r.int(8, 160);
        desc = L(`Opuscolo illustrato di ${pages} pagine.`, `Illustrated booklet of ${pages} pages.`, `Brochure illustrée de ${pages} pages.`);
        subjects.add("pubblicita");
        author = pickEntity(r, w.byFirmKind.get("tipografia"), year) ?? pickEntity(r, w.byProf.get("illustratore"), year);
        city = CITY.get("milano");
        break;
      }
      case "medaglia": {
        const ev = w.fairs.length ? r.pick(w.fairs) : undefined;
        const grade = r.weighted(
          [{ it: "d'oro", en: "Gold", fr: "d'or" }, { it: "d'argento", en: "Silver", fr: "d'argent" }, { it: "di bronzo", en: "Bronze", fr: "de bronze" }],
          [30, 40, 30],
        );
        if (ev) {
          setYear(ev.year);
          label = L(`Medaglia ${grade.it} ${ev.of.it}`, `${grade.en} medal, ${ev.name.en}`, `Médaille ${grade.fr} ${ev.of.fr}`);
          desc = L(`Medaglia assegnata alla ditta Valdameri ${ev.at.it}.`, `Medal awarded to the Valdameri firm ${ev.at.en}.`, `Médaille décernée à la maison Valdameri ${ev.at.fr}.`);
          relations.push(rel(REL.evento!, "ca_occurrences", ev.id));
          city = CITY.get(ev.city);
        } else label = L(`Medaglia ${grade.it}`, `${grade.en} medal`, `Médaille ${grade.fr}`);
        subjects.add("esposizioni");
        author = pickEntity(r, w.byProf.get("medaglista"), year);
        break;
      }
      default:
        throw new Error(`unknown kind ${kind.key}`);
    }

    year = Math.min(year, THIS_YEAR);
    const date = force.date ?? randomDate(r, year, DATE_WEIGHTS[kind.key]);
    const when = whenL(date);
    const y = date.y;
    if (force.author && kind.key !== "lettera") author = w.entities[Number(force.author) - 1] ?? author;
    if (force.madeIn) madeWhere = CITY.get(force.madeIn);
    else if (!madeWhere && city && r.chance(0.7)) madeWhere = city;

    // Exhibited at: an exhibition held after the object was made.
    if (force.exhibited) event = w.events[Number(force.exhibited) - 1];
    else if (!event && ["fotografia", "manifesto", "ceramica", "tessuto", "strumento", "disegno-tecnico", "bozzetto"].includes(kind.key) && r.chance(0.18)) {
      const list = w.exhibitionsByYear;
      const lo = lowerBound(list, y);
      const hi = lowerBound(list, y + 41);
      if (hi > lo) event = list[lo + Math.floor(r.float() * (hi - lo))];
    }
    if (event) {
      relations.push(rel(REL.esposto!, "ca_occurrences", event.id, r.chance(0.5) ? [{ name: L("Numero di catalogo", "Catalogue number", "Numéro de catalogue"), value: String(r.int(1, 900)) }] : undefined));
      subjects.add("esposizioni");
    }
    if (author) {
      const inter = kind.key === "fotografia" && r.chance(0.4) ? [{ name: L("Numero di negativo", "Negative number", "Numéro de négatif"), value: `${String.fromCharCode(65 + r.int(0, 5))}-${r.int(100, 9999)}` }] : undefined;
      relations.unshift(rel(REL.autore!, "ca_entities", author.id, inter));
    }
    const madePlace = madeWhere ? w.placeByCity.get(madeWhere.key) : undefined;
    if (madePlace) relations.push(rel(REL.luogo!, "ca_places", madePlace));

    // Collection: a series of the kind covering the year, sometimes one of its files.
    const covers = (cid: string) => {
      const cc = w.collections[Number(cid) - 1];
      return !!cc && cc.years[0] <= y && cc.years[1] >= y;
    };
    const existing = collections.map(String).filter((c) => w.collectionIds.has(c));
    const candidates = existing.filter(covers);
    let collection = force.collection && w.collectionIds.has(force.collection) ? force.collection : candidates.length ? r.pick(candidates) : existing.length ? r.pick(existing) : "1";
    if (kind.key === "registro" && force.variant === "payroll" && w.collectionIds.has("31")) collection = "31";
    const files = w.childrenOf.get(collection)?.filter((c) => w.collections[Number(c) - 1]!.kind === "fascicolo" && covers(c));
    if (!force.collection && files?.length && r.chance(0.5)) collection = r.pick(files);
    const coll = w.collections[Number(collection) - 1]!;
    relations.push(rel(REL.fondo!, "ca_collections", collection));

    // Summary.
    const gF = { fr: gFr };
    const authorIt = author ? itPrep("da", entIt(author)) : null;
    const madeS =
      (when || (author && !noAuthorSentence) || (noAuthorSentence && madeWhere))
        ? L(
            dot(sentence([`Fu ${made.it}`, noAuthorSentence && madeWhere ? `${sentFrom ? "da" : "a"} ${madeWhere.name.it}` : null, when?.it, !noAuthorSentence ? authorIt : null])),
            dot(sentence([`It was ${made.en}`, noAuthorSentence && madeWhere ? `${sentFrom ? "from" : "in"} ${madeWhere.name.en}` : null, when?.en, !noAuthorSentence && author ? `by ${author.name.en}` : null])),
            dot(sentence([`${gF.fr === "f" ? "Elle" : "Il"} a été ${made.fr}`, noAuthorSentence && madeWhere ? (sentFrom ? frDe(madeWhere.name.fr) : `à ${madeWhere.name.fr}`) : null, when?.fr, !noAuthorSentence && author ? `par ${author.name.fr}` : null])),
          )
        : L("Autore e data non sono noti.", "The author and date are unknown.", "L'auteur et la date sont inconnus.");
    const ctx = r.chance(0.6) ? r.pick(ctxPool) : null;
    const ck = COLLECTION_KIND_NAMES[coll.kind];
    const collS = L(
      `Appartiene ${ck.art.it} «${coll.name.it}».`,
      `It belongs ${ck.art.en} “${coll.name.en}”.`,
      `${gF.fr === "f" ? "Elle" : "Il"} appartient ${ck.art.fr} « ${coll.name.fr} ».`,
    );
    const summary = L(
      sentence([desc?.it, madeS.it, ctx?.it, collS.it]),
      sentence([desc?.en, madeS.en, ctx?.en, collS.en]),
      sentence([desc?.fr, madeS.fr, ctx?.fr, collS.fr]),
    );

    // Metadata.
    const meta = new MetaBuilder();
    const tech = THESAURUS[techniqueKey]!;
    meta.text("tecnica", tech.name);
    meta.text("materiali", PHOTO_MATERIALS[techniqueKey] ?? r.pick(kind.materials));
    meta.text("dimensioni", this.dimensions(r, kind));
    const condIdx = r.weighted(CONDITIONS.map((_, i) => i), CONDITION_WEIGHTS);
    const cond = CONDITIONS[condIdx]!;
    meta.text("conservazione", cond.text);
    if (force.metaAll || r.chance(0.25)) {
      if (["fotografia", "lettera", "disegno-tecnico", "manifesto", "bozzetto", "mappa", "documento"].includes(kind.key)) {
        const note = city ? `${city.name.it}, ${y}` : `Archivio Valdameri n. ${r.int(100, 9999)}`;
        meta.text("iscrizioni", L(`Sul verso, a matita: «${note}».`, `On the verso, in pencil: «${note}».`, `Au verso, au crayon : « ${note} ».`));
      }
    }
    if (force.metaAll || r.chance(0.45)) meta.text("note", r.pick(kind.notes));
    const acqYear = Math.max(y, 1968) + r.int(0, Math.max(0, THIS_YEAR - Math.max(y, 1968)));
    const acquired = force.metaAll || r.chance(0.6);
    if (acquired) meta.date("data_acquisizione", r.chance(0.6) ? `${Math.min(acqYear, THIS_YEAR)}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}` : String(Math.min(acqYear, THIS_YEAR)));
    if (cond.tag !== "restaurare" && r.chance(0.08)) meta.date("data_restauro", String(r.int(Math.max(y, 1975), THIS_YEAR)));
    if (force.metaAll || r.chance(0.4)) {
      const cur = force.metaAll ? 11 : r.weighted([11, 1, 3, 2, 12, 13], [55, 30, 7, 5, 2, 1]);
      const amount =
        cur === 11 ? r.int(5, 5000) * 10000 : cur === 1 ? r.int(2, 1600) * 50 : cur === 3 ? r.int(4, 1200) * 50 : cur === 2 ? r.int(3, 800) * 50 : cur === 12 ? r.int(20, 5000) * 1000 : r.int(5, 2000) * 1000;
      meta.money("stima", amount, cur);
    }
    if (acquired && r.chance(0.15)) meta.money("prezzo_acquisto", r.int(10, 3000) * (acqYear < 2002 ? 10000 : 10), acqYear < 2002 ? 11 : 1);
    const numero = this.numero.get(kind.prefix) ?? 0;
    this.numero.set(kind.prefix, numero + 1);
    if (force.metaAll || r.chance(0.75))
      meta.link("scheda", `${FOUNDATION.baseUrl}/catalogo/${kind.prefix.toLowerCase()}-${numero + 1}`, L("Scheda completa nel catalogo della Fondazione", "Full record in the Foundation's catalogue", "Notice complète dans le catalogue de la Fondation"));
    if (r.chance(0.08)) {
      const t = r.pick(EXHIBITION_TITLES);
      const by = r.int(Math.max(y, 1970), THIS_YEAR);
      meta.link("bibliografia", `${FOUNDATION.baseUrl}/bibliografia/${r.int(1, 400)}`, L(`Catalogo della mostra «${t.it}», ${by}`, `Catalogue of the exhibition “${t.en}”, ${by}`, `Catalogue de l'exposition « ${t.fr} », ${by}`));
    }

    // Tags.
    const tags: Tag[] = [thesaurusTag(techniqueKey)];
    for (const s of [...subjects].slice(0, 3)) tags.push(thesaurusTag(s));
    if (city) tags.push(placeTag(city.key));
    tags.push(thesaurusTag(cond.tag));

    // Media.
    const media: Media[] = [];
    let firstImage: ImageSpec | undefined;
    if (!force.noMedia) {
      const wanted = force.images ?? (r.chance(0.85) ? Array.from({ length: r.weighted([1, 2, 3], [65, 27, 8]) }, () => undefined) : []);
      const style: ImageStyle = kind.key === "fotografia" && label.it.startsWith("Ritratto") ? "portrait" : kind.style;
      const flat = !["ceramica", "strumento", "medaglia", "tessuto"].includes(kind.key);
      wanted.forEach((size, i) => {
        const spec = this.pool.take(style, size);
        if (!spec) return;
        firstImage ??= spec;
        const m: Media = { type: "image", file: spec.file };
        const tr = r.float();
        if (tr < 0.015) m.title = { it: "[VUOTO]" };
        else if (tr < 0.7 || force.images) {
          const t = flat ? (i === 0 ? MEDIA_TITLES[0]! : i === 1 ? MEDIA_TITLES[1]! : MEDIA_TITLES[2]!) : MEDIA_TITLES[[3, 4, 2][i % 3]!]!;
          m.title = mode === "it" ? { it: t.it } : t;
        }
        if (r.chance(0.04) && !force.images) m.restricted = true;
        if (r.chance(0.12) || (force.images && i === 0)) m.focalPoint = { x: round2(0.2 + r.float() * 0.6), y: round2(0.2 + r.float() * 0.6) };
        media.push(m);
      });
    }

    const access = force.access ?? pickAccess(r, collection === "31" || collection === "13" ? 0.2 : 0);
    const rec: Rec = {
      table: "ca_objects",
      id,
      type: { id: kind.typeId, code: kind.key, name: kind.name },
      access,
      ...(r.chance(0.02) && !force.access ? { restricted: true } : {}),
      texts: makeTexts(mode, label, summary, meta, displayL(date)),
      ...(dateField(date) ? { date: dateField(date) } : {}),
      numero: { prefix: kind.prefix, number: String(numero + 1), ...(r.chance(0.03) ? { bis: r.pick(["bis", "bis", "ter", "a"]) } : {}) },
      ...(city && (r.chance(0.3) || force.metaAll) ? { coordinates: { lat: city.lat, lng: city.lng } } : {}),
      ...(parent ? { parent, order } : {}),
      ...(media.length && (r.chance(0.1) || force.images) ? { focalPoint: { x: round2(0.3 + r.float() * 0.4), y: round2(0.25 + r.float() * 0.4) } } : {}),
      tags,
      media,
      relations,
      source: SOURCE("ca_objects", id, r),
    };
    return { rec, summary: { id, label: label, access, image: firstImage } };
  }

  private dimensions(r: Rng, kind: ObjectKind): LT {
    const two = (a: number, b: number) => L(`${num(a, "it")} × ${num(b, "it")} cm`, `${num(a, "en")} × ${num(b, "en")} cm`, `${num(a, "fr")} × ${num(b, "fr")} cm`);
    const half = (x: number) => Math.round(x * 2) / 2;
    switch (kind.key) {
      case "fotografia": {
        const [a, b] = r.pick([[9, 12], [13, 18], [18, 24], [24, 30], [30, 40], [21, 27]]) as [number, number];
        return two(a, b);
      }
      case "ceramica":
      case "medaglia": {
        const h = half(kind.key === "medaglia" ? 0.3 + r.float() * 0.4 : 6 + r.float() * 40);
        const d = half(kind.key === "medaglia" ? 4 + r.float() * 4 : 8 + r.float() * 25);
        return L(`h ${num(h, "it")} cm; Ø ${num(d, "it")} cm`, `h. ${num(h, "en")} cm; diam. ${num(d, "en")} cm`, `h. ${num(h, "fr")} cm ; diam. ${num(d, "fr")} cm`);
      }
      case "strumento": {
        const [a, b, c] = [r.int(8, 40), r.int(6, 30), r.int(5, 25)];
        return L(`${a} × ${b} × ${c} cm`);
      }
      case "registro":
        return L(`${r.int(30, 45)} × ${r.int(22, 32)} × ${r.int(3, 9)} cm`);
      case "manifesto":
        return two(...(r.pick([[100, 70], [140, 100], [200, 140], [70, 50]]) as [number, number]));
      case "disegno-tecnico":
      case "mappa":
        return two(half(40 + r.float() * 80), half(30 + r.float() * 60));
      default:
        return two(half(15 + r.float() * 20), half(20 + r.float() * 15));
    }
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Sites that have no "interior" view. */
const OUTDOOR = new Set(["porto", "villaggio"]);

/** First index whose event year is ≥ year (list sorted by year). */
function lowerBound(list: Ev[], year: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.year < year) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Date precision per kind: year, day, month, range, circa, none. */
const DATE_WEIGHTS: Record<string, [number, number, number, number, number, number]> = {
  fotografia: [40, 28, 8, 8, 10, 6],
  lettera: [15, 70, 8, 0, 2, 5],
  documento: [25, 55, 8, 2, 4, 6],
  "disegno-tecnico": [45, 30, 10, 5, 5, 5],
  manifesto: [70, 0, 5, 5, 15, 5],
  bozzetto: [60, 0, 5, 5, 25, 5],
  registro: [60, 0, 0, 40, 0, 0],
  mappa: [50, 5, 5, 20, 15, 5],
  ceramica: [45, 0, 0, 20, 30, 5],
  tessuto: [45, 0, 0, 20, 30, 5],
  strumento: [50, 0, 0, 15, 30, 5],
  catalogo: [90, 0, 5, 0, 5, 0],
  medaglia: [95, 0, 0, 0, 5, 0],
};

/** Photographic supports matching the technique. */
const PHOTO_MATERIALS: Record<string, LT> = {
  gelatina: L("carta baritata", "baryta paper", "papier baryté"),
  albumina: L("carta albuminata montata su cartoncino", "albumen paper mounted on card", "papier albuminé contrecollé sur carton"),
  lastra: L("lastra di vetro, emulsione alla gelatina", "glass plate, gelatin emulsion", "plaque de verre, émulsion à la gélatine"),
  colore: L("carta fotografica a colori", "colour photographic paper", "papier photographique couleur"),
};

// ---------------------------------------------------------------------------
// Entities, places, occurrences, collections, assets
// ---------------------------------------------------------------------------

function entityRecord(e: Ent, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `entity-rec:${e.id}`);
  const city = CITY.get(e.city)!;
  const meta = new MetaBuilder();
  const relations: Relation[] = [];
  let summary: LT;
  const type = ENTITY_TYPES[e.kind];
  const valdameriFirms = ["2", "8", "9"].map((id) => w.entities[Number(id) - 1]).filter((x): x is Ent => !!x);
  if (e.kind === "persona") {
    const prof = PROFESSIONS[e.prof!]!;
    const g = e.gender;
    const born = L(g ? "nata" : "nato", "born", g ? "née" : "né");
    const died = L(g ? "morta" : "morto", "died", g ? "morte" : "mort");
    const dc = e.to !== undefined ? CITY.get(r.chance(0.6) ? e.city : r.pick(NAMES[e.nation].cities))! : undefined;
    summary = e.fixed?.summary ?? L(
      `${cap(prof.it[g])}, ${born.it} a ${city.name.it} nel ${e.from}${dc ? ` e ${died.it} a ${dc.name.it} nel ${e.to}` : ""}.`,
      `${cap(prof.en[g])}, born in ${city.name.en} in ${e.from}${dc ? `; died in ${dc.name.en} in ${e.to}` : ""}.`,
      `${cap(prof.fr[g])}, ${born.fr} à ${city.name.fr} en ${e.from}${dc ? ` et ${died.fr} à ${dc.name.fr} en ${e.to}` : ""}.`,
    );
    meta.text("professione", L(prof.it[g], prof.en[g], prof.fr[g]));
    meta.text("luogo_nascita", city.name);
    if (e.fromDate) meta.date("nascita", isoDay(e.fromDate));
    if (e.toDate) meta.date("morte", isoDay(e.toDate));
    // Worked for one of the family firms (or another firm).
    const start = e.from + r.int(18, 30);
    const firm = !e.fixed && r.chance(0.55) ? pickEntity(r, r.chance(0.7) ? valdameriFirms : w.firms, start) : undefined;
    if (firm && firm.id !== e.id) {
      const end = Math.min(e.to ?? THIS_YEAR, firm.to ?? THIS_YEAR, start + r.int(3, 40));
      if (end > start) {
        relations.push(rel(REL.dipendente!, "ca_entities", firm.id, [
          { name: L("Periodo", "Period", "Période"), value: `${start}–${end}` },
          ...(r.chance(0.5) ? [{ name: L("Matricola", "Staff number", "Matricule"), value: String(r.int(100, 9999)) }] : []),
        ]));
        summary = L(
          `${summary.it} Lavorò per ${entIt(firm)} dal ${start} al ${end}.`,
          `${summary.en} Worked for ${firm.name.en} from ${start} to ${end}.`,
          `${summary.fr} Travailla pour ${firm.name.fr} de ${start} à ${end}.`,
        );
      }
    }
    if (!e.fixed && r.chance(0.05) && w.firms.length) {
      const f = r.pick(w.firms);
      relations.push(rel(REL.socio!, "ca_entities", f.id, [{ name: L("Quota", "Share", "Part"), value: `${r.int(5, 60)}%` }]));
    }
    if (e.fixed && /Valdameri/.test(e.name.it)) {
      const fam = w.entities[10];
      if (fam) relations.push(rel(REL.familiare!, "ca_entities", fam.id));
      if (e.id === "1") {
        if (w.entities[1]) relations.push(rel(REL.socio!, "ca_entities", "2", [{ name: L("Quota", "Share", "Part"), value: "62%" }]));
        if (w.entities[5]) relations.push(rel(REL.familiare!, "ca_entities", "6", [{ name: L("Dal", "Since", "Depuis"), value: "1889" }]));
      }
    }
    if (e.id === "12" && w.entities[1]) relations.push(rel(REL.dipendente!, "ca_entities", "2", [{ name: L("Periodo", "Period", "Période"), value: "1906–1931" }]));
  } else if (e.kind === "ditta") {
    summary = e.fixed?.summary ?? L(
      `${cap(e.sector!.it)} con sede a ${city.name.it}, attiva dal ${e.from}${e.to ? ` al ${e.to}` : ""}. Intrattenne rapporti commerciali con la ditta Valdameri.`,
      `${cap(e.sector!.en)} based in ${city.name.en}, active from ${e.from}${e.to ? ` to ${e.to}` : ""}. It had business dealings with the Valdameri firm.`,
      `${cap(e.sector!.fr)} à ${city.name.fr}, en activité ${e.to ? `de ${e.from} à ${e.to}` : `depuis ${e.from}`}. Relations commerciales suivies avec la maison Valdameri.`,
    );
    meta.text("settore", e.sector!);
    meta.text("sede", city.name);
    meta.date("fondazione", String(e.from));
    if (e.to) meta.date("cessazione", String(e.to));
    if (r.chance(0.4) || e.id === "2") {
      const cur = e.nation === "en" ? 2 : 11;
      meta.money("capitale_sociale", cur === 2 ? r.int(2, 400) * 1000 : r.int(5, 2000) * 100000, cur);
    }
    if (!e.fixed && r.chance(0.5)) {
      const client = pickEntity(r, valdameriFirms, e.from + 5);
      if (client) relations.push(rel(REL.fornitore!, "ca_entities", client.id, [{ name: L("Periodo", "Period", "Période"), value: `${e.from + 5}–${Math.min(e.to ?? THIS_YEAR, client.to ?? THIS_YEAR)}` }]));
    }
    if (e.id === "14" || e.id === "15") relations.push(rel(REL.fornitore!, "ca_entities", "8"));
    const pid = w.placeByCity.get(e.city);
    if (pid) relations.push(rel(REL.sede_ditta!, "ca_places", pid));
  } else if (e.kind === "ente") {
    summary = e.fixed?.summary ?? L(
      `${cap(e.sector!.it)} con sede a ${city.name.it}, istituito nel ${e.from}. Ha collaborato con la Fondazione Valdameri a mostre e progetti di ricerca.`,
      `${cap(e.sector!.en)} based in ${city.name.en}, established in ${e.from}. It has worked with the Valdameri Foundation on exhibitions and research projects.`,
      `${cap(e.sector!.fr)} à ${city.name.fr}, créé en ${e.from}. A collaboré avec la Fondation Valdameri à des expositions et des projets de recherche.`,
    );
    meta.text("settore", e.sector!);
    meta.text("sede", city.name);
    meta.date("fondazione", String(e.from));
    if (e.id === "10") meta.link("scheda_autorita", `${FOUNDATION.baseUrl}/fondazione`, L("Sito della Fondazione", "Foundation website", "Site de la Fondation"));
  } else {
    summary = e.fixed?.summary ?? L(
      `Famiglia di ${city.name.it}, documentata dal ${e.from}. Le sue carte sono giunte alla Fondazione per donazione.`,
      `Family from ${city.name.en}, recorded from ${e.from}. Its papers came to the Foundation as a donation.`,
      `Famille ${frDe(city.name.fr)}, attestée depuis ${e.from}. Ses papiers sont parvenus à la Fondation par don.`,
    );
    meta.text("sede", city.name);
  }
  if (r.chance(0.5) || e.fixed) meta.link("scheda_autorita", `${FOUNDATION.baseUrl}/autorita/${e.id}`, L("Record di autorità", "Authority record", "Notice d'autorité"));

  const media: Media[] = [];
  const wantImage = e.kind === "persona" ? r.chance(e.fixed ? 1 : 0.25) : e.kind === "ditta" ? r.chance(e.fixed ? 0.8 : 0.15) : false;
  if (wantImage) {
    const spec = pool.take(e.kind === "persona" ? "portrait" : r.chance(0.5) ? "letter" : "photo");
    if (spec) media.push({ type: "image", file: spec.file, ...(r.chance(0.6) ? { title: e.kind === "persona" ? L("Ritratto", "Portrait", "Portrait") : L("Carta intestata", "Letterhead", "Papier à en-tête") } : {}) });
  }
  const fromD = e.fromDate ?? { kind: "year", y: e.from };
  const toD = e.toDate ?? (e.to !== undefined ? { kind: "year", y: e.to } : undefined);
  const date = { start: isoDay(fromD), ...(toD ? { end: isoDay(toD) } : {}) };
  const tags: Tag[] = [placeTag(e.city)];
  if (/Valdameri/.test(e.name.it)) tags.push(thesaurusTag("famiglia"));
  return {
    table: "ca_entities",
    id: e.id,
    type: type,
    access: e.fixed ? 1 : pickAccess(r),
    texts: makeTexts(e.fixed ? "all" : localeMode(r), e.name, summary, meta),
    date,
    tags,
    media,
    relations,
    source: SOURCE("ca_entities", e.id, r),
  };
}

function placeRecord(p: PlaceDef, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `place:${p.id}`);
  const meta = new MetaBuilder();
  let label: LT;
  let summary: LT;
  let type;
  let parent: string | undefined;
  let coords: { lat: number; lng: number };
  let tags: Tag[] = [];
  let date: Rec["date"];
  const idOfArea = (key: string) => w.areaPlace.get(key);
  if (p.kind === "area") {
    const a = p.area;
    label = a.name;
    type = a.country ? PLACE_TYPES.regione : PLACE_TYPES.paese;
    parent = a.country ? idOfArea(a.country) : undefined;
    coords = { lat: a.lat, lng: a.lng };
    summary = a.country
      ? L(`Regione italiana.`, `Italian region.`, `Région italienne.`)
      : a.key === "italia"
        ? L("Paese in cui ebbero sede tutte le attività produttive della famiglia Valdameri.", "The country where all the Valdameri family's works were located.", "Pays où se trouvaient toutes les usines de la famille Valdameri.")
        : L("Paese europeo in cui la ditta Valdameri ebbe clienti e rappresentanti.", "European country where the Valdameri firm had customers and agents.", "Pays européen où la maison Valdameri avait des clients et des représentants.");
    meta.link("scheda", `${FOUNDATION.baseUrl}/luoghi/${p.id}`, L("Scheda del luogo", "Place record", "Fiche du lieu"));
  } else if (p.kind === "city") {
    const c = p.city;
    const a = AREAS.get(c.area)!;
    label = c.name;
    type = PLACE_TYPES.citta;
    parent = idOfArea(c.area);
    coords = { lat: c.lat, lng: c.lng };
    const ai = areaIn(a);
    const sites = (c.sites ?? []).map((s) => SITE_KINDS[s]!.np(c.name));
    summary = L(
      `Città situata ${ai.it}, a ${c.alt ?? 100} m di altitudine.${sites.length ? ` Vi sorgeva ${sites[0]!.it}.` : ""}`,
      `Town ${ai.en}, ${c.alt ?? 100} m above sea level.${sites.length ? ` It was home to ${sites[0]!.en}.` : ""}`,
      `Ville située ${ai.fr}, à ${c.alt ?? 100} m d'altitude.${sites.length ? ` On y trouvait ${sites[0]!.fr}.` : ""}`,
    );
    meta.text("altitudine", L(`${c.alt ?? 100} m s.l.m.`, `${c.alt ?? 100} m above sea level`, `${c.alt ?? 100} m d'altitude`));
    meta.link("scheda", `${FOUNDATION.baseUrl}/luoghi/${p.id}`, L("Scheda del luogo", "Place record", "Fiche du lieu"));
    tags = [placeTag(c.key)];
  } else {
    const c = p.city;
    label = titleOf(p.np);
    parent = w.placeByCity.get(c.key);
    // Within a few hundred metres of the town centre.
    coords = { lat: round5(c.lat + (r.float() - 0.5) * 0.02), lng: round5(c.lng + (r.float() - 0.5) * 0.03) };
    tags = [placeTag(c.key)];
    if (p.kind === "site") {
      const sk = SITE_KINDS[p.site]!;
      type = sk.type === "stabilimento" ? PLACE_TYPES.stabilimento : PLACE_TYPES.edificio;
      const closed = p.closed;
      summary = sk.type === "stabilimento"
        ? L(`Impianto produttivo della ditta Valdameri, costruito nel ${p.built}.${closed ? ` Dismesso nel ${closed}.` : ""}`, `Industrial site of the Valdameri firm, built in ${p.built}.${closed ? ` Closed in ${closed}.` : ""}`, `Site industriel de la maison Valdameri, construit en ${p.built}.${closed ? ` Fermé en ${closed}.` : ""}`)
        : L(`Edificio legato all'attività della famiglia Valdameri, costruito nel ${p.built}.`, `Building connected with the Valdameri family's business, built in ${p.built}.`, `Bâtiment lié à l'activité de la famille Valdameri, construit en ${p.built}.`);
      meta.text("indirizzo", L(`${r.pick(STREETS)} ${r.int(1, 120)}, ${c.name.it}`, `${r.pick(STREETS)} ${r.int(1, 120)}, ${c.name.en}`, `${r.pick(STREETS)} ${r.int(1, 120)}, ${c.name.fr}`));
      meta.date("costruzione", String(p.built));
      if (closed) meta.date("dismissione", String(closed));
      sk.subjects.forEach((s) => tags.push(thesaurusTag(s)));
      date = { start: String(p.built), ...(closed ? { end: String(closed) } : {}) };
    } else {
      type = PLACE_TYPES.edificio;
      summary = L(`Edificio di proprietà della famiglia Valdameri, costruito nel ${p.built}.`, `Building owned by the Valdameri family, built in ${p.built}.`, `Bâtiment appartenant à la famille Valdameri, construit en ${p.built}.`);
      meta.date("costruzione", String(p.built));
      date = { start: String(p.built) };
    }
  }
  const media: Media[] = [];
  if (p.kind !== "area" && r.chance(p.kind === "site" ? 0.6 : 0.25)) {
    const spec = pool.take(r.chance(0.6) ? "photo" : "map");
    if (spec) media.push({ type: "image", file: spec.file, ...(r.chance(0.5) ? { title: L("Veduta", "View", "Vue") } : {}) });
  }
  return {
    table: "ca_places",
    id: p.id,
    type,
    access: Number(p.id) <= 8 ? 1 : r.chance(0.96) ? 1 : 2,
    texts: makeTexts(Number(p.id) <= 8 ? "all" : localeMode(r), label, summary, meta),
    ...(date ? { date } : {}),
    coordinates: coords,
    ...(parent ? { parent, order: Number(p.id) } : {}),
    tags,
    media,
    relations: [],
    source: SOURCE("ca_places", p.id, r, "CC0 1.0"),
  };
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

function eventRecord(ev: Ev, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `event-rec:${ev.id}`);
  const c = CITY.get(ev.city)!;
  const meta = new MetaBuilder();
  const start: DateInfo = ev.day ? { kind: "day", y: ev.year, m: ev.month, d: ev.day } : ev.month ? { kind: "month", y: ev.year, m: ev.month } : { kind: "year", y: ev.year };
  const end: DateInfo | undefined = ev.endYear
    ? ev.endDay ? { kind: "day", y: ev.endYear, m: ev.endMonth, d: ev.endDay } : { kind: "year", y: ev.endYear }
    : undefined;
  meta.date("data_inizio", isoDay(start));
  if (end) meta.date("data_fine", isoDay(end));
  const venue = ev.kind === "mostra" && ev.city === "sesto-san-giovanni" ? L("Fondazione Valdameri, Sesto San Giovanni", "Valdameri Foundation, Sesto San Giovanni", "Fondation Valdameri, Sesto San Giovanni") : c.name;
  meta.text("sede_evento", venue);
  if (ev.visitors) meta.text("visitatori", L(fmtInt(ev.visitors, "it"), fmtInt(ev.visitors, "en"), fmtInt(ev.visitors, "fr")));
  const relations: Relation[] = [];
  const pid = ev.place ?? w.placeByCity.get(ev.city);
  if (pid) relations.push(rel(REL.sede!, "ca_places", pid));
  let summary: LT;
  const when = whenL(start)!;
  switch (ev.kind) {
    case "esposizione":
    case "fiera":
      summary = L(
        `La ditta Valdameri partecipò ${ev.at.it}, aperta ${when.it}, con un proprio padiglione in cui erano esposti macchinari, acciai e prodotti di consumo.`,
        `The Valdameri firm took part ${ev.at.en}, which opened ${when.en}, with its own pavilion showing machinery, steel and consumer goods.`,
        `La maison Valdameri participa ${ev.at.fr}, ouverte ${when.fr}, avec son propre pavillon où étaient présentés machines, aciers et biens de consommation.`,
      );
      meta.money("costo", r.int(20, 900) * 1000, 11);
      if (w.entities[1] && ev.year >= 1906) relations.push(rel(REL.partecipante!, "ca_entities", "2", [{ name: L("Stand", "Stand", "Stand"), value: String(r.int(1, 400)) }]));
      else if (w.entities[7] && ev.year < 1906) relations.push(rel(REL.partecipante!, "ca_entities", "8"));
      break;
    case "mostra":
      summary = L(
        `Mostra organizzata dalla Fondazione Valdameri, inaugurata ${when.it}. Il percorso presentava documenti, fotografie e oggetti provenienti dall'archivio storico.`,
        `Exhibition organised by the Valdameri Foundation, opened ${when.en}. It presented documents, photographs and objects from the historical archive.`,
        `Exposition organisée par la Fondation Valdameri, inaugurée ${when.fr}. Le parcours présentait des documents, des photographies et des objets des archives historiques.`,
      );
      if (w.entities[9]) relations.push(rel(REL.organizzatore!, "ca_entities", "10"));
      meta.link("catalogo", `${FOUNDATION.baseUrl}/mostre/${ev.id}`, L("Pagina della mostra", "Exhibition page", "Page de l'exposition"));
      meta.money("costo", ev.year < 2002 ? r.int(5, 300) * 1000000 : r.int(5, 200) * 1000, ev.year < 2002 ? 11 : 1);
      break;
    case "acquisizione":
      summary = L(
        `Ingresso nelle collezioni della Fondazione, registrato ${when.it}. Il materiale è stato inventariato e in parte digitalizzato.`,
        `Entry into the Foundation's collections, recorded ${when.en}. The material has been inventoried and partly digitised.`,
        `Entrée dans les collections de la Fondation, enregistrée ${when.fr}. Le fonds a été inventorié et en partie numérisé.`,
      );
      if (r.chance(0.5)) meta.money("costo", ev.year < 2002 ? r.int(1, 80) * 1000000 : r.int(1, 60) * 1000, ev.year < 2002 ? 11 : 1);
      if (w.entities[9]) relations.push(rel(REL.organizzatore!, "ca_entities", "10"));
      break;
    case "restauro":
      summary = L(
        `Campagna di restauro condotta ${when.it} da un laboratorio esterno, con il sostegno di un bando regionale.`,
        `Restoration campaign carried out ${when.en} by an outside workshop, with support from a regional grant.`,
        `Campagne de restauration menée ${when.fr} par un atelier extérieur, avec le soutien d'un appel à projets régional.`,
      );
      meta.money("costo", ev.year < 2002 ? r.int(5, 200) * 1000000 : r.int(3, 150) * 1000, ev.year < 2002 ? 11 : 1);
      if (w.entities[9]) relations.push(rel(REL.organizzatore!, "ca_entities", "10"));
      break;
    case "inaugurazione":
      summary = L(
        `Cerimonia di inaugurazione alla presenza delle autorità cittadine e delle maestranze, ${when.it}.`,
        `Opening ceremony attended by the town authorities and the workforce, ${when.en}.`,
        `Cérémonie d'inauguration en présence des autorités municipales et du personnel, ${when.fr}.`,
      );
      if (w.entities[0]) relations.push(rel(REL.partecipante!, "ca_entities", "1"));
      break;
    case "sciopero":
      summary = L(
        `Astensione dal lavoro per il rinnovo del contratto e la riduzione dell'orario, iniziata ${when.it}.`,
        `Walk-out over the renewal of the contract and shorter working hours, which began ${when.en}.`,
        `Arrêt de travail pour le renouvellement du contrat et la réduction du temps de travail, commencé ${when.fr}.`,
      );
      break;
  }
  const media: Media[] = [];
  if (ev.id === "1") media.push({ type: "youtube", url: "https://www.youtube.com/watch?v=Vd6m1906Mi0", title: L("Filmato d'epoca dell'Esposizione", "Period film of the Exhibition", "Film d'époque de l'Exposition") });
  if (r.chance(["esposizione", "fiera", "mostra"].includes(ev.kind) ? 0.45 : 0.15)) {
    const spec = pool.take(r.chance(0.7) ? "poster" : "photo");
    if (spec) media.push({ type: "image", file: spec.file });
  }
  const tags: Tag[] = [placeTag(ev.city)];
  if (ev.kind === "esposizione" || ev.kind === "fiera" || ev.kind === "mostra") tags.push(thesaurusTag("esposizioni"));
  if (ev.kind === "sciopero") tags.push(thesaurusTag("scioperi"));
  if (ev.kind === "restauro") tags.push(thesaurusTag("restaurare"));
  return {
    table: "ca_occurrences",
    id: ev.id,
    type: EVENT_TYPES[ev.kind],
    access: Number(ev.id) <= 10 ? 1 : pickAccess(r),
    texts: makeTexts(Number(ev.id) <= 10 ? "all" : localeMode(r), ev.name, summary, meta),
    date: { start: isoDay(start), ...(end ? { end: isoDay(end) } : {}) },
    coordinates: { lat: c.lat, lng: c.lng },
    tags,
    media,
    relations,
    source: SOURCE("ca_occurrences", ev.id, r),
  };
}

function collectionRecord(c: Coll, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `collection-rec:${c.id}`);
  const meta = new MetaBuilder();
  meta.text("estremi_cronologici", L(`${c.years[0]}–${c.years[1]}`));
  meta.text("consistenza", c.extent);
  meta.text("storia_archivistica", c.history);
  if (c.kind !== "fascicolo") meta.link("strumenti_ricerca", `${FOUNDATION.baseUrl}/inventari/${c.id}`, L("Inventario analitico", "Detailed inventory", "Inventaire analytique"));
  const kindName = COLLECTION_KIND_NAMES[c.kind];
  const children = w.childrenOf.get(c.id)?.length ?? 0;
  const summary = L(
    sentence([c.history.it, `Documenti dal ${c.years[0]} al ${c.years[1]}.`, children ? `Si articola in ${children} unità.` : null]),
    sentence([c.history.en, `Records from ${c.years[0]} to ${c.years[1]}.`, children ? `It is divided into ${children} units.` : null]),
    sentence([c.history.fr, `Documents de ${c.years[0]} à ${c.years[1]}.`, children ? `Il se compose de ${children} unités.` : null]),
  );
  const relations: Relation[] = [];
  if (c.creator && w.entities[Number(c.creator) - 1]) relations.push(rel(REL.produttore!, "ca_entities", c.creator));
  const media: Media[] = [];
  if (c.kind !== "fascicolo" ? r.chance(0.7) : r.chance(0.1)) {
    const spec = pool.take(r.pick(["photo", "letter", "ledger"] as ImageStyle[]));
    if (spec) media.push({ type: "image", file: spec.file, title: L("Immagine di copertina", "Cover image", "Image de couverture") });
  }
  return {
    table: "ca_collections",
    id: c.id,
    type: { id: kindName.id, code: c.kind, name: kindName.name },
    access: c.id === "31" ? 2 : Number(c.id) <= 31 ? 1 : pickAccess(r),
    texts: makeTexts(Number(c.id) <= 31 ? "all" : localeMode(r), c.name, summary, meta),
    date: { start: String(c.years[0]), end: String(c.years[1]) },
    ...(c.parent ? { parent: c.parent } : {}),
    order: c.order,
    tags: [],
    media,
    relations,
    source: SOURCE("ca_collections", c.id, r, "CC0 1.0"),
  };
}

const PDF_FILE = "documents/statuto-fondazione-valdameri-1968.pdf";

function fixedAssets(w: World): Rec[] {
  const src = { url: `${FOUNDATION.baseUrl}/media`, license: "CC BY 4.0", attribution: FOUNDATION.attribution };
  const lic = (m: MetaBuilder) => m.link("licenza", "https://creativecommons.org/licenses/by/4.0/", L("CC BY 4.0"));
  const a1 = new MetaBuilder().text("formato", L("PDF, 1 pagina", "PDF, 1 page", "PDF, 1 page")).date("data_digitalizzazione", "2019-03-12");
  const a2 = new MetaBuilder().text("formato", L("Video HD, colore", "HD video, colour", "Vidéo HD, couleur")).text("durata", L("42 min")).date("data_digitalizzazione", "2011-10-05");
  const a3 = new MetaBuilder().text("formato", L("Pellicola 35 mm digitalizzata, bianco e nero, muto", "Digitised 35 mm film, black and white, silent", "Film 35 mm numérisé, noir et blanc, muet")).text("durata", L("6 min 40 s")).date("data_digitalizzazione", "2016-06-21");
  const a4 = new MetaBuilder().text("formato", L("Video HD, colore", "HD video, colour", "Vidéo HD, couleur")).text("durata", L("58 min")).date("data_digitalizzazione", "2012-11-30");
  [a1, a2, a3, a4].forEach(lic);
  const has = (t: string, id: string) => (t === "ca_entities" ? w.entities.length >= Number(id) : t === "ca_occurrences" ? w.events.length >= Number(id) : true);
  const recs: Rec[] = [
    {
      table: "assets", id: "1", type: ASSET_TYPES.documento, access: 1,
      texts: makeTexts("all", L("Statuto della Fondazione Valdameri, 1968", "Articles of association of the Valdameri Foundation, 1968", "Statuts de la Fondation Valdameri, 1968"),
        L("Copia digitale dello statuto approvato all'atto della costituzione della Fondazione.", "Digital copy of the articles approved when the Foundation was set up.", "Copie numérique des statuts approuvés lors de la création de la Fondation."), a1),
      date: { start: "1968-05-20" },
      media: [{ type: "application", file: PDF_FILE, mime: "application/pdf", title: L("Statuto (PDF)", "Articles (PDF)", "Statuts (PDF)") }],
      relations: has("ca_entities", "10") ? [rel(REL.produttore!, "ca_entities", "10")] : [],
      tags: [thesaurusTag("scansione")],
      source: src,
    },
    {
      table: "assets", id: "2", type: ASSET_TYPES.video, access: 1,
      texts: makeTexts("all", L("Intervista a Elena Valdameri, 1984", "Interview with Elena Valdameri, 1984", "Entretien avec Elena Valdameri, 1984"),
        L("Elena Valdameri racconta la storia della famiglia e la nascita della Fondazione.", "Elena Valdameri talks about the family's history and how the Foundation came about.", "Elena Valdameri raconte l'histoire de la famille et la naissance de la Fondation."), a2),
      date: { start: "1984-10-11" },
      media: [{ type: "youtube", url: "https://www.youtube.com/watch?v=Tq3ValdE1984", title: L("Intervista (video)", "Interview (video)", "Entretien (vidéo)") }],
      relations: has("ca_entities", "7") ? [rel(REL.soggetto!, "ca_entities", "7")] : [],
      tags: [thesaurusTag("ripresa"), thesaurusTag("famiglia")],
      source: src,
    },
    {
      table: "assets", id: "3", type: ASSET_TYPES.video, access: 1,
      texts: makeTexts("all", L("Inaugurazione dello stabilimento di Sesto San Giovanni, 1906", "Opening of the Sesto San Giovanni works, 1906", "Inauguration de l'usine de Sesto San Giovanni, 1906"),
        L("Film muto girato durante la cerimonia di inaugurazione; restaurato e digitalizzato nel 2016.", "Silent film shot during the opening ceremony; restored and digitised in 2016.", "Film muet tourné pendant la cérémonie d'inauguration ; restauré et numérisé en 2016."), a3),
      date: { start: "1906-09-23" },
      media: [{ type: "youtube", url: "https://www.youtube.com/watch?v=Sesto1906aX", title: { it: "[VUOTO]" } }],
      relations: has("ca_places", "4") ? [rel(REL.luogoRaffigurato!, "ca_places", "4")] : [],
      tags: [thesaurusTag("ripresa"), thesaurusTag("siderurgia")],
      source: src,
    },
    {
      table: "assets", id: "4", type: ASSET_TYPES.video, access: 1,
      texts: makeTexts("all", L("Documentario «Seta e acciaio», 2012", "Documentary “Silk and Steel”, 2012", "Documentaire « Soie et acier », 2012"),
        L("Documentario sulla storia delle aziende Valdameri, prodotto dalla Fondazione.", "Documentary on the history of the Valdameri firms, produced by the Foundation.", "Documentaire sur l'histoire des entreprises Valdameri, produit par la Fondation."), a4),
      date: { start: "2012" },
      media: [{ type: "vimeo", url: "https://vimeo.com/348217563", title: L("Documentario", "Documentary", "Documentaire") }],
      relations: [],
      tags: [thesaurusTag("ripresa")],
      source: src,
    },
  ];
  return recs;
}

function assetRecord(id: string, obj: ObjSummary | undefined, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `asset:${id}`);
  const meta = new MetaBuilder();
  const spec = obj?.image ?? pool.take(r.pick(["photo", "letter", "poster", "map"] as ImageStyle[])) ?? undefined;
  if (spec) meta.text("formato", L(`JPEG, ${spec.width} × ${spec.height} px`));
  meta.text("risoluzione", L(`${r.pick([300, 400, 600])} ppi`));
  const y = r.int(2003, THIS_YEAR);
  meta.date("data_digitalizzazione", `${y}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}`);
  const nc = r.chance(0.2);
  meta.link("licenza", nc ? "https://creativecommons.org/licenses/by-nc/4.0/" : "https://creativecommons.org/licenses/by/4.0/", L(nc ? "CC BY-NC 4.0" : "CC BY 4.0"));
  const label = obj
    ? L(`Riproduzione digitale: ${obj.label.it}`, `Digital reproduction: ${obj.label.en}`, `Reproduction numérique : ${obj.label.fr}`)
    : L(`Riproduzione digitale n. ${id}`, `Digital reproduction no. ${id}`, `Reproduction numérique n° ${id}`);
  const summary = L(
    `Scansione ad alta risoluzione eseguita nel ${y} durante la campagna di digitalizzazione dell'archivio.`,
    `High-resolution scan made in ${y} during the archive's digitisation campaign.`,
    `Numérisation haute résolution réalisée en ${y} lors de la campagne de numérisation des archives.`,
  );
  return {
    table: "assets",
    id,
    type: ASSET_TYPES.riproduzione,
    access: obj?.access ?? 1,
    texts: makeTexts(localeMode(r), label, summary, meta),
    date: { start: String(y) },
    media: spec ? [{ type: "image", file: spec.file, ...(r.chance(0.3) ? { focalPoint: { x: 0.5, y: round2(0.3 + r.float() * 0.3) } } : {}) }] : [],
    relations: obj ? [rel(REL.riproduzione!, "ca_objects", obj.id)] : [],
    tags: [thesaurusTag("scansione")],
    source: { url: `${FOUNDATION.baseUrl}/media/${id}`, license: nc ? "CC BY-NC 4.0" : "CC BY 4.0", attribution: FOUNDATION.attribution },
  };
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

class LineWriter {
  private fd: number;
  private buf: string[] = [];
  private size = 0;
  count = 0;
  constructor(file: string) {
    this.fd = fs.openSync(file, "w");
  }
  write(rec: Rec) {
    const line = JSON.stringify(rec) + "\n";
    this.buf.push(line);
    this.size += line.length;
    this.count++;
    if (this.size > 1 << 20) this.flush();
  }
  flush() {
    if (this.buf.length) fs.writeSync(this.fd, this.buf.join(""));
    this.buf = [];
    this.size = 0;
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/** Fixed object forces: ids 1..12. */
const FIXED_OBJECTS: Record<string, ObjectForce> = {
  "1": {
    kind: "fotografia", variant: "sesto", access: 1, mode: "all", date: { kind: "day", y: 1906, m: 4, d: 28 }, images: ["wide", "tall"], metaAll: true,
    author: FIXED_IDS.object1.author, madeIn: "sesto-san-giovanni", exhibited: FIXED_IDS.object1.occurrence, collection: FIXED_IDS.object1.collection,
  },
  "2": { kind: "lettera", variant: "confidential", author: "1", recipient: "12", access: 3, mode: "all", date: { kind: "day", y: 1929, m: 11, d: 4 }, collection: "7" },
  "3": { kind: "registro", variant: "payroll", access: 2, mode: "all", date: { kind: "year", y: 1921 } },
  "4": { kind: "ceramica", variant: "melograno", access: 1, mode: "it", date: { kind: "circa", y: 1890 } },
  "5": { kind: "manifesto", access: 1, mode: "all", images: ["tall"] },
  "6": { kind: "disegno-tecnico", access: 1, mode: "all", images: ["wide"] },
  "7": { kind: "ceramica", access: 1, mode: "all", images: ["portrait", "square"] },
  "8": { kind: "lettera", access: 1, mode: "all", images: ["portrait", "portrait"] },
  "9": { kind: "mappa", access: 1, mode: "all", images: ["wide"] },
  "10": { kind: "tessuto", access: 1, mode: "all", images: ["square"] },
  "11": { kind: "strumento", access: 1, mode: "all", images: ["square"] },
  "12": { kind: "fotografia", variant: "portrait", access: 1, mode: "all", images: ["portrait"] },
};

export async function generateDemo(outDir: string, opts: DemoOptions = {}): Promise<DemoResult> {
  const total = opts.records ?? DEFAULT_RECORDS;
  const seed = opts.seed ?? DEFAULT_SEED;
  const budget = Math.max(0, opts.images ?? DEFAULT_IMAGES);
  if (!Number.isInteger(total) || total < MIN_RECORDS) throw new Error(`records must be an integer ≥ ${MIN_RECORDS}`);
  const c = counts(total);
  const world = buildWorld(c, seed);
  const expected = Math.round(c.ca_objects * 0.85 * 1.43 + c.ca_entities * 0.2 + c.ca_places * 0.3 + c.ca_occurrences * 0.3 + c.ca_collections * 0.2);
  const pool = new ImagePool(budget, seed, expected);

  const mediaDir = path.join(outDir, "media");
  await fs.promises.mkdir(mediaDir, { recursive: true });
  const file = path.join(outDir, "records.ndjson");
  const out = new LineWriter(file);
  const perTable: Record<string, number> = {};
  const emit = (rec: Rec) => {
    out.write(rec);
    perTable[rec.table] = (perTable[rec.table] ?? 0) + 1;
  };

  try {
    // Objects first, so that the fixed objects get the first images.
    const factory = new ObjectFactory(world, pool);
    const reproducible: ObjSummary[] = [];
    for (let i = 1; i <= c.ca_objects; i++) {
      const id = String(i);
      const { rec, summary } = factory.build(id, FIXED_OBJECTS[id]);
      emit(rec);
      if (summary.image && reproducible.length < c.assets * 4) reproducible.push(summary);
    }
    for (const e of world.entities) emit(entityRecord(e, world, pool));
    for (const p of world.places) emit(placeRecord(p, world, pool));
    for (const ev of world.events) emit(eventRecord(ev, world, pool));
    for (const col of world.collections) emit(collectionRecord(col, world, pool));
    const fixed = fixedAssets(world).slice(0, c.assets);
    fixed.forEach(emit);
    const ar = Rng.derive(seed, "assets");
    for (let i = fixed.length + 1; i <= c.assets; i++) {
      const obj = reproducible.length ? reproducible[Math.floor(ar.float() * reproducible.length)] : undefined;
      emit(assetRecord(String(i), obj, world, pool));
    }
  } finally {
    out.close();
  }

  const pdf = path.join(mediaDir, PDF_FILE);
  await fs.promises.mkdir(path.dirname(pdf), { recursive: true });
  await fs.promises.writeFile(
    pdf,
    tinyPdf([
      "Statuto della Fondazione Valdameri",
      "Art. 1 - E' costituita la Fondazione Valdameri, con sede in Sesto San Giovanni.",
      "Art. 2 - La Fondazione conserva e valorizza gli archivi della famiglia Valdameri",
      "e delle sue aziende, e ne promuove lo studio.",
      "Milano, 20 maggio 1968",
    ]),
  );
  await renderImages(pool.specs, mediaDir);
  return { file, mediaDir, count: out.count, counts: perTable, images: pool.specs.length };
}
