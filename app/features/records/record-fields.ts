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
