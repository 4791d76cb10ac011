import type { MetadataView } from "~/lib/record-types";

/**
 * How the record page groups a record's metadata, by meaning (docs/decisions/021).
 * Labels are the data model's: the entry's own, or, for entries shown in a fallback
 * language, the catalogue's name of the code in the page's language (decision 084);
 * only the groups' headings are UI messages (`record.group.*`).
 */
export const METADATA_GROUPS = ["identification", "description", "physical", "subject", "provenance", "rights", "other"] as const;
export type MetadataGroup = (typeof METADATA_GROUPS)[number];

/** Field codes of the demo archive, the museum model and ICCD, by group. A code ending in "*" is a prefix. */
const GROUP_OF: Record<MetadataGroup, string[]> = {
  identification: [
    "classification",
    "kind",
    "alt_title",
    "display_name",
    "all_artists",
    "group_title",
    "group_type",
    "complete",
    "accession_ranges",
    "nationality",
    "gender",
    "role",
    "country",
    "country_iso",
    "iso3166_alpha2",
    "provincia",
    "regione",
    "total_works_in_collection",
    "titolo",
    "altri_titoli",
    "autore",
    "ruolo",
    "nazionalita",
    "luogo_nascita",
    "luogo_morte",
    "qualifica",
    "denominazione",
    "settore",
    "sede",
    "fondazione",
    "cessazione",
    "nascita",
    "morte",
    "data_inizio",
    "data_fine",
    "sede_evento",
    "altitudine",
    "estremi_cronologici",
    "TSK",
    "LIR",
    "NCT*",
    "ESC",
    "ECP",
    "OG*",
    "AU*",
    "DT*",
  ],
  description: [
    "descrizione",
    "iscrizioni",
    "inscription",
    "note",
    "bibliografia",
    "contenuto",
    "storia_archivistica",
    "strumenti_ricerca",
    "visitatori",
    "DES*",
    "ISR*",
    "BIB*",
    "NR*",
  ],
  physical: [
    "tecnica",
    "materiali",
    "dimensioni",
    "formato",
    "supporto",
    "conservazione",
    "consistenza",
    "medium",
    "dimensions",
    "width",
    "height",
    "depth",
    "units",
    "width_in",
    "height_in",
    "depth_in",
    "diameter_in",
    "MT*",
    "MIS*",
    "STC*",
    "RS*",
  ],
  subject: ["soggetto", "soggetti", "luogo_raffigurato", "SG*"],
  provenance: [
    "data_acquisizione",
    "provenienza",
    "acquisizione",
    "fondo",
    "acquisition_year",
    "date_acquired",
    "provenance",
    "collection",
    "department",
    "method",
    "PVC*",
    "PRV*",
    "ACQ*",
    "CDG*",
  ],
  rights: ["scheda", "scheda_autorita", "licenza", "diritti", "credit_line", "crediti", "version", "FTA*", "AD*"],
  other: [],
};

/**
 * Fields kept from visitors by default: valuations, cataloguers' notes and
 * workings, where the object is kept. A site replaces the list with the
 * `internalFields` site option (an array of codes, "*" ending a prefix);
 * managers (LOGIN_BACKEND) see them, marked as internal.
 */
export const DEFAULT_INTERNAL_FIELDS = [
  "stima",
  "prezzo_acquisto",
  "costo",
  "valore_assicurativo",
  "note_catalogatore",
  "note_interne",
  "collocazione",
  "physical_location",
  "LDC*",
  "CMP*",
  "FUR",
  "ADS*",
  "OSS",
  "AN*",
];

function matches(code: string, patterns: string[]): boolean {
  return patterns.some((p) => (p.endsWith("*") ? code.startsWith(p.slice(0, -1)) : code === p));
}

export function groupOf(code: string): MetadataGroup {
  for (const g of METADATA_GROUPS) if (matches(code, GROUP_OF[g])) return g;
  return "other";
}

export function isInternalField(code: string, internal: string[] = DEFAULT_INTERNAL_FIELDS): boolean {
  return matches(code, internal);
}

/** The internal-field list of the site options, or the default when the option is absent or malformed. */
export function internalFieldsOption(options: Record<string, unknown>): string[] {
  const v = options.internalFields;
  return Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : DEFAULT_INTERNAL_FIELDS;
}

/**
 * The metadata without the "maker" fields that only repeat a name the tombstone already shows as a link to the
 * maker's record. A museum import keeps both (the field finds a maker whose record is not in the catalogue).
 */
export function withoutShownMakers(items: MetadataView[], shownNames: string[]): MetadataView[] {
  const shown = new Set(shownNames.map((n) => n.trim().toLowerCase()));
  return items.filter((m) => !(m.code === "maker" && m.type === "text" && shown.has(m.value.trim().toLowerCase())));
}

/**
 * The metadata in groups, in the groups' order, leaving out the codes shown
 * elsewhere on the page (`shown`: the tombstone) so that nothing appears twice.
 * Within a group the data's order is kept.
 */
export function groupMetadata(items: MetadataView[], shown: Set<string> = new Set()): { group: MetadataGroup; items: MetadataView[] }[] {
  const by = new Map<MetadataGroup, MetadataView[]>();
  for (const m of items) {
    if (shown.has(m.code)) continue;
    const g = groupOf(m.code);
    by.set(g, [...(by.get(g) ?? []), m]);
  }
  return METADATA_GROUPS.filter((g) => by.has(g)).map((g) => ({ group: g, items: by.get(g)! }));
}

/**
 * The record page's field rules of the site options (customjs `hide`, `order`, `label`, `more`; detailjs
 * `dateLabel`: spec §3 site options; issue 34 §6, decision 109), per language like the rest of customjs.
 */
export type FieldRules = { hide: string[]; order: string[]; label: Record<string, string>; more: string[]; dateLabel: string | null };

const codeList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim()) : [];

/** The rules in the options, each absent or malformed one as no rule. */
export function fieldRulesOption(options: Record<string, unknown>): FieldRules {
  const label: Record<string, string> = {};
  if (options.label && typeof options.label === "object" && !Array.isArray(options.label))
    for (const [code, text] of Object.entries(options.label as Record<string, unknown>))
      if (typeof text === "string" && text.trim()) label[code] = text.trim();
  const detail = options.detailjs && typeof options.detailjs === "object" ? (options.detailjs as Record<string, unknown>) : {};
  const dateLabel = typeof detail.dateLabel === "string" && detail.dateLabel.trim() ? detail.dateLabel.trim() : null;
  return { hide: codeList(options.hide), order: codeList(options.order), label, more: codeList(options.more), dateLabel };
}

/**
 * detailjs `filtroHighlight` (spec §3; issue 34 §6, decision 112): tag or facet ids (a tag's own id, or the id of
 * the top of its tree: a facet such as subjects or places) whose values the record page shows first and marked.
 */
export function highlightOption(options: Record<string, unknown>): string[] {
  const detail = options.detailjs && typeof options.detailjs === "object" ? (options.detailjs as Record<string, unknown>) : {};
  return codeList(detail.filtroHighlight);
}

/**
 * The metadata as the rules say: `hide`'s fields left out, `label`'s fields renamed (the name is the site's
 * words, in the page's language: no `labelLang`), `order`'s fields first in that order (the others after, in the
 * data's order), `more`'s fields marked to be shown folded ("more data").
 */
export function applyFieldRules(items: MetadataView[], rules: FieldRules): MetadataView[] {
  const hidden = new Set(rules.hide);
  const more = new Set(rules.more);
  const rank = new Map(rules.order.map((code, i) => [code, i]));
  return items
    .filter((m) => !hidden.has(m.code))
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (rank.get(a.m.code) ?? rules.order.length) - (rank.get(b.m.code) ?? rules.order.length) || a.i - b.i)
    .map(({ m }) => {
      const renamed = rules.label[m.code] ? { ...m, label: rules.label[m.code]!, labelLang: undefined } : m;
      return more.has(m.code) ? { ...renamed, more: true } : renamed;
    });
}
