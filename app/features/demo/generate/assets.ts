/** The demo's digital assets (assets): documents, videos, reproductions. */
import { L, Rng } from "../language";
import { FOUNDATION, THIS_YEAR, type ImageStyle } from "../vocabulary";
import { ASSET_TYPES, type ImagePool, localeMode, makeTexts, MetaBuilder, pad2, type Rec, REL, rel, thesaurusTag } from "./common";
import { type ObjSummary, round2 } from "./objects";
import type { World } from "./world";

export const PDF_FILE = "documents/statuto-fondazione-valdameri-1968.pdf";

export function fixedAssets(w: World): Rec[] {
  const src = { url: `${FOUNDATION.baseUrl}/media`, license: "CC BY 4.0", attribution: FOUNDATION.attribution };
  const lic = (m: MetaBuilder) => m.link("licenza", "https://creativecommons.org/licenses/by/4.0/", L("CC BY 4.0"));
  const a1 = new MetaBuilder()
    .text("formato", L("PDF, 1 pagina", "PDF, 1 page", "PDF, 1 page"))
    .date("data_digitalizzazione", "2019-03-12");
  const a2 = new MetaBuilder()
    .text("formato", L("Video HD, colore", "HD video, colour", "Vidéo HD, couleur"))
    .text("durata", L("42 min"))
    .date("data_digitalizzazione", "2011-10-05");
  const a3 = new MetaBuilder()
    .text(
      "formato",
      L(
        "Pellicola 35 mm digitalizzata, bianco e nero, muto",
        "Digitised 35 mm film, black and white, silent",
        "Film 35 mm numérisé, noir et blanc, muet",
      ),
    )
    .text("durata", L("6 min 40 s"))
    .date("data_digitalizzazione", "2016-06-21");
  const a4 = new MetaBuilder()
    .text("formato", L("Video HD, colore", "HD video, colour", "Vidéo HD, couleur"))
    .text("durata", L("58 min"))
    .date("data_digitalizzazione", "2012-11-30");
  [a1, a2, a3, a4].forEach(lic);
  const has = (t: string, id: string) =>
    t === "ca_entities" ? w.entities.length >= Number(id) : t === "ca_occurrences" ? w.events.length >= Number(id) : true;
  const recs: Rec[] = [
    {
      table: "assets",
      id: "1",
      type: ASSET_TYPES.documento,
      access: 1,
      texts: makeTexts(
        "all",
        L(
          "Statuto della Fondazione Valdameri, 1968",
          "Articles of association of the Valdameri Foundation, 1968",
          "Statuts de la Fondation Valdameri, 1968",
        ),
        L(
          "Copia digitale dello statuto approvato all'atto della costituzione della Fondazione.",
          "Digital copy of the articles approved when the Foundation was set up.",
          "Copie numérique des statuts approuvés lors de la création de la Fondation.",
        ),
        a1,
      ),
      date: { start: "1968-05-20" },
      media: [
        { type: "application", file: PDF_FILE, mime: "application/pdf", title: L("Statuto (PDF)", "Articles (PDF)", "Statuts (PDF)") },
      ],
      relations: has("ca_entities", "10") ? [rel(REL.produttore!, "ca_entities", "10")] : [],
      tags: [thesaurusTag("scansione")],
      source: src,
    },
    {
      table: "assets",
      id: "2",
      type: ASSET_TYPES.video,
      access: 1,
      texts: makeTexts(
        "all",
        L("Intervista a Elena Valdameri, 1984", "Interview with Elena Valdameri, 1984", "Entretien avec Elena Valdameri, 1984"),
        L(
          "Elena Valdameri racconta la storia della famiglia e la nascita della Fondazione.",
          "Elena Valdameri talks about the family's history and how the Foundation came about.",
          "Elena Valdameri raconte l'histoire de la famille et la naissance de la Fondation.",
        ),
        a2,
      ),
      date: { start: "1984-10-11" },
      media: [
        {
          type: "youtube",
          url: "https://www.youtube.com/watch?v=Tq3ValdE1984",
          title: L("Intervista (video)", "Interview (video)", "Entretien (vidéo)"),
        },
      ],
      relations: has("ca_entities", "7") ? [rel(REL.soggetto!, "ca_entities", "7")] : [],
      tags: [thesaurusTag("ripresa"), thesaurusTag("famiglia")],
      source: src,
    },
    {
      table: "assets",
      id: "3",
      type: ASSET_TYPES.video,
      access: 1,
      texts: makeTexts(
        "all",
        L(
          "Inaugurazione dello stabilimento di Sesto San Giovanni, 1906",
          "Opening of the Sesto San Giovanni works, 1906",
          "Inauguration de l'usine de Sesto San Giovanni, 1906",
        ),
        L(
          "Film muto girato durante la cerimonia di inaugurazione; restaurato e digitalizzato nel 2016.",
          "Silent film shot during the opening ceremony; restored and digitised in 2016.",
          "Film muet tourné pendant la cérémonie d'inauguration ; restauré et numérisé en 2016.",
        ),
        a3,
      ),
      date: { start: "1906-09-23" },
      media: [{ type: "youtube", url: "https://www.youtube.com/watch?v=Sesto1906aX", title: { it: "[VUOTO]" } }],
      relations: has("ca_places", "4") ? [rel(REL.luogoRaffigurato!, "ca_places", "4")] : [],
      tags: [thesaurusTag("ripresa"), thesaurusTag("siderurgia")],
      source: src,
    },
    {
      table: "assets",
      id: "4",
      type: ASSET_TYPES.video,
      access: 1,
      texts: makeTexts(
        "all",
        L("Documentario «Seta e acciaio», 2012", "Documentary “Silk and Steel”, 2012", "Documentaire « Soie et acier », 2012"),
        L(
          "Documentario sulla storia delle aziende Valdameri, prodotto dalla Fondazione.",
          "Documentary on the history of the Valdameri firms, produced by the Foundation.",
          "Documentaire sur l'histoire des entreprises Valdameri, produit par la Fondation.",
        ),
        a4,
      ),
      date: { start: "2012" },
      media: [{ type: "vimeo", url: "https://vimeo.com/348217563", title: L("Documentario", "Documentary", "Documentaire") }],
      relations: [],
      tags: [thesaurusTag("ripresa")],
      source: src,
    },
  ];
  return recs;
}

export function assetRecord(id: string, obj: ObjSummary | undefined, w: World, pool: ImagePool): Rec {
  const r = Rng.derive(w.seed, `asset:${id}`);
  const meta = new MetaBuilder();
  const spec = obj?.image ?? pool.take(r.pick(["photo", "letter", "poster", "map"] as ImageStyle[])) ?? undefined;
  if (spec) meta.text("formato", L(`JPEG, ${spec.width} × ${spec.height} px`));
  meta.text("risoluzione", L(`${r.pick([300, 400, 600])} ppi`));
  const y = r.int(2003, THIS_YEAR);
  meta.date("data_digitalizzazione", `${y}-${pad2(r.int(1, 12))}-${pad2(r.int(1, 28))}`);
  const nc = r.chance(0.2);
  meta.link(
    "licenza",
    nc ? "https://creativecommons.org/licenses/by-nc/4.0/" : "https://creativecommons.org/licenses/by/4.0/",
    L(nc ? "CC BY-NC 4.0" : "CC BY 4.0"),
  );
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
    media: spec
      ? [{ type: "image", file: spec.file, ...(r.chance(0.3) ? { focalPoint: { x: 0.5, y: round2(0.3 + r.float() * 0.3) } } : {}) }]
      : [],
    relations: obj ? [rel(REL.riproduzione!, "ca_objects", obj.id)] : [],
    tags: [thesaurusTag("scansione")],
    source: { url: `${FOUNDATION.baseUrl}/media/${id}`, license: nc ? "CC BY-NC 4.0" : "CC BY 4.0", attribution: FOUNDATION.attribution },
  };
}
