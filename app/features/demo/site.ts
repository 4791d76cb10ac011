/**
 * Site options, homepage and summary configuration of the demo archive
 * (see generate.ts). Idempotent: every call overwrites the same rows.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/.server/db";
import { seedDemoAnnotations } from "./annotations.server";
import type { HomeContent, SiteOptions } from "~/features/site";
import { savePage, saveSiteOptions, saveSummaryConfig } from "~/features/site/index.server";
import { LOCALES, type Locale } from "~/lib/locale";
import { FIXED_IDS, HIGHLIGHT_OBJECT_IDS } from "./generate";
import { SEMAFORO_PATHS } from "./vocabulary";
import { seedDemoRequests } from "./requests.server";
import { seedDemoCollections, STORY } from "./collections.server";
import { DEMO_MEMORIES, demoMemoryRows } from "./memories";

/** Contrast with white ≥ 4.5:1 for primary and primaryDark; primary text on primaryLight ≥ 4.5:1. */
export const DEMO_COLORS = { primary: "#8c3a1b", primaryDark: "#5a230f", primaryLight: "#f8ede6" };

type PerLocale<T> = Record<Locale, T>;

const TITLE: PerLocale<string> = {
  it: "Archivio Storico della Fondazione Valdameri",
  en: "Historical Archive of the Valdameri Foundation",
  fr: "Archives historiques de la Fondation Valdameri",
};

const DESCRIPTION: PerLocale<string> = {
  it: "Fotografie, lettere, disegni tecnici, manifesti, registri e oggetti di una famiglia di industriali lombardi: la seta di Como, le ceramiche di Laveno, le acciaierie di Sesto San Giovanni (1782–1993).",
  en: "Photographs, letters, technical drawings, posters, ledgers and objects of a Lombard family of industrialists: Como silk, Laveno ceramics and the Sesto San Giovanni steelworks (1782–1993).",
  fr: "Photographies, lettres, dessins techniques, affiches, registres et objets d'une famille d'industriels lombards : la soie de Côme, les céramiques de Laveno, les aciéries de Sesto San Giovanni (1782–1993).",
};

/** The terms a reproduction request accepts (a content page, decision 099). */
const TERMS_SLUG = "condizioni-riproduzioni";
const TERMS: PerLocale<{ title: string; body: string[] }> = {
  it: {
    title: "Condizioni per le riproduzioni",
    body: [
      "Le riproduzioni delle immagini dell'archivio sono concesse per l'uso dichiarato nella richiesta e solo per quello.",
      "Ogni pubblicazione o esposizione cita la fonte: «Archivio Storico della Fondazione Valdameri», con la segnatura della scheda.",
      "Le riproduzioni non possono essere cedute a terzi. Per l'uso commerciale l'archivio può chiedere un corrispettivo e l'autorizzazione dei titolari dei diritti.",
      "Il link per scaricare una riproduzione approvata vale per il tempo indicato nell'e-mail e solo per chi l'ha chiesta.",
    ],
  },
  en: {
    title: "Terms for reproductions",
    body: [
      "Reproductions of the archive's images are granted for the use stated in the request, and for that use only.",
      "Every publication or exhibition credits the source: “Historical Archive of the Valdameri Foundation”, with the record's reference.",
      "Reproductions may not be passed on to others. For commercial use the archive may ask for a fee and for the rights holders' permission.",
      "The link to download an approved reproduction is valid for the time the e-mail states, and only for the person who asked.",
    ],
  },
  fr: {
    title: "Conditions de reproduction",
    body: [
      "Les reproductions des images des archives sont accordées pour l'usage déclaré dans la demande, et pour lui seul.",
      "Toute publication ou exposition cite la source : « Archives historiques de la Fondation Valdameri », avec la cote de la notice.",
      "Les reproductions ne peuvent être cédées à des tiers. Pour un usage commercial, les archives peuvent demander une redevance et l'autorisation des ayants droit.",
      "Le lien de téléchargement d'une reproduction approuvée est valable pendant la durée indiquée dans l'e-mail, et seulement pour la personne qui l'a demandée.",
    ],
  },
};

function options(locale: Locale): Partial<SiteOptions> {
  const t = <T>(v: PerLocale<T>) => v[locale];
  return {
    title: t(TITLE),
    description: t(DESCRIPTION),
    logo: null,
    logo2: null,
    menu: t({
      it: [
        { label: "Cerca nell'archivio", path: "/cerca" },
        { label: "Il fondo Officine Valdameri", path: `/collezioni/${FIXED_IDS.fonds}` },
        { label: "Giulio Valdameri", path: "/entita/1" },
        { label: "Lo stabilimento nel 1906", path: `/oggetti/${FIXED_IDS.publicObject}` },
        { label: "La Fondazione", path: "/entita/10" },
      ],
      en: [
        { label: "Search the archive", path: "/cerca" },
        { label: "The Officine Valdameri fonds", path: `/collezioni/${FIXED_IDS.fonds}` },
        { label: "Giulio Valdameri", path: "/entita/1" },
        { label: "The works in 1906", path: `/oggetti/${FIXED_IDS.publicObject}` },
        { label: "The Foundation", path: "/entita/10" },
      ],
      fr: [
        { label: "Rechercher dans les archives", path: "/cerca" },
        { label: "Le fonds Officine Valdameri", path: `/collezioni/${FIXED_IDS.fonds}` },
        { label: "Giulio Valdameri", path: "/entita/1" },
        { label: "L'usine en 1906", path: `/oggetti/${FIXED_IDS.publicObject}` },
        { label: "La Fondation", path: "/entita/10" },
      ],
    }),
    menu_footer: t({
      it: [
        { label: "Esposizione di Milano 1906", path: "/occorrenze/1" },
        { label: "Il catalogo in cifre", path: "/analytics/footprint" },
        { label: "Cookie policy", path: "/public/cookie-policy" },
        { label: "Sito della Fondazione", path: "https://example.org/valdameri" },
      ],
      en: [
        { label: "Milan Exhibition 1906", path: "/occorrenze/1" },
        { label: "The catalogue in figures", path: "/analytics/footprint" },
        { label: "Cookie policy", path: "/public/cookie-policy" },
        { label: "Foundation website", path: "https://example.org/valdameri" },
      ],
      fr: [
        { label: "Exposition de Milan 1906", path: "/occorrenze/1" },
        { label: "Le catalogue en chiffres", path: "/analytics/footprint" },
        { label: "Politique relative aux cookies", path: "/public/cookie-policy" },
        { label: "Site de la Fondation", path: "https://example.org/valdameri" },
      ],
    }),
    footer_blocks: t({
      it: [
        { title: "Indirizzo", text: "Fondazione Valdameri\nVia dei Filatoi 12\n20099 Sesto San Giovanni (MI)\narchivio@example.org" },
        { title: "Orari della sala studio", text: "Da martedì a venerdì, 9.30–13.00 e 14.00–17.30, su appuntamento. Chiuso in agosto." },
        {
          title: "Licenza dei dati",
          text: "Metadati rilasciati con licenza CC0 1.0; immagini con licenza CC BY 4.0, salvo diversa indicazione nella scheda.",
        },
      ],
      en: [
        { title: "Address", text: "Fondazione Valdameri\nVia dei Filatoi 12\n20099 Sesto San Giovanni (MI), Italy\narchivio@example.org" },
        { title: "Reading room hours", text: "Tuesday to Friday, 9.30am–1pm and 2pm–5.30pm, by appointment. Closed in August." },
        { title: "Data licence", text: "Metadata released under CC0 1.0; images under CC BY 4.0 unless the record states otherwise." },
      ],
      fr: [
        { title: "Adresse", text: "Fondazione Valdameri\nVia dei Filatoi 12\n20099 Sesto San Giovanni (MI), Italie\narchivio@example.org" },
        {
          title: "Horaires de la salle de lecture",
          text: "Du mardi au vendredi, 9 h 30–13 h et 14 h–17 h 30, sur rendez-vous. Fermé en août.",
        },
        {
          title: "Licence des données",
          text: "Métadonnées publiées sous licence CC0 1.0 ; images sous licence CC BY 4.0, sauf mention contraire dans la notice.",
        },
      ],
    }),
    disable_footer: false,
    colors: DEMO_COLORS,
    multilanguage: true,
    disableShuffle: false,
    // The collection register for the managers (issue 32 §4, §6: the demo turns the registers on).
    registro: true,
    // Reproduction requests (issue 32 §3, §6): a test address — without SMTP_URL its mail lands in the outbox —
    // and the terms' content page written below.
    richiediimmagine_email: "riproduzioni@example.org",
    richiediimmagine_terms: TERMS_SLUG,
    // Annotations with moderation (issue 32 §1, decision 097).
    annotations: true,
    // The analytics pages (issue 34 §2, decision 108): the footprint (linked in the footer) and the accuracy.
    analytics: { heritagerating: true, accuracy: true },
    dateFormat: "D MMMM YYYY",
    semaforo: [
      {
        id: "conservazione",
        path: SEMAFORO_PATHS.fragile,
        colore: "#b45309",
        frase: t({
          it: "Questo oggetto è in uno stato di conservazione fragile. La consultazione dell'originale è possibile solo su appuntamento e in presenza di un restauratore: per lo studio si prega di utilizzare la riproduzione digitale.",
          en: "This item is in a fragile condition. The original can only be consulted by appointment and in the presence of a conservator: please use the digital reproduction for research.",
          fr: "Cet objet est dans un état de conservation fragile. L'original ne peut être consulté que sur rendez-vous et en présence d'un restaurateur : merci d'utiliser la reproduction numérique pour vos recherches.",
        }),
        fraseCorta: t({ it: "Fragile", en: "Fragile", fr: "Fragile" }),
      },
      {
        id: "restauro",
        path: SEMAFORO_PATHS.restaurare,
        colore: "#b91c1c",
        frase: t({
          it: "L'oggetto è in attesa di restauro e non è consultabile in originale. Per informazioni sui tempi di intervento contattare l'archivio.",
          en: "This item is awaiting restoration and the original cannot be consulted. Please contact the archive for the expected timing.",
          fr: "Cet objet est en attente de restauration et l'original n'est pas consultable. Pour connaître les délais, veuillez contacter les archives.",
        }),
        fraseCorta: t({ it: "Da restaurare", en: "Needs restoration", fr: "À restaurer" }),
      },
    ],
  };
}

function home(locale: Locale): { title: string; content: HomeContent } {
  const t = <T>(v: PerLocale<T>) => v[locale];
  const refs = HIGHLIGHT_OBJECT_IDS.slice(0, 8).map((id) => ({ table: "ca_objects", id }));
  return {
    title: t(TITLE),
    content: {
      hero: {
        title: t(TITLE),
        subtitle: t({
          it: "Due secoli di seta, acciaio e ceramica nelle carte di una famiglia di industriali lombardi.",
          en: "Two centuries of silk, steel and ceramics in the papers of a Lombard family of industrialists.",
          fr: "Deux siècles de soie, d'acier et de céramique dans les papiers d'une famille d'industriels lombards.",
        }),
        image: { table: "ca_objects", id: FIXED_IDS.publicObject },
        cta: { label: t({ it: "Cerca nell'archivio", en: "Search the archive", fr: "Rechercher dans les archives" }), path: "/cerca" },
      },
      sections: [
        {
          kind: "records",
          title: t({ it: "In evidenza", en: "Highlights", fr: "À la une" }),
          text: t({
            it: "Una selezione di documenti e oggetti dalle collezioni della Fondazione.",
            en: "A selection of documents and objects from the Foundation's collections.",
            fr: "Une sélection de documents et d'objets des collections de la Fondation.",
          }),
          refs,
          // the content carousel (decision 118)
          display: "carousel",
        },
        {
          kind: "text",
          title: t({ it: "L'archivio", en: "The archive", fr: "Les archives" }),
          text: t({
            it: "L'Archivio Storico della Fondazione Valdameri conserva le carte della famiglia e delle sue aziende: la filanda aperta a Como nel 1782, le officine meccaniche di Milano, la fabbrica di ceramiche di Laveno e le acciaierie fondate a Sesto San Giovanni nel 1906. Fotografie, corrispondenza, disegni tecnici, manifesti pubblicitari e registri contabili raccontano due secoli di storia industriale e sociale lombarda.\n\nLa sala studio è aperta agli studiosi su appuntamento; le riproduzioni digitali sono pubblicate con licenza aperta.",
            en: "The Historical Archive of the Valdameri Foundation holds the papers of the family and its firms: the silk mill opened at Como in 1782, the engineering works in Milan, the Laveno pottery and the steelworks founded at Sesto San Giovanni in 1906. Photographs, correspondence, technical drawings, advertising posters and account books tell two centuries of Lombard industrial and social history.\n\nThe reading room is open to researchers by appointment; digital reproductions are published under an open licence.",
            fr: "Les archives historiques de la Fondation Valdameri conservent les papiers de la famille et de ses entreprises : la filature ouverte à Côme en 1782, les ateliers de construction mécanique de Milan, la faïencerie de Laveno et les aciéries fondées à Sesto San Giovanni en 1906. Photographies, correspondance, dessins techniques, affiches publicitaires et registres comptables racontent deux siècles d'histoire industrielle et sociale lombarde.\n\nLa salle de lecture est ouverte aux chercheurs sur rendez-vous ; les reproductions numériques sont publiées sous licence ouverte.",
          }),
        },
        {
          // the home page's chosen stories (issue 34 §3, decision 116)
          kind: "stories",
          title: t({ it: "Storie dall'archivio", en: "Stories from the archive", fr: "Récits des archives" }),
          stories: [STORY.slug],
        },
        {
          kind: "mediaSample",
          title: t({ it: "Dalle collezioni", en: "From the collections", fr: "Extraits des collections" }),
          text: t({
            it: "Immagini scelte a caso tra i documenti digitalizzati.",
            en: "Pictures chosen at random from the digitised records.",
            fr: "Images choisies au hasard parmi les documents numérisés.",
          }),
        },
      ],
    },
  };
}

/** Metadata codes (see generate.ts METADATA_CODES) shown per table: [summary, header]. */
export const DEMO_SUMMARY_CONFIG: Record<string, { summary: string[]; header: string[] }> = {
  ca_objects: {
    summary: ["tecnica", "materiali", "dimensioni", "conservazione", "data_acquisizione", "stima"],
    header: ["tecnica", "dimensioni"],
  },
  ca_entities: {
    summary: ["professione", "luogo_nascita", "nascita", "morte", "settore", "sede", "fondazione", "cessazione"],
    header: ["professione", "settore"],
  },
  ca_occurrences: { summary: ["data_inizio", "data_fine", "sede_evento", "visitatori", "costo"], header: ["data_inizio", "sede_evento"] },
  ca_places: { summary: ["indirizzo", "altitudine", "costruzione", "dismissione"], header: ["indirizzo"] },
  ca_collections: {
    summary: ["estremi_cronologici", "consistenza", "storia_archivistica"],
    header: ["estremi_cronologici", "consistenza"],
  },
  assets: { summary: ["formato", "durata", "risoluzione", "data_digitalizzazione", "licenza"], header: ["formato"] },
};

export async function seedDemoSite(database: Database): Promise<void> {
  // the memory pages open with a picture of the catalogue: the first image of the objects they name
  const ids = [...new Set(DEMO_MEMORIES.map((m) => m.picture.id))];
  const media = await database.rows<{ id: string; medium: string }>(sql`select distinct on (r.id) r.id, m.medium from records r
    join media m on m.record_uid = r.uid where r.table_name = 'ca_objects' and r.id = any(${`{${ids.join(",")}}`}::text[]) and m.medium is not null
    order by r.id, m.ord`);
  const pictures = Object.fromEntries(media.map((m) => [m.id, `/media/${m.medium.split("\\").join("/")}`]));
  for (const locale of LOCALES) {
    await saveSiteOptions({ database }, locale, options(locale));
    const h = home(locale);
    await savePage({ database }, "home", locale, h.title, h.content);
    const terms = TERMS[locale];
    const html = terms.body.map((p) => `<p>${p}</p>`).join("\n");
    await savePage({ database }, TERMS_SLUG, locale, terms.title, {
      kind: "page",
      format: "html",
      source: html,
      html,
      description: terms.body[0],
      published: true,
    });
    // a memory section and its pages (issue 34 §1, decision 115)
    for (const m of demoMemoryRows(locale, pictures)) await savePage({ database }, m.slug, locale, m.title, m.content);
  }
  await seedDemoRequests({ database });
  // Collections and a story the users made visible: the collection register and the public pages (issue 32 §4).
  await seedDemoCollections({ database });
  for (const [table, cfg] of Object.entries(DEMO_SUMMARY_CONFIG)) await saveSummaryConfig({ database }, table, "", cfg.summary, cfg.header);
  // A few notes in every state (issue 32 §1, decision 097).
  await seedDemoAnnotations({ database });
}
