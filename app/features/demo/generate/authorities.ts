/** The demo's people, firms and institutions (ca_entities) and places (ca_places). */
import { cap, frDe, L, Rng, titleOf, type L as LT } from "../language";
import { areaIn, FOUNDATION, NAMES, PROFESSIONS, SITE_KINDS, STREETS, THIS_YEAR } from "../vocabulary";
import {
  AREAS,
  CITY,
  ENTITY_TYPES,
  type ImagePool,
  isoDay,
  localeMode,
  makeTexts,
  type Media,
  MetaBuilder,
  pickAccess,
  PLACE_TYPES,
  placeTag,
  type Rec,
  REL,
  rel,
  type Relation,
  SOURCE,
  type Tag,
  thesaurusTag,
} from "./common";
import { entIt, pickEntity } from "./entities";
import { round5 } from "./events";
import type { Ent, PlaceDef, World } from "./world";

// ---------------------------------------------------------------------------
// Entities, places, occurrences, collections, assets
// ---------------------------------------------------------------------------

export function entityRecord(e: Ent, w: World, pool: ImagePool): Rec {
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
    summary =
      e.fixed?.summary ??
      L(
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
        relations.push(
          rel(REL.dipendente!, "ca_entities", firm.id, [
            { name: L("Periodo", "Period", "Période"), value: `${start}–${end}` },
            ...(r.chance(0.5) ? [{ name: L("Matricola", "Staff number", "Matricule"), value: String(r.int(100, 9999)) }] : []),
          ]),
        );
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
    if (e.id === "12" && w.entities[1])
      relations.push(rel(REL.dipendente!, "ca_entities", "2", [{ name: L("Periodo", "Period", "Période"), value: "1906–1931" }]));
  } else if (e.kind === "ditta") {
    summary =
      e.fixed?.summary ??
      L(
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
      if (client)
        relations.push(
          rel(REL.fornitore!, "ca_entities", client.id, [
            { name: L("Periodo", "Period", "Période"), value: `${e.from + 5}–${Math.min(e.to ?? THIS_YEAR, client.to ?? THIS_YEAR)}` },
          ]),
        );
    }
    if (e.id === "14" || e.id === "15") relations.push(rel(REL.fornitore!, "ca_entities", "8"));
    const pid = w.placeByCity.get(e.city);
    if (pid) relations.push(rel(REL.sede_ditta!, "ca_places", pid));
  } else if (e.kind === "ente") {
    summary =
      e.fixed?.summary ??
      L(
        `${cap(e.sector!.it)} con sede a ${city.name.it}, istituito nel ${e.from}. Ha collaborato con la Fondazione Valdameri a mostre e progetti di ricerca.`,
        `${cap(e.sector!.en)} based in ${city.name.en}, established in ${e.from}. It has worked with the Valdameri Foundation on exhibitions and research projects.`,
        `${cap(e.sector!.fr)} à ${city.name.fr}, créé en ${e.from}. A collaboré avec la Fondation Valdameri à des expositions et des projets de recherche.`,
      );
    meta.text("settore", e.sector!);
    meta.text("sede", city.name);
    meta.date("fondazione", String(e.from));
    if (e.id === "10")
      meta.link(
        "scheda_autorita",
        `${FOUNDATION.baseUrl}/fondazione`,
        L("Sito della Fondazione", "Foundation website", "Site de la Fondation"),
      );
  } else {
    summary =
      e.fixed?.summary ??
      L(
        `Famiglia di ${city.name.it}, documentata dal ${e.from}. Le sue carte sono giunte alla Fondazione per donazione.`,
        `Family from ${city.name.en}, recorded from ${e.from}. Its papers came to the Foundation as a donation.`,
        `Famille ${frDe(city.name.fr)}, attestée depuis ${e.from}. Ses papiers sont parvenus à la Fondation par don.`,
      );
    meta.text("sede", city.name);
  }
  if (r.chance(0.5) || e.fixed)
    meta.link(
      "scheda_autorita",
      `${FOUNDATION.baseUrl}/autorita/${e.id}`,
      L("Record di autorità", "Authority record", "Notice d'autorité"),
    );

  const media: Media[] = [];
  const wantImage = e.kind === "persona" ? r.chance(e.fixed ? 1 : 0.25) : e.kind === "ditta" ? r.chance(e.fixed ? 0.8 : 0.15) : false;
  if (wantImage) {
    const spec = pool.take(e.kind === "persona" ? "portrait" : r.chance(0.5) ? "letter" : "photo");
    if (spec)
      media.push({
        type: "image",
        file: spec.file,
        ...(r.chance(0.6)
          ? { title: e.kind === "persona" ? L("Ritratto", "Portrait", "Portrait") : L("Carta intestata", "Letterhead", "Papier à en-tête") }
          : {}),
      });
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

export function placeRecord(p: PlaceDef, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `place:${p.id}`);
  const meta = new MetaBuilder();
  let label: LT;
  let summary: LT;
  let type: (typeof PLACE_TYPES)[keyof typeof PLACE_TYPES];
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
        ? L(
            "Paese in cui ebbero sede tutte le attività produttive della famiglia Valdameri.",
            "The country where all the Valdameri family's works were located.",
            "Pays où se trouvaient toutes les usines de la famille Valdameri.",
          )
        : L(
            "Paese europeo in cui la ditta Valdameri ebbe clienti e rappresentanti.",
            "European country where the Valdameri firm had customers and agents.",
            "Pays européen où la maison Valdameri avait des clients et des représentants.",
          );
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
      summary =
        sk.type === "stabilimento"
          ? L(
              `Impianto produttivo della ditta Valdameri, costruito nel ${p.built}.${closed ? ` Dismesso nel ${closed}.` : ""}`,
              `Industrial site of the Valdameri firm, built in ${p.built}.${closed ? ` Closed in ${closed}.` : ""}`,
              `Site industriel de la maison Valdameri, construit en ${p.built}.${closed ? ` Fermé en ${closed}.` : ""}`,
            )
          : L(
              `Edificio legato all'attività della famiglia Valdameri, costruito nel ${p.built}.`,
              `Building connected with the Valdameri family's business, built in ${p.built}.`,
              `Bâtiment lié à l'activité de la famille Valdameri, construit en ${p.built}.`,
            );
      meta.text(
        "indirizzo",
        L(
          `${r.pick(STREETS)} ${r.int(1, 120)}, ${c.name.it}`,
          `${r.pick(STREETS)} ${r.int(1, 120)}, ${c.name.en}`,
          `${r.pick(STREETS)} ${r.int(1, 120)}, ${c.name.fr}`,
        ),
      );
      meta.date("costruzione", String(p.built));
      if (closed) meta.date("dismissione", String(closed));
      sk.subjects.forEach((s) => {
        tags.push(thesaurusTag(s));
      });
      date = { start: String(p.built), ...(closed ? { end: String(closed) } : {}) };
    } else {
      type = PLACE_TYPES.edificio;
      summary = L(
        `Edificio di proprietà della famiglia Valdameri, costruito nel ${p.built}.`,
        `Building owned by the Valdameri family, built in ${p.built}.`,
        `Bâtiment appartenant à la famille Valdameri, construit en ${p.built}.`,
      );
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
