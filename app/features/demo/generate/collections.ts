/** The demo's fonds, series and files (ca_collections). */
import { L, Rng } from "../language";
import { COLLECTION_KIND_NAMES, FOUNDATION, type ImageStyle } from "../vocabulary";
import {
  type ImagePool,
  localeMode,
  makeTexts,
  type Media,
  MetaBuilder,
  pickAccess,
  type Rec,
  REL,
  rel,
  type Relation,
  sentence,
  SOURCE,
} from "./common";
import type { Coll, World } from "./world";

export function collectionRecord(c: Coll, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `collection-rec:${c.id}`);
  const meta = new MetaBuilder();
  meta.text("estremi_cronologici", L(`${c.years[0]}–${c.years[1]}`));
  meta.text("consistenza", c.extent);
  meta.text("storia_archivistica", c.history);
  if (c.kind !== "fascicolo")
    meta.link(
      "strumenti_ricerca",
      `${FOUNDATION.baseUrl}/inventari/${c.id}`,
      L("Inventario analitico", "Detailed inventory", "Inventaire analytique"),
    );
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
