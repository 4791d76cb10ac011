/** The demo's objects (ca_objects): photographs, letters, ledgers, ceramics, textiles, instruments… */
import type { ImageSpec, SizeName } from "../images";
import { cap, frA, frDe, itPrep, L, num, ofL, Rng, type L as LT } from "../language";
import {
  CERAMIC_DECORS,
  CERAMIC_MATERIALS,
  CERAMIC_SHAPES,
  CITIES,
  COLLECTION_KIND_NAMES,
  CONDITION_WEIGHTS,
  CONDITIONS,
  DOCUMENT_TITLES,
  EXHIBITION_TITLES,
  FABRICS,
  FOUNDATION,
  INSTRUMENTS,
  LEDGER_TITLES,
  LETTER_TOPICS,
  MAP_TITLES,
  MEDIA_TITLES,
  MOTIFS,
  OBJECT_KINDS,
  PRODUCTS,
  SITE_KINDS,
  THESAURUS,
  THIS_YEAR,
  type City,
  type ImageStyle,
  type ObjectKind,
  type Product,
} from "../vocabulary";
import {
  CITY,
  dateField,
  type DateInfo,
  displayL,
  dot,
  fmtInt,
  type ImagePool,
  type LocaleMode,
  localeMode,
  makeTexts,
  type Media,
  MetaBuilder,
  pad2,
  pickAccess,
  placeTag,
  randomDate,
  type Rec,
  REL,
  rel,
  type Relation,
  sentence,
  SOURCE,
  type Tag,
  thesaurusTag,
  whenL,
} from "./common";
import { activeIn, entIt, pickEntity } from "./entities";
import type { Ent, Ev, World } from "./world";

// ---------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------

export type ObjectForce = {
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
  /** A 360° sequence's frames (files under the media directory), after the images. */
  sequence?: string[];
};

export type ObjSummary = { id: string; label: LT; access: 1 | 2 | 3; image?: ImageSpec };

export class ObjectFactory {
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
      hit = keys.flatMap(
        (key) => (key.startsWith("p:") ? this.world.byProf.get(key.slice(2)) : this.world.byFirmKind.get(key.slice(2))) ?? [],
      );
      this.pools.set(k, hit);
    }
    return hit;
  }

  private site(r: Rng, subjectFilter?: (s: World["sites"][number]) => boolean) {
    const sites = this.world.sites.filter((s) => !subjectFilter || subjectFilter(s));
    if (sites.length && r.chance(0.85)) {
      const s = r.pick(sites);
      return {
        np: s.np,
        city: s.city,
        placeId: s.id,
        built: s.built,
        subjects: SITE_KINDS[s.site]!.subjects,
        outdoor: OUTDOOR.has(s.site),
      };
    }
    const c = r.pick(CITIES.filter((x) => x.sites?.length));
    const sk = SITE_KINDS[r.pick(c.sites!)]!;
    return {
      np: sk.np(c.name),
      city: c,
      placeId: undefined as string | undefined,
      built: sk.built[0],
      subjects: sk.subjects,
      outdoor: OUTDOOR.has(sk.key),
    };
  }

  private city(r: Rng): City {
    return r.chance(0.6)
      ? CITY.get(r.pick(["milano", "sesto-san-giovanni", "como", "laveno", "monza", "genova", "torino"]))!
      : r.pick(CITIES);
  }

  build(id: string, force: ObjectForce = {}): { rec: Rec; summary: ObjSummary } {
    const w = this.world;
    const r = Rng.derive(w.seed, `object:${id}`);
    const kind = force.kind
      ? this.kindByKey.get(force.kind)!
      : r.weighted(
          OBJECT_KINDS,
          OBJECT_KINDS.map((k) => k.share),
        );
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
        const v =
          force.variant ??
          r.weighted(["site", "group", "portrait", "event", "product", "album"], [44, 12, 14, 10, 14, this.world.sites.length ? 6 : 0]);
        let np: LT;
        let outdoor = true;
        ctxPool = [kind.context[0]!, kind.context[2]!];
        if (v === "portrait") {
          // A sitter alive in the years of photography, photographed during their life.
          const picked = pickEntity(r, w.persons, undefined) ?? w.entities[0]!;
          const lives = (e: Ent) => (e.to ?? THIS_YEAR) >= kind.years[0] && e.from <= kind.years[1];
          const sitter = lives(picked) ? picked : (pickEntity(r, w.persons.filter(lives), undefined, 1) ?? picked);
          const age = sitter.from + r.int(18, 60);
          setYear(Math.max(Math.max(kind.years[0], sitter.from), Math.min(age, kind.years[1], sitter.to ?? THIS_YEAR)));
          np = L(`il ritratto di ${sitter.name.it}`, `a portrait of ${sitter.name.en}`, `le portrait ${frDe(sitter.name.fr)}`);
          label = L(`Ritratto di ${sitter.name.it}`, `Portrait of ${sitter.name.en}`, `Portrait ${frDe(sitter.name.fr)}`);
          desc = L(
            `Ritratto in studio di ${sitter.name.it}.`,
            `Studio portrait of ${sitter.name.en}.`,
            `Portrait en atelier ${frDe(sitter.name.fr)}.`,
          );
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
          p.subjects.forEach((s) => {
            subjects.add(s);
          });
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
          np =
            v === "group"
              ? L(`le maestranze ${itPrep("di", s.np.it)}`, `the workforce of ${s.np.en}`, `le personnel ${frDe(s.np.fr)}`)
              : s.np;
          s.subjects.forEach((x) => {
            subjects.add(x);
          });
          if (v === "group") subjects.add("maestranze");
          city = s.city;
          outdoor = s.outdoor || v === "group";
          if (s.subjects.includes("siderurgia") || s.subjects.includes("industria-tessile") || s.subjects.includes("ceramica-ind"))
            ctxPool = kind.context;
          else ctxPool = [kind.context[0]!, kind.context[2]!];
          if (s.placeId) relations.push(rel(REL.luogoRaffigurato!, "ca_places", s.placeId));
          if (v === "album") {
            made = L("composto", "compiled", "composé");
            gFr = "m";
            label = L(
              `Album fotografico ${itPrep("di", s.np.it)}`,
              `Photograph album of ${s.np.en}`,
              `Album photographique ${frDe(s.np.fr)}`,
            );
            desc = L(
              `Album di rappresentanza con fotografie ${itPrep("di", s.np.it)}.`,
              `Presentation album with photographs of ${s.np.en}.`,
              `Album de prestige contenant des photographies ${frDe(s.np.fr)}.`,
            );
          }
        }
        collections =
          v === "portrait" ? [14, 20] : v === "album" ? [21] : v === "event" ? [20, 21, 10] : v === "product" ? [20, 19, 8] : [12, 19, 20];
        if (v !== "portrait" && v !== "album") {
          const qual =
            v === "sesto"
              ? null
              : r.weighted(
                  [
                    null,
                    L(", veduta esterna", ", exterior view", ", vue extérieure"),
                    L(", interno", ", interior", ", intérieur"),
                    L(", particolare", ", detail", ", détail"),
                  ],
                  [60, 16, outdoor ? 0 : 14, 10],
                );
          label = L(
            `Fotografia ${ofL(np!).it}${qual?.it ?? ""}`,
            `Photograph ${ofL(np!).en}${qual?.en ?? ""}`,
            `Photographie ${ofL(np!).fr}${qual?.fr ?? ""}`,
          );
          desc = L(`La fotografia ritrae ${np!.it}.`, `The photograph shows ${np!.en}.`, `La photographie montre ${np!.fr}.`);
        }
        techniqueKey =
          year < 1880 ? "albumina" : year > 1965 && r.chance(0.6) ? "colore" : year < 1950 && r.chance(0.2) ? "lastra" : "gelatina";
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
        const a =
          byId(force.author) ??
          (r.chance(0.4) ? pickEntity(r, family, year) : undefined) ??
          pickEntity(r, w.persons, year) ??
          pickEntity(r, w.firms, year);
        if (a) setYear(Math.max(year, a.kind === "persona" ? a.from + 16 : a.from));
        const b =
          byId(force.recipient) ?? pickEntity(r, r.chance(0.5) ? w.persons : w.firms, year) ?? w.entities.find((e) => e.id !== a?.id);
        const confidential = force.variant === "confidential";
        const kinds = [
          { n: L("Lettera", "Letter", "Lettre"), made: kind.made, g: "f" as const },
          { n: L("Cartolina postale", "Postcard", "Carte postale"), made: kind.made, g: "f" as const },
          { n: L("Telegramma", "Telegram", "Télégramme"), made: L("spedito", "sent", "envoyé"), g: "m" as const },
        ];
        const sub = confidential
          ? { n: L("Lettera riservata", "Confidential letter", "Lettre confidentielle"), made: kind.made, g: "f" as const }
          : r.weighted(kinds, [80, year >= 1874 ? 12 : 0, year >= 1850 ? 8 : 0]);
        const what = sub.n;
        made = sub.made;
        gFr = sub.g;
        sentFrom = sub.g === "m";
        const privateLetter = !!a && !!b && /Valdameri/.test(a.name.it) && a.kind === "persona" && b.kind === "persona" && r.chance(0.6);
        const topic = confidential
          ? L(
              "sulla cessione delle quote della società",
              "about the sale of shares in the company",
              "au sujet de la cession des parts de la société",
            )
          : r.chance(0.6)
            ? r.pick(LETTER_TOPICS.filter((t) => !!t.family === privateLetter)).topic
            : null;
        collections = privateLetter ? [13] : year < 1906 ? [18] : year <= 1931 ? [7, 18] : [7];
        const writers = () => [...w.persons, ...w.firms].filter((e) => activeIn(e, year));
        const A = a ?? pickEntity(r, writers(), undefined, 1) ?? w.entities[0]!;
        let B = b ?? w.entities[1] ?? A;
        if (!activeIn(B, year) && !force.recipient)
          B =
            pickEntity(
              r,
              writers().filter((e) => e.id !== A.id),
              undefined,
              1,
            ) ?? B;
        // The writer and the recipient were both of age and alive: a fallback pair moves the letter into their common years.
        const activeFrom = (e: Ent) => (e.kind === "persona" ? e.from + 16 : e.from);
        const lo = Math.max(activeFrom(A), activeFrom(B));
        const hi = Math.min(A.to ?? THIS_YEAR, B.to ?? THIS_YEAR, THIS_YEAR);
        if (lo <= hi && (year < lo || year > hi)) setYear(Math.min(hi, Math.max(lo, year)));
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
          [
            L("Disegno tecnico", "Technical drawing", "Dessin technique"),
            L("Sezione longitudinale", "Longitudinal section", "Coupe longitudinale"),
            L("Progetto", "Design", "Projet"),
          ],
          [60, 20, 20],
        );
        let np: LT;
        if (useSite) {
          const s = this.site(r);
          np = s.np;
          setYear(Math.max(s.built - r.int(0, 3), kind.years[0]));
          city = s.city;
          s.subjects.forEach((x) => {
            subjects.add(x);
          });
          if (s.placeId) relations.push(rel(REL.luogoRaffigurato!, "ca_places", s.placeId));
          label = L(`Pianta e prospetto ${itPrep("di", np.it)}`, `Plan and elevation of ${np.en}`, `Plan et élévation ${frDe(np.fr)}`);
        } else {
          const p: Product = r.pick(PRODUCTS);
          setYear(r.int(Math.max(p.years[0], kind.years[0]), Math.min(p.years[1], kind.years[1])));
          np = p.np;
          p.subjects.forEach((x) => {
            subjects.add(x);
          });
          city = CITY.get(p.key === "aspo" ? "como" : "sesto-san-giovanni");
          label = L(`${head.it} ${ofL(np).it}`, `${head.en} ${ofL(np).en}`, `${head.fr} ${ofL(np).fr}`);
        }
        desc = L(`Il disegno rappresenta ${np.it}.`, `The drawing shows ${np.en}.`, `Le dessin représente ${np.fr}.`);
        // Blueprints (cyanotype copies) came into drawing offices in the 1870s.
        techniqueKey = r.chance(0.35) && year >= 1872 ? "cianotipia" : "china";
        author =
          (year >= 1906 && year <= 1931 && r.chance(0.25) ? w.entities[11] : undefined) ??
          pickEntity(r, this.people("p:disegnatore", "p:ingegnere", "p:architetto"), year);
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
            label = L(
              `Manifesto pubblicitario ${itPrep("di", p.brand.it)}`,
              `Advertising poster for ${p.brand.en}`,
              `Affiche publicitaire pour ${p.brand.fr}`,
            );
            desc = L(
              `Il manifesto pubblicizza ${p.brand.it}.`,
              `The poster advertises ${p.brand.en}.`,
              `L'affiche fait la promotion ${frDe(p.brand.fr)}.`,
            );
          } else {
            label = L(
              `Bozzetto per il manifesto ${itPrep("di", p.brand.it)}`,
              `Sketch for a poster advertising ${p.brand.en}`,
              `Esquisse pour l'affiche ${frDe(p.brand.fr)}`,
            );
            desc = L(
              `Studio preparatorio per la campagna pubblicitaria ${itPrep("di", p.brand.it)}.`,
              `Preparatory study for the advertising campaign for ${p.brand.en}.`,
              `Étude préparatoire pour la campagne publicitaire ${frDe(p.brand.fr)}.`,
            );
          }
          subjects.add("pubblicita");
        }
        techniqueKey =
          kind.key === "bozzetto" ? r.pick(kind.techniques) : year < 1900 ? "litografia" : year < 1955 ? "cromolitografia" : "offset";
        author =
          (year >= 1905 && year <= 1955 && r.chance(0.3) ? w.entities[12] : undefined) ??
          pickEntity(r, this.people("p:illustratore", "p:pittore"), year);
        city = CITY.get("milano");
        break;
      }
      case "registro": {
        const c =
          force.variant === "payroll" || r.chance(0.6) ? CITY.get("sesto-san-giovanni")! : CITY.get(r.pick(["como", "laveno", "milano"]))!;
        const range = force.date ? force.date.kind === "range" : r.chance(0.4);
        const y2 = range ? Math.min(THIS_YEAR, year + r.int(1, 4)) : year;
        const yl = range ? `${year}–${y2}` : String(year);
        const tmpl = force.variant === "payroll" ? LEDGER_TITLES[0]! : r.pick(LEDGER_TITLES);
        label = tmpl(c.name, yl);
        const leaves = r.int(48, 400);
        desc = range
          ? L(
              `Il volume raccoglie le registrazioni degli anni ${yl}, su ${leaves} carte numerate.`,
              `The volume holds the entries for the years ${yl}, on ${leaves} numbered leaves.`,
              `Le volume rassemble les écritures des années ${yl}, sur ${leaves} feuillets numérotés.`,
            )
          : L(
              `Il volume raccoglie le registrazioni dell'anno ${yl}, su ${leaves} carte numerate.`,
              `The volume holds the entries for the year ${yl}, on ${leaves} numbered leaves.`,
              `Le volume rassemble les écritures de l'année ${yl}, sur ${leaves} feuillets numérotés.`,
            );
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
        // The turntable's vase is a majolica vase with pomegranates, as drawn (the same draws, the others unchanged).
        const turntable = force.variant === "turntable";
        const pickedShape = r.pick(CERAMIC_SHAPES);
        const pickedMat = r.pick(CERAMIC_MATERIALS);
        const shape = turntable ? CERAMIC_SHAPES[0]! : pickedShape;
        const mat = turntable ? CERAMIC_MATERIALS[0]! : pickedMat;
        const pickedDecor = force.variant === "melograno" ? undefined : r.pick(CERAMIC_DECORS);
        const decor = pickedDecor && !turntable ? pickedDecor : CERAMIC_DECORS[1]!;
        label = L(`${shape.it} ${mat.it} ${decor.it}`, `${mat.en} ${shape.en} ${decor.en}`, `${shape.fr} ${mat.fr} ${decor.fr}`);
        techniqueKey = mat.tech;
        const laveno = w.entities[8];
        const maker =
          (year >= 1872 && year <= 1979 && r.chance(0.6) ? laveno : undefined) ?? pickEntity(r, w.byFirmKind.get("ceramica"), year);
        if (maker) {
          desc = L(
            `Esemplare della produzione ${itPrep("di", entIt(maker))}.`,
            `An example of the production of ${maker.name.en}.`,
            `Exemplaire de la production ${frDe(maker.name.fr)}.`,
          );
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
        const maker =
          (year >= 1782 && year <= 1931 && r.chance(0.6) ? mill : undefined) ?? pickEntity(r, w.byFirmKind.get("setificio"), year);
        if (maker) {
          desc = L(
            `Tessuto uscito dai telai ${itPrep("di", entIt(maker))}.`,
            `Fabric woven on the looms of ${maker.name.en}.`,
            `Étoffe sortie des métiers ${frDe(maker.name.fr)}.`,
          );
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
        desc = L(
          `Strumento di misura in uso presso ${s.np.it}.`,
          `Measuring instrument used at ${s.np.en}.`,
          `Instrument de mesure utilisé ${frA(s.np.fr)}.`,
        );
        author = maker;
        subjects.add("misura");
        city = maker ? CITY.get(maker.city) : s.city;
        break;
      }
      case "documento": {
        const c = this.city(r);
        const p = r.pick(PRODUCTS);
        const title = r.pick(DOCUMENT_TITLES);
        label = title(c.name, p.np);
        // A patent while the product was made; the company's articles while it existed; deeds, leases,
        // permits, tests and rules of the firm's plants from its founding (1782).
        const company = w.entities[1]!;
        const which = DOCUMENT_TITLES.indexOf(title);
        if (which === 1) setYear(Math.min(p.years[1], Math.max(p.years[0], year)));
        else if (which === 3) setYear(Math.min(company.to ?? THIS_YEAR, Math.max(company.from, year)));
        else setYear(Math.max(1782, year));
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
          ? L(
              `Catalogo ${itPrep("di", p.brand.it)}, ${year}`,
              `Catalogue of ${p.brand.en}, ${year}`,
              `Catalogue ${frDe(p.brand.fr)}, ${year}`,
            )
          : L(
              `Listino prezzi ${itPrep("di", p.brand.it)}, ${year}`,
              `Price list for ${p.brand.en}, ${year}`,
              `Tarif ${frDe(p.brand.fr)}, ${year}`,
            );
        // Offset printing spread to trade catalogues after 1910.
        if (techniqueKey === "offset" && year < 1910) techniqueKey = "cromolitografia";
        const pages = r.int(8, 160);
        desc = L(
          `Opuscolo illustrato di ${pages} pagine.`,
          `Illustrated booklet of ${pages} pages.`,
          `Brochure illustrée de ${pages} pages.`,
        );
        subjects.add("pubblicita");
        author = pickEntity(r, w.byFirmKind.get("tipografia"), year) ?? pickEntity(r, w.byProf.get("illustratore"), year);
        city = CITY.get("milano");
        break;
      }
      case "medaglia": {
        const ev = w.fairs.length ? r.pick(w.fairs) : undefined;
        const grade = r.weighted(
          [
            { it: "d'oro", en: "Gold", fr: "d'or" },
            { it: "d'argento", en: "Silver", fr: "d'argent" },
            { it: "di bronzo", en: "Bronze", fr: "de bronze" },
          ],
          [30, 40, 30],
        );
        if (ev) {
          setYear(ev.year);
          label = L(`Medaglia ${grade.it} ${ev.of.it}`, `${grade.en} medal, ${ev.name.en}`, `Médaille ${grade.fr} ${ev.of.fr}`);
          desc = L(
            `Medaglia assegnata alla ditta Valdameri ${ev.at.it}.`,
            `Medal awarded to the Valdameri firm ${ev.at.en}.`,
            `Médaille décernée à la maison Valdameri ${ev.at.fr}.`,
          );
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
    else if (
      !event &&
      ["fotografia", "manifesto", "ceramica", "tessuto", "strumento", "disegno-tecnico", "bozzetto"].includes(kind.key) &&
      r.chance(0.18)
    ) {
      const list = w.exhibitionsByYear;
      const lo = lowerBound(list, y);
      const hi = lowerBound(list, y + 41);
      if (hi > lo) event = list[lo + Math.floor(r.float() * (hi - lo))];
    }
    if (event) {
      relations.push(
        rel(
          REL.esposto!,
          "ca_occurrences",
          event.id,
          r.chance(0.5)
            ? [{ name: L("Numero di catalogo", "Catalogue number", "Numéro de catalogue"), value: String(r.int(1, 900)) }]
            : undefined,
        ),
      );
      subjects.add("esposizioni");
    }
    if (author) {
      const inter =
        kind.key === "fotografia" && r.chance(0.4)
          ? [
              {
                name: L("Numero di negativo", "Negative number", "Numéro de négatif"),
                value: `${String.fromCharCode(65 + r.int(0, 5))}-${r.int(100, 9999)}`,
              },
            ]
          : undefined;
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
    let collection =
      force.collection && w.collectionIds.has(force.collection)
        ? force.collection
        : candidates.length
          ? r.pick(candidates)
          : existing.length
            ? r.pick(existing)
            : "1";
    if (kind.key === "registro" && force.variant === "payroll" && w.collectionIds.has("31")) collection = "31";
    const files = w.childrenOf.get(collection)?.filter((c) => w.collections[Number(c) - 1]!.kind === "fascicolo" && covers(c));
    if (!force.collection && files?.length && r.chance(0.5)) collection = r.pick(files);
    const coll = w.collections[Number(collection) - 1]!;
    relations.push(rel(REL.fondo!, "ca_collections", collection));

    // Summary.
    const gF = { fr: gFr };
    const authorIt = author ? itPrep("da", entIt(author)) : null;
    const madeS =
      when || (author && !noAuthorSentence) || (noAuthorSentence && madeWhere)
        ? L(
            dot(
              sentence([
                `Fu ${made.it}`,
                noAuthorSentence && madeWhere ? `${sentFrom ? "da" : "a"} ${madeWhere.name.it}` : null,
                when?.it,
                !noAuthorSentence ? authorIt : null,
              ]),
            ),
            dot(
              sentence([
                `It was ${made.en}`,
                noAuthorSentence && madeWhere ? `${sentFrom ? "from" : "in"} ${madeWhere.name.en}` : null,
                when?.en,
                !noAuthorSentence && author ? `by ${author.name.en}` : null,
              ]),
            ),
            dot(
              sentence([
                `${gF.fr === "f" ? "Elle" : "Il"} a été ${made.fr}`,
                noAuthorSentence && madeWhere ? (sentFrom ? frDe(madeWhere.name.fr) : `à ${madeWhere.name.fr}`) : null,
                when?.fr,
                !noAuthorSentence && author ? `par ${author.name.fr}` : null,
              ]),
            ),
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
    const condIdx = r.weighted(
      CONDITIONS.map((_, i) => i),
      CONDITION_WEIGHTS,
    );
    const cond = CONDITIONS[condIdx]!;
    meta.text("conservazione", cond.text);
    if (force.metaAll || r.chance(0.25)) {
      if (["fotografia", "lettera", "disegno-tecnico", "manifesto", "bozzetto", "mappa", "documento"].includes(kind.key)) {
        const note = city ? `${city.name.it}, ${y}` : `Archivio Valdameri n. ${r.int(100, 9999)}`;
        meta.text(
          "iscrizioni",
          L(`Sul verso, a matita: «${note}».`, `On the verso, in pencil: «${note}».`, `Au verso, au crayon : « ${note} ».`),
        );
      }
    }
    if (force.metaAll || r.chance(0.45)) meta.text("note", r.pick(kind.notes));
    const acqYear = Math.max(y, 1968) + r.int(0, Math.max(0, THIS_YEAR - Math.max(y, 1968)));
    const acquired = force.metaAll || r.chance(0.6);
    if (acquired)
      meta.date(
        "data_acquisizione",
        r.chance(0.6)
          ? `${Math.min(acqYear, THIS_YEAR)}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}`
          : String(Math.min(acqYear, THIS_YEAR)),
      );
    if (cond.tag !== "restaurare" && r.chance(0.08)) meta.date("data_restauro", String(r.int(Math.max(y, 1975), THIS_YEAR)));
    if (force.metaAll || r.chance(0.4)) {
      const cur = force.metaAll ? 11 : r.weighted([11, 1, 3, 2, 12, 13], [55, 30, 7, 5, 2, 1]);
      const amount =
        cur === 11
          ? r.int(5, 5000) * 10000
          : cur === 1
            ? r.int(2, 1600) * 50
            : cur === 3
              ? r.int(4, 1200) * 50
              : cur === 2
                ? r.int(3, 800) * 50
                : cur === 12
                  ? r.int(20, 5000) * 1000
                  : r.int(5, 2000) * 1000;
      meta.money("stima", amount, cur);
    }
    if (acquired && r.chance(0.15)) meta.money("prezzo_acquisto", r.int(10, 3000) * (acqYear < 2002 ? 10000 : 10), acqYear < 2002 ? 11 : 1);
    const numero = this.numero.get(kind.prefix) ?? 0;
    this.numero.set(kind.prefix, numero + 1);
    if (force.metaAll || r.chance(0.75))
      meta.link(
        "scheda",
        `${FOUNDATION.baseUrl}/catalogo/${kind.prefix.toLowerCase()}-${numero + 1}`,
        L(
          "Scheda completa nel catalogo della Fondazione",
          "Full record in the Foundation's catalogue",
          "Notice complète dans le catalogue de la Fondation",
        ),
      );
    if (r.chance(0.08)) {
      const t = r.pick(EXHIBITION_TITLES);
      const by = r.int(Math.max(y, 1970), THIS_YEAR);
      meta.link(
        "bibliografia",
        `${FOUNDATION.baseUrl}/bibliografia/${r.int(1, 400)}`,
        L(
          `Catalogo della mostra «${t.it}», ${by}`,
          `Catalogue of the exhibition “${t.en}”, ${by}`,
          `Catalogue de l'exposition « ${t.fr} », ${by}`,
        ),
      );
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
        if (r.chance(0.12) || (force.images && i === 0))
          m.focalPoint = { x: round2(0.2 + r.float() * 0.6), y: round2(0.2 + r.float() * 0.6) };
        media.push(m);
      });
      if (force.sequence) media.push({ type: "sequence", frames: force.sequence, title: L("Vista a 360°", "360° view", "Vue à 360°") });
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
      ...(media.length && (r.chance(0.1) || force.images)
        ? { focalPoint: { x: round2(0.3 + r.float() * 0.4), y: round2(0.25 + r.float() * 0.4) } }
        : {}),
      tags,
      media,
      relations,
      source: SOURCE("ca_objects", id, r),
    };
    return { rec, summary: { id, label: label, access, image: firstImage } };
  }

  private dimensions(r: Rng, kind: ObjectKind): LT {
    const two = (a: number, b: number) =>
      L(`${num(a, "it")} × ${num(b, "it")} cm`, `${num(a, "en")} × ${num(b, "en")} cm`, `${num(a, "fr")} × ${num(b, "fr")} cm`);
    const half = (x: number) => Math.round(x * 2) / 2;
    switch (kind.key) {
      case "fotografia": {
        const [a, b] = r.pick([
          [9, 12],
          [13, 18],
          [18, 24],
          [24, 30],
          [30, 40],
          [21, 27],
        ]) as [number, number];
        return two(a, b);
      }
      case "ceramica":
      case "medaglia": {
        const h = half(kind.key === "medaglia" ? 0.3 + r.float() * 0.4 : 6 + r.float() * 40);
        const d = half(kind.key === "medaglia" ? 4 + r.float() * 4 : 8 + r.float() * 25);
        return L(
          `h ${num(h, "it")} cm; Ø ${num(d, "it")} cm`,
          `h. ${num(h, "en")} cm; diam. ${num(d, "en")} cm`,
          `h. ${num(h, "fr")} cm ; diam. ${num(d, "fr")} cm`,
        );
      }
      case "strumento": {
        const [a, b, c] = [r.int(8, 40), r.int(6, 30), r.int(5, 25)];
        return L(`${a} × ${b} × ${c} cm`);
      }
      case "registro":
        return L(`${r.int(30, 45)} × ${r.int(22, 32)} × ${r.int(3, 9)} cm`);
      case "manifesto":
        return two(
          ...(r.pick([
            [100, 70],
            [140, 100],
            [200, 140],
            [70, 50],
          ]) as [number, number]),
        );
      case "disegno-tecnico":
      case "mappa":
        return two(half(40 + r.float() * 80), half(30 + r.float() * 60));
      default:
        return two(half(15 + r.float() * 20), half(20 + r.float() * 15));
    }
  }
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** Sites that have no "interior" view. */
export const OUTDOOR = new Set(["porto", "villaggio"]);

/** First index whose event year is ≥ year (list sorted by year). */
export function lowerBound(list: Ev[], year: number): number {
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
export const DATE_WEIGHTS: Record<string, [number, number, number, number, number, number]> = {
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
export const PHOTO_MATERIALS: Record<string, LT> = {
  gelatina: L("carta baritata", "baryta paper", "papier baryté"),
  albumina: L("carta albuminata montata su cartoncino", "albumen paper mounted on card", "papier albuminé contrecollé sur carton"),
  lastra: L("lastra di vetro, emulsione alla gelatina", "glass plate, gelatin emulsion", "plaque de verre, émulsion à la gélatine"),
  colore: L("carta fotografica a colori", "colour photographic paper", "papier photographique couleur"),
};
