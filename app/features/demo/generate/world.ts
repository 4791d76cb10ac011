/** The demo's world, known before any record is written: places, people and firms, events, collections. */
import { frDe, itPrep, L, Rng, type L as LT } from "../language";
import {
  BUILDING_KINDS,
  CITIES,
  type COLLECTION_KIND_NAMES,
  COLLECTIONS,
  COUNTRIES,
  EVENTS,
  EXHIBITION_TITLES,
  FILE_TOPICS,
  FIRM_KINDS,
  FOUNDATION,
  GENERIC_SITES,
  INSTITUTION_KINDS,
  NAMES,
  PROFESSION_WEIGHTS,
  REGIONS,
  RESTORATION_SUBJECTS,
  SITE_KINDS,
  STREETS,
  THIS_YEAR,
  type Area,
  type City,
  type EventDef,
  type Nation,
} from "../vocabulary";
import { AREAS, CITY, type DateInfo, type EVENT_TYPES, randomDate } from "./common";

// ---------------------------------------------------------------------------
// The world: places, entities, events, collections known before records are written
// ---------------------------------------------------------------------------

export type PlaceDef =
  | { id: string; kind: "area"; area: Area }
  | { id: string; kind: "city"; city: City }
  | { id: string; kind: "site"; city: City; site: string; np: LT; built: number; closed?: number }
  | { id: string; kind: "building"; city: City; np: LT; built: number };

export type Ent = {
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

export type Ev = EventDef & { id: string; kind: keyof typeof EVENT_TYPES; place?: string; summary?: LT };

export type Coll = {
  id: string;
  name: LT;
  kind: keyof typeof COLLECTION_KIND_NAMES;
  parent?: string;
  order: number;
  years: [number, number];
  extent: LT;
  history: LT;
  creator?: string;
};

export type World = {
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

export function counts(total: number) {
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

export function buildPlaces(n: number, seed: number): PlaceDef[] {
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

export const FIXED_ENTITIES: (Omit<Ent, "id"> & { fixed: { summary: LT } })[] = [
  {
    kind: "persona",
    name: L("Giulio Valdameri"),
    itArt: "",
    gender: 0,
    prof: "industriale",
    nation: "it",
    city: "milano",
    from: 1861,
    to: 1934,
    fromDate: { kind: "day", y: 1861, m: 3, d: 14 },
    toDate: { kind: "day", y: 1934, m: 11, d: 2 },
    fixed: {
      summary: L(
        "Industriale, nato a Milano nel 1861 e morto nel 1934. Nipote del fondatore della filanda di Como, nel 1906 fondò le acciaierie di Sesto San Giovanni e ne guidò lo sviluppo fino alla crisi degli anni Trenta.",
        "Industrialist, born in Milan in 1861, died in 1934. A grandson of the founder of the Como silk mill, he set up the Sesto San Giovanni steelworks in 1906 and led their growth until the crisis of the 1930s.",
        "Industriel, né à Milan en 1861 et mort en 1934. Petit-fils du fondateur de la filature de Côme, il créa en 1906 les aciéries de Sesto San Giovanni et en dirigea l'essor jusqu'à la crise des années 1930.",
      ),
    },
  },
  {
    kind: "ditta",
    name: L("Officine Valdameri S.p.A."),
    itArt: "le ",
    gender: 1,
    firmKind: "meccanica",
    nation: "it",
    city: "sesto-san-giovanni",
    from: 1906,
    to: 1993,
    sector: L("acciaieria e officine meccaniche", "steelworks and engineering works", "aciérie et ateliers de construction mécanique"),
    fixed: {
      summary: L(
        "Società fondata nel 1906 da Giulio Valdameri a Sesto San Giovanni. Produsse acciai, caldaie, locomotive e macchine utensili; alla metà del Novecento contava oltre quattromila dipendenti. Cessò l'attività nel 1993.",
        "Company founded in 1906 by Giulio Valdameri at Sesto San Giovanni. It made steel, boilers, locomotives and machine tools; by the mid-twentieth century it employed more than four thousand people. It closed in 1993.",
        "Société fondée en 1906 par Giulio Valdameri à Sesto San Giovanni. Elle produisit des aciers, des chaudières, des locomotives et des machines-outils ; au milieu du XXe siècle, elle comptait plus de quatre mille salariés. Elle cessa son activité en 1993.",
      ),
    },
  },
  {
    kind: "ditta",
    name: L("Studio fotografico Ettore Brambilla"),
    itArt: "lo ",
    gender: 1,
    firmKind: "fotografo",
    nation: "it",
    city: "milano",
    from: 1889,
    to: 1952,
    sector: L("studio fotografico", "photographic studio", "studio photographique"),
    fixed: {
      summary: L(
        "Studio fotografico milanese attivo dal 1889 al 1952. Per oltre quarant'anni documentò gli stabilimenti Valdameri, le esposizioni e la vita del villaggio operaio.",
        "Milanese photographic studio active from 1889 to 1952. For more than forty years it recorded the Valdameri works, the exhibitions and life in the workers' village.",
        "Studio photographique milanais actif de 1889 à 1952. Pendant plus de quarante ans, il documenta les usines Valdameri, les expositions et la vie de la cité ouvrière.",
      ),
    },
  },
  {
    kind: "persona",
    name: L("Giuseppe Valdameri"),
    itArt: "",
    gender: 0,
    prof: "setaiolo",
    nation: "it",
    city: "como",
    from: 1754,
    to: 1821,
    fromDate: { kind: "year", y: 1754 },
    toDate: { kind: "day", y: 1821, m: 6, d: 9 },
    fixed: {
      summary: L(
        "Mercante di seta comasco, nel 1782 aprì la filanda di Como da cui ebbero origine le attività della famiglia.",
        "Silk merchant from Como; in 1782 he opened the Como silk mill from which the family's businesses grew.",
        "Marchand de soie de Côme ; en 1782, il ouvrit la filature de Côme, point de départ des affaires de la famille.",
      ),
    },
  },
  {
    kind: "persona",
    name: L("Carlo Valdameri"),
    itArt: "",
    gender: 0,
    prof: "ingegnere",
    nation: "it",
    city: "como",
    from: 1812,
    to: 1879,
    fromDate: { kind: "day", y: 1812, m: 1, d: 21 },
    toDate: { kind: "year", y: 1879 },
    fixed: {
      summary: L(
        "Ingegnere, nipote di Giuseppe. Introdusse nella filanda i primi telai meccanici e aprì a Milano un'officina per la loro costruzione.",
        "Engineer, grandson of Giuseppe. He brought the first power looms into the silk mill and opened a workshop in Milan to build them.",
        "Ingénieur, petit-fils de Giuseppe. Il introduisit les premiers métiers mécaniques dans la filature et ouvrit à Milan un atelier pour les construire.",
      ),
    },
  },
  {
    kind: "persona",
    name: L("Teresa Valdameri Sormani"),
    itArt: "",
    gender: 1,
    prof: "industriale",
    nation: "it",
    city: "milano",
    from: 1865,
    to: 1940,
    fromDate: { kind: "year", y: 1865 },
    toDate: { kind: "year", y: 1940 },
    fixed: {
      summary: L(
        "Moglie di Giulio Valdameri. Promosse l'asilo aziendale, la scuola professionale femminile e la società di mutuo soccorso del villaggio operaio.",
        "Wife of Giulio Valdameri. She promoted the company nursery, the girls' vocational school and the mutual aid society of the workers' village.",
        "Épouse de Giulio Valdameri. Elle soutint la crèche de l'entreprise, l'école professionnelle de jeunes filles et la société de secours mutuel de la cité ouvrière.",
      ),
    },
  },
  {
    kind: "persona",
    name: L("Elena Valdameri"),
    itArt: "",
    gender: 1,
    prof: "archivista",
    nation: "it",
    city: "milano",
    from: 1902,
    to: 1988,
    fromDate: { kind: "day", y: 1902, m: 9, d: 30 },
    toDate: { kind: "day", y: 1988, m: 2, d: 17 },
    fixed: {
      summary: L(
        "Figlia di Giulio e Teresa. Nel 1968 istituì la Fondazione Valdameri, alla quale donò le carte di famiglia, e ne fu presidente fino alla morte.",
        "Daughter of Giulio and Teresa. In 1968 she set up the Valdameri Foundation, gave it the family papers and chaired it until her death.",
        "Fille de Giulio et Teresa. En 1968, elle créa la Fondation Valdameri, à laquelle elle donna les papiers de famille, et la présida jusqu'à sa mort.",
      ),
    },
  },
  {
    kind: "ditta",
    name: L("Filanda Valdameri"),
    itArt: "la ",
    gender: 1,
    firmKind: "setificio",
    nation: "it",
    city: "como",
    from: 1782,
    to: 1931,
    sector: L("filanda e setificio", "silk mill", "filature et soierie"),
    fixed: {
      summary: L(
        "Filanda fondata a Como nel 1782, ampliata con la tessitura meccanica nel 1840. Chiuse nel 1931, durante la crisi del settore serico.",
        "Silk mill founded at Como in 1782, extended with power weaving in 1840. It closed in 1931, during the crisis of the silk industry.",
        "Filature fondée à Côme en 1782, agrandie par un tissage mécanique en 1840. Elle ferma en 1931, pendant la crise de la soierie.",
      ),
    },
  },
  {
    kind: "ditta",
    name: L("Ceramiche Valdameri di Laveno"),
    itArt: "le ",
    gender: 1,
    firmKind: "ceramica",
    nation: "it",
    city: "laveno",
    from: 1872,
    to: 1979,
    sector: L("manifattura ceramica", "pottery", "manufacture de céramique"),
    fixed: {
      summary: L(
        "Fabbrica di ceramiche sul Lago Maggiore, acquistata dalla famiglia nel 1872. Produsse terraglie e porcellane da tavola fino al 1979.",
        "Pottery works on Lake Maggiore, bought by the family in 1872. It made earthenware and porcelain tableware until 1979.",
        "Faïencerie au bord du lac Majeur, achetée par la famille en 1872. Elle produisit de la vaisselle en faïence fine et en porcelaine jusqu'en 1979.",
      ),
    },
  },
  {
    kind: "ente",
    name: FOUNDATION.name,
    itArt: "la ",
    gender: 1,
    nation: "it",
    city: "sesto-san-giovanni",
    from: 1968,
    sector: L("fondazione culturale", "cultural foundation", "fondation culturelle"),
    fixed: {
      summary: L(
        "Fondazione istituita nel 1968 da Elena Valdameri per conservare e rendere accessibili gli archivi della famiglia e delle sue aziende. Ha sede nell'ex palazzina della direzione dello stabilimento di Sesto San Giovanni.",
        "Foundation set up in 1968 by Elena Valdameri to preserve the archives of the family and its firms and make them accessible. It is housed in the former management building of the Sesto San Giovanni works.",
        "Fondation créée en 1968 par Elena Valdameri pour conserver et rendre accessibles les archives de la famille et de ses entreprises. Elle siège dans l'ancien bâtiment de direction de l'usine de Sesto San Giovanni.",
      ),
    },
  },
  {
    kind: "famiglia",
    name: L("Famiglia Valdameri", "Valdameri family", "Famille Valdameri"),
    itArt: "la ",
    gender: 1,
    nation: "it",
    city: "como",
    from: 1754,
    fixed: {
      summary: L(
        "Famiglia di imprenditori originaria di Como, attiva nella seta, nella meccanica, nella ceramica e nella siderurgia dal Settecento al Novecento.",
        "Family of entrepreneurs from Como, active in silk, engineering, ceramics and steel from the eighteenth to the twentieth century.",
        "Famille d'entrepreneurs originaire de Côme, active dans la soie, la mécanique, la céramique et la sidérurgie du XVIIIe au XXe siècle.",
      ),
    },
  },
  {
    kind: "persona",
    name: L("Ernesto Colombo"),
    itArt: "",
    gender: 0,
    prof: "ingegnere",
    nation: "it",
    city: "monza",
    from: 1870,
    to: 1945,
    fromDate: { kind: "year", y: 1870 },
    toDate: { kind: "year", y: 1945 },
    fixed: {
      summary: L(
        "Ingegnere, direttore tecnico delle Officine Valdameri dal 1906 al 1931. Firmò gran parte dei progetti di turbine e presse idrauliche conservati nell'archivio.",
        "Engineer, technical director of Officine Valdameri from 1906 to 1931. He signed most of the turbine and hydraulic press designs kept in the archive.",
        "Ingénieur, directeur technique des Officine Valdameri de 1906 à 1931. Il signa la plupart des projets de turbines et de presses hydrauliques conservés dans les archives.",
      ),
    },
  },
  {
    kind: "persona",
    name: L("Guido Ferrandi"),
    itArt: "",
    gender: 0,
    prof: "illustratore",
    nation: "it",
    city: "torino",
    from: 1885,
    to: 1962,
    fromDate: { kind: "year", y: 1885 },
    toDate: { kind: "year", y: 1962 },
    fixed: {
      summary: L(
        "Illustratore e cartellonista torinese. Disegnò per la ditta Valdameri oltre quaranta manifesti tra il 1910 e il 1950.",
        "Illustrator and poster artist from Turin. He designed more than forty posters for the Valdameri firm between 1910 and 1950.",
        "Illustrateur et affichiste turinois. Il dessina plus de quarante affiches pour la maison Valdameri entre 1910 et 1950.",
      ),
    },
  },
  {
    kind: "ditta",
    name: L("Girard Frères"),
    itArt: "la ditta ",
    gender: 1,
    firmKind: "soie",
    nation: "fr",
    city: "lione",
    from: 1820,
    to: 1935,
    sector: L("commercio di sete", "silk merchants", "négoce de soieries"),
    fixed: {
      summary: L(
        "Casa di commercio di sete di Lione, principale cliente estero della filanda Valdameri per tutto l'Ottocento.",
        "Lyon silk merchants, the Valdameri silk mill's main foreign customer throughout the nineteenth century.",
        "Maison de négoce de soieries lyonnaise, principal client étranger de la filature Valdameri pendant tout le XIXe siècle.",
      ),
    },
  },
  {
    kind: "ditta",
    name: L("Ashworth & Sons Ltd"),
    itArt: "la ditta ",
    gender: 1,
    firmKind: "sons",
    nation: "en",
    city: "manchester",
    from: 1851,
    to: 1968,
    sector: L("costruzioni meccaniche", "machine builders", "constructions mécaniques"),
    fixed: {
      summary: L(
        "Costruttori di macchine di Manchester. Fornirono i primi telai meccanici alla filanda di Como e collaborarono con l'ufficio tecnico di Sesto.",
        "Manchester machine builders. They supplied the first power looms to the Como silk mill and worked with the Sesto technical office.",
        "Constructeurs de machines de Manchester. Ils fournirent les premiers métiers mécaniques à la filature de Côme et collaborèrent avec le bureau technique de Sesto.",
      ),
    },
  },
];

export function buildEntities(n: number, seed: number): Ent[] {
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
      const pf = ["tessitore", "operaio"].includes(prof)
        ? 0.55
        : ["impiegato", "archivista", "ceramista"].includes(prof)
          ? from > 1850
            ? 0.4
            : 0.1
          : ["illustratore", "pittore", "fotografo"].includes(prof)
            ? from > 1850
              ? 0.25
              : 0.05
            : from > 1900
              ? 0.2
              : 0;
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
        id,
        kind,
        gender,
        prof,
        nation,
        name: L(`${first} ${surname}`),
        itArt: "",
        city: r.pick(names.cities),
        from,
        to: end,
        fromDate: randomDate(r, from, [60, 35, 5, 0, 0, 0]),
        toDate: end !== undefined ? randomDate(r, end, [60, 35, 5, 0, 0, 0]) : undefined,
      });
    } else if (kind === "ditta") {
      const fk = r.weighted(FIRM_KINDS, [10, 8, 6, 8, 6, 6, 6, 6, 5, 5, 3, 3, 2]);
      const names = NAMES[fk.nation];
      const from = r.bell(1780, 1990);
      const to = r.chance(0.8) ? Math.min(THIS_YEAR - 1, from + r.int(10, 120)) : undefined;
      out.push({
        id,
        kind,
        gender: 1,
        firmKind: fk.key,
        sector: fk.sector,
        nation: fk.nation,
        itArt: fk.itArt,
        name: L(fk.name(r.pick(names.s), r.pick(names.m))),
        city: r.pick(names.cities),
        from,
        to,
        fromDate: { kind: "year", y: from },
        toDate: to !== undefined ? { kind: "year", y: to } : undefined,
      });
    } else if (kind === "ente") {
      const c = CITY.get(r.pick(NAMES.it.cities))!;
      const ik = r.pick(INSTITUTION_KINDS);
      const from = r.bell(1800, 1990);
      out.push({
        id,
        kind,
        gender: 1,
        nation: "it",
        name: ik.name(c.name),
        sector: ik.sector,
        itArt: "",
        city: c.key,
        from,
        fromDate: { kind: "year", y: from },
      });
    } else {
      const s = r.pick(NAMES.it.s);
      const from = r.bell(1700, 1900);
      out.push({
        id,
        kind,
        gender: 1,
        nation: "it",
        name: L(`Famiglia ${s}`, `${s} family`, `Famille ${s}`),
        itArt: "la ",
        city: r.pick(NAMES.it.cities),
        from,
        fromDate: { kind: "year", y: from },
      });
    }
  }
  return out;
}

export function buildEvents(n: number, seed: number, world: Pick<World, "placeByCity" | "sites">): Ev[] {
  const out: Ev[] = EVENTS.slice(0, n).map((e, i) => ({ ...e, id: String(i + 1), kind: "esposizione" as const }));
  for (let i = out.length; i < n; i++) {
    const id = String(i + 1);
    const r = Rng.derive(seed, `event:${id}`);
    const kind = r.weighted<Ev["kind"]>(
      ["fiera", "mostra", "acquisizione", "restauro", "inaugurazione", "sciopero"],
      [30, 18, 16, 16, 10, 10],
    );
    if (kind === "fiera") {
      const year = r.int(1920, 1990);
      const name = L(`Fiera campionaria di Milano ${year}`, `Milan Trade Fair ${year}`, `Foire de Milan ${year}`);
      out.push({
        id,
        kind,
        type: kind,
        name,
        city: "milano",
        year,
        month: 4,
        day: r.int(12, 18),
        endYear: year,
        endMonth: 4,
        endDay: r.int(24, 30),
        visitors: r.int(800, 4500) * 1000,
        at: L(`alla ${name.it}`, `at the ${name.en}`, `à la ${name.fr}`),
        of: L(`della ${name.it}`, `for the ${name.en}`, `de la ${name.fr}`),
      });
    } else if (kind === "mostra") {
      const t = r.pick(EXHIBITION_TITLES);
      const year = r.int(1970, THIS_YEAR);
      const city = r.chance(0.7) ? "sesto-san-giovanni" : r.pick(["milano", "como", "torino", "parigi", "londra", "laveno"]);
      const m = r.int(1, year === THIS_YEAR ? 8 : 10);
      out.push({
        id,
        kind,
        type: kind,
        city,
        year,
        month: m,
        day: r.int(1, 28),
        endYear: year + (m > 8 ? 1 : 0),
        endMonth: ((m + 2) % 12) + 1,
        endDay: r.int(1, 28),
        visitors: r.int(3, 90) * 1000,
        name: L(`Mostra «${t.it}»`, `Exhibition “${t.en}”`, `Exposition « ${t.fr} »`),
        at: L(`alla mostra «${t.it}»`, `at the exhibition “${t.en}”`, `à l'exposition « ${t.fr} »`),
        of: L(`della mostra «${t.it}»`, `for the exhibition “${t.en}”`, `de l'exposition « ${t.fr} »`),
      });
    } else if (kind === "acquisizione") {
      const year = r.int(1968, THIS_YEAR);
      const donor = `${r.pick(NAMES.it.m)} ${r.pick(NAMES.it.s)}`;
      const name = r.chance(0.5)
        ? L(`Donazione della raccolta ${donor}`, `Donation of the ${donor} collection`, `Don de la collection ${donor}`)
        : L(
            `Acquisizione dell'archivio della Tipografia ${donor.split(" ")[1]}`,
            `Acquisition of the Tipografia ${donor.split(" ")[1]} archive`,
            `Acquisition des archives de la Tipografia ${donor.split(" ")[1]}`,
          );
      out.push({
        id,
        kind,
        type: kind,
        name,
        at: name,
        of: name,
        city: "sesto-san-giovanni",
        year,
        month: r.int(1, 12),
        day: r.int(1, 28),
      });
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
      out.push({
        id,
        kind,
        type: kind,
        name,
        at: name,
        of: name,
        city: site?.city.key ?? "sesto-san-giovanni",
        place: site?.id,
        year,
        month: r.int(3, 10),
        day: r.int(1, 28),
      });
    } else {
      const year = r.int(1901, 1975);
      const city = r.pick(["sesto-san-giovanni", "sesto-san-giovanni", "como", "laveno", "milano"]);
      const c = CITY.get(city)!.name;
      const name = L(
        `Sciopero delle maestranze di ${c.it}, ${year}`,
        `Strike of the ${c.en} workers, ${year}`,
        `Grève des ouvriers ${frDe(c.fr)}, ${year}`,
      );
      const m = r.int(1, 12);
      out.push({
        id,
        kind,
        type: kind,
        name,
        at: name,
        of: name,
        city,
        year,
        month: m,
        day: r.int(1, 20),
        endYear: year,
        endMonth: m,
        endDay: r.int(21, 28),
      });
    }
  }
  return out;
}

export function buildCollections(n: number, seed: number): Coll[] {
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
    out.push({
      id: String(i + 1),
      name: c.name,
      kind: c.kind,
      parent,
      order: nextOrder(parent),
      years: c.years,
      extent: c.extent,
      history: c.history,
      creator: c.creator ? String(c.creator) : undefined,
    });
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
      id,
      kind: "fascicolo",
      parent: parent.id,
      order: nextOrder(parent.id),
      years: [y1, y2],
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

export function buildWorld(c: ReturnType<typeof counts>, seed: number): World {
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
    seed,
    places,
    placeByCity,
    sites,
    entities,
    byProf,
    byFirmKind,
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
