/**
 * The queries of the relevance benchmark and the criteria that judge them
 * (bench/relevance/judge.ts applies them to the raw museum records; README.md
 * explains the choices). Every pattern is matched against folded text: no
 * accents, lower case, plain quotes — write patterns in that form.
 *
 * A record is a must-have (grade 2) when `must` holds, relevant (grade 1) when
 * `relevant` holds; otherwise it is not relevant.
 */
import type { View } from "./judge";

export type QueryClass =
  | "artist"
  | "artist-misspelled"
  | "artist-accents"
  | "subject"
  | "place"
  | "technique/material"
  | "identifier"
  | "year/century"
  | "partial-word"
  | "phrase";

export type Rule = { describe: string; test: (v: View) => boolean };
/** The criteria of one topic; queries typed in several languages share a topic (and its judgments). */
export type Criteria = { topic: string; must?: Rule; relevant: Rule; note?: string };
export type Spec = Criteria & { q: string; locale: "it" | "en" | "fr"; class: QueryClass };

// ---------------------------------------------------------------------------
// Rules

const field = (name: "title" | "tags" | "medium" | "places" | "text" | "display", re: RegExp, label: string = name): Rule => ({
  describe: `object ${label} ~ ${re}`,
  test: (v) => v.type === "object" && re.test(v[name]),
});
const title = (re: RegExp) => field("title", re, "title (any language, alternative titles)");
const tag = (re: RegExp) => field("tags", re, "tag path");
const medium = (re: RegExp) => field("medium", re, "medium (fields.medium, ICCD MTC*)");
const located = (re: RegExp) => field("places", re, "ICCD location (PVC*, LDC*, located_in place)");
const display = (re: RegExp) => field("display", re, "date display");
/** Objects whose makers (creator relations, all_artists, ICCD AUTN) match. */
const madeBy = (re: RegExp): Rule => ({ describe: `object maker ~ ${re}`, test: (v) => v.type === "object" && re.test(v.names) });
/** The person or organisation record itself. */
const entity = (re: RegExp): Rule => ({ describe: `entity name ~ ${re}`, test: (v) => v.type === "entity" && re.test(v.names) });
const identifier = (id: string): Rule => ({ describe: `identifier = "${id}"`, test: (v) => v.identifier === id.toLowerCase() });
/** Objects dated within [from, to] (start and end; a single year when there is no end). */
const within = (from: number, to: number): Rule => ({
  describe: `object dated within ${from}–${to}`,
  test: (v) => v.type === "object" && v.start !== null && v.end !== null && v.start >= from && v.end <= to,
});
/** Objects whose date span overlaps [from, to] and is at most maxSpan years long. */
const overlaps = (from: number, to: number, maxSpan: number): Rule => ({
  describe: `object dated overlapping ${from}–${to}, span ≤ ${maxSpan} years`,
  test: (v) => v.type === "object" && v.start !== null && v.end !== null && v.start <= to && v.end >= from && v.end - v.start <= maxSpan,
});
const any = (...rules: Rule[]): Rule => ({
  describe: rules.map((r) => r.describe).join(" OR "),
  test: (v) => rules.some((r) => r.test(v)),
});
const all = (...rules: Rule[]): Rule => ({
  describe: rules.map((r) => `(${r.describe})`).join(" AND "),
  test: (v) => rules.every((r) => r.test(v)),
});
const nothing: Rule = { describe: "nothing beyond the must-haves", test: () => false };

// ---------------------------------------------------------------------------
// Topics: one set of criteria, typed in several languages

/** An artist: their record and their works are must-haves; works naming them (title, subject tag) are relevant. */
function artist(topic: string, maker: RegExp, mention: RegExp = maker, note?: string): Criteria {
  return { topic, must: any(madeBy(maker), entity(maker)), relevant: any(title(mention), tag(mention)), ...(note ? { note } : {}) };
}

/** A place: works whose title names it are must-haves; works tagged with it or located there are relevant. */
function place(topic: string, inTitle: RegExp, inTags: RegExp, extra?: Rule): Criteria {
  return { topic, must: title(inTitle), relevant: any(tag(inTags), ...(extra ? [extra] : [])) };
}

const topic = (name: string, must: Rule | undefined, relevant: Rule, note?: string): Criteria => ({
  topic: name,
  ...(must ? { must } : {}),
  relevant,
  ...(note ? { note } : {}),
});

const CANALETTO = artist(
  "canaletto",
  /\bgiovanni antonio canal\b/,
  /\bcanaletto\b|\bcanaletti\b/,
  "Canaletto's record is named Giovanni Antonio Canal; works tagged or titled with his name are relevant.",
);
const TIEPOLO = artist("tiepolo", /\btiepolo\b/);
const PIRANESI = artist("piranesi", /\bpiranesi\b/);
const MODIGLIANI = artist("modigliani", /\bmodigliani\b/);
const GIACOMETTI = artist("giacometti", /\bgiacometti\b/);
const MANZU = artist("manzu", /\bmanzu\b/);
const TURNER = artist(
  "turner",
  /\bjoseph mallord william turner\b/,
  /\bturner\b/,
  "All of Turner's works (about 1,400): any of them in the top ten is a hit.",
);

const VENICE = place("venice", /\bvenezia\b|\bvenice\b|\bvenise\b/, /\bvenice\b/, located(/\bvenezia\b/));
const ROME = place("rome", /\broma\b|\brome\b/, /\brome\b/, located(/\broma\b/));
const NAPLES = {
  ...place("naples", /\bnapoli\b|\bnaples\b/, /\bnaples\b/, any(located(/\bnapoli\b/), madeBy(/, naples\b/))),
  note: "Works by 'unknown Italian, Naples' (made there) are relevant too.",
};
const FLORENCE = place(
  "florence",
  /\bfirenze\b|\bflorence\b|\bflorentine\b|\bfiorentin/,
  /\bflorence\b/,
  any(located(/\bfirenze\b/), madeBy(/\bflorentine\b/)),
);
const LAKE_COMO = place("lake-como", /\bcomo\b|\blac de come\b/, /\blake como\b|\bcomo\b/);
const VESUVIUS = place("vesuvius", /\bvesuvi|\bvesuve\b/, /\bvesuvius\b/);
const TIVOLI = place("tivoli", /\btivoli\b/, /\btivoli\b/);

const WATERCOLOUR = topic(
  "watercolour",
  any(medium(/^(watercolou?r|acquerell|aquarelle)/m), title(/\bwatercolou?rs?\b|\bacquerell|\baquarelle/)),
  medium(/watercolou?r|acquerell|aquarell/),
  "Must-have: watercolour is the first-named medium (or the title says it); relevant: watercolour anywhere in the medium.",
);
const ETCHING = topic(
  "etching",
  medium(/^etching\b|^acquaforte|^eau-forte/m),
  medium(/etching|acquaforte|eau-forte/),
  "Must-have: etching is the first-named technique.",
);
/** "incisione" / "gravure": the umbrella term for engraved and etched prints. */
const PRINTMAKING = topic(
  "printmaking",
  medium(/engrav|incisione|\bbulino\b|\bgravure\b/),
  medium(/engrav|etching|drypoint|aquatint|mezzotint|woodcut|stipple|acquaforte|puntasecca|xilografia|gravure|eau-forte/),
  "Must-have: an engraving (the literal technique); relevant: any intaglio or relief print technique (etching, drypoint, aquatint, mezzotint, stipple, woodcut).",
);
const LITHOGRAPH = topic(
  "lithograph",
  medium(/^lithograph|^litografia|^carta\/ litografia/m),
  medium(/lithograph|litografia|lithographie/),
);
const TERRACOTTA = topic("terracotta", medium(/^terra ?cotta/m), medium(/terra ?cotta|terre cuite/));
const MARBLE = topic("marble", medium(/^marble|^marmo/m), medium(/\bmarble\b|\bmarmo\b|\bmarbre\b/));
const BRONZE = topic("bronze", medium(/^bronze/m), medium(/\bbronze\b|\bbronzo\b/));
const OIL_ON_CANVAS = topic(
  "oil-on-canvas",
  medium(/\boil( paint)? on canvas\b|\bolio su tela\b|\bhuile sur toile\b/),
  medium(/\boil\b|\bolio\b|\bhuile\b/),
  "Must-have: oil on canvas; relevant: oil on another support.",
);

const PORTRAIT_OF_A_WOMAN = topic(
  "portrait-of-a-woman",
  title(
    /\bportrait of (a |an )?(young )?(woman|lady|girl)\b|\britratto di (una )?(giovane )?(donna|signora|fanciulla)\b|\bportrait de (jeune )?(femme|dame|fille)\b/,
  ),
  any(tag(/> individuals: female$/m), all(title(/\bportrait|\britratto/), tag(/> (woman|girl)$/m))),
  "Must-have: the title says portrait of a woman; relevant: tagged as a female portrait, or a portrait tagged woman/girl.",
);
const LANDSCAPE = topic(
  "landscape",
  title(/\blandscapes?\b|\bpaesagg|\bpaysage/),
  any(tag(/> landscape$/m), field("text", /\bpaesaggio\b/, "fields")),
  "Relevant: tagged 'landscape' as a subject (the leaf, not the 'nature > landscape' branch, which holds every hill and tree).",
);
const STILL_LIFE = topic("still-life", title(/\bstill life\b|\bnatura morta\b|\bnature morte\b/), tag(/still life/));
const CHURCH = topic(
  "church",
  title(/\bchiesa\b|\bchurch\b|\beglise\b/),
  any(tag(/> (church|cathedral|chiesa)$/m), title(/\bcathedral\b|\bduomo\b|\bbasilica\b|\bsanta maria\b|\bs\. maria\b/)),
);
const CRECHE = topic(
  "creche",
  undefined,
  any(tag(/> creches$/m), title(/\bpresep|\bcreche|\bnativity\b/)),
  "The Carnegie's Neapolitan crèche figures (classification 'crèches'); none is titled so, so there is no must-have.",
);
const HORSE = topic("horse", title(/\bhorses?\b|\bcavall[oi]\b|\bchevaux\b|\bcheval\b/), tag(/> horse$/m));
const MADONNA = topic(
  "madonna-and-child",
  title(/\bmadonna (con|col) (il )?bambino\b|\bmadonna and child\b|\bvirgin and child\b|\bvierge a l'enfant\b/),
  any(title(/\bmadonna\b(?! (di|del|della|dei)\b)|\bvirgin\b/), tag(/> virgin mary$|madonna della sedia|pesaro madonna/m)),
  "Relevant: other Madonnas and Virgins (not places named after one, such as 'Madonna di San Luca').",
);

const C18 = topic(
  "18th-century",
  all(within(1700, 1800), display(/\bxviii\b|18th century|\bsettecento\b/)),
  within(1700, 1800),
  "Relevant: dated within 1700–1800; must-have: also described as 18th century by its date text.",
);
const C19 = topic(
  "19th-century",
  all(within(1800, 1900), display(/\bxix\b|19th century|\bottocento\b/)),
  within(1800, 1900),
  "Relevant: dated within 1800–1900; must-have: also described as 19th century by its date text.",
);
const id = (topicName: string, number: string, note?: string) => topic(topicName, identifier(number), nothing, note);

// ---------------------------------------------------------------------------
// The queries: about a third on each language's pages

export const SPECS: Spec[] = [
  // Italian pages
  { q: "Canaletto", locale: "it", class: "artist", ...CANALETTO },
  { q: "Tiepolo", locale: "it", class: "artist", ...TIEPOLO },
  { q: "Piranesi", locale: "it", class: "artist", ...PIRANESI },
  { q: "Hayez", locale: "it", class: "artist", ...artist("hayez", /\bhayez\b/) },
  { q: "Guttuso", locale: "it", class: "artist", ...artist("guttuso", /\bguttuso\b/) },
  { q: "Manzu", locale: "it", class: "artist-accents", ...MANZU },
  { q: "Carlo Carra", locale: "it", class: "artist-accents", ...artist("carra", /\bcarlo carra\b/) },
  { q: "Canalleto", locale: "it", class: "artist-misspelled", ...CANALETTO },
  { q: "Modiliani", locale: "it", class: "artist-misspelled", ...MODIGLIANI },
  { q: "Venezia", locale: "it", class: "place", ...VENICE },
  { q: "Roma", locale: "it", class: "place", ...ROME },
  { q: "Napoli", locale: "it", class: "place", ...NAPLES },
  { q: "Firenze", locale: "it", class: "place", ...FLORENCE },
  { q: "Lago di Como", locale: "it", class: "place", ...LAKE_COMO },
  { q: "ritratto di donna", locale: "it", class: "phrase", ...PORTRAIT_OF_A_WOMAN },
  { q: "Madonna con Bambino", locale: "it", class: "phrase", ...MADONNA },
  { q: "paesaggio", locale: "it", class: "subject", ...LANDSCAPE },
  { q: "natura morta", locale: "it", class: "subject", ...STILL_LIFE },
  { q: "chiesa", locale: "it", class: "subject", ...CHURCH },
  { q: "presepe", locale: "it", class: "subject", ...CRECHE },
  { q: "acquerello", locale: "it", class: "technique/material", ...WATERCOLOUR },
  { q: "incisione", locale: "it", class: "technique/material", ...PRINTMAKING },
  { q: "terracotta", locale: "it", class: "technique/material", ...TERRACOTTA },
  { q: "olio su tela", locale: "it", class: "technique/material", ...OIL_ON_CANVAS },
  { q: "marmo", locale: "it", class: "technique/material", ...MARBLE },
  { q: "XIX secolo", locale: "it", class: "year/century", ...C19 },
  { q: "Settecento", locale: "it", class: "year/century", ...C18 },
  {
    q: "1820-1830",
    locale: "it",
    class: "year/century",
    ...topic(
      "1820-1830",
      within(1820, 1830),
      overlaps(1820, 1830, 20),
      "Must-have: dated within the span; relevant: a span of at most 20 years overlapping it.",
    ),
  },
  {
    q: "12 01339703",
    locale: "it",
    class: "identifier",
    ...id("iccd-1201339703", "12 01339703", "The ICCD catalogue number as the record shows it."),
  },
  { q: "Venez", locale: "it", class: "partial-word", ...VENICE },
  { q: "acquer", locale: "it", class: "partial-word", ...WATERCOLOUR },

  // English pages
  {
    q: "Turner Venice",
    locale: "en",
    class: "artist",
    ...topic(
      "turner-venice",
      all(madeBy(/\bjoseph mallord william turner\b/), title(/\bvenice\b|\bvenezia\b/)),
      all(madeBy(/\bjoseph mallord william turner\b/), tag(/\bvenice\b/)),
      "Turner's works titled with Venice are must-haves; those tagged Venice are relevant.",
    ),
  },
  { q: "Holbein", locale: "en", class: "artist", ...artist("holbein", /\bholbein\b/) },
  { q: "Giacometti", locale: "en", class: "artist", ...GIACOMETTI },
  { q: "de Chirico", locale: "en", class: "artist", ...artist("de-chirico", /\bde chirico\b/) },
  { q: "Giacomo Manzu", locale: "en", class: "artist-accents", ...MANZU },
  { q: "Muller", locale: "en", class: "artist-accents", ...artist("muller", /\bwilliam james muller\b/, /\bmuller\b/) },
  { q: "Turnr", locale: "en", class: "artist-misspelled", ...TURNER },
  { q: "Sargeant", locale: "en", class: "artist-misspelled", ...artist("sargent", /\bjohn singer sargent\b/, /\bsargent\b/) },
  { q: "Lipschitz", locale: "en", class: "artist-misspelled", ...artist("lipchitz", /\blipchitz\b/) },
  { q: "Vesuvius", locale: "en", class: "place", ...VESUVIUS },
  { q: "Florence", locale: "en", class: "place", ...FLORENCE },
  {
    q: "Grand Canal",
    locale: "en",
    class: "phrase",
    ...place("grand-canal", /\bgrand canal\b|\bcanal grande\b|\bcanale grande\b/, /\bgrand canal\b/),
  },
  {
    q: "Bay of Naples",
    locale: "en",
    class: "phrase",
    ...place("bay-of-naples", /\bbay of naples\b|\bgulf of naples\b|\bgolfo di napoli\b/, /\bbay of naples\b/),
  },
  { q: "portrait of a woman", locale: "en", class: "phrase", ...PORTRAIT_OF_A_WOMAN },
  {
    q: "Unique Forms of Continuity in Space",
    locale: "en",
    class: "phrase",
    ...topic("unique-forms", title(/\bunique forms of continuity in space\b/), madeBy(/\bboccioni\b/)),
  },
  {
    q: "Sulphur Miners",
    locale: "en",
    class: "phrase",
    ...topic("sulphur-miners", title(/\bsulphur miners\b/), madeBy(/\bguttuso\b/), "Guttuso's other works are relevant."),
  },
  { q: "gondola", locale: "en", class: "subject", ...topic("gondola", title(/\bgondol/), tag(/gondol/)) },
  {
    q: "waterfall",
    locale: "en",
    class: "subject",
    ...topic("waterfall", title(/\bwaterfalls?\b|\bcascata\b|\bcascade\b|\bfalls\b/), tag(/> waterfall$/m)),
  },
  {
    q: "self-portrait",
    locale: "en",
    class: "subject",
    ...topic("self-portrait", title(/\bself-portrait|\bself portrait|\bautoritratto|\bautoportrait/), tag(/self-portraits/)),
  },
  { q: "nativity figures", locale: "en", class: "subject", ...CRECHE },
  { q: "watercolour", locale: "en", class: "technique/material", ...WATERCOLOUR },
  { q: "etching", locale: "en", class: "technique/material", ...ETCHING },
  { q: "lithograph", locale: "en", class: "technique/material", ...LITHOGRAPH },
  { q: "bronze", locale: "en", class: "technique/material", ...BRONZE },
  { q: "A00155", locale: "en", class: "identifier", ...id("tate-A00155", "A00155") },
  { q: "N00370", locale: "en", class: "identifier", ...id("tate-N00370", "N00370") },
  { q: "T01589", locale: "en", class: "identifier", ...id("tate-T01589", "T01589") },
  { q: "60.37.1", locale: "en", class: "identifier", ...id("cmoa-60.37.1", "60.37.1", "A Carnegie accession number.") },
  {
    q: "1846",
    locale: "en",
    class: "year/century",
    ...topic(
      "1846",
      within(1846, 1846),
      overlaps(1846, 1846, 10),
      "Must-have: dated 1846; relevant: a span of at most 10 years including it.",
    ),
  },
  { q: "18th century", locale: "en", class: "year/century", ...C18 },
  { q: "Colos", locale: "en", class: "partial-word", ...place("colosseum", /\bcolosse|\bcolosseo\b|\bcoliseum\b/, /\bcolosseum\b/) },
  { q: "Piran", locale: "en", class: "partial-word", ...PIRANESI },

  // French pages
  { q: "Tiepolo", locale: "fr", class: "artist", ...TIEPOLO },
  { q: "Modigliani", locale: "fr", class: "artist", ...MODIGLIANI },
  { q: "Canaletto", locale: "fr", class: "artist", ...CANALETTO },
  {
    q: "Titien",
    locale: "fr",
    class: "artist",
    ...artist("titian", /\btitian\b|\btiziano\b/, /\btitian\b|\btiziano\b|\btitien\b/, "Titien is Titian's French name."),
  },
  {
    q: "Michel-Ange",
    locale: "fr",
    class: "artist",
    ...artist(
      "michelangelo",
      /\bmichelangelo buonarroti\b/,
      /\bmichelangelo\b(?! pistoletto)|\bmichel-ange\b/,
      "Michelangelo's French name (Buonarroti, not Pistoletto).",
    ),
  },
  { q: "Raphaël", locale: "fr", class: "artist-accents", ...artist("raphael", /\braphael\b/) },
  { q: "Piranèse", locale: "fr", class: "artist-accents", ...PIRANESI },
  { q: "Giacometi", locale: "fr", class: "artist-misspelled", ...GIACOMETTI },
  { q: "Venise", locale: "fr", class: "place", ...VENICE },
  { q: "Rome", locale: "fr", class: "place", ...ROME },
  { q: "Naples", locale: "fr", class: "place", ...NAPLES },
  { q: "Vésuve", locale: "fr", class: "place", ...VESUVIUS },
  { q: "lac de Côme", locale: "fr", class: "place", ...LAKE_COMO },
  { q: "Tivoli", locale: "fr", class: "place", ...TIVOLI },
  { q: "portrait de femme", locale: "fr", class: "phrase", ...PORTRAIT_OF_A_WOMAN },
  { q: "Vierge à l'Enfant", locale: "fr", class: "phrase", ...MADONNA },
  { q: "paysage", locale: "fr", class: "subject", ...LANDSCAPE },
  { q: "nature morte", locale: "fr", class: "subject", ...STILL_LIFE },
  { q: "église", locale: "fr", class: "subject", ...CHURCH },
  { q: "cheval", locale: "fr", class: "subject", ...HORSE },
  { q: "crèche", locale: "fr", class: "subject", ...CRECHE },
  { q: "aquarelle", locale: "fr", class: "technique/material", ...WATERCOLOUR },
  { q: "gravure", locale: "fr", class: "technique/material", ...PRINTMAKING },
  { q: "eau-forte", locale: "fr", class: "technique/material", ...ETCHING },
  { q: "lithographie", locale: "fr", class: "technique/material", ...LITHOGRAPH },
  { q: "terre cuite", locale: "fr", class: "technique/material", ...TERRACOTTA },
  { q: "huile sur toile", locale: "fr", class: "technique/material", ...OIL_ON_CANVAS },
  { q: "marbre", locale: "fr", class: "technique/material", ...MARBLE },
  { q: "XVIIIe siècle", locale: "fr", class: "year/century", ...C18 },
  { q: "XIXe siècle", locale: "fr", class: "year/century", ...C19 },
  {
    q: "1799",
    locale: "fr",
    class: "year/century",
    ...topic(
      "1799",
      within(1799, 1799),
      overlaps(1799, 1799, 10),
      "Must-have: dated 1799; relevant: a span of at most 10 years including it.",
    ),
  },
  {
    q: "00068123",
    locale: "fr",
    class: "identifier",
    ...id("iccd-1500068123", "15 00068123", "The number part of an ICCD catalogue number (15 00068123)."),
  },
  { q: "aquar", locale: "fr", class: "partial-word", ...WATERCOLOUR },
  { q: "Tivol", locale: "fr", class: "partial-word", ...TIVOLI },
];
