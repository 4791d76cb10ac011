/**
 * Vocabulary tables of the demo archive: the fictional "Archivio Storico della
 * Fondazione Valdameri", the archive of a Lombard family of industrialists
 * (silk at Como from 1782, engineering in Milan, ceramics at Laveno, steel at
 * Sesto San Giovanni from 1906; the foundation was set up in 1968).
 *
 * Everything here is data; generate.ts combines it. Coordinates are real and
 * approximate (WGS84, 4 decimals).
 */
import { L, frDe } from "./language";

export const FOUNDATION = {
  name: L("Fondazione Valdameri", "Valdameri Foundation", "Fondation Valdameri"),
  archive: L(
    "Archivio Storico della Fondazione Valdameri",
    "Historical Archive of the Valdameri Foundation",
    "Archives historiques de la Fondation Valdameri",
  ),
  firm: L("la ditta Valdameri", "the Valdameri firm", "la maison Valdameri"),
  attribution: "Fondazione Valdameri, Archivio Storico",
  baseUrl: "https://example.org/valdameri",
};

/** The last year of the archive's timeline ("today", fixed for determinism). */
export const THIS_YEAR = 2024;

// ---------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------

export type Area = { key: string; name: L; lat: number; lng: number; country?: string; in?: L };
export type City = {
  key: string;
  name: L;
  lat: number;
  lng: number;
  area: string;
  port?: boolean;
  /** Valdameri sites in this city (keys of SITE_KINDS), most important first. */
  sites?: string[];
  alt?: number;
};

export const COUNTRIES: Area[] = [
  { key: "italia", name: L("Italia", "Italy", "Italie"), lat: 41.8719, lng: 12.5674 },
  { key: "francia", name: L("Francia", "France", "France"), lat: 46.6034, lng: 1.8883 },
  { key: "regno-unito", name: L("Regno Unito", "United Kingdom", "Royaume-Uni"), lat: 54.0, lng: -2.5 },
  { key: "austria", name: L("Austria", "Austria", "Autriche"), lat: 47.5162, lng: 14.5501 },
  { key: "germania", name: L("Germania", "Germany", "Allemagne"), lat: 51.1657, lng: 10.4515 },
  { key: "svizzera", name: L("Svizzera", "Switzerland", "Suisse"), lat: 46.8182, lng: 8.2275 },
  { key: "belgio", name: L("Belgio", "Belgium", "Belgique"), lat: 50.5039, lng: 4.4699 },
  { key: "spagna", name: L("Spagna", "Spain", "Espagne"), lat: 40.4637, lng: -3.7492 },
  { key: "paesi-bassi", name: L("Paesi Bassi", "Netherlands", "Pays-Bas"), lat: 52.1326, lng: 5.2913 },
  { key: "portogallo", name: L("Portogallo", "Portugal", "Portugal"), lat: 39.3999, lng: -8.2245 },
  { key: "cechia", name: L("Repubblica Ceca", "Czech Republic", "République tchèque"), lat: 49.8175, lng: 15.473 },
  { key: "ungheria", name: L("Ungheria", "Hungary", "Hongrie"), lat: 47.1625, lng: 19.5033 },
  { key: "russia", name: L("Russia", "Russia", "Russie"), lat: 55.7558, lng: 37.6173 },
];

/** "in Lombardy" etc. where the default (in X / en X) is wrong. */
export const AREA_IN: Record<string, L> = {
  "regno-unito": L("nel Regno Unito", "in the United Kingdom", "au Royaume-Uni"),
  "paesi-bassi": L("nei Paesi Bassi", "in the Netherlands", "aux Pays-Bas"),
  cechia: L("nella Repubblica Ceca", "in the Czech Republic", "en République tchèque"),
  portogallo: L("in Portogallo", "in Portugal", "au Portugal"),
  lazio: L("nel Lazio", "in Lazio", "dans le Latium"),
  piemonte: L("in Piemonte", "in Piedmont", "dans le Piémont"),
  veneto: L("in Veneto", "in the Veneto", "en Vénétie"),
  friuli: L("in Friuli-Venezia Giulia", "in Friuli-Venezia Giulia", "dans le Frioul-Vénétie julienne"),
  puglia: L("in Puglia", "in Apulia", "dans les Pouilles"),
};
export function areaIn(a: Area): L {
  return AREA_IN[a.key] ?? L(`in ${a.name.it}`, `in ${a.name.en}`, `en ${a.name.fr}`);
}

/** Italian regions (parent: italia). */
export const REGIONS: Area[] = [
  { key: "lombardia", name: L("Lombardia", "Lombardy", "Lombardie"), lat: 45.5853, lng: 9.9302, country: "italia" },
  { key: "piemonte", name: L("Piemonte", "Piedmont", "Piémont"), lat: 45.0522, lng: 7.5154, country: "italia" },
  { key: "liguria", name: L("Liguria", "Liguria", "Ligurie"), lat: 44.3168, lng: 8.3965, country: "italia" },
  { key: "veneto", name: L("Veneto", "Veneto", "Vénétie"), lat: 45.4415, lng: 12.3155, country: "italia" },
  {
    key: "friuli",
    name: L("Friuli-Venezia Giulia", "Friuli-Venezia Giulia", "Frioul-Vénétie julienne"),
    lat: 46.0693,
    lng: 13.2371,
    country: "italia",
  },
  { key: "emilia-romagna", name: L("Emilia-Romagna", "Emilia-Romagna", "Émilie-Romagne"), lat: 44.5968, lng: 11.2186, country: "italia" },
  { key: "toscana", name: L("Toscana", "Tuscany", "Toscane"), lat: 43.7711, lng: 11.2486, country: "italia" },
  { key: "umbria", name: L("Umbria", "Umbria", "Ombrie"), lat: 42.9384, lng: 12.6216, country: "italia" },
  { key: "lazio", name: L("Lazio", "Lazio", "Latium"), lat: 41.8928, lng: 12.4837, country: "italia" },
  { key: "campania", name: L("Campania", "Campania", "Campanie"), lat: 40.8399, lng: 14.2528, country: "italia" },
  { key: "puglia", name: L("Puglia", "Apulia", "Pouilles"), lat: 41.1258, lng: 16.8666, country: "italia" },
  { key: "sicilia", name: L("Sicilia", "Sicily", "Sicile"), lat: 37.5999, lng: 14.0154, country: "italia" },
  { key: "sardegna", name: L("Sardegna", "Sardinia", "Sardaigne"), lat: 40.1209, lng: 9.0129, country: "italia" },
];

export const CITIES: City[] = [
  {
    key: "milano",
    name: L("Milano", "Milan", "Milan"),
    lat: 45.4642,
    lng: 9.19,
    area: "lombardia",
    sites: ["sede", "negozio", "stazione"],
    alt: 120,
  },
  {
    key: "sesto-san-giovanni",
    name: L("Sesto San Giovanni"),
    lat: 45.535,
    lng: 9.234,
    area: "lombardia",
    sites: ["stabilimento", "fonderia", "villaggio", "laminatoio"],
    alt: 140,
  },
  {
    key: "como",
    name: L("Como", "Como", "Côme"),
    lat: 45.8081,
    lng: 9.0852,
    area: "lombardia",
    sites: ["filanda", "villa", "magazzino"],
    alt: 201,
  },
  { key: "laveno", name: L("Laveno-Mombello"), lat: 45.909, lng: 8.62, area: "lombardia", sites: ["ceramiche", "porto"], alt: 200 },
  { key: "parigi", name: L("Parigi", "Paris", "Paris"), lat: 48.8566, lng: 2.3522, area: "francia", sites: ["negozio"], alt: 35 },
  {
    key: "torino",
    name: L("Torino", "Turin", "Turin"),
    lat: 45.0703,
    lng: 7.6869,
    area: "piemonte",
    sites: ["magazzino", "stazione"],
    alt: 239,
  },
  {
    key: "genova",
    name: L("Genova", "Genoa", "Gênes"),
    lat: 44.4056,
    lng: 8.9463,
    area: "liguria",
    port: true,
    sites: ["magazzino", "porto"],
    alt: 20,
  },
  { key: "bergamo", name: L("Bergamo", "Bergamo", "Bergame"), lat: 45.6983, lng: 9.6773, area: "lombardia", alt: 249 },
  { key: "brescia", name: L("Brescia"), lat: 45.5416, lng: 10.2118, area: "lombardia", sites: ["fonderia"], alt: 149 },
  { key: "lecco", name: L("Lecco"), lat: 45.8566, lng: 9.3977, area: "lombardia", sites: ["centrale"], alt: 214 },
  { key: "monza", name: L("Monza"), lat: 45.5845, lng: 9.2744, area: "lombardia", alt: 162 },
  { key: "varese", name: L("Varese"), lat: 45.8206, lng: 8.8251, area: "lombardia", alt: 382 },
  { key: "legnano", name: L("Legnano"), lat: 45.5969, lng: 8.9157, area: "lombardia", alt: 199 },
  { key: "dalmine", name: L("Dalmine"), lat: 45.6475, lng: 9.605, area: "lombardia", alt: 207 },
  { key: "cremona", name: L("Cremona", "Cremona", "Crémone"), lat: 45.1333, lng: 10.0227, area: "lombardia", alt: 45 },
  { key: "pavia", name: L("Pavia", "Pavia", "Pavie"), lat: 45.1847, lng: 9.1582, area: "lombardia", alt: 77 },
  { key: "mantova", name: L("Mantova", "Mantua", "Mantoue"), lat: 45.1564, lng: 10.7914, area: "lombardia", alt: 19 },
  { key: "biella", name: L("Biella"), lat: 45.5629, lng: 8.0583, area: "piemonte", alt: 420 },
  { key: "ivrea", name: L("Ivrea", "Ivrea", "Ivrée"), lat: 45.4667, lng: 7.876, area: "piemonte", alt: 253 },
  { key: "novara", name: L("Novara", "Novara", "Novare"), lat: 45.4469, lng: 8.6219, area: "piemonte", alt: 162 },
  { key: "savona", name: L("Savona", "Savona", "Savone"), lat: 44.3091, lng: 8.4772, area: "liguria", port: true, alt: 4 },
  {
    key: "venezia",
    name: L("Venezia", "Venice", "Venise"),
    lat: 45.4408,
    lng: 12.3155,
    area: "veneto",
    port: true,
    sites: ["negozio"],
    alt: 1,
  },
  { key: "murano", name: L("Murano"), lat: 45.4586, lng: 12.353, area: "veneto", alt: 2 },
  { key: "verona", name: L("Verona", "Verona", "Vérone"), lat: 45.4384, lng: 10.9916, area: "veneto", alt: 59 },
  { key: "padova", name: L("Padova", "Padua", "Padoue"), lat: 45.4064, lng: 11.8768, area: "veneto", alt: 12 },
  { key: "vicenza", name: L("Vicenza", "Vicenza", "Vicence"), lat: 45.5455, lng: 11.5354, area: "veneto", alt: 39 },
  { key: "schio", name: L("Schio"), lat: 45.7139, lng: 11.356, area: "veneto", alt: 200 },
  { key: "valdagno", name: L("Valdagno"), lat: 45.6469, lng: 11.3013, area: "veneto", alt: 266 },
  { key: "trieste", name: L("Trieste"), lat: 45.6495, lng: 13.7768, area: "friuli", port: true, sites: ["magazzino"], alt: 2 },
  { key: "bologna", name: L("Bologna", "Bologna", "Bologne"), lat: 44.4949, lng: 11.3426, area: "emilia-romagna", alt: 54 },
  { key: "faenza", name: L("Faenza"), lat: 44.2856, lng: 11.8834, area: "emilia-romagna", alt: 35 },
  { key: "modena", name: L("Modena", "Modena", "Modène"), lat: 44.6471, lng: 10.9252, area: "emilia-romagna", alt: 34 },
  { key: "parma", name: L("Parma", "Parma", "Parme"), lat: 44.8015, lng: 10.3279, area: "emilia-romagna", alt: 55 },
  { key: "firenze", name: L("Firenze", "Florence", "Florence"), lat: 43.7696, lng: 11.2558, area: "toscana", sites: ["negozio"], alt: 50 },
  { key: "prato", name: L("Prato"), lat: 43.8777, lng: 11.1022, area: "toscana", alt: 61 },
  { key: "livorno", name: L("Livorno", "Livorno", "Livourne"), lat: 43.5485, lng: 10.3106, area: "toscana", port: true, alt: 3 },
  { key: "pisa", name: L("Pisa", "Pisa", "Pise"), lat: 43.7228, lng: 10.4017, area: "toscana", alt: 4 },
  { key: "piombino", name: L("Piombino"), lat: 42.9256, lng: 10.5264, area: "toscana", port: true, alt: 21 },
  { key: "terni", name: L("Terni"), lat: 42.5636, lng: 12.6427, area: "umbria", alt: 130 },
  { key: "roma", name: L("Roma", "Rome", "Rome"), lat: 41.9028, lng: 12.4964, area: "lazio", sites: ["negozio"], alt: 21 },
  {
    key: "napoli",
    name: L("Napoli", "Naples", "Naples"),
    lat: 40.8518,
    lng: 14.2681,
    area: "campania",
    port: true,
    sites: ["magazzino"],
    alt: 17,
  },
  { key: "castellammare", name: L("Castellammare di Stabia"), lat: 40.7011, lng: 14.4836, area: "campania", port: true, alt: 6 },
  { key: "bari", name: L("Bari"), lat: 41.1171, lng: 16.8719, area: "puglia", port: true, alt: 5 },
  { key: "taranto", name: L("Taranto", "Taranto", "Tarente"), lat: 40.4644, lng: 17.247, area: "puglia", port: true, alt: 15 },
  { key: "palermo", name: L("Palermo", "Palermo", "Palerme"), lat: 38.1157, lng: 13.3615, area: "sicilia", port: true, alt: 14 },
  { key: "cagliari", name: L("Cagliari"), lat: 39.2238, lng: 9.1217, area: "sardegna", port: true, alt: 4 },
  { key: "lione", name: L("Lione", "Lyon", "Lyon"), lat: 45.764, lng: 4.8357, area: "francia", alt: 173 },
  { key: "marsiglia", name: L("Marsiglia", "Marseille", "Marseille"), lat: 43.2965, lng: 5.3698, area: "francia", port: true, alt: 12 },
  { key: "londra", name: L("Londra", "London", "Londres"), lat: 51.5074, lng: -0.1278, area: "regno-unito", sites: ["negozio"], alt: 11 },
  { key: "manchester", name: L("Manchester"), lat: 53.4808, lng: -2.2426, area: "regno-unito", alt: 38 },
  { key: "vienna", name: L("Vienna", "Vienna", "Vienne"), lat: 48.2082, lng: 16.3738, area: "austria", alt: 151 },
  { key: "berlino", name: L("Berlino", "Berlin", "Berlin"), lat: 52.52, lng: 13.405, area: "germania", alt: 34 },
  { key: "monaco", name: L("Monaco di Baviera", "Munich", "Munich"), lat: 48.1351, lng: 11.582, area: "germania", alt: 519 },
  { key: "ginevra", name: L("Ginevra", "Geneva", "Genève"), lat: 46.2044, lng: 6.1432, area: "svizzera", alt: 375 },
  { key: "zurigo", name: L("Zurigo", "Zurich", "Zurich"), lat: 47.3769, lng: 8.5417, area: "svizzera", alt: 408 },
  { key: "bruxelles", name: L("Bruxelles", "Brussels", "Bruxelles"), lat: 50.8503, lng: 4.3517, area: "belgio", alt: 13 },
  { key: "anversa", name: L("Anversa", "Antwerp", "Anvers"), lat: 51.2194, lng: 4.4025, area: "belgio", port: true, alt: 10 },
  { key: "barcellona", name: L("Barcellona", "Barcelona", "Barcelone"), lat: 41.3874, lng: 2.1686, area: "spagna", port: true, alt: 12 },
  { key: "amsterdam", name: L("Amsterdam"), lat: 52.3676, lng: 4.9041, area: "paesi-bassi", port: true, alt: -2 },
  { key: "lisbona", name: L("Lisbona", "Lisbon", "Lisbonne"), lat: 38.7223, lng: -9.1393, area: "portogallo", port: true, alt: 2 },
  { key: "praga", name: L("Praga", "Prague", "Prague"), lat: 50.0755, lng: 14.4378, area: "cechia", alt: 235 },
  { key: "budapest", name: L("Budapest"), lat: 47.4979, lng: 19.0402, area: "ungheria", alt: 96 },
  {
    key: "san-pietroburgo",
    name: L("San Pietroburgo", "Saint Petersburg", "Saint-Pétersbourg"),
    lat: 59.9311,
    lng: 30.3609,
    area: "russia",
    port: true,
    alt: 3,
  },
];

/** A place inside a city; np is a noun phrase with its article. */
export type SiteKind = { key: string; np: (c: L) => L; type: "stabilimento" | "edificio"; subjects: string[]; built: [number, number] };

export const SITE_KINDS: Record<string, SiteKind> = {
  stabilimento: {
    key: "stabilimento",
    type: "stabilimento",
    subjects: ["siderurgia", "architettura-industriale"],
    built: [1906, 1906],
    np: (c) => L(`lo stabilimento di ${c.it}`, `the ${c.en} works`, `l'usine ${frDe(c.fr)}`),
  },
  fonderia: {
    key: "fonderia",
    type: "stabilimento",
    subjects: ["siderurgia", "maestranze"],
    built: [1908, 1925],
    np: (c) => L(`il reparto fonderia di ${c.it}`, `the foundry shop at ${c.en}`, `l'atelier de fonderie ${frDe(c.fr)}`),
  },
  laminatoio: {
    key: "laminatoio",
    type: "stabilimento",
    subjects: ["siderurgia"],
    built: [1911, 1930],
    np: (c) => L(`il reparto laminatoi di ${c.it}`, `the rolling mills at ${c.en}`, `les laminoirs ${frDe(c.fr)}`),
  },
  villaggio: {
    key: "villaggio",
    type: "edificio",
    subjects: ["assistenza-sociale", "architettura-industriale"],
    built: [1910, 1925],
    np: (c) => L(`il villaggio operaio di ${c.it}`, `the workers' village at ${c.en}`, `la cité ouvrière ${frDe(c.fr)}`),
  },
  filanda: {
    key: "filanda",
    type: "stabilimento",
    subjects: ["industria-tessile", "architettura-industriale"],
    built: [1782, 1782],
    np: (c) => L(`la filanda di ${c.it}`, `the ${c.en} silk mill`, `la filature de soie ${frDe(c.fr)}`),
  },
  villa: {
    key: "villa",
    type: "edificio",
    subjects: ["ville-giardini", "famiglia"],
    built: [1820, 1870],
    np: (c) => L(`villa Valdameri a ${c.it}`, `the Valdameri villa at ${c.en}`, `la villa Valdameri à ${c.fr}`),
  },
  ceramiche: {
    key: "ceramiche",
    type: "stabilimento",
    subjects: ["ceramica-ind", "architettura-industriale"],
    built: [1872, 1872],
    np: (c) => L(`la fabbrica di ceramiche di ${c.it}`, `the ${c.en} pottery works`, `la faïencerie ${frDe(c.fr)}`),
  },
  sede: {
    key: "sede",
    type: "edificio",
    subjects: ["architettura-industriale", "commercio"],
    built: [1890, 1930],
    np: (c) => L(`la sede della direzione a ${c.it}`, `the head office in ${c.en}`, `le siège de la direction à ${c.fr}`),
  },
  negozio: {
    key: "negozio",
    type: "edificio",
    subjects: ["commercio", "pubblicita"],
    built: [1880, 1960],
    np: (c) => L(`il negozio Valdameri di ${c.it}`, `the Valdameri showroom in ${c.en}`, `le magasin Valdameri ${frDe(c.fr)}`),
  },
  magazzino: {
    key: "magazzino",
    type: "edificio",
    subjects: ["commercio", "architettura-industriale"],
    built: [1860, 1930],
    np: (c) => L(`il magazzino di ${c.it}`, `the ${c.en} warehouse`, `l'entrepôt ${frDe(c.fr)}`),
  },
  porto: {
    key: "porto",
    type: "edificio",
    subjects: ["navigazione"],
    built: [1850, 1900],
    np: (c) => L(`il porto di ${c.it}`, `the port of ${c.en}`, `le port ${frDe(c.fr)}`),
  },
  stazione: {
    key: "stazione",
    type: "edificio",
    subjects: ["ferrovie", "architettura-industriale"],
    built: [1860, 1931],
    np: (c) => L(`la stazione ferroviaria di ${c.it}`, `${c.en} railway station`, `la gare ${frDe(c.fr)}`),
  },
  centrale: {
    key: "centrale",
    type: "stabilimento",
    subjects: ["energia", "architettura-industriale"],
    built: [1898, 1925],
    np: (c) =>
      L(`la centrale idroelettrica di ${c.it}`, `the ${c.en} hydroelectric power station`, `la centrale hydroélectrique ${frDe(c.fr)}`),
  },
};

/** Site kinds any city may show in a photograph, with weights. */
export const GENERIC_SITES = ["stazione", "porto", "magazzino", "negozio"];

export const STREETS = [
  "via Garibaldi",
  "via Mazzini",
  "via Cavour",
  "via Manzoni",
  "via Dante",
  "corso Vittorio Emanuele II",
  "via XX Settembre",
  "via Solferino",
  "corso Venezia",
  "via Roma",
  "via Volta",
  "viale Monza",
  "via dei Filatoi",
  "via delle Officine",
  "piazza del Mercato",
  "via Borgonuovo",
  "corso Magenta",
  "via San Gregorio",
  "viale Edison",
  "via della Fonderia",
];
export const BUILDING_KINDS: { np: (street: string, n: number, c: L) => L }[] = [
  { np: (s, n, c) => L(`il palazzo di ${s} ${n}, ${c.it}`, `the building at ${s} ${n}, ${c.en}`, `l'immeuble du ${n} ${s}, ${c.fr}`) },
  { np: (s, n, c) => L(`il deposito di ${s} ${n}, ${c.it}`, `the depot at ${s} ${n}, ${c.en}`, `le dépôt du ${n} ${s}, ${c.fr}`) },
  {
    np: (s, n, c) =>
      L(`la casa operaia di ${s} ${n}, ${c.it}`, `the workers' house at ${s} ${n}, ${c.en}`, `la maison ouvrière du ${n} ${s}, ${c.fr}`),
  },
  { np: (s, n, c) => L(`l'officina di ${s} ${n}, ${c.it}`, `the workshop at ${s} ${n}, ${c.en}`, `l'atelier du ${n} ${s}, ${c.fr}`) },
];

// ---------------------------------------------------------------------------
// People and firms
// ---------------------------------------------------------------------------

export const NAMES = {
  it: {
    m: [
      "Giuseppe",
      "Giovanni",
      "Antonio",
      "Luigi",
      "Carlo",
      "Francesco",
      "Angelo",
      "Pietro",
      "Ernesto",
      "Enrico",
      "Achille",
      "Ettore",
      "Alfredo",
      "Umberto",
      "Guido",
      "Mario",
      "Aldo",
      "Bruno",
      "Piero",
      "Riccardo",
      "Vittorio",
      "Emilio",
      "Camillo",
      "Federico",
      "Gaetano",
      "Ambrogio",
      "Cesare",
      "Attilio",
      "Battista",
      "Franco",
      "Sergio",
      "Gianni",
      "Paolo",
      "Massimo",
      "Arturo",
      "Costante",
    ],
    f: [
      "Maria",
      "Giuseppina",
      "Teresa",
      "Angela",
      "Rosa",
      "Carolina",
      "Luigia",
      "Ada",
      "Adele",
      "Bianca",
      "Clelia",
      "Emma",
      "Ernesta",
      "Gina",
      "Irene",
      "Lina",
      "Lucia",
      "Margherita",
      "Matilde",
      "Olga",
      "Pia",
      "Rina",
      "Silvia",
      "Vittoria",
      "Anna",
      "Franca",
      "Giovanna",
      "Laura",
      "Paola",
      "Ida",
    ],
    s: [
      "Rossi",
      "Colombo",
      "Ferrari",
      "Galli",
      "Fumagalli",
      "Villa",
      "Bianchi",
      "Ronchi",
      "Cattaneo",
      "Sala",
      "Mauri",
      "Riva",
      "Mariani",
      "Longoni",
      "Sironi",
      "Corti",
      "Gatti",
      "Bonfanti",
      "Pozzi",
      "Crippa",
      "Radaelli",
      "Zanetti",
      "Ghezzi",
      "Bassi",
      "Cereda",
      "Mapelli",
      "Tagliabue",
      "Meroni",
      "Castelli",
      "Moretti",
      "Rizzi",
      "Rinaldi",
      "Ferri",
      "Gallo",
      "Conti",
      "Costa",
      "Fontana",
      "Barbieri",
      "Lombardi",
      "Testa",
      "Pagani",
      "Vismara",
      "Invernizzi",
      "Oggioni",
      "Confalonieri",
      "Porro",
      "Airoldi",
      "Bossi",
      "Carcano",
      "Perego",
      "Ratti",
      "Resnati",
      "Frigerio",
      "Viganò",
      "Brivio",
      "Ferrandi",
      "Sormani",
      "Brambilla",
      "Gerosa",
      "Nava",
      "Arosio",
      "Cazzaniga",
    ],
    cities: [
      "milano",
      "sesto-san-giovanni",
      "como",
      "laveno",
      "bergamo",
      "brescia",
      "lecco",
      "monza",
      "varese",
      "legnano",
      "torino",
      "genova",
      "venezia",
      "verona",
      "bologna",
      "firenze",
      "roma",
      "napoli",
      "biella",
      "schio",
      "cremona",
      "pavia",
      "trieste",
    ],
  },
  fr: {
    m: ["Henri", "Louis", "Jules", "Émile", "Paul", "Georges", "Lucien", "Édouard", "Marcel"],
    f: ["Marguerite", "Jeanne", "Louise", "Madeleine", "Hélène"],
    s: ["Dubois", "Girard", "Lefèvre", "Moreau", "Fournier", "Bonnet", "Mercier", "Rousseau", "Chevalier"],
    cities: ["parigi", "lione", "marsiglia", "ginevra"],
  },
  en: {
    m: ["Arthur", "William", "George", "Thomas", "Henry", "Frederick"],
    f: ["Edith", "Florence", "Mary", "Ellen"],
    s: ["Whitfield", "Harrington", "Pike", "Barlow", "Fletcher", "Hargreaves", "Ashworth"],
    cities: ["londra", "manchester"],
  },
  de: {
    m: ["Karl", "Friedrich", "Otto", "Wilhelm", "Hans"],
    f: ["Anna", "Greta", "Hedwig"],
    s: ["Hoffmann", "Weber", "Keller", "Brunner", "Vogel", "Steiner"],
    cities: ["berlino", "monaco", "vienna", "zurigo"],
  },
} as const;
export type Nation = keyof typeof NAMES;

export type Profession = { key: string; it: [string, string]; en: [string, string]; fr: [string, string] };
export const PROFESSIONS: Record<string, Profession> = {
  fotografo: { key: "fotografo", it: ["fotografo", "fotografa"], en: ["photographer", "photographer"], fr: ["photographe", "photographe"] },
  ingegnere: { key: "ingegnere", it: ["ingegnere", "ingegnera"], en: ["engineer", "engineer"], fr: ["ingénieur", "ingénieure"] },
  disegnatore: {
    key: "disegnatore",
    it: ["disegnatore tecnico", "disegnatrice tecnica"],
    en: ["draughtsman", "draughtswoman"],
    fr: ["dessinateur industriel", "dessinatrice industrielle"],
  },
  illustratore: {
    key: "illustratore",
    it: ["illustratore", "illustratrice"],
    en: ["illustrator", "illustrator"],
    fr: ["illustrateur", "illustratrice"],
  },
  pittore: { key: "pittore", it: ["pittore", "pittrice"], en: ["painter", "painter"], fr: ["peintre", "peintre"] },
  contabile: { key: "contabile", it: ["contabile", "contabile"], en: ["accountant", "accountant"], fr: ["comptable", "comptable"] },
  impiegato: { key: "impiegato", it: ["impiegato", "impiegata"], en: ["clerk", "clerk"], fr: ["employé de bureau", "employée de bureau"] },
  operaio: { key: "operaio", it: ["operaio", "operaia"], en: ["factory worker", "factory worker"], fr: ["ouvrier", "ouvrière"] },
  tessitore: { key: "tessitore", it: ["tessitore", "tessitrice"], en: ["weaver", "weaver"], fr: ["tisserand", "tisserande"] },
  ceramista: { key: "ceramista", it: ["ceramista", "ceramista"], en: ["ceramicist", "ceramicist"], fr: ["céramiste", "céramiste"] },
  architetto: { key: "architetto", it: ["architetto", "architetta"], en: ["architect", "architect"], fr: ["architecte", "architecte"] },
  chimico: { key: "chimico", it: ["chimico", "chimica"], en: ["chemist", "chemist"], fr: ["chimiste", "chimiste"] },
  agente: {
    key: "agente",
    it: ["agente di commercio", "agente di commercio"],
    en: ["sales agent", "sales agent"],
    fr: ["représentant de commerce", "représentante de commerce"],
  },
  industriale: {
    key: "industriale",
    it: ["industriale", "industriale"],
    en: ["industrialist", "industrialist"],
    fr: ["industriel", "industrielle"],
  },
  notaio: { key: "notaio", it: ["notaio", "notaio"], en: ["notary", "notary"], fr: ["notaire", "notaire"] },
  medaglista: { key: "medaglista", it: ["medaglista", "medaglista"], en: ["medallist", "medallist"], fr: ["médailleur", "médailleuse"] },
  setaiolo: {
    key: "setaiolo",
    it: ["setaiolo", "setaiola"],
    en: ["silk merchant", "silk merchant"],
    fr: ["marchand de soie", "marchande de soie"],
  },
  archivista: { key: "archivista", it: ["archivista", "archivista"], en: ["archivist", "archivist"], fr: ["archiviste", "archiviste"] },
};
export const PROFESSION_WEIGHTS: [string, number][] = [
  ["fotografo", 10],
  ["ingegnere", 10],
  ["disegnatore", 8],
  ["illustratore", 6],
  ["pittore", 4],
  ["contabile", 5],
  ["impiegato", 8],
  ["operaio", 14],
  ["tessitore", 6],
  ["ceramista", 5],
  ["architetto", 5],
  ["chimico", 3],
  ["agente", 6],
  ["industriale", 5],
  ["notaio", 2],
  ["medaglista", 1],
  ["setaiolo", 2],
  ["archivista", 1],
];

export type FirmKind = {
  key: string;
  name: (surname: string, first: string) => string;
  /** Italian article used in running text ("lo " Studio…, "la ditta " Girard Frères). */
  itArt: string;
  sector: L;
  nation: Nation;
};
export const FIRM_KINDS: FirmKind[] = [
  {
    key: "fotografo",
    name: (s, f) => `Studio fotografico ${f} ${s}`,
    itArt: "lo ",
    nation: "it",
    sector: L("studio fotografico", "photographic studio", "studio photographique"),
  },
  {
    key: "tipografia",
    name: (s) => `Tipografia ${s}`,
    itArt: "la ",
    nation: "it",
    sector: L("tipografia", "printing works", "imprimerie"),
  },
  {
    key: "litografia",
    name: (s) => `Litografia ${s} & C.`,
    itArt: "la ",
    nation: "it",
    sector: L("stabilimento litografico", "lithographic printers", "imprimerie lithographique"),
  },
  {
    key: "meccanica",
    name: (s) => `Officine Meccaniche ${s}`,
    itArt: "le ",
    nation: "it",
    sector: L("officina meccanica", "engineering works", "atelier de construction mécanique"),
  },
  {
    key: "fratelli",
    name: (s) => `Fratelli ${s}`,
    itArt: "i ",
    nation: "it",
    sector: L("commercio di filati e tessuti", "yarn and cloth merchants", "négoce de fils et tissus"),
  },
  { key: "setificio", name: (s) => `Setificio ${s}`, itArt: "il ", nation: "it", sector: L("setificio", "silk mill", "soierie") },
  {
    key: "fonderia",
    name: (s) => `Fonderia ${s}`,
    itArt: "la ",
    nation: "it",
    sector: L("fonderia di ghisa e bronzo", "iron and bronze foundry", "fonderie de fonte et de bronze"),
  },
  {
    key: "strumenti",
    name: (s) => `Ditta ${s} e Figli`,
    itArt: "la ",
    nation: "it",
    sector: L("fabbrica di strumenti di precisione", "precision instrument makers", "fabricant d'instruments de précision"),
  },
  {
    key: "ceramica",
    name: (s) => `Manifattura ceramica ${s}`,
    itArt: "la ",
    nation: "it",
    sector: L("manifattura ceramica", "pottery", "manufacture de céramique"),
  },
  {
    key: "trasporti",
    name: (s) => `${s} & C. Spedizioni`,
    itArt: "la ditta ",
    nation: "it",
    sector: L("casa di spedizioni", "forwarding agents", "maison d'expédition"),
  },
  {
    key: "soie",
    name: (s) => `${s} Frères`,
    itArt: "la ditta ",
    nation: "fr",
    sector: L("commercio di sete", "silk merchants", "négoce de soieries"),
  },
  {
    key: "sons",
    name: (s) => `${s} & Sons Ltd`,
    itArt: "la ditta ",
    nation: "en",
    sector: L("costruzioni meccaniche", "machine builders", "constructions mécaniques"),
  },
  {
    key: "ag",
    name: (s) => `Maschinenfabrik ${s} AG`,
    itArt: "la ditta ",
    nation: "de",
    sector: L("costruzioni meccaniche", "machine builders", "constructions mécaniques"),
  },
];

export type InstitutionKind = { name: (c: L) => L; sector: L };
export const INSTITUTION_KINDS: InstitutionKind[] = [
  {
    name: (c) => L(`Camera di commercio di ${c.it}`, `${c.en} Chamber of Commerce`, `Chambre de commerce ${frDe(c.fr)}`),
    sector: L("ente camerale", "chamber of commerce", "chambre consulaire"),
  },
  {
    name: (c) => L(`Museo civico di ${c.it}`, `${c.en} Civic Museum`, `Musée municipal ${frDe(c.fr)}`),
    sector: L("museo", "museum", "musée"),
  },
  {
    name: (c) =>
      L(
        `Società operaia di mutuo soccorso di ${c.it}`,
        `${c.en} Workers' Mutual Aid Society`,
        `Société ouvrière de secours mutuel ${frDe(c.fr)}`,
      ),
    sector: L("associazione di mutuo soccorso", "mutual aid society", "société de secours mutuel"),
  },
  {
    name: (c) => L(`Scuola professionale di ${c.it}`, `${c.en} Vocational School`, `École professionnelle ${frDe(c.fr)}`),
    sector: L("scuola", "school", "école"),
  },
  {
    name: (c) => L(`Comune di ${c.it}`, `Municipality of ${c.en}`, `Commune ${frDe(c.fr)}`),
    sector: L("ente locale", "local authority", "collectivité locale"),
  },
  {
    name: (c) => L(`Biblioteca civica di ${c.it}`, `${c.en} Public Library`, `Bibliothèque municipale ${frDe(c.fr)}`),
    sector: L("biblioteca", "library", "bibliothèque"),
  },
];

// ---------------------------------------------------------------------------
// Products of the Valdameri works
// ---------------------------------------------------------------------------

export type Product = { key: string; np: L; brand: L; subjects: string[]; years: [number, number] };
export const PRODUCTS: Product[] = [
  {
    key: "turbina",
    np: L("una turbina idraulica", "a hydraulic turbine", "une turbine hydraulique"),
    brand: L("le turbine idrauliche Valdameri", "Valdameri hydraulic turbines", "les turbines hydrauliques Valdameri"),
    subjects: ["meccanica", "energia"],
    years: [1880, 1965],
  },
  {
    key: "locomotiva",
    np: L("una locomotiva a vapore", "a steam locomotive", "une locomotive à vapeur"),
    brand: L("le locomotive Valdameri", "Valdameri locomotives", "les locomotives Valdameri"),
    subjects: ["ferrovie", "meccanica"],
    years: [1865, 1950],
  },
  {
    key: "telaio",
    np: L("un telaio meccanico", "a power loom", "un métier à tisser mécanique"),
    brand: L("i telai meccanici Valdameri", "Valdameri power looms", "les métiers à tisser Valdameri"),
    subjects: ["industria-tessile", "meccanica"],
    years: [1830, 1960],
  },
  {
    key: "caldaia",
    np: L("una caldaia a vapore", "a steam boiler", "une chaudière à vapeur"),
    brand: L("le caldaie Valdameri", "Valdameri boilers", "les chaudières Valdameri"),
    subjects: ["meccanica"],
    years: [1845, 1950],
  },
  {
    key: "pressa",
    np: L("una pressa idraulica", "a hydraulic press", "une presse hydraulique"),
    brand: L("le presse idrauliche Valdameri", "Valdameri hydraulic presses", "les presses hydrauliques Valdameri"),
    subjects: ["meccanica"],
    years: [1870, 1970],
  },
  {
    key: "ponte",
    np: L("un ponte in ferro", "an iron bridge", "un pont métallique"),
    brand: L("i ponti metallici Valdameri", "Valdameri iron bridges", "les ponts métalliques Valdameri"),
    subjects: ["siderurgia", "ferrovie"],
    years: [1870, 1940],
  },
  {
    key: "gru",
    np: L("una gru a vapore", "a steam crane", "une grue à vapeur"),
    brand: L("le gru Valdameri", "Valdameri cranes", "les grues Valdameri"),
    subjects: ["meccanica", "navigazione"],
    years: [1870, 1940],
  },
  {
    key: "motore",
    np: L("un motore elettrico", "an electric motor", "un moteur électrique"),
    brand: L("i motori elettrici Valdameri", "Valdameri electric motors", "les moteurs électriques Valdameri"),
    subjects: ["meccanica", "energia"],
    years: [1892, 1990],
  },
  {
    key: "cucire",
    np: L("una macchina da cucire", "a sewing machine", "une machine à coudre"),
    brand: L("le macchine da cucire Valdameri", "Valdameri sewing machines", "les machines à coudre Valdameri"),
    subjects: ["meccanica", "pubblicita"],
    years: [1875, 1985],
  },
  {
    key: "bicicletta",
    np: L("una bicicletta", "a bicycle", "une bicyclette"),
    brand: L("le biciclette Valdameri", "Valdameri bicycles", "les bicyclettes Valdameri"),
    subjects: ["meccanica", "pubblicita"],
    years: [1892, 1975],
  },
  {
    key: "stufa",
    np: L("una stufa in ghisa", "a cast-iron stove", "un poêle en fonte"),
    brand: L("le stufe in ghisa Valdameri", "Valdameri cast-iron stoves", "les poêles en fonte Valdameri"),
    subjects: ["siderurgia", "pubblicita"],
    years: [1880, 1960],
  },
  {
    key: "scrivere",
    np: L("una macchina per scrivere", "a typewriter", "une machine à écrire"),
    brand: L("le macchine per scrivere Valdameri", "Valdameri typewriters", "les machines à écrire Valdameri"),
    subjects: ["meccanica", "pubblicita"],
    years: [1912, 1990],
  },
  {
    key: "porcellane",
    np: L("un servizio da tè in porcellana", "a porcelain tea service", "un service à thé en porcelaine"),
    brand: L("le porcellane Valdameri di Laveno", "Valdameri porcelain from Laveno", "les porcelaines Valdameri de Laveno"),
    subjects: ["ceramica-ind", "pubblicita"],
    years: [1875, 1979],
  },
  {
    key: "aspo",
    np: L("un aspo per la trattura della seta", "a silk reel", "un dévidoir à soie"),
    brand: L("le sete Valdameri di Como", "Valdameri silks from Como", "les soieries Valdameri de Côme"),
    subjects: ["industria-tessile"],
    years: [1782, 1931],
  },
  {
    key: "lampada",
    np: L("una lampada da tavolo", "a table lamp", "une lampe de table"),
    brand: L("le lampade Valdameri", "Valdameri lamps", "les lampes Valdameri"),
    subjects: ["meccanica", "pubblicita"],
    years: [1925, 1993],
  },
  {
    key: "laminatoio",
    np: L("un laminatoio", "a rolling mill", "un laminoir"),
    brand: L("gli acciai Valdameri", "Valdameri steel", "les aciers Valdameri"),
    subjects: ["siderurgia"],
    years: [1906, 1990],
  },
];

// ---------------------------------------------------------------------------
// Subject, technique and condition thesaurus (hierarchical tags)
// ---------------------------------------------------------------------------

export type TagDef = { id: string; name: L; parent?: string };
const T = (id: string, parent: string | undefined, it: string, en: string, fr: string): TagDef => ({ id, parent, name: L(it, en, fr) });

/** Keys are short names used in this module; ids are the stored tag ids. */
export const THESAURUS: Record<string, TagDef> = {
  soggetti: T("soggetti", undefined, "Soggetti", "Subjects", "Sujets"),
  industria: T("soggetti-industria", "soggetti", "Industria", "Industry", "Industrie"),
  siderurgia: T("soggetti-siderurgia", "industria", "Siderurgia", "Iron and steel", "Sidérurgie"),
  meccanica: T("soggetti-meccanica", "industria", "Meccanica", "Mechanical engineering", "Mécanique"),
  "industria-tessile": T("soggetti-industria-tessile", "industria", "Industria tessile", "Textile industry", "Industrie textile"),
  "ceramica-ind": T("soggetti-ceramica", "industria", "Ceramica", "Ceramics", "Céramique"),
  energia: T("soggetti-energia-idroelettrica", "industria", "Energia idroelettrica", "Hydroelectric power", "Hydroélectricité"),
  lavoro: T("soggetti-lavoro", "soggetti", "Lavoro", "Labour", "Travail"),
  maestranze: T("soggetti-maestranze", "lavoro", "Maestranze", "Workforce", "Main-d'œuvre"),
  scioperi: T("soggetti-scioperi", "lavoro", "Scioperi", "Strikes", "Grèves"),
  "assistenza-sociale": T("soggetti-assistenza-sociale", "lavoro", "Assistenza sociale", "Welfare", "Œuvres sociales"),
  architettura: T("soggetti-architettura", "soggetti", "Architettura", "Architecture", "Architecture"),
  "architettura-industriale": T(
    "soggetti-architettura-industriale",
    "architettura",
    "Architettura industriale",
    "Industrial architecture",
    "Architecture industrielle",
  ),
  "ville-giardini": T("soggetti-ville-giardini", "architettura", "Ville e giardini", "Villas and gardens", "Villas et jardins"),
  trasporti: T("soggetti-trasporti", "soggetti", "Trasporti", "Transport", "Transports"),
  ferrovie: T("soggetti-ferrovie", "trasporti", "Ferrovie", "Railways", "Chemins de fer"),
  navigazione: T("soggetti-navigazione", "trasporti", "Navigazione", "Shipping", "Navigation"),
  commercio: T("soggetti-commercio", "soggetti", "Commercio", "Trade", "Commerce"),
  pubblicita: T("soggetti-pubblicita", "commercio", "Pubblicità", "Advertising", "Publicité"),
  esposizioni: T("soggetti-esposizioni", "commercio", "Esposizioni e fiere", "Exhibitions and fairs", "Expositions et foires"),
  famiglia: T("soggetti-famiglia", "soggetti", "Famiglia", "Family", "Famille"),
  ritratti: T("soggetti-ritratti", "famiglia", "Ritratti", "Portraits", "Portraits"),
  "corrispondenza-privata": T(
    "soggetti-corrispondenza-privata",
    "famiglia",
    "Corrispondenza privata",
    "Private correspondence",
    "Correspondance privée",
  ),
  economia: T("soggetti-economia", "soggetti", "Economia", "Economy", "Économie"),
  contabilita: T("soggetti-contabilita", "economia", "Contabilità", "Accounting", "Comptabilité"),
  "corrispondenza-commerciale": T(
    "soggetti-corrispondenza-commerciale",
    "economia",
    "Corrispondenza commerciale",
    "Business correspondence",
    "Correspondance commerciale",
  ),
  brevetti: T("soggetti-brevetti", "economia", "Brevetti", "Patents", "Brevets"),
  territorio: T("soggetti-territorio", "soggetti", "Territorio", "Territory", "Territoire"),
  cartografia: T("soggetti-cartografia", "territorio", "Cartografia", "Cartography", "Cartographie"),
  scienza: T("soggetti-scienza", "soggetti", "Scienza e tecnica", "Science and technology", "Sciences et techniques"),
  misura: T("soggetti-strumenti-misura", "scienza", "Strumenti di misura", "Measuring instruments", "Instruments de mesure"),

  tecniche: T("tecniche", undefined, "Tecniche", "Techniques", "Techniques"),
  fotografia: T("tecniche-fotografia", "tecniche", "Fotografia", "Photography", "Photographie"),
  gelatina: T(
    "tecniche-gelatina-sali-argento",
    "fotografia",
    "Stampa alla gelatina ai sali d'argento",
    "Gelatin silver print",
    "Tirage gélatino-argentique",
  ),
  albumina: T("tecniche-albumina", "fotografia", "Stampa all'albumina", "Albumen print", "Tirage sur papier albuminé"),
  lastra: T("tecniche-lastra-vetro", "fotografia", "Negativo su lastra di vetro", "Glass plate negative", "Négatif sur plaque de verre"),
  colore: T("tecniche-stampa-colore", "fotografia", "Stampa cromogenica a colori", "Chromogenic colour print", "Tirage chromogène couleur"),
  grafica: T("tecniche-grafica", "tecniche", "Grafica", "Printmaking", "Arts graphiques"),
  litografia: T("tecniche-litografia", "grafica", "Litografia", "Lithograph", "Lithographie"),
  cromolitografia: T("tecniche-cromolitografia", "grafica", "Cromolitografia", "Chromolithograph", "Chromolithographie"),
  offset: T("tecniche-offset", "grafica", "Stampa offset", "Offset print", "Impression offset"),
  disegno: T("tecniche-disegno", "tecniche", "Disegno", "Drawing", "Dessin"),
  china: T("tecniche-china-lucido", "disegno", "China su carta lucida", "Ink on tracing paper", "Encre sur papier calque"),
  cianotipia: T("tecniche-cianotipia", "disegno", "Cianotipia", "Blueprint", "Cyanotype"),
  acquerello: T("tecniche-matita-acquerello", "disegno", "Matita e acquerello", "Pencil and watercolour", "Crayon et aquarelle"),
  tempera: T("tecniche-tempera", "disegno", "Tempera su cartoncino", "Gouache on board", "Gouache sur carton"),
  scrittura: T("tecniche-scrittura", "tecniche", "Scrittura", "Writing", "Écriture"),
  manoscritto: T("tecniche-manoscritto", "scrittura", "Manoscritto a inchiostro", "Ink manuscript", "Manuscrit à l'encre"),
  dattiloscritto: T("tecniche-dattiloscritto", "scrittura", "Dattiloscritto", "Typescript", "Dactylographie"),
  stampa: T("tecniche-stampa-tipografica", "scrittura", "Stampa tipografica", "Letterpress", "Typographie"),
  ceramica: T("tecniche-ceramica", "tecniche", "Ceramica", "Ceramics", "Céramique"),
  maiolica: T("tecniche-maiolica", "ceramica", "Maiolica", "Majolica", "Majolique"),
  porcellana: T("tecniche-porcellana", "ceramica", "Porcellana", "Porcelain", "Porcelaine"),
  terraglia: T("tecniche-terraglia", "ceramica", "Terraglia", "Creamware", "Faïence fine"),
  gres: T("tecniche-gres", "ceramica", "Gres", "Stoneware", "Grès"),
  tessitura: T("tecniche-tessitura", "tecniche", "Tessitura", "Weaving", "Tissage"),
  damasco: T("tecniche-damasco", "tessitura", "Damasco", "Damask", "Damas"),
  broccato: T("tecniche-broccato", "tessitura", "Broccato", "Brocade", "Brocart"),
  velluto: T("tecniche-velluto", "tessitura", "Velluto", "Velvet", "Velours"),
  stampatessuto: T("tecniche-stampa-tessuto", "tessitura", "Stampa su tessuto", "Textile printing", "Impression sur étoffe"),
  metalli: T("tecniche-metalli", "tecniche", "Lavorazione dei metalli", "Metalwork", "Travail des métaux"),
  ottone: T("tecniche-ottone-tornito", "metalli", "Ottone tornito", "Turned brass", "Laiton tourné"),
  conio: T("tecniche-conio", "metalli", "Coniazione", "Die-striking", "Frappe"),
  fusione: T("tecniche-fusione", "metalli", "Fusione", "Casting", "Fonte"),
  digitale: T("tecniche-digitale", "tecniche", "Riproduzione digitale", "Digital reproduction", "Reproduction numérique"),
  scansione: T("tecniche-scansione", "digitale", "Scansione ad alta risoluzione", "High-resolution scan", "Numérisation haute résolution"),
  ripresa: T("tecniche-ripresa-video", "digitale", "Ripresa video", "Video recording", "Enregistrement vidéo"),

  conservazione: T("conservazione", undefined, "Stato di conservazione", "Condition", "État de conservation"),
  buono: T("conservazione-buono", "conservazione", "Buono", "Good", "Bon"),
  discreto: T("conservazione-discreto", "conservazione", "Discreto", "Fair", "Passable"),
  fragile: T("conservazione-fragile", "conservazione", "Fragile", "Fragile", "Fragile"),
  restaurare: T("conservazione-da-restaurare", "conservazione", "Da restaurare", "Needs restoration", "À restaurer"),

  luoghi: T("luoghi", undefined, "Luoghi", "Places", "Lieux"),
};

/** Tag path prefixes used by the site's "semaforo" (condition warnings). */
export const SEMAFORO_PATHS = {
  fragile: "conservazione/conservazione-fragile",
  restaurare: "conservazione/conservazione-da-restaurare",
};

export type Condition = { tag: "buono" | "discreto" | "fragile" | "restaurare"; text: L };
export const CONDITIONS: Condition[] = [
  { tag: "buono", text: L("Buono", "Good", "Bon") },
  { tag: "buono", text: L("Buono; lievi tracce di polvere", "Good; light surface dust", "Bon ; léger empoussièrement") },
  {
    tag: "discreto",
    text: L("Discreto; lievi abrasioni ai margini", "Fair; slight abrasions at the edges", "Passable ; légères abrasions sur les bords"),
  },
  { tag: "discreto", text: L("Discreto; ingiallimento diffuso", "Fair; overall yellowing", "Passable ; jaunissement général") },
  {
    tag: "fragile",
    text: L("Fragile: supporto con lacerazioni e pieghe", "Fragile: support with tears and creases", "Fragile : support déchiré et plié"),
  },
  {
    tag: "fragile",
    text: L(
      "Fragile: materiale friabile, maneggiare con cautela",
      "Fragile: brittle material, handle with care",
      "Fragile : matériau friable, à manipuler avec précaution",
    ),
  },
  {
    tag: "restaurare",
    text: L(
      "Da restaurare: presenza di muffe e macchie di foxing",
      "Needs restoration: mould and foxing",
      "À restaurer : moisissures et rousseurs",
    ),
  },
  {
    tag: "restaurare",
    text: L(
      "Da restaurare: ossidazione e parti mancanti",
      "Needs restoration: oxidation and missing parts",
      "À restaurer : oxydation et parties manquantes",
    ),
  },
];
export const CONDITION_WEIGHTS = [30, 15, 14, 10, 8, 5, 4, 3];

// ---------------------------------------------------------------------------
// Collections (fonds, series, sub-series) of the archive
// ---------------------------------------------------------------------------

export type CollectionKind = "fondo" | "serie" | "sottoserie" | "raccolta" | "fascicolo";
export type CollectionDef = {
  name: L;
  kind: CollectionKind;
  parent?: number;
  years: [number, number];
  extent: L;
  history: L;
  creator?: number;
};

const ext = (it: string, en: string, fr: string) => L(it, en, fr);
/** Fixed collections, ids 1..n in order; parents always come first. */
export const COLLECTIONS: CollectionDef[] = [
  /* 1 */ {
    name: L("Fondo Officine Valdameri", "Officine Valdameri fonds", "Fonds Officine Valdameri"),
    kind: "fondo",
    years: [1872, 1993],
    creator: 2,
    extent: ext(
      "412 buste, 96 registri, 18.000 fotografie",
      "412 boxes, 96 registers, 18,000 photographs",
      "412 boîtes, 96 registres, 18 000 photographies",
    ),
    history: L(
      "Il fondo fu versato alla Fondazione nel 1994, dopo la chiusura dello stabilimento di Sesto San Giovanni, ed è stato riordinato tra il 1996 e il 2003.",
      "The fonds was transferred to the Foundation in 1994, after the closure of the Sesto San Giovanni works, and was rearranged between 1996 and 2003.",
      "Le fonds a été versé à la Fondation en 1994, après la fermeture de l'usine de Sesto San Giovanni, et a été reclassé entre 1996 et 2003.",
    ),
  },
  /* 2 */ {
    name: L("Fondo Famiglia Valdameri", "Valdameri family fonds", "Fonds de la famille Valdameri"),
    kind: "fondo",
    years: [1768, 1988],
    creator: 11,
    extent: ext("86 buste, 12 album fotografici", "86 boxes, 12 photograph albums", "86 boîtes, 12 albums photographiques"),
    history: L(
      "Le carte della famiglia furono conservate nella villa di Como fino al 1968, quando Elena Valdameri le donò alla Fondazione.",
      "The family papers were kept in the villa at Como until 1968, when Elena Valdameri donated them to the Foundation.",
      "Les papiers de la famille ont été conservés dans la villa de Côme jusqu'en 1968, date à laquelle Elena Valdameri les a donnés à la Fondation.",
    ),
  },
  /* 3 */ {
    name: L("Fondo Filanda Valdameri di Como", "Valdameri silk mill (Como) fonds", "Fonds de la filature Valdameri de Côme"),
    kind: "fondo",
    years: [1782, 1931],
    creator: 8,
    extent: ext(
      "54 buste, 38 registri, 7 campionari",
      "54 boxes, 38 registers, 7 pattern books",
      "54 boîtes, 38 registres, 7 albums d'échantillons",
    ),
    history: L(
      "I registri della filanda, danneggiati dall'alluvione del 1951, sono stati restaurati tra il 2008 e il 2011.",
      "The silk mill's registers, damaged in the 1951 flood, were restored between 2008 and 2011.",
      "Les registres de la filature, endommagés par l'inondation de 1951, ont été restaurés entre 2008 et 2011.",
    ),
  },
  /* 4 */ {
    name: L("Raccolta fotografica", "Photograph collection", "Collection photographique"),
    kind: "raccolta",
    years: [1852, 2015],
    creator: 10,
    extent: ext(
      "26.000 fotografie e 4.300 lastre di vetro",
      "26,000 photographs and 4,300 glass plates",
      "26 000 photographies et 4 300 plaques de verre",
    ),
    history: L(
      "La raccolta riunisce le fotografie dell'ufficio stampa aziendale e quelle acquisite dalla Fondazione presso studi fotografici lombardi.",
      "The collection brings together the photographs of the company press office and those acquired by the Foundation from Lombard photographic studios.",
      "La collection réunit les photographies du service de presse de l'entreprise et celles acquises par la Fondation auprès de studios photographiques lombards.",
    ),
  },
  /* 5 */ {
    name: L("Raccolta di manifesti e grafica pubblicitaria", "Posters and advertising graphics", "Affiches et graphisme publicitaire"),
    kind: "raccolta",
    years: [1881, 1990],
    creator: 2,
    extent: ext("1.150 manifesti, 600 bozzetti", "1,150 posters, 600 sketches", "1 150 affiches, 600 esquisses"),
    history: L(
      "Manifesti, cartoline e bozzetti prodotti dall'ufficio pubblicità o commissionati a illustratori esterni.",
      "Posters, postcards and sketches produced by the advertising office or commissioned from outside illustrators.",
      "Affiches, cartes postales et esquisses produites par le service de publicité ou commandées à des illustrateurs extérieurs.",
    ),
  },
  /* 6 */ {
    name: L("Collezioni museali", "Museum collections", "Collections muséales"),
    kind: "raccolta",
    years: [1750, 2000],
    creator: 10,
    extent: ext("2.400 oggetti", "2,400 objects", "2 400 objets"),
    history: L(
      "Oggetti prodotti dalle aziende della famiglia o raccolti da Elena Valdameri, esposti a rotazione nel museo della Fondazione.",
      "Objects made by the family firms or collected by Elena Valdameri, shown in rotation in the Foundation's museum.",
      "Objets produits par les entreprises de la famille ou réunis par Elena Valdameri, présentés par roulement au musée de la Fondation.",
    ),
  },
  /* 7 */ {
    name: L("Direzione generale", "General management", "Direction générale"),
    kind: "serie",
    parent: 1,
    years: [1906, 1993],
    extent: ext("88 buste", "88 boxes", "88 boîtes"),
    history: L(
      "Verbali del consiglio di amministrazione, corrispondenza del presidente e relazioni annuali.",
      "Board minutes, the chairman's correspondence and annual reports.",
      "Procès-verbaux du conseil d'administration, correspondance du président et rapports annuels.",
    ),
  },
  /* 8 */ {
    name: L("Ufficio tecnico", "Technical office", "Bureau technique"),
    kind: "serie",
    parent: 1,
    years: [1880, 1990],
    extent: ext("140 buste, 9.000 disegni", "140 boxes, 9,000 drawings", "140 boîtes, 9 000 dessins"),
    history: L(
      "Progetti, disegni esecutivi e pratiche di brevetto dell'ufficio tecnico.",
      "Designs, working drawings and patent files of the technical office.",
      "Projets, dessins d'exécution et dossiers de brevets du bureau technique.",
    ),
  },
  /* 9 */ {
    name: L("Amministrazione e contabilità", "Administration and accounts", "Administration et comptabilité"),
    kind: "serie",
    parent: 1,
    years: [1872, 1993],
    extent: ext("96 registri", "96 registers", "96 registres"),
    history: L(
      "Libri mastri, giornali di cassa e bilanci.",
      "General ledgers, cash books and balance sheets.",
      "Grands livres, livres de caisse et bilans.",
    ),
  },
  /* 10 */ {
    name: L("Ufficio pubblicità e propaganda", "Advertising and publicity office", "Service de publicité et de propagande"),
    kind: "serie",
    parent: 1,
    years: [1895, 1990],
    extent: ext("35 buste", "35 boxes", "35 boîtes"),
    history: L(
      "Campagne pubblicitarie, rapporti con le agenzie e partecipazione a fiere.",
      "Advertising campaigns, dealings with agencies and participation in fairs.",
      "Campagnes publicitaires, relations avec les agences et participation aux foires.",
    ),
  },
  /* 11 */ {
    name: L("Personale", "Personnel", "Personnel"),
    kind: "serie",
    parent: 1,
    years: [1906, 1993],
    extent: ext("61 buste", "61 boxes", "61 boîtes"),
    history: L(
      "Fascicoli del personale, registri paga e documentazione delle opere sociali aziendali. Consultabile con limitazioni.",
      "Staff files, payrolls and records of the company welfare schemes. Access is restricted.",
      "Dossiers du personnel, registres des salaires et documents des œuvres sociales de l'entreprise. Consultation restreinte.",
    ),
  },
  /* 12 */ {
    name: L("Fotografie dello stabilimento", "Photographs of the works", "Photographies de l'usine"),
    kind: "serie",
    parent: 1,
    years: [1906, 1993],
    extent: ext("5.200 fotografie", "5,200 photographs", "5 200 photographies"),
    history: L(
      "Campagne fotografiche commissionate dalla direzione per documentare la costruzione e l'ampliamento degli impianti.",
      "Photographic campaigns commissioned by the management to record the building and extension of the plants.",
      "Campagnes photographiques commandées par la direction pour documenter la construction et l'agrandissement des installations.",
    ),
  },
  /* 13 */ {
    name: L("Corrispondenza familiare", "Family correspondence", "Correspondance familiale"),
    kind: "serie",
    parent: 2,
    years: [1768, 1988],
    extent: ext("40 buste", "40 boxes", "40 boîtes"),
    history: L(
      "Lettere scambiate tra i membri della famiglia e con amici e corrispondenti.",
      "Letters exchanged between family members and with friends and correspondents.",
      "Lettres échangées entre les membres de la famille et avec des amis et correspondants.",
    ),
  },
  /* 14 */ {
    name: L("Ritratti e fotografie di famiglia", "Family portraits and photographs", "Portraits et photographies de famille"),
    kind: "serie",
    parent: 2,
    years: [1852, 1985],
    extent: ext("12 album, 900 fotografie", "12 albums, 900 photographs", "12 albums, 900 photographies"),
    history: L(
      "Ritratti in studio, album di viaggio e fotografie della villa di Como.",
      "Studio portraits, travel albums and photographs of the villa at Como.",
      "Portraits d'atelier, albums de voyage et photographies de la villa de Côme.",
    ),
  },
  /* 15 */ {
    name: L("Proprietà e patrimonio", "Property and estate", "Propriétés et patrimoine"),
    kind: "serie",
    parent: 2,
    years: [1770, 1975],
    extent: ext("22 buste", "22 boxes", "22 boîtes"),
    history: L(
      "Atti notarili, mappe catastali e carte relative ai terreni e agli immobili della famiglia.",
      "Notarial deeds, cadastral maps and papers on the family's land and buildings.",
      "Actes notariés, plans cadastraux et documents relatifs aux terrains et immeubles de la famille.",
    ),
  },
  /* 16 */ {
    name: L("Registri della filanda", "Silk mill registers", "Registres de la filature"),
    kind: "serie",
    parent: 3,
    years: [1782, 1931],
    extent: ext("38 registri", "38 registers", "38 registres"),
    history: L(
      "Registri di produzione, di magazzino e delle paghe della filanda.",
      "Production, stock and payroll registers of the silk mill.",
      "Registres de production, de stock et des salaires de la filature.",
    ),
  },
  /* 17 */ {
    name: L("Campionari tessili", "Textile pattern books", "Albums d'échantillons textiles"),
    kind: "serie",
    parent: 3,
    years: [1800, 1931],
    extent: ext("7 campionari, 340 campioni sciolti", "7 pattern books, 340 loose samples", "7 albums, 340 échantillons isolés"),
    history: L(
      "Campionari di sete e tessuti inviati ai clienti di Lione e Londra.",
      "Pattern books of silks and cloths sent to customers in Lyon and London.",
      "Albums d'échantillons de soieries et d'étoffes envoyés aux clients de Lyon et de Londres.",
    ),
  },
  /* 18 */ {
    name: L("Corrispondenza commerciale", "Business correspondence", "Correspondance commerciale"),
    kind: "serie",
    parent: 3,
    years: [1785, 1931],
    extent: ext("30 buste", "30 boxes", "30 boîtes"),
    history: L(
      "Lettere di clienti, fornitori e agenti commerciali.",
      "Letters from customers, suppliers and sales agents.",
      "Lettres de clients, de fournisseurs et de représentants.",
    ),
  },
  /* 19 */ {
    name: L("Lastre fotografiche", "Glass plate negatives", "Négatifs sur plaque de verre"),
    kind: "serie",
    parent: 4,
    years: [1880, 1950],
    extent: ext("4.300 lastre", "4,300 plates", "4 300 plaques"),
    history: L(
      "Negativi su vetro in vari formati, in gran parte dello Studio fotografico Brambilla.",
      "Glass negatives in various sizes, mostly by Studio fotografico Brambilla.",
      "Négatifs sur verre de divers formats, pour la plupart du Studio fotografico Brambilla.",
    ),
  },
  /* 20 */ {
    name: L("Stampe fotografiche", "Photographic prints", "Tirages photographiques"),
    kind: "serie",
    parent: 4,
    years: [1852, 2015],
    extent: ext("21.000 stampe", "21,000 prints", "21 000 tirages"),
    history: L(
      "Stampe all'albumina, alla gelatina e a colori.",
      "Albumen, gelatin silver and colour prints.",
      "Tirages sur papier albuminé, gélatino-argentiques et en couleur.",
    ),
  },
  /* 21 */ {
    name: L("Album fotografici", "Photograph albums", "Albums photographiques"),
    kind: "serie",
    parent: 4,
    years: [1870, 1970],
    extent: ext("44 album", "44 albums", "44 albums"),
    history: L(
      "Album di rappresentanza preparati per clienti e visitatori illustri.",
      "Presentation albums prepared for customers and distinguished visitors.",
      "Albums de prestige préparés pour les clients et les visiteurs de marque.",
    ),
  },
  /* 22 */ {
    name: L("Manifesti", "Posters", "Affiches"),
    kind: "serie",
    parent: 5,
    years: [1881, 1990],
    extent: ext("1.150 manifesti", "1,150 posters", "1 150 affiches"),
    history: L(
      "Manifesti pubblicitari e per esposizioni.",
      "Advertising and exhibition posters.",
      "Affiches publicitaires et d'expositions.",
    ),
  },
  /* 23 */ {
    name: L("Cataloghi e listini", "Catalogues and price lists", "Catalogues et tarifs"),
    kind: "serie",
    parent: 5,
    years: [1885, 1993],
    extent: ext("310 cataloghi", "310 catalogues", "310 catalogues"),
    history: L(
      "Cataloghi commerciali, listini prezzi e opuscoli illustrati.",
      "Trade catalogues, price lists and illustrated brochures.",
      "Catalogues commerciaux, tarifs et brochures illustrées.",
    ),
  },
  /* 24 */ {
    name: L("Ceramiche", "Ceramics", "Céramiques"),
    kind: "serie",
    parent: 6,
    years: [1750, 1979],
    extent: ext("820 oggetti", "820 objects", "820 objets"),
    history: L(
      "Produzione della fabbrica di Laveno e pezzi di confronto.",
      "Output of the Laveno works and comparison pieces.",
      "Production de la faïencerie de Laveno et pièces de comparaison.",
    ),
  },
  /* 25 */ {
    name: L("Tessili", "Textiles", "Textiles"),
    kind: "serie",
    parent: 6,
    years: [1720, 1980],
    extent: ext("640 oggetti", "640 objects", "640 objets"),
    history: L(
      "Tessuti, scampoli e abiti della filanda e della famiglia.",
      "Fabrics, remnants and garments from the silk mill and the family.",
      "Étoffes, coupons et vêtements de la filature et de la famille.",
    ),
  },
  /* 26 */ {
    name: L("Strumenti scientifici e tecnici", "Scientific and technical instruments", "Instruments scientifiques et techniques"),
    kind: "serie",
    parent: 6,
    years: [1780, 1970],
    extent: ext("310 strumenti", "310 instruments", "310 instruments"),
    history: L(
      "Strumenti di misura dei laboratori e dell'ufficio tecnico.",
      "Measuring instruments from the laboratories and the technical office.",
      "Instruments de mesure des laboratoires et du bureau technique.",
    ),
  },
  /* 27 */ {
    name: L("Medaglie e riconoscimenti", "Medals and awards", "Médailles et distinctions"),
    kind: "serie",
    parent: 6,
    years: [1851, 1970],
    extent: ext("95 medaglie", "95 medals", "95 médailles"),
    history: L(
      "Medaglie e diplomi ottenuti alle esposizioni.",
      "Medals and diplomas won at exhibitions.",
      "Médailles et diplômes obtenus aux expositions.",
    ),
  },
  /* 28 */ {
    name: L("Disegni tecnici", "Technical drawings", "Dessins techniques"),
    kind: "sottoserie",
    parent: 8,
    years: [1880, 1990],
    extent: ext("9.000 disegni", "9,000 drawings", "9 000 dessins"),
    history: L(
      "Disegni su carta lucida e copie cianografiche.",
      "Drawings on tracing paper and blueprint copies.",
      "Dessins sur papier calque et tirages au cyanotype.",
    ),
  },
  /* 29 */ {
    name: L("Brevetti", "Patents", "Brevets"),
    kind: "sottoserie",
    parent: 8,
    years: [1884, 1985],
    extent: ext("12 buste", "12 boxes", "12 boîtes"),
    history: L(
      "Domande e attestati di privativa industriale.",
      "Patent applications and certificates.",
      "Demandes et certificats de brevet.",
    ),
  },
  /* 30 */ {
    name: L("Libri mastri", "General ledgers", "Grands livres"),
    kind: "sottoserie",
    parent: 9,
    years: [1872, 1990],
    extent: ext("48 registri", "48 registers", "48 registres"),
    history: L(
      "Serie quasi completa dei libri mastri.",
      "An almost complete run of general ledgers.",
      "Série presque complète des grands livres.",
    ),
  },
  /* 31 */ {
    name: L("Registri paga", "Payrolls", "Registres des salaires"),
    kind: "sottoserie",
    parent: 11,
    years: [1906, 1975],
    extent: ext("40 registri", "40 registers", "40 registres"),
    history: L(
      "Registri delle paghe degli operai. Contengono dati personali: consultazione riservata.",
      "Workers' payrolls. They contain personal data: restricted access.",
      "Registres des salaires des ouvriers. Ils contiennent des données personnelles : consultation réservée.",
    ),
  },
];

export const COLLECTION_KIND_NAMES: Record<CollectionKind, { id: number; name: L; art: L }> = {
  fondo: { id: 501, name: L("Fondo", "Fonds", "Fonds"), art: L("al fondo", "to the fonds", "au fonds") },
  serie: { id: 502, name: L("Serie", "Series", "Série"), art: L("alla serie", "to the series", "à la série") },
  sottoserie: {
    id: 503,
    name: L("Sottoserie", "Sub-series", "Sous-série"),
    art: L("alla sottoserie", "to the sub-series", "à la sous-série"),
  },
  raccolta: { id: 504, name: L("Raccolta", "Collection", "Collection"), art: L("alla raccolta", "to the collection", "à la collection") },
  fascicolo: { id: 505, name: L("Fascicolo", "File", "Dossier"), art: L("al fascicolo", "to the file", "au dossier") },
};

/** Topics of generated files (fascicoli), with the series (collection ids) they fit in. */
export const FILE_TOPICS: { name: L; series: number[] }[] = [
  {
    name: L("Corrispondenza con i fornitori", "Correspondence with suppliers", "Correspondance avec les fournisseurs"),
    series: [7, 9, 18],
  },
  {
    name: L("Corrispondenza con i clienti esteri", "Correspondence with foreign customers", "Correspondance avec les clients étrangers"),
    series: [7, 18],
  },
  { name: L("Ampliamento degli impianti", "Extension of the plants", "Agrandissement des installations"), series: [7, 8, 12] },
  { name: L("Partecipazione a esposizioni", "Participation in exhibitions", "Participation aux expositions"), series: [10, 22, 27] },
  { name: L("Pratiche di brevetto", "Patent files", "Dossiers de brevets"), series: [8, 29] },
  { name: L("Campagne pubblicitarie", "Advertising campaigns", "Campagnes publicitaires"), series: [10, 22, 23] },
  {
    name: L("Opere sociali e asilo aziendale", "Welfare schemes and company nursery", "Œuvres sociales et crèche d'entreprise"),
    series: [11, 12],
  },
  { name: L("Vertenze sindacali", "Labour disputes", "Conflits du travail"), series: [7, 11] },
  { name: L("Acquisto di terreni", "Purchase of land", "Achat de terrains"), series: [7, 9, 15] },
  { name: L("Forniture per le ferrovie", "Supplies for the railways", "Fournitures pour les chemins de fer"), series: [7, 8, 28] },
  { name: L("Visite di delegazioni", "Visits by delegations", "Visites de délégations"), series: [7, 12, 21] },
  {
    name: L("Danni di guerra e ricostruzione", "War damage and reconstruction", "Dommages de guerre et reconstruction"),
    series: [7, 12, 9],
  },
  { name: L("Rapporti con le banche", "Dealings with banks", "Relations avec les banques"), series: [7, 9, 30] },
  { name: L("Premi e concorsi", "Prizes and competitions", "Prix et concours"), series: [10, 27] },
  { name: L("Lettere di parenti e amici", "Letters from relatives and friends", "Lettres de parents et d'amis"), series: [13] },
  { name: L("Viaggi e soggiorni", "Journeys and stays", "Voyages et séjours"), series: [13, 14] },
  { name: L("Ritratti in studio", "Studio portraits", "Portraits d'atelier"), series: [14, 20] },
  { name: L("Proprietà immobiliari", "Real estate", "Biens immobiliers"), series: [15] },
  { name: L("Produzione e magazzino", "Production and stock", "Production et stocks"), series: [16] },
  {
    name: L("Campionari per i clienti esteri", "Pattern books for foreign customers", "Albums d'échantillons pour les clients étrangers"),
    series: [17, 25],
  },
  { name: L("Negativi per formato", "Negatives by size", "Négatifs par format"), series: [19] },
  { name: L("Stampe per soggetto", "Prints by subject", "Tirages par sujet"), series: [20] },
  {
    name: L("Listini e cataloghi per l'estero", "Price lists and catalogues for abroad", "Tarifs et catalogues pour l'étranger"),
    series: [23],
  },
  { name: L("Prototipi e campioni", "Prototypes and samples", "Prototypes et échantillons"), series: [24, 25] },
  { name: L("Strumenti del laboratorio prove", "Testing laboratory instruments", "Instruments du laboratoire d'essais"), series: [26] },
  { name: L("Disegni per commessa", "Drawings by order", "Dessins par commande"), series: [28] },
  { name: L("Mastri e giornali", "Ledgers and day books", "Grands livres et journaux"), series: [30] },
  { name: L("Paghe per reparto", "Pay by department", "Salaires par atelier"), series: [31, 16] },
];

// ---------------------------------------------------------------------------
// Occurrences
// ---------------------------------------------------------------------------

export type EventDef = {
  type: string;
  name: L;
  at: L;
  of: L;
  city: string;
  year: number;
  month?: number;
  day?: number;
  endYear?: number;
  endMonth?: number;
  endDay?: number;
  visitors?: number;
};

/** Exhibition names with their "at" and "of" forms (all names are feminine nouns). */
function expo(it: string, en: string, fr: string, city: string, year: number, extra: Partial<EventDef> = {}): EventDef {
  const itV = /^[AEIOU]/i.test(it);
  const frV = /^[AEIOUÉ]/i.test(fr);
  return {
    type: "esposizione",
    name: L(it, en, fr),
    at: L(itV ? `all'${it}` : `alla ${it}`, `at the ${en}`, frV ? `à l'${fr}` : `à la ${fr}`),
    of: L(itV ? `dell'${it}` : `della ${it}`, `for the ${en}`, frV ? `de l'${fr}` : `de la ${fr}`),
    city,
    year,
    ...extra,
  };
}

/** Fixed occurrences, ids 1..n in order. */
export const EVENTS: EventDef[] = [
  /* 1 */ expo(
    "Esposizione internazionale di Milano 1906",
    "Milan International Exhibition of 1906",
    "Exposition internationale de Milan de 1906",
    "milano",
    1906,
    { month: 4, day: 28, endYear: 1906, endMonth: 11, endDay: 11, visitors: 5500000 },
  ),
  /* 2 */ expo(
    "Esposizione universale di Parigi 1900",
    "Paris Universal Exhibition of 1900",
    "Exposition universelle de Paris de 1900",
    "parigi",
    1900,
    { month: 4, day: 14, endYear: 1900, endMonth: 11, endDay: 12, visitors: 50800000 },
  ),
  /* 3 */ expo(
    "Esposizione generale italiana di Torino 1884",
    "Italian General Exhibition, Turin 1884",
    "Exposition générale italienne de Turin de 1884",
    "torino",
    1884,
    { month: 4, day: 26, endYear: 1884, endMonth: 11, endDay: 20, visitors: 3000000 },
  ),
  /* 4 */ expo(
    "Esposizione universale di Vienna 1873",
    "Vienna World's Fair of 1873",
    "Exposition universelle de Vienne de 1873",
    "vienna",
    1873,
    { month: 5, day: 1, endYear: 1873, endMonth: 10, endDay: 31, visitors: 7255000 },
  ),
  /* 5 */ expo(
    "Esposizione internazionale dell'industria e del lavoro di Torino 1911",
    "Turin International Exhibition of Industry and Labour, 1911",
    "Exposition internationale de l'industrie et du travail de Turin de 1911",
    "torino",
    1911,
    { month: 4, day: 29, endYear: 1911, endMonth: 11, endDay: 19, visitors: 4000000 },
  ),
  /* 6 */ expo(
    "Esposizione universale di Parigi 1867",
    "Paris Universal Exhibition of 1867",
    "Exposition universelle de Paris de 1867",
    "parigi",
    1867,
    { month: 4, day: 1, endYear: 1867, endMonth: 11, endDay: 3, visitors: 9000000 },
  ),
  /* 7 */ expo(
    "Grande esposizione di Londra 1851",
    "Great Exhibition, London 1851",
    "Grande Exposition de Londres de 1851",
    "londra",
    1851,
    { month: 5, day: 1, endYear: 1851, endMonth: 10, endDay: 15, visitors: 6000000 },
  ),
  /* 8 */ expo(
    "Esposizione internazionale delle arti decorative di Parigi 1925",
    "International Exhibition of Decorative Arts, Paris 1925",
    "Exposition internationale des arts décoratifs de Paris de 1925",
    "parigi",
    1925,
    { month: 4, day: 28, endYear: 1925, endMonth: 10, endDay: 25 },
  ),
  /* 9 */ expo(
    "Esposizione universale di Barcellona 1929",
    "Barcelona International Exposition of 1929",
    "Exposition internationale de Barcelone de 1929",
    "barcellona",
    1929,
    { month: 5, day: 20, endYear: 1930, endMonth: 1, endDay: 15 },
  ),
  /* 10 */ expo(
    "Esposizione universale di Bruxelles 1958",
    "Brussels World's Fair of 1958",
    "Exposition universelle de Bruxelles de 1958",
    "bruxelles",
    1958,
    { month: 4, day: 17, endYear: 1958, endMonth: 10, endDay: 19, visitors: 41000000 },
  ),
];

export const EXHIBITION_TITLES: L[] = [
  L("Seta e acciaio", "Silk and Steel", "Soie et acier"),
  L("Il lavoro in fabbrica", "Work in the Factory", "Le travail à l'usine"),
  L("Immagini dell'industria lombarda", "Images of Lombard Industry", "Images de l'industrie lombarde"),
  L("Manifesti Valdameri 1890–1960", "Valdameri Posters 1890–1960", "Affiches Valdameri 1890–1960"),
  L("Le ceramiche di Laveno", "The Ceramics of Laveno", "Les céramiques de Laveno"),
  L("Disegnare le macchine", "Drawing Machines", "Dessiner les machines"),
  L("Una famiglia, due secoli", "One Family, Two Centuries", "Une famille, deux siècles"),
  L("Fotografi allo stabilimento", "Photographers at the Works", "Photographes à l'usine"),
  L("Il villaggio operaio", "The Workers' Village", "La cité ouvrière"),
  L("Strumenti di precisione", "Precision Instruments", "Instruments de précision"),
];

export const RESTORATION_SUBJECTS: L[] = [
  L("dei registri contabili", "of the account ledgers", "des registres comptables"),
  L("delle lastre fotografiche", "of the glass plate negatives", "des négatifs sur plaque de verre"),
  L("dei manifesti pubblicitari", "of the advertising posters", "des affiches publicitaires"),
  L("dei campionari tessili", "of the textile pattern books", "des albums d'échantillons textiles"),
  L("delle mappe catastali", "of the cadastral maps", "des plans cadastraux"),
  L("dei disegni tecnici", "of the technical drawings", "des dessins techniques"),
  L("delle ceramiche di Laveno", "of the Laveno ceramics", "des céramiques de Laveno"),
];

// ---------------------------------------------------------------------------
// Object kinds
// ---------------------------------------------------------------------------

export type ImageStyle =
  | "photo"
  | "portrait"
  | "blueprint"
  | "poster"
  | "letter"
  | "ledger"
  | "map"
  | "ceramic"
  | "textile"
  | "instrument"
  | "sketch"
  | "medal";

export type ObjectKind = {
  key: string;
  typeId: number;
  name: L;
  prefix: string;
  share: number;
  years: [number, number];
  /** Gender of the noun: Italian / French (m or f), for pronouns and participles. */
  g: { it: "m" | "f"; fr: "m" | "f" };
  /** Participle of "made" agreeing with the noun, per language. */
  made: L;
  style: ImageStyle;
  techniques: string[];
  materials: L[];
  collections: number[];
  authors: string[];
  context: L[];
  notes: L[];
};

const NOTE_GENERIC: L[] = [
  L(
    "Numero di inventario precedente riportato a matita sul verso.",
    "Previous inventory number pencilled on the verso.",
    "Ancien numéro d'inventaire inscrit au crayon au verso.",
  ),
  L(
    "Già esposto nella sala storica dello stabilimento.",
    "Formerly on show in the historical room of the works.",
    "Autrefois présenté dans la salle historique de l'usine.",
  ),
  L(
    "Descrizione rivista durante la campagna di catalogazione del 2019.",
    "Description revised during the 2019 cataloguing campaign.",
    "Description révisée lors de la campagne de catalogage de 2019.",
  ),
  L(
    "Riprodotto nel volume per il centenario dell'azienda (2006).",
    "Reproduced in the book for the company's centenary (2006).",
    "Reproduit dans l'ouvrage du centenaire de l'entreprise (2006).",
  ),
];

export const OBJECT_KINDS: ObjectKind[] = [
  {
    key: "fotografia",
    typeId: 101,
    name: L("Fotografia", "Photograph", "Photographie"),
    prefix: "FOT",
    share: 30,
    years: [1852, 2015],
    g: { it: "f", fr: "f" },
    made: L("scattata", "taken", "prise"),
    style: "photo",
    techniques: ["gelatina", "albumina", "lastra", "colore"],
    materials: [
      L("carta baritata", "baryta paper", "papier baryté"),
      L("carta albuminata montata su cartoncino", "albumen paper mounted on card", "papier albuminé contrecollé sur carton"),
      L("lastra di vetro, emulsione alla gelatina", "glass plate, gelatin emulsion", "plaque de verre, émulsion à la gélatine"),
    ],
    collections: [12, 20, 19, 21, 14],
    authors: ["fotografo"],
    context: [
      L(
        "L'immagine faceva parte della documentazione raccolta dall'ufficio tecnico per i cataloghi commerciali.",
        "The image was part of the documentation collected by the technical office for the trade catalogues.",
        "L'image faisait partie de la documentation réunie par le bureau technique pour les catalogues commerciaux.",
      ),
      L(
        "Sullo sfondo si riconoscono le ciminiere e il raccordo ferroviario.",
        "The chimneys and the railway siding can be seen in the background.",
        "On reconnaît à l'arrière-plan les cheminées et l'embranchement ferroviaire.",
      ),
      L(
        "La stampa fu utilizzata per un articolo della rivista aziendale «Il Maglio».",
        "The print was used for an article in the company magazine «Il Maglio».",
        "Le tirage a servi pour un article de la revue d'entreprise « Il Maglio ».",
      ),
      L(
        "L'inquadratura, presa da un punto elevato, restituisce l'intera estensione dei capannoni.",
        "Taken from a high vantage point, the shot shows the full extent of the sheds.",
        "Prise d'un point élevé, la vue restitue toute l'étendue des hangars.",
      ),
      L(
        "La luce radente del mattino mette in risalto le strutture in ferro e vetro.",
        "The low morning light brings out the iron and glass structures.",
        "La lumière rasante du matin fait ressortir les structures de fer et de verre.",
      ),
    ],
    notes: [
      L(
        "Timbro a secco dello studio fotografico sul recto.",
        "Blind stamp of the photographic studio on the recto.",
        "Timbre sec du studio photographique au recto.",
      ),
      L(
        "Sul verso, a matita: «copia per l'archivio».",
        "On the verso, in pencil: «copia per l'archivio» (archive copy).",
        "Au verso, au crayon : « copia per l'archivio » (copie pour les archives).",
      ),
      L(
        "Esiste un duplicato nella serie delle lastre.",
        "A duplicate exists in the glass plate series.",
        "Il existe un doublon dans la série des plaques.",
      ),
    ],
  },
  {
    key: "lettera",
    typeId: 102,
    name: L("Lettera", "Letter", "Lettre"),
    prefix: "LET",
    share: 14,
    years: [1768, 1990],
    g: { it: "f", fr: "f" },
    made: L("scritta", "written", "écrite"),
    style: "letter",
    techniques: ["manoscritto", "dattiloscritto"],
    materials: [
      L("carta vergata, inchiostro ferrogallico", "laid paper, iron gall ink", "papier vergé, encre métallo-gallique"),
      L("carta intestata, inchiostro", "letterhead paper, ink", "papier à en-tête, encre"),
      L("carta velina", "onion-skin paper", "papier pelure"),
    ],
    collections: [13, 18, 7],
    authors: ["industriale", "agente", "impiegato", "ingegnere", "setaiolo"],
    context: [
      L(
        "Il tono è cordiale ma fermo; la lettera si chiude con i saluti alla famiglia.",
        "The tone is cordial but firm; the letter ends with greetings to the family.",
        "Le ton est cordial mais ferme ; la lettre se termine par des salutations à la famille.",
      ),
      L(
        "In calce è presente la minuta della risposta, di altra mano.",
        "A draft of the reply, in another hand, is written at the foot.",
        "Le brouillon de la réponse, d'une autre main, figure au bas de la page.",
      ),
      L(
        "La busta originale, con francobollo e timbro postale, è conservata insieme alla lettera.",
        "The original envelope, with stamp and postmark, is kept with the letter.",
        "L'enveloppe d'origine, avec timbre et cachet de la poste, est conservée avec la lettre.",
      ),
      L(
        "Il documento è citato nella storia dell'azienda pubblicata nel 1956.",
        "The document is quoted in the company history published in 1956.",
        "Le document est cité dans l'histoire de l'entreprise publiée en 1956.",
      ),
    ],
    notes: [
      L("Due carte, scritte sul recto e sul verso.", "Two leaves, written on both sides.", "Deux feuillets, écrits au recto et au verso."),
      L(
        "Protocollo d'arrivo della direzione sul margine superiore.",
        "The management's receipt stamp in the top margin.",
        "Cachet d'arrivée de la direction dans la marge supérieure.",
      ),
      L("Inchiostro sbiadito nelle ultime righe.", "Ink faded in the last lines.", "Encre pâlie dans les dernières lignes."),
    ],
  },
  {
    key: "disegno-tecnico",
    typeId: 103,
    name: L("Disegno tecnico", "Technical drawing", "Dessin technique"),
    prefix: "DIS",
    share: 10,
    years: [1840, 1990],
    g: { it: "m", fr: "m" },
    made: L("eseguito", "drawn", "exécuté"),
    style: "blueprint",
    techniques: ["china", "cianotipia"],
    materials: [
      L("carta lucida, inchiostro di china", "tracing paper, Indian ink", "papier calque, encre de Chine"),
      L("carta cianografica", "blueprint paper", "papier cyanotype"),
      L("tela da disegno", "drawing linen", "toile à dessin"),
    ],
    collections: [28, 8, 29],
    authors: ["disegnatore", "ingegnere", "architetto"],
    context: [
      L(
        "Il cartiglio riporta la scala 1:10, il numero di commessa e le firme del disegnatore e del capo ufficio.",
        "The title block gives the scale 1:10, the order number and the signatures of the draughtsman and the head of office.",
        "Le cartouche indique l'échelle 1:10, le numéro de commande et les signatures du dessinateur et du chef de bureau.",
      ),
      L(
        "Le quote e le correzioni a matita rossa documentano le modifiche introdotte in officina.",
        "Dimensions and corrections in red pencil record the changes made in the workshop.",
        "Les cotes et les corrections au crayon rouge témoignent des modifications apportées à l'atelier.",
      ),
      L(
        "Il disegno accompagnava la domanda di brevetto depositata a Roma.",
        "The drawing accompanied the patent application filed in Rome.",
        "Le dessin accompagnait la demande de brevet déposée à Rome.",
      ),
      L(
        "Il progetto fu realizzato in piccola serie per un cliente estero.",
        "The design was built in a small series for a foreign customer.",
        "Le projet fut réalisé en petite série pour un client étranger.",
      ),
    ],
    notes: [
      L(
        "Tavola ripiegata in otto parti per la conservazione in busta.",
        "Sheet folded in eight for storage in a box.",
        "Planche pliée en huit pour la conservation en boîte.",
      ),
      L(
        "Copia cianografica con annotazioni a matita.",
        "Blueprint copy with pencil annotations.",
        "Tirage au cyanotype avec annotations au crayon.",
      ),
    ],
  },
  {
    key: "manifesto",
    typeId: 104,
    name: L("Manifesto", "Poster", "Affiche"),
    prefix: "MAN",
    share: 6,
    years: [1881, 2020],
    g: { it: "m", fr: "f" },
    made: L("stampato", "printed", "imprimée"),
    style: "poster",
    techniques: ["cromolitografia", "litografia", "offset"],
    materials: [L("carta", "paper", "papier"), L("carta intelata", "paper backed on linen", "papier entoilé")],
    collections: [22, 10],
    authors: ["illustratore", "pittore"],
    context: [
      L(
        "La composizione, dai colori vivaci, è tipica della grafica pubblicitaria del periodo.",
        "The brightly coloured composition is typical of the advertising graphics of the period.",
        "La composition aux couleurs vives est typique du graphisme publicitaire de l'époque.",
      ),
      L(
        "Il manifesto fu affisso nelle stazioni ferroviarie dell'Italia settentrionale.",
        "The poster was put up in railway stations across northern Italy.",
        "L'affiche fut placardée dans les gares du nord de l'Italie.",
      ),
      L(
        "Se ne conoscono tre varianti, con testi in italiano, francese e tedesco.",
        "Three variants are known, with texts in Italian, French and German.",
        "On en connaît trois variantes, avec des textes en italien, en français et en allemand.",
      ),
    ],
    notes: [
      L(
        "Firma dell'illustratore nella lastra, in basso a destra.",
        "The illustrator's signature in the plate, lower right.",
        "Signature de l'illustrateur dans la planche, en bas à droite.",
      ),
      L(
        "Indicazione dello stampatore lungo il margine inferiore.",
        "Printer's line along the lower margin.",
        "Mention de l'imprimeur le long de la marge inférieure.",
      ),
    ],
  },
  {
    key: "registro",
    typeId: 105,
    name: L("Registro", "Register", "Registre"),
    prefix: "REG",
    share: 5,
    years: [1782, 1990],
    g: { it: "m", fr: "m" },
    made: L("tenuto", "kept", "tenu"),
    style: "ledger",
    techniques: ["manoscritto"],
    materials: [
      L("carta, legatura in mezza pelle", "paper, half-leather binding", "papier, reliure demi-cuir"),
      L("carta, legatura in tela", "paper, cloth binding", "papier, reliure en toile"),
    ],
    collections: [30, 9, 16, 31],
    authors: ["contabile", "impiegato"],
    context: [
      L(
        "Le registrazioni sono tenute con grafia regolare da un solo contabile.",
        "The entries are kept in a regular hand by a single accountant.",
        "Les écritures sont tenues d'une écriture régulière par un seul comptable.",
      ),
      L(
        "Il registro documenta le conseguenze della crisi del 1929 sui conti dell'azienda.",
        "The register shows the effects of the 1929 crisis on the company's accounts.",
        "Le registre montre les effets de la crise de 1929 sur les comptes de l'entreprise.",
      ),
      L(
        "In apertura si trova un indice alfabetico dei conti.",
        "An alphabetical index of accounts opens the volume.",
        "Un index alphabétique des comptes ouvre le volume.",
      ),
    ],
    notes: [
      L("Le carte sono numerate a stampa.", "The leaves are numbered in print.", "Les feuillets sont numérotés à l'imprimé."),
      L(
        "Etichetta di cartoleria sul contropiatto anteriore.",
        "Stationer's label on the front pastedown.",
        "Étiquette du papetier sur le contreplat supérieur.",
      ),
    ],
  },
  {
    key: "mappa",
    typeId: 106,
    name: L("Mappa", "Map", "Carte"),
    prefix: "MAP",
    share: 5,
    years: [1700, 1960],
    g: { it: "f", fr: "f" },
    made: L("redatta", "drawn up", "dressée"),
    style: "map",
    techniques: ["acquerello", "litografia", "china"],
    materials: [
      L("carta, acquerello", "paper, watercolour", "papier, aquarelle"),
      L("carta telata", "linen-backed paper", "papier entoilé"),
    ],
    collections: [15, 8],
    authors: ["ingegnere", "architetto", "disegnatore"],
    context: [
      L(
        "La mappa mostra i confini dei terreni acquistati dalla famiglia e il tracciato della roggia.",
        "The map shows the boundaries of the land bought by the family and the course of the millrace.",
        "La carte montre les limites des terrains achetés par la famille et le tracé du canal d'amenée.",
      ),
      L(
        "I colori distinguono prati, campi coltivati, fabbricati e corsi d'acqua.",
        "Colours distinguish meadows, fields, buildings and watercourses.",
        "Les couleurs distinguent prés, champs, bâtiments et cours d'eau.",
      ),
      L(
        "Fu prodotta come allegato a una causa per i diritti d'acqua.",
        "It was produced as an exhibit in a lawsuit over water rights.",
        "Elle fut produite comme pièce d'un procès sur les droits d'eau.",
      ),
    ],
    notes: [
      L(
        "Rosa dei venti e scala grafica in trabucchi milanesi.",
        "Compass rose and scale bar in Milanese trabucchi.",
        "Rose des vents et échelle graphique en trabucchi milanais.",
      ),
      L("Timbro del catasto sul verso.", "Land registry stamp on the verso.", "Cachet du cadastre au verso."),
    ],
  },
  {
    key: "ceramica",
    typeId: 107,
    name: L("Ceramica", "Ceramic", "Céramique"),
    prefix: "CER",
    share: 7,
    years: [1750, 2005],
    g: { it: "f", fr: "f" },
    made: L("prodotta", "made", "produite"),
    style: "ceramic",
    techniques: ["maiolica", "porcellana", "terraglia", "gres"],
    materials: [
      L("maiolica dipinta", "painted majolica", "majolique peinte"),
      L("porcellana, decoro in oro", "porcelain, gilt decoration", "porcelaine, décor doré"),
      L("terraglia forte", "hard creamware", "faïence fine dure"),
    ],
    collections: [24, 6],
    authors: ["ceramista", "pittore"],
    context: [
      L(
        "Il pezzo reca sotto la base il marchio della fabbrica di Laveno.",
        "The piece bears the mark of the Laveno works under the base.",
        "La pièce porte sous la base la marque de la faïencerie de Laveno.",
      ),
      L(
        "Il decoro fu disegnato per la linea da tavola presentata alle esposizioni.",
        "The decoration was designed for the tableware line shown at exhibitions.",
        "Le décor fut dessiné pour la ligne de vaisselle présentée aux expositions.",
      ),
      L(
        "Si tratta di un prototipo mai entrato in produzione.",
        "It is a prototype that never went into production.",
        "Il s'agit d'un prototype qui n'est jamais entré en production.",
      ),
    ],
    notes: [
      L(
        "Marchio impresso e numero di modello sotto la base.",
        "Impressed mark and model number under the base.",
        "Marque en creux et numéro de modèle sous la base.",
      ),
      L("Piccola sbeccatura restaurata sull'orlo.", "Small restored chip on the rim.", "Petite égrenure restaurée sur le bord."),
    ],
  },
  {
    key: "tessuto",
    typeId: 108,
    name: L("Tessuto", "Textile", "Textile"),
    prefix: "TES",
    share: 6,
    years: [1720, 1990],
    g: { it: "m", fr: "m" },
    made: L("tessuto", "woven", "tissé"),
    style: "textile",
    techniques: ["damasco", "broccato", "velluto", "stampatessuto"],
    materials: [
      L("seta", "silk", "soie"),
      L("seta e filo d'oro", "silk and gold thread", "soie et filé or"),
      L("cotone", "cotton", "coton"),
      L("lana e seta", "wool and silk", "laine et soie"),
    ],
    collections: [17, 25],
    authors: ["tessitore"],
    context: [
      L(
        "Il disegno riprende modelli settecenteschi, molto richiesti dai clienti di Lione.",
        "The pattern draws on eighteenth-century designs much in demand among customers in Lyon.",
        "Le dessin reprend des modèles du XVIIIe siècle très demandés par les clients lyonnais.",
      ),
      L(
        "Il campione è accompagnato dalla scheda tecnica con riduzione e numero dei colpi.",
        "The sample comes with its technical sheet giving the sett and pick count.",
        "L'échantillon est accompagné de sa fiche technique indiquant la réduction et le nombre de coups.",
      ),
      L(
        "Il tessuto fu fornito per l'arredo di un transatlantico.",
        "The fabric was supplied for the furnishing of an ocean liner.",
        "L'étoffe fut fournie pour l'aménagement d'un paquebot.",
      ),
    ],
    notes: [
      L("Cimosa originale su un lato.", "Original selvedge on one side.", "Lisière d'origine sur un côté."),
      L(
        "Etichetta di carta con il numero di disegno.",
        "Paper label with the design number.",
        "Étiquette en papier portant le numéro de dessin.",
      ),
    ],
  },
  {
    key: "strumento",
    typeId: 109,
    name: L("Strumento scientifico", "Scientific instrument", "Instrument scientifique"),
    prefix: "STR",
    share: 5,
    years: [1780, 1975],
    g: { it: "m", fr: "m" },
    made: L("costruito", "made", "construit"),
    style: "instrument",
    techniques: ["ottone", "fusione"],
    materials: [
      L("ottone, vetro", "brass, glass", "laiton, verre"),
      L("ottone, legno di noce", "brass, walnut", "laiton, noyer"),
      L("acciaio, ottone, smalto", "steel, brass, enamel", "acier, laiton, émail"),
    ],
    collections: [26],
    authors: ["strumenti"],
    context: [
      L(
        "Lo strumento era in dotazione al laboratorio prove materiali dello stabilimento.",
        "The instrument belonged to the materials testing laboratory of the works.",
        "L'instrument faisait partie du laboratoire d'essai des matériaux de l'usine.",
      ),
      L(
        "Conserva la custodia originale in legno foderata di velluto.",
        "It keeps its original wooden case lined with velvet.",
        "Il conserve son étui d'origine en bois doublé de velours.",
      ),
      L(
        "Il quadrante riporta la scala in atmosfere e in chilogrammi per centimetro quadrato.",
        "The dial is graduated in atmospheres and in kilograms per square centimetre.",
        "Le cadran est gradué en atmosphères et en kilogrammes par centimètre carré.",
      ),
    ],
    notes: [
      L("Numero di matricola inciso sulla platina.", "Serial number engraved on the plate.", "Numéro de série gravé sur la platine."),
      L(
        "Verificato dall'ufficio metrico nel 1934.",
        "Checked by the weights and measures office in 1934.",
        "Vérifié par le service des poids et mesures en 1934.",
      ),
    ],
  },
  {
    key: "bozzetto",
    typeId: 110,
    name: L("Bozzetto", "Sketch", "Esquisse"),
    prefix: "BOZ",
    share: 3,
    years: [1890, 1990],
    g: { it: "m", fr: "f" },
    made: L("eseguito", "drawn", "exécutée"),
    style: "sketch",
    techniques: ["acquerello", "tempera"],
    materials: [
      L("cartoncino, tempera", "board, gouache", "carton, gouache"),
      L("carta, matita e acquerello", "paper, pencil and watercolour", "papier, crayon et aquarelle"),
    ],
    collections: [22, 10],
    authors: ["illustratore", "pittore"],
    context: [
      L(
        "Il bozzetto presenta differenze significative rispetto al manifesto stampato.",
        "The sketch differs significantly from the printed poster.",
        "L'esquisse présente des différences notables par rapport à l'affiche imprimée.",
      ),
      L(
        "Sul margine sono annotate le indicazioni di colore per il litografo.",
        "Colour instructions for the lithographer are noted in the margin.",
        "Des indications de couleur pour le lithographe sont notées dans la marge.",
      ),
    ],
    notes: [
      L(
        "Quadrettatura a matita per il riporto in scala.",
        "Pencil squaring for enlargement.",
        "Mise au carreau au crayon pour l'agrandissement.",
      ),
    ],
  },
  {
    key: "documento",
    typeId: 111,
    name: L("Documento", "Document", "Document"),
    prefix: "DOC",
    share: 6,
    years: [1700, 2020],
    g: { it: "m", fr: "m" },
    made: L("redatto", "drawn up", "rédigé"),
    style: "letter",
    techniques: ["manoscritto", "dattiloscritto", "stampa"],
    materials: [
      L("carta bollata", "stamped paper", "papier timbré"),
      L("pergamena", "parchment", "parchemin"),
      L("carta", "paper", "papier"),
    ],
    collections: [15, 7, 29],
    authors: ["notaio", "industriale", "ingegnere"],
    context: [
      L(
        "Il documento porta il sigillo e la firma autografa del notaio rogante.",
        "The document bears the seal and signature of the notary who drew it up.",
        "Le document porte le sceau et la signature autographe du notaire instrumentaire.",
      ),
      L(
        "È allegata una copia dattiloscritta eseguita negli anni Cinquanta.",
        "A typed copy made in the 1950s is attached.",
        "Une copie dactylographiée réalisée dans les années 1950 y est jointe.",
      ),
      L(
        "Si tratta di uno dei documenti più antichi conservati dalla Fondazione.",
        "It is one of the oldest documents kept by the Foundation.",
        "Il s'agit de l'un des plus anciens documents conservés par la Fondation.",
      ),
    ],
    notes: NOTE_GENERIC.slice(0, 2),
  },
  {
    key: "catalogo",
    typeId: 112,
    name: L("Catalogo commerciale", "Trade catalogue", "Catalogue commercial"),
    prefix: "CAT",
    share: 2,
    years: [1885, 2010],
    g: { it: "m", fr: "m" },
    made: L("stampato", "printed", "imprimé"),
    style: "poster",
    techniques: ["stampa", "cromolitografia", "offset"],
    materials: [L("carta patinata, copertina a colori", "coated paper, colour cover", "papier couché, couverture en couleurs")],
    collections: [23],
    authors: ["tipografia", "illustratore"],
    context: [
      L(
        "Il catalogo illustra con xilografie e fotografie l'intera gamma dei prodotti.",
        "The catalogue illustrates the whole product range with wood engravings and photographs.",
        "Le catalogue illustre toute la gamme des produits par des gravures sur bois et des photographies.",
      ),
      L(
        "Il listino prezzi allegato è in lire e in franchi.",
        "The enclosed price list is in lire and francs.",
        "Le tarif joint est en lires et en francs.",
      ),
    ],
    notes: [L("Copia con timbro del rivenditore.", "Copy with the dealer's stamp.", "Exemplaire avec le cachet du revendeur.")],
  },
  {
    key: "medaglia",
    typeId: 113,
    name: L("Medaglia", "Medal", "Médaille"),
    prefix: "MED",
    share: 1,
    years: [1851, 1970],
    g: { it: "f", fr: "f" },
    made: L("coniata", "struck", "frappée"),
    style: "medal",
    techniques: ["conio"],
    materials: [L("bronzo", "bronze", "bronze"), L("argento", "silver", "argent"), L("bronzo dorato", "gilt bronze", "bronze doré")],
    collections: [27],
    authors: ["medaglista"],
    context: [
      L(
        "La medaglia fu assegnata alla ditta dalla giuria internazionale.",
        "The medal was awarded to the firm by the international jury.",
        "La médaille fut décernée à la maison par le jury international.",
      ),
      L(
        "È conservata nel suo astuccio originale in pelle.",
        "It is kept in its original leather case.",
        "Elle est conservée dans son écrin d'origine en cuir.",
      ),
    ],
    notes: [L("Firma del medaglista sul dritto.", "The medallist's signature on the obverse.", "Signature du médailleur à l'avers.")],
  },
];

/** Shapes, materials and decorations of ceramics. */
export const CERAMIC_SHAPES: { it: string; en: string; fr: string }[] = [
  { it: "Vaso", en: "vase", fr: "Vase" },
  { it: "Piatto", en: "plate", fr: "Assiette" },
  { it: "Tazza", en: "cup", fr: "Tasse" },
  { it: "Zuppiera", en: "tureen", fr: "Soupière" },
  { it: "Brocca", en: "jug", fr: "Cruche" },
  { it: "Albarello", en: "albarello", fr: "Albarello" },
  { it: "Piastrella", en: "tile", fr: "Carreau" },
  { it: "Caffettiera", en: "coffee pot", fr: "Cafetière" },
];
export const CERAMIC_MATERIALS: { it: string; en: string; fr: string; tech: string }[] = [
  { it: "in maiolica", en: "Majolica", fr: "en majolique", tech: "maiolica" },
  { it: "in porcellana", en: "Porcelain", fr: "en porcelaine", tech: "porcellana" },
  { it: "in terraglia", en: "Creamware", fr: "en faïence fine", tech: "terraglia" },
  { it: "in gres", en: "Stoneware", fr: "en grès", tech: "gres" },
];
export const CERAMIC_DECORS: L[] = [
  L("con decoro floreale", "with floral decoration", "à décor floral"),
  L("con decoro a melograno", "with pomegranate decoration", "à décor de grenades"),
  L("con decoro geometrico", "with geometric decoration", "à décor géométrique"),
  L("con paesaggio lacustre", "with lake landscape", "à décor de paysage lacustre"),
  L("con stemma della famiglia Valdameri", "with the Valdameri coat of arms", "aux armes de la famille Valdameri"),
  L("con decoro liberty", "with Art Nouveau decoration", "à décor Art nouveau"),
  L("con decoro a lustro", "with lustre decoration", "à décor lustré"),
  L("in bianco e blu", "in blue and white", "en camaïeu bleu"),
];

export const FABRICS: { np: L; tech: string }[] = [
  { np: L("seta damascata", "damask silk", "soie damassée"), tech: "damasco" },
  { np: L("broccato", "brocade", "brocart"), tech: "broccato" },
  { np: L("velluto di seta", "silk velvet", "velours de soie"), tech: "velluto" },
  { np: L("taffetà", "taffeta", "taffetas"), tech: "damasco" },
  { np: L("lampasso", "lampas", "lampas"), tech: "broccato" },
  { np: L("cotone stampato", "printed cotton", "coton imprimé"), tech: "stampatessuto" },
];
export const MOTIFS: L[] = [
  L("a motivo di melograno", "with pomegranate pattern", "à motif de grenades"),
  L("a fiori", "with floral pattern", "à motif floral"),
  L("a motivi geometrici", "with geometric pattern", "à motifs géométriques"),
  L("a cineserie", "with chinoiserie pattern", "à motif de chinoiseries"),
  L("a righe", "with stripes", "à rayures"),
  L("a foglie di gelso", "with mulberry leaf pattern", "à motif de feuilles de mûrier"),
];

export const INSTRUMENTS: { name: L; years: [number, number] }[] = [
  { name: L("Manometro a quadrante", "Dial pressure gauge", "Manomètre à cadran"), years: [1850, 1975] },
  { name: L("Teodolite", "Theodolite", "Théodolite"), years: [1790, 1960] },
  { name: L("Barometro aneroide", "Aneroid barometer", "Baromètre anéroïde"), years: [1850, 1950] },
  { name: L("Bilancia di precisione", "Precision balance", "Balance de précision"), years: [1780, 1970] },
  { name: L("Galvanometro", "Galvanometer", "Galvanomètre"), years: [1860, 1960] },
  { name: L("Cronometro da marina", "Marine chronometer", "Chronomètre de marine"), years: [1800, 1940] },
  { name: L("Tachimetro", "Tachometer", "Tachymètre"), years: [1880, 1975] },
  { name: L("Calibro a corsoio", "Vernier caliper", "Pied à coulisse"), years: [1850, 1975] },
  { name: L("Microscopio metallografico", "Metallurgical microscope", "Microscope métallographique"), years: [1890, 1975] },
  { name: L("Voltmetro", "Voltmeter", "Voltmètre"), years: [1885, 1975] },
  { name: L("Pirometro ottico", "Optical pyrometer", "Pyromètre optique"), years: [1900, 1975] },
  { name: L("Durometro", "Hardness tester", "Duromètre"), years: [1910, 1975] },
];

export const LETTER_TOPICS: { topic: L; family?: boolean }[] = [
  {
    topic: L(
      "sulla fornitura di acciaio per la ferrovia",
      "about the supply of steel for the railway",
      "au sujet de la fourniture d'acier pour le chemin de fer",
    ),
  },
  { topic: L("sull'ampliamento dello stabilimento", "about the extension of the works", "au sujet de l'agrandissement de l'usine") },
  {
    topic: L("sulla partecipazione all'esposizione", "about taking part in the exhibition", "au sujet de la participation à l'exposition"),
  },
  { topic: L("con gli auguri per il nuovo anno", "with New Year's greetings", "avec les vœux de nouvel an"), family: true },
  { topic: L("sul prezzo della seta greggia", "about the price of raw silk", "au sujet du prix de la soie grège") },
  { topic: L("sull'assunzione di nuovi operai", "about hiring new workers", "au sujet de l'embauche de nouveaux ouvriers") },
  { topic: L("sul brevetto del nuovo telaio", "about the patent for the new loom", "au sujet du brevet du nouveau métier à tisser") },
  {
    topic: L("sulle condizioni di salute della famiglia", "about the family's health", "au sujet de la santé de la famille"),
    family: true,
  },
  { topic: L("sul ritardo di una spedizione", "about a delayed shipment", "au sujet d'une expédition en retard") },
  {
    topic: L(
      "sull'apertura del negozio di Parigi",
      "about the opening of the Paris showroom",
      "au sujet de l'ouverture du magasin de Paris",
    ),
  },
  {
    topic: L(
      "sul soggiorno estivo nella villa di Como",
      "about the summer stay at the villa in Como",
      "au sujet du séjour d'été à la villa de Côme",
    ),
    family: true,
  },
  {
    topic: L("sugli studi dei figli a Zurigo", "about the children's studies in Zurich", "au sujet des études des enfants à Zurich"),
    family: true,
  },
];

export const DOCUMENT_TITLES: ((c: L, p: L) => L)[] = [
  (c) => L(`Atto di acquisto del terreno di ${c.it}`, `Deed of purchase of the land at ${c.en}`, `Acte d'achat du terrain ${frDe(c.fr)}`),
  (_c, p) => L(`Attestato di privativa industriale per ${p.it}`, `Patent certificate for ${p.en}`, `Certificat de brevet pour ${p.fr}`),
  (c) => L(`Contratto d'affitto del magazzino di ${c.it}`, `Lease of the warehouse at ${c.en}`, `Bail de l'entrepôt ${frDe(c.fr)}`),
  () =>
    L(
      "Statuto della Società anonima Officine Valdameri",
      "Articles of association of Officine Valdameri Ltd",
      "Statuts de la société anonyme Officine Valdameri",
    ),
  (c) =>
    L(
      `Verbale di collaudo dell'impianto di ${c.it}`,
      `Acceptance test report for the ${c.en} plant`,
      `Procès-verbal de réception de l'installation ${frDe(c.fr)}`,
    ),
  (c) =>
    L(
      `Licenza edilizia per lo stabilimento di ${c.it}`,
      `Building permit for the ${c.en} works`,
      `Permis de construire de l'usine ${frDe(c.fr)}`,
    ),
  () => L("Regolamento interno di fabbrica", "Factory rules", "Règlement intérieur de l'usine"),
];

export const LEDGER_TITLES: ((c: L, y: string) => L)[] = [
  (c, y) =>
    L(
      `Registro delle paghe dello stabilimento di ${c.it}, ${y}`,
      `Payroll of the ${c.en} works, ${y}`,
      `Registre des salaires de l'usine ${frDe(c.fr)}, ${y}`,
    ),
  (_c, y) =>
    L(`Libro mastro della ditta Valdameri, ${y}`, `General ledger of the Valdameri firm, ${y}`, `Grand livre de la maison Valdameri, ${y}`),
  (_c, y) => L(`Registro delle spedizioni, ${y}`, `Shipping register, ${y}`, `Registre des expéditions, ${y}`),
  (_c, y) => L(`Copialettere della direzione, ${y}`, `Management letter book, ${y}`, `Copie de lettres de la direction, ${y}`),
  (c, y) => L(`Registro di magazzino di ${c.it}, ${y}`, `Stock register, ${c.en}, ${y}`, `Registre des stocks, ${c.fr}, ${y}`),
  (_c, y) => L(`Giornale di cassa, ${y}`, `Cash book, ${y}`, `Livre de caisse, ${y}`),
];

export const MAP_TITLES: ((c: L) => L)[] = [
  (c) => L(`Mappa catastale di ${c.it}`, `Cadastral map of ${c.en}`, `Plan cadastral ${frDe(c.fr)}`),
  (c) =>
    L(`Carta topografica dei dintorni di ${c.it}`, `Topographic map of the ${c.en} area`, `Carte topographique des environs ${frDe(c.fr)}`),
  () =>
    L(
      "Carta della rete ferroviaria dell'Italia settentrionale",
      "Map of the railway network of northern Italy",
      "Carte du réseau ferroviaire de l'Italie du Nord",
    ),
  () =>
    L("Carta dei canali navigabili della Lombardia", "Map of the navigable canals of Lombardy", "Carte des canaux navigables de Lombardie"),
  (c) => L(`Pianta della città di ${c.it}`, `Plan of the city of ${c.en}`, `Plan de la ville ${frDe(c.fr)}`),
];

export const MEDIA_TITLES: L[] = [
  L("Recto", "Recto", "Recto"),
  L("Verso", "Verso", "Verso"),
  L("Particolare", "Detail", "Détail"),
  L("Vista d'insieme", "General view", "Vue d'ensemble"),
  L("Vista laterale", "Side view", "Vue latérale"),
  L("Prima carta", "First leaf", "Premier feuillet"),
  L("Retro", "Back", "Revers"),
];
