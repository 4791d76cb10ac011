import type { Locale } from "~/lib/locale";

/**
 * The demo's memories (issue 34 §1, decision 115): one section of oral histories with three memory pages, two
 * of them in a collection (the 1956 interviews), in Italian, English and French, so that /memories/sections
 * shows something on a fresh start. Written as the in-place editor writes them (HTML, published).
 */
type PerLocale = Record<"it" | "en" | "fr", string>;
type Memory = {
  slug: string;
  collection: string;
  /** The catalogue object whose picture opens the text (its medium image), and what it shows. */
  picture: { id: string; alt: PerLocale };
  title: PerLocale;
  description: PerLocale;
  body: PerLocale[];
};

export const DEMO_MEMORY_SECTION = {
  slug: "voci-della-filanda",
  title: { it: "Voci della filanda", en: "Voices of the silk mill", fr: "Voix de la filature" },
  description: {
    it: "Testimonianze di chi lavorò nella filanda di Como e nelle acciaierie di Sesto San Giovanni.",
    en: "Testimonies of those who worked in the Como silk mill and the Sesto San Giovanni steelworks.",
    fr: "Témoignages de celles et ceux qui ont travaillé à la filature de Côme et aux aciéries de Sesto San Giovanni.",
  },
  intro: {
    it: "Nel 1956 la Fondazione registrò su nastro i ricordi di operaie, capireparto e impiegati. Le trascrizioni, rilette con le famiglie, accompagnano le carte e le fotografie dell'archivio.",
    en: "In 1956 the Foundation recorded on tape the memories of mill girls, foremen and clerks. The transcripts, read again with their families, accompany the archive's papers and photographs.",
    fr: "En 1956, la Fondation enregistra sur bande les souvenirs d'ouvrières, de contremaîtres et d'employés. Les transcriptions, relues avec les familles, accompagnent les papiers et les photographies de l'archive.",
  },
} as const;

export const DEMO_MEMORIES: Memory[] = [
  {
    slug: "la-sirena-delle-cinque",
    collection: "interviste-1956",
    picture: {
      id: "10",
      alt: { it: "Un velluto di seta tessuto a Como", en: "A silk velvet woven at Como", fr: "Un velours de soie tissé à Côme" },
    },
    title: { it: "La sirena delle cinque", en: "The five o'clock siren", fr: "La sirène de cinq heures" },
    description: {
      it: "Cominciavamo alle cinque del mattino, e la sirena si sentiva fino al porto.",
      en: "We started at five in the morning, and the siren could be heard down to the harbour.",
      fr: "Nous commencions à cinq heures du matin, et on entendait la sirène jusqu'au port.",
    },
    body: [
      {
        it: "Maria Brambilla entrò in filanda a dodici anni, nel 1933, come scopinatrice: batteva i bozzoli nell'acqua calda per trovarne il capo.",
        en: "Maria Brambilla went into the mill at twelve, in 1933, as a brusher: she beat the cocoons in hot water to find the end of the thread.",
        fr: "Maria Brambilla entra à la filature à douze ans, en 1933, comme batteuse : elle battait les cocons dans l'eau chaude pour en trouver le bout.",
      },
      {
        it: "<blockquote><p>Cominciavamo alle cinque del mattino, e la sirena si sentiva fino al porto. D'inverno le mani si spaccavano, d'estate il vapore ti toglieva il fiato. Ma si cantava, sempre.</p></blockquote>",
        en: "<blockquote><p>We started at five in the morning, and the siren could be heard down to the harbour. In winter our hands cracked, in summer the steam took your breath away. But we sang, always.</p></blockquote>",
        fr: "<blockquote><p>Nous commencions à cinq heures du matin, et on entendait la sirène jusqu'au port. L'hiver, nos mains se crevassaient ; l'été, la vapeur nous coupait le souffle. Mais on chantait, toujours.</p></blockquote>",
      },
      {
        it: "Intervista registrata il 14 marzo 1956 nella sala della mensa; trascrizione rivista con la figlia nel 2004.",
        en: "Interview recorded on 14 March 1956 in the canteen; transcript reviewed with her daughter in 2004.",
        fr: "Entretien enregistré le 14 mars 1956 dans la cantine ; transcription revue avec sa fille en 2004.",
      },
    ],
  },
  {
    slug: "il-capo-reparto",
    collection: "interviste-1956",
    picture: {
      id: "6",
      alt: {
        it: "Disegno tecnico di una turbina idraulica",
        en: "Technical drawing of a water turbine",
        fr: "Dessin technique d'une turbine hydraulique",
      },
    },
    title: { it: "Il capo reparto", en: "The foreman", fr: "Le chef d'atelier" },
    description: {
      it: "Le macchine nuove arrivarono da Lione nel 1928: nessuno voleva toccarle.",
      en: "The new machines came from Lyon in 1928: nobody wanted to touch them.",
      fr: "Les nouvelles machines sont arrivées de Lyon en 1928 : personne ne voulait y toucher.",
    },
    body: [
      {
        it: "Giuseppe Ortelli diresse il reparto di trattura dal 1927 alla chiusura della filanda. Racconta l'arrivo delle bacinelle a vapore e lo sciopero del 1931.",
        en: "Giuseppe Ortelli ran the reeling room from 1927 until the mill closed. He tells of the arrival of the steam basins and of the 1931 strike.",
        fr: "Giuseppe Ortelli dirigea l'atelier de filage de 1927 à la fermeture de la filature. Il raconte l'arrivée des bassines à vapeur et la grève de 1931.",
      },
      {
        it: "<blockquote><p>Le macchine nuove arrivarono da Lione nel 1928: nessuno voleva toccarle. Ho passato un mese a mostrare che il filo veniva più pari, e alla fine le ragazze facevano a gara per averle.</p></blockquote>",
        en: "<blockquote><p>The new machines came from Lyon in 1928: nobody wanted to touch them. I spent a month showing that the thread came out more even, and in the end the girls vied with each other to work them.</p></blockquote>",
        fr: "<blockquote><p>Les nouvelles machines sont arrivées de Lyon en 1928 : personne ne voulait y toucher. J'ai passé un mois à montrer que le fil sortait plus régulier, et à la fin les filles se disputaient pour y travailler.</p></blockquote>",
      },
    ],
  },
  {
    slug: "cento-anni-di-acciaio",
    collection: "",
    picture: {
      id: "1",
      alt: {
        it: "Lo stabilimento di Sesto San Giovanni nel 1906",
        en: "The Sesto San Giovanni works in 1906",
        fr: "L'usine de Sesto San Giovanni en 1906",
      },
    },
    title: { it: "Cento anni di acciaio a Sesto", en: "A hundred years of steel at Sesto", fr: "Cent ans d'acier à Sesto" },
    description: {
      it: "Nel 2006 le acciaierie fondate dalla famiglia compirono cent'anni: i ricordi raccolti per l'anniversario.",
      en: "In 2006 the steelworks the family founded turned a hundred: the memories gathered for the anniversary.",
      fr: "En 2006, les aciéries fondées par la famille ont eu cent ans : les souvenirs recueillis pour l'anniversaire.",
    },
    body: [
      {
        it: "Per il centenario delle acciaierie (1906–2006) la Fondazione invitò gli ex dipendenti a raccontare un giorno di lavoro. Ne arrivarono più di duecento lettere.",
        en: "For the steelworks' centenary (1906–2006) the Foundation invited former employees to describe a working day. More than two hundred letters came back.",
        fr: "Pour le centenaire des aciéries (1906-2006), la Fondation invita les anciens employés à raconter une journée de travail. Plus de deux cents lettres arrivèrent.",
      },
      {
        it: "<blockquote><p>Quando colavano l'acciaio il cielo sopra Sesto diventava arancione. Mia madre diceva che così sapeva a che ora sarei tornato.</p></blockquote>",
        en: "<blockquote><p>When they poured the steel the sky over Sesto turned orange. My mother said that was how she knew when I would be home.</p></blockquote>",
        fr: "<blockquote><p>Quand on coulait l'acier, le ciel au-dessus de Sesto devenait orange. Ma mère disait que c'est comme ça qu'elle savait à quelle heure je rentrerais.</p></blockquote>",
      },
    ],
  },
];

/** A paragraph unless it is already a block of HTML. */
const block = (s: string) => (s.startsWith("<") ? s : `<p>${s}</p>`);

/** The rows the demo writes into `pages` for a language (the kinds and prefixes of decision 115). */
const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The rows the demo writes into `pages` for a language (the kinds and prefixes of decision 115); `pictures`: the
 * medium image's address of each object named by a page (none: the page opens with its text).
 */
export function demoMemoryRows(
  locale: Locale,
  pictures: Record<string, string> = {},
): { slug: string; title: string; content: Record<string, unknown> }[] {
  const l = (locale === "en" || locale === "fr" ? locale : "it") as keyof PerLocale;
  const s = DEMO_MEMORY_SECTION;
  const intro = block(s.intro[l]);
  return [
    {
      slug: `memories/sections/${s.slug}`,
      title: s.title[l],
      content: { kind: "memory-section", format: "html", source: intro, html: intro, description: s.description[l], published: true },
    },
    ...DEMO_MEMORIES.map((m) => {
      const src = pictures[m.picture.id];
      const picture = src ? [`<p><img src="${escapeAttr(src)}" alt="${escapeAttr(m.picture.alt[l])}"></p>`] : [];
      const html = [...picture, ...m.body.map((b) => block(b[l]))].join("\n");
      return {
        slug: `memories/${m.slug}`,
        title: m.title[l],
        content: {
          kind: "memory",
          format: "html",
          source: html,
          html,
          description: m.description[l],
          published: true,
          section: s.slug,
          collection: m.collection,
        },
      };
    }),
  ];
}
