/** Shared pieces of the demo's records: types, relation types, tags, dates, images, metadata, texts. */
import type { InterchangeInput } from "~/features/catalogue";
import { SIZES, STYLE_SIZES, type ImageSpec, type SizeName } from "../images";
import { hash32, L, LANGS, MONTHS, Rng, type L as LT, type Lang } from "../language";
import { CITIES, COUNTRIES, FOUNDATION, REGIONS, THESAURUS, THIS_YEAR, type Area, type City, type ImageStyle } from "../vocabulary";

export type DemoOptions = {
  records?: number;
  seed?: number;
  images?: number;
  /** Called once the records are written (with the number of images to draw) and after each image. */
  onImages?: (done: number, total: number) => void;
  /** Where drawn pictures are kept for the next run (keyed by their SVG); none: always drawn. */
  imageCache?: string;
};
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
  /** A vase with a 360° sequence (turntable.ts), when the archive has pictures. */
  turntableObject: "7",
  fonds: "1",
  fondsSeries: ["7", "8", "9", "10", "11", "12"],
  object1: { author: "3", place: "4", occurrence: "1", collection: "12" },
  /** Assets with the viewers' examples (generate/viewers.ts): a panorama, a 3D model of object 4. */
  panoramaAsset: "5",
  modelAsset: "6",
} as const;

export type Rec = InterchangeInput;
export type Texts = NonNullable<Rec["texts"]>;
export type Meta = NonNullable<Texts["it"]>["metadata"];
export type MetaEntry = NonNullable<Meta>[number];
export type Tag = NonNullable<Rec["tags"]>[number];
export type Relation = NonNullable<Rec["relations"]>[number];
export type Media = NonNullable<Rec["media"]>[number];

// ---------------------------------------------------------------------------
// Types, relation types, tags
// ---------------------------------------------------------------------------

export const TYPE = (id: number, code: string, name: LT) => ({ id, code, name });
export const PLACE_TYPES = {
  paese: TYPE(401, "paese", L("Paese", "Country", "Pays")),
  regione: TYPE(402, "regione", L("Regione", "Region", "Région")),
  citta: TYPE(403, "citta", L("Città", "Town", "Ville")),
  stabilimento: TYPE(404, "stabilimento", L("Stabilimento", "Industrial site", "Site industriel")),
  edificio: TYPE(405, "edificio", L("Edificio", "Building", "Bâtiment")),
};
export const ENTITY_TYPES = {
  persona: TYPE(201, "persona", L("Persona", "Person", "Personne")),
  ditta: TYPE(202, "ditta", L("Ditta", "Firm", "Entreprise")),
  ente: TYPE(203, "ente", L("Ente", "Institution", "Institution")),
  famiglia: TYPE(204, "famiglia", L("Famiglia", "Family", "Famille")),
};
export const EVENT_TYPES = {
  esposizione: TYPE(
    301,
    "esposizione",
    L("Esposizione universale o internazionale", "World's fair", "Exposition universelle ou internationale"),
  ),
  fiera: TYPE(302, "fiera", L("Fiera campionaria", "Trade fair", "Foire commerciale")),
  mostra: TYPE(303, "mostra", L("Mostra", "Exhibition", "Exposition")),
  acquisizione: TYPE(304, "acquisizione", L("Acquisizione", "Acquisition", "Acquisition")),
  restauro: TYPE(305, "restauro", L("Restauro", "Restoration", "Restauration")),
  inaugurazione: TYPE(306, "inaugurazione", L("Inaugurazione", "Opening", "Inauguration")),
  sciopero: TYPE(307, "sciopero", L("Sciopero", "Strike", "Grève")),
};
export const ASSET_TYPES = {
  riproduzione: TYPE(601, "riproduzione-digitale", L("Riproduzione digitale", "Digital reproduction", "Reproduction numérique")),
  video: TYPE(602, "video", L("Video", "Video", "Vidéo")),
  documento: TYPE(603, "documento-digitale", L("Documento digitale", "Digital document", "Document numérique")),
};

export type RelType = { code: string; label: LT; reverse: LT };
export const REL: Record<string, RelType> = {
  autore: { code: "autore", label: L("autore", "author", "auteur"), reverse: L("autore di", "author of", "auteur de") },
  destinatario: {
    code: "destinatario",
    label: L("destinatario", "recipient", "destinataire"),
    reverse: L("destinatario di", "recipient of", "destinataire de"),
  },
  soggetto: {
    code: "soggetto",
    label: L("soggetto raffigurato", "depicted subject", "sujet représenté"),
    reverse: L("raffigurato in", "depicted in", "représenté dans"),
  },
  luogo: {
    code: "luogo_realizzazione",
    label: L("luogo di realizzazione", "place of production", "lieu de réalisation"),
    reverse: L("luogo di realizzazione di", "place of production of", "lieu de réalisation de"),
  },
  luogoRaffigurato: {
    code: "luogo_raffigurato",
    label: L("luogo raffigurato", "place depicted", "lieu représenté"),
    reverse: L("raffigurato in", "depicted in", "représenté dans"),
  },
  esposto: { code: "esposto_in", label: L("esposto in", "exhibited at", "exposé à"), reverse: L("ha esposto", "exhibited", "a exposé") },
  evento: { code: "evento", label: L("evento", "event", "événement"), reverse: L("documentato da", "documented by", "documenté par") },
  fondo: {
    code: "fa_parte_del_fondo",
    label: L("fa parte del fondo", "part of the fonds", "fait partie du fonds"),
    reverse: L("comprende", "includes", "comprend"),
  },
  dipendente: {
    code: "dipendente",
    label: L("dipendente di", "employee of", "employé de"),
    reverse: L("datore di lavoro di", "employer of", "employeur de"),
  },
  socio: {
    code: "socio",
    label: L("socio di", "partner in", "associé de"),
    reverse: L("ha come socio", "has as partner", "a pour associé"),
  },
  familiare: {
    code: "familiare",
    label: L("familiare di", "relative of", "parent de"),
    reverse: L("familiare di", "relative of", "parent de"),
  },
  fornitore: {
    code: "fornitore",
    label: L("fornitore di", "supplier to", "fournisseur de"),
    reverse: L("cliente di", "customer of", "client de"),
  },
  sede: { code: "sede", label: L("sede", "venue", "lieu"), reverse: L("sede di", "venue of", "lieu de") },
  organizzatore: {
    code: "organizzatore",
    label: L("organizzatore", "organiser", "organisateur"),
    reverse: L("ha organizzato", "organised", "a organisé"),
  },
  partecipante: {
    code: "partecipante",
    label: L("partecipante", "participant", "participant"),
    reverse: L("ha partecipato a", "took part in", "a participé à"),
  },
  produttore: {
    code: "soggetto_produttore",
    label: L("soggetto produttore", "creator", "producteur"),
    reverse: L("produttore di", "creator of", "producteur de"),
  },
  riproduzione: {
    code: "riproduzione_di",
    label: L("riproduzione di", "reproduction of", "reproduction de"),
    reverse: L("riprodotto in", "reproduced in", "reproduit dans"),
  },
  sede_ditta: { code: "sede_legale", label: L("sede", "seat", "siège"), reverse: L("sede di", "seat of", "siège de") },
};

export function rel(type: RelType, table: string, id: string, interstitial?: { name: LT; value: string }[]): Relation {
  return {
    type: type.code,
    table: table as Relation["table"],
    id,
    label: type.label,
    reverseLabel: type.reverse,
    ...(interstitial ? { interstitial } : {}),
  };
}

export const tagCache = new Map<string, Tag>();
export function thesaurusTag(key: string): Tag {
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

export const AREAS = new Map<string, Area>([...COUNTRIES, ...REGIONS].map((a) => [a.key, a]));
export const CITY = new Map<string, City>(CITIES.map((c) => [c.key, c]));

/** Luoghi > (country >) region > city. */
export function placeTag(cityKey: string): Tag {
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

export type DateKind = "year" | "day" | "month" | "range" | "circa" | "none";
export type DateInfo = { kind: DateKind; y: number; m?: number; d?: number; y2?: number };

export const pad2 = (n: number) => String(n).padStart(2, "0");
export function daysIn(y: number, m: number) {
  return [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
}

export function randomDate(
  r: Rng,
  y: number,
  weights: [number, number, number, number, number, number] = [40, 28, 8, 10, 8, 6],
  maxY = THIS_YEAR,
): DateInfo {
  const kind = r.weighted<DateKind>(["year", "day", "month", "range", "circa", "none"], weights);
  const m = r.int(1, 12);
  if (kind === "day") return { kind, y, m, d: r.int(1, daysIn(y, m)) };
  if (kind === "month") return { kind, y, m };
  if (kind === "range") return { kind, y, y2: Math.min(maxY, y + r.int(1, 12)) };
  return { kind, y };
}

export function dateField(d: DateInfo): Rec["date"] | undefined {
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

export function isoDay(d: DateInfo): string {
  return d.kind === "day" ? `${d.y}-${pad2(d.m!)}-${pad2(d.d!)}` : d.kind === "month" ? `${d.y}-${pad2(d.m!)}` : String(d.y);
}

/** "nel 1906" / "in 1906" / "en 1906" and friends; null when undated. */
export function whenL(d: DateInfo): LT | null {
  switch (d.kind) {
    case "none":
      return null;
    case "year":
      return L(`nel ${d.y}`, `in ${d.y}`, `en ${d.y}`);
    case "day": {
      const it = d.d === 8 || d.d === 11 ? `l'${d.d}` : `il ${d.d === 1 ? "1º" : d.d}`;
      return L(
        `${it} ${MONTHS.it[d.m! - 1]} ${d.y}`,
        `on ${d.d} ${MONTHS.en[d.m! - 1]} ${d.y}`,
        `le ${d.d === 1 ? "1er" : d.d} ${MONTHS.fr[d.m! - 1]} ${d.y}`,
      );
    }
    case "month": {
      const mi = MONTHS.it[d.m! - 1]!;
      return L(
        /^[aeiou]/.test(mi) ? `nell'${mi} ${d.y}` : `nel ${mi} ${d.y}`,
        `in ${MONTHS.en[d.m! - 1]} ${d.y}`,
        `en ${MONTHS.fr[d.m! - 1]} ${d.y}`,
      );
    }
    case "range":
      return d.y2! > d.y
        ? L(`tra il ${d.y} e il ${d.y2}`, `between ${d.y} and ${d.y2}`, `entre ${d.y} et ${d.y2}`)
        : L(`nel ${d.y}`, `in ${d.y}`, `en ${d.y}`);
    case "circa":
      return L(`intorno al ${d.y}`, `around ${d.y}`, `vers ${d.y}`);
  }
}

export function displayL(d: DateInfo): LT | undefined {
  if (d.kind === "circa") return L(`circa ${d.y}`, `c. ${d.y}`, `vers ${d.y}`);
  if (d.kind === "range" && d.y2! > d.y) return L(`${d.y}–${d.y2}`);
  if (d.kind === "none") return L("senza data", "undated", "sans date");
  return undefined;
}

export function fmtInt(n: number, lang: Lang): string {
  const s = String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "it" ? "." : lang === "en" ? "," : "\u202f");
  return s;
}

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

export class ImagePool {
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
      const spec: ImageSpec = {
        file: `images/${style}/${style}-${String(n).padStart(5, "0")}.jpg`,
        style,
        width,
        height,
        seed: hash32(`${this.seed}:img:${n}`),
      };
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
// Shared record pieces
// ---------------------------------------------------------------------------

export const META_LABELS: Record<string, LT> = {
  tecnica: L("Tecnica", "Technique", "Technique"),
  materiali: L("Materiali", "Materials", "Matériaux"),
  dimensioni: L("Dimensioni", "Dimensions", "Dimensions"),
  conservazione: L("Stato di conservazione", "Condition", "État de conservation"),
  note: L("Note", "Notes", "Notes"),
  iscrizioni: L("Iscrizioni", "Inscriptions", "Inscriptions"),
  data_acquisizione: L("Data di acquisizione", "Date of acquisition", "Date d'acquisition"),
  data_restauro: L("Data del restauro", "Date of restoration", "Date de restauration"),
  scheda: L("Scheda catalografica", "Catalogue record", "Notice catalographique"),
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
  ca_objects: [
    "tecnica",
    "materiali",
    "dimensioni",
    "conservazione",
    "iscrizioni",
    "note",
    "data_acquisizione",
    "data_restauro",
    "stima",
    "prezzo_acquisto",
    "scheda",
    "bibliografia",
  ],
  ca_entities: [
    "professione",
    "luogo_nascita",
    "nascita",
    "morte",
    "settore",
    "sede",
    "fondazione",
    "cessazione",
    "capitale_sociale",
    "scheda_autorita",
  ],
  ca_occurrences: ["data_inizio", "data_fine", "sede_evento", "visitatori", "costo", "catalogo"],
  ca_places: ["indirizzo", "altitudine", "costruzione", "dismissione", "scheda"],
  ca_collections: ["estremi_cronologici", "consistenza", "storia_archivistica", "strumenti_ricerca"],
  assets: ["formato", "durata", "risoluzione", "data_digitalizzazione", "licenza"],
} as const;

/** Accumulates metadata entries in the three languages at once. */
export class MetaBuilder {
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
    for (const l of LANGS)
      this[l].push({ code, label: META_LABELS[code]![l], type: "link", value: text ? { url, text: text[l] } : { url } });
    return this;
  }
  money(code: string, amount: number, currency: number) {
    for (const l of LANGS) this[l].push({ code, label: META_LABELS[code]![l], type: "quantityValue", value: { amount, currency } });
    return this;
  }
}

export type LocaleMode = "all" | "it" | "it-en";
export function localeMode(r: Rng): LocaleMode {
  const x = r.float();
  return x < 0.04 ? "it" : x < 0.06 ? "it-en" : "all";
}

export function makeTexts(mode: LocaleMode, label: LT, summary: LT | undefined, meta: MetaBuilder, display?: LT): Texts {
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

export function pickAccess(r: Rng, bias = 0): 1 | 2 | 3 {
  const x = r.float();
  if (x < 0.05 + bias / 2) return 3;
  if (x < 0.15 + bias) return 2;
  return 1;
}

/** Ends a sentence with one full stop ("S.p.A." does not get a second one). */
export function dot(s: string): string {
  return s.endsWith(".") ? s : `${s}.`;
}

export function sentence(parts: (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(" ");
}

export const SOURCE = (table: string, id: string, r: Rng, license = "CC BY 4.0") => ({
  url: `${FOUNDATION.baseUrl}/${table.replace("ca_", "")}/${id}`,
  license: r.chance(0.1) ? "CC0 1.0" : license,
  attribution: FOUNDATION.attribution,
});
