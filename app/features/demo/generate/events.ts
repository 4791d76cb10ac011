/** The demo's events (ca_occurrences): exhibitions, fairs, restorations… */
import { L, Rng, type L as LT } from "../language";
import { FOUNDATION } from "../vocabulary";
import {
  CITY,
  type DateInfo,
  EVENT_TYPES,
  fmtInt,
  type ImagePool,
  isoDay,
  localeMode,
  makeTexts,
  type Media,
  MetaBuilder,
  pickAccess,
  placeTag,
  type Rec,
  REL,
  rel,
  type Relation,
  SOURCE,
  type Tag,
  thesaurusTag,
  whenL,
} from "./common";
import type { Ev, World } from "./world";

export const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

export function eventRecord(ev: Ev, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `event-rec:${ev.id}`);
  const c = CITY.get(ev.city)!;
  const meta = new MetaBuilder();
  const start: DateInfo = ev.day
    ? { kind: "day", y: ev.year, m: ev.month, d: ev.day }
    : ev.month
      ? { kind: "month", y: ev.year, m: ev.month }
      : { kind: "year", y: ev.year };
  const end: DateInfo | undefined = ev.endYear
    ? ev.endDay
      ? { kind: "day", y: ev.endYear, m: ev.endMonth, d: ev.endDay }
      : { kind: "year", y: ev.endYear }
    : undefined;
  meta.date("data_inizio", isoDay(start));
  if (end) meta.date("data_fine", isoDay(end));
  const venue =
    ev.kind === "mostra" && ev.city === "sesto-san-giovanni"
      ? L("Fondazione Valdameri, Sesto San Giovanni", "Valdameri Foundation, Sesto San Giovanni", "Fondation Valdameri, Sesto San Giovanni")
      : c.name;
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
      if (w.entities[1] && ev.year >= 1906)
        relations.push(rel(REL.partecipante!, "ca_entities", "2", [{ name: L("Stand", "Stand", "Stand"), value: String(r.int(1, 400)) }]));
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
  if (ev.id === "1")
    media.push({
      type: "youtube",
      url: "https://www.youtube.com/watch?v=Vd6m1906Mi0",
      title: L("Filmato d'epoca dell'Esposizione", "Period film of the Exhibition", "Film d'époque de l'Exposition"),
    });
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
