import { LOCALES, type Locale } from "~/lib/locale";
import type { TableName } from "~/lib/tables";
import { el, type Xml } from "./xml";
import type { HarvestRecord, Localized } from "./harvest.server";
import { isoSpan } from "./harvest.server";
import { edmRights, licenceUri } from "./licence";

/** The metadata formats of /oai: prefix, schema, namespace, and the tables each can describe. */
export const METADATA_FORMATS = {
  oai_dc: {
    schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
    namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
    tables: null as TableName[] | null,
  },
  // Europeana's ProvidedCHO is a cultural-heritage object: objects, fonds and collections, data objects.
  // People, places and events are contextual entities, not harvested as CHOs.
  edm: {
    schema: "http://www.europeana.eu/schemas/edm/EDM.xsd",
    namespace: "http://www.europeana.eu/schemas/edm/",
    tables: ["ca_objects", "ca_collections", "objects"] as TableName[] | null,
  },
} as const;
export type MetadataPrefix = keyof typeof METADATA_FORMATS;

export function isMetadataPrefix(p: string): p is MetadataPrefix {
  return Object.hasOwn(METADATA_FORMATS, p);
}

export function formatCovers(prefix: MetadataPrefix, table: string): boolean {
  const tables = METADATA_FORMATS[prefix].tables;
  return !tables || (tables as string[]).includes(table);
}

const NS = {
  dc: "http://purl.org/dc/elements/1.1/",
  dcterms: "http://purl.org/dc/terms/",
  edm: "http://www.europeana.eu/schemas/edm/",
  ore: "http://www.openarchives.org/ore/terms/",
  rdf: "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  skos: "http://www.w3.org/2004/02/skos/core#",
  wgs84: "http://www.w3.org/2003/01/geo/wgs84_pos#",
  xsi: "http://www.w3.org/2001/XMLSchema-instance",
};

/** Relation types naming the maker (as on the record page). */
const MAKER_RELATIONS = new Set(["creator", "autore"]);

/** One element per language of a localized value, tagged with xml:lang. */
function tagged(name: string, values: Localized): Xml[] {
  return LOCALES.flatMap((l: Locale) => (values[l] ? [el(name, { "xml:lang": l }, values[l])] : []));
}

/** Localized values with the same text in several languages: once per distinct text (names are rarely translated). */
function names(name: string, values: Localized): Xml[] {
  const seen = new Set<string>();
  return LOCALES.flatMap((l) => {
    const v = values[l];
    if (!v || seen.has(v)) return [];
    seen.add(v);
    return [el(name, Object.values(values).filter((x) => x === v).length === Object.values(values).length ? {} : { "xml:lang": l }, v)];
  });
}

function dateDisplays(name: string, r: HarvestRecord, iso: string | null): Xml[] {
  const shown = new Set<string>(iso ? [iso] : []);
  return LOCALES.flatMap((l) => {
    const v = r.dateDisplays[l];
    if (!v || shown.has(`${l}:${v}`) || v === iso) return [];
    shown.add(`${l}:${v}`);
    return [el(name, { "xml:lang": l }, v)];
  });
}

/** Simple Dublin Core (oai_dc). */
export function oaiDc(r: HarvestRecord, opts: { siteTitle: string }): Xml {
  const iso = isoSpan(r.dateStart, r.dateEnd);
  const makers = r.links.filter((x) => MAKER_RELATIONS.has(x.relation));
  const places = r.links.filter((x) => x.table === "ca_places" && !MAKER_RELATIONS.has(x.relation));
  const others = r.links.filter((x) => !makers.includes(x) && !places.includes(x));
  const rights = licenceUri(r.source.license);
  return el(
    "oai_dc:dc",
    {
      "xmlns:oai_dc": METADATA_FORMATS.oai_dc.namespace,
      "xmlns:dc": NS.dc,
      "xmlns:xsi": NS.xsi,
      "xsi:schemaLocation": `${METADATA_FORMATS.oai_dc.namespace} ${METADATA_FORMATS.oai_dc.schema}`,
    },
    tagged("dc:title", r.labels),
    makers.map((m) => names("dc:creator", m.labels)),
    tagged("dc:description", r.summaries),
    iso && el("dc:date", {}, iso),
    dateDisplays("dc:date", r, iso),
    tagged("dc:type", r.typeNames),
    r.subjects.map((s) => tagged("dc:subject", s)),
    places.map((p) => names("dc:coverage", p.labels)),
    r.coordinates && el("dc:coverage", {}, `${r.coordinates.lat}, ${r.coordinates.lng}`),
    el("dc:identifier", {}, r.urls.it),
    r.numero && el("dc:identifier", {}, r.numero),
    r.parent && el("dc:relation", {}, r.parent.url),
    others.map((o) => el("dc:relation", {}, o.url)),
    r.source.url && el("dc:source", {}, r.source.url),
    el("dc:publisher", {}, opts.siteTitle),
    r.source.license && el("dc:rights", {}, r.source.license),
    rights && rights !== r.source.license && el("dc:rights", {}, rights),
    r.source.attribution && el("dc:rights", {}, r.source.attribution),
  );
}

/** Europeana's edm:type from the record type and its media. */
export function edmType(r: HarvestRecord): "TEXT" | "IMAGE" | "SOUND" | "VIDEO" | "3D" {
  const code = (r.typeCode ?? "").toLowerCase();
  if (/audio|sound|suono|music/.test(code)) return "SOUND";
  if (/video|film/.test(code)) return "VIDEO";
  if (/letter|lettera|registro|document|book|libro|manoscritt|text|testo|periodic|giornale|fascicol/.test(code)) return "TEXT";
  if (r.media.some((m) => m.type === "model")) return "3D";
  if (r.media.some((m) => m.type === "image")) return "IMAGE";
  if (r.media.some((m) => m.type === "video" || m.type === "youtube" || m.type === "vimeo")) return "VIDEO";
  if (r.media.some((m) => m.type === "application")) return "TEXT";
  return "IMAGE";
}

/**
 * The Europeana Data Model: the record as edm:ProvidedCHO, its pages and files as edm:WebResource, and
 * the ore:Aggregation that ties them with the rights and the providers (EDM mapping guidelines v2.4).
 */
export function edm(r: HarvestRecord, opts: { siteTitle: string }): Xml {
  const cho = `${r.urls.it}#cho`;
  const rights = edmRights(r.source.license);
  const iso = isoSpan(r.dateStart, r.dateEnd);
  const makers = r.links.filter((x) => MAKER_RELATIONS.has(x.relation));
  const places = r.links.filter((x) => x.table === "ca_places" && !MAKER_RELATIONS.has(x.relation));
  const others = r.links.filter((x) => !makers.includes(x) && !places.includes(x));
  const [shownBy, ...views] = r.media;
  const object = r.media.find((m) => m.type === "image");
  const hasSubject = r.subjects.length > 0 || Object.keys(r.typeNames).length > 0 || places.length > 0 || iso !== null;
  return el(
    "rdf:RDF",
    {
      "xmlns:rdf": NS.rdf,
      "xmlns:dc": NS.dc,
      "xmlns:dcterms": NS.dcterms,
      "xmlns:edm": NS.edm,
      "xmlns:ore": NS.ore,
      "xmlns:skos": NS.skos,
      "xmlns:wgs84_pos": NS.wgs84,
    },
    el(
      "edm:ProvidedCHO",
      { "rdf:about": cho },
      tagged("dc:title", r.labels),
      tagged("dc:description", r.summaries),
      makers.map((m) => names("dc:creator", m.labels)),
      iso && el("dc:date", {}, iso),
      dateDisplays("dc:date", r, iso),
      r.numero && el("dc:identifier", {}, r.numero),
      tagged("dc:type", r.typeNames),
      // Europeana needs one of dc:subject, dc:type, dcterms:spatial, dcterms:temporal: the table says what it is at least.
      !hasSubject && el("dc:type", { "xml:lang": "en" }, r.table === "ca_collections" ? "Collection" : "Object"),
      r.subjects.map((s) => tagged("dc:subject", s)),
      places.map((p) => el("dcterms:spatial", { "rdf:resource": `${p.url}#place` })),
      places.map((p) => names("dcterms:spatial", p.labels)),
      r.parent && el("dcterms:isPartOf", { "rdf:resource": `${r.parent.url}#cho` }),
      others.map((o) => el("dc:relation", { "rdf:resource": o.url })),
      r.source.url && el("dc:source", {}, r.source.url),
      el("edm:type", {}, edmType(r)),
    ),
    r.media.map((m) =>
      el("edm:WebResource", { "rdf:about": m.url }, m.mime && el("dc:format", {}, m.mime), el("edm:rights", { "rdf:resource": rights })),
    ),
    places.map((p) => el("edm:Place", { "rdf:about": `${p.url}#place` }, tagged("skos:prefLabel", p.labels))),
    el(
      "ore:Aggregation",
      { "rdf:about": `${r.urls.it}#aggregation` },
      el("edm:aggregatedCHO", { "rdf:resource": cho }),
      el("edm:dataProvider", {}, r.source.attribution || opts.siteTitle),
      el("edm:isShownAt", { "rdf:resource": r.urls.it }),
      shownBy && el("edm:isShownBy", { "rdf:resource": shownBy.url }),
      object && el("edm:object", { "rdf:resource": object.thumbnail ?? object.url }),
      views.map((m) => el("edm:hasView", { "rdf:resource": m.url })),
      el("edm:provider", {}, opts.siteTitle),
      el("edm:rights", { "rdf:resource": rights }),
    ),
  );
}

export function metadataOf(prefix: MetadataPrefix, r: HarvestRecord, opts: { siteTitle: string }): Xml {
  return prefix === "edm" ? edm(r, opts) : oaiDc(r, opts);
}
