import { localizePath } from "~/lib/locale";
import type { RecordDetail } from "~/lib/record-types";

/**
 * schema.org JSON-LD of a record page (decision 050): the record as the type its table stands for, with
 * its language, images and same-as links, and the page's breadcrumb. Built from what the page shows (the
 * viewer's own view of the record), so it says nothing the page does not.
 */
export type JsonLdExtras = {
  /** ISO dates (W3CDTF) of the record's span. */
  dateStart: string | null;
  dateEnd: string | null;
  typeCode: string | null;
  /** Absolute origin (PUBLIC_URL). */
  origin: string;
  siteTitle: string;
  /** Labels of the breadcrumb's fixed steps in the page language. */
  homeLabel: string;
  tableLabel: string;
};

type Node = Record<string, unknown>;

/** Link hosts that name the same thing (authority files), kept as sameAs. */
const AUTHORITIES =
  /^https?:\/\/(?:www\.)?(?:wikidata\.org|[a-z]+\.wikipedia\.org|viaf\.org|id\.loc\.gov|d-nb\.info|vocab\.getty\.edu|sws\.geonames\.org|geonames\.org|isni\.org|orcid\.org|catalogo\.beniculturali\.it|data\.cultura\.gov\.it|dati\.beniculturali\.it|id\.sbn\.it|opac\.sbn\.it)\//i;

const ARTWORK =
  /dipint|painting|peinture|stamp|print|estampe|fotograf|photo|disegn|drawing|dessin|scult|sculpt|work_of_art|artwork|opera d|œuvre|oeuvre|incision|engrav|acquerell|watercolou?r/i;
const ORGANISATION =
  /organi[sz]|ente|societ|company|istitut|institut|associa|impresa|ditta|fondazion|foundation|museo|museum|archiv|biblioteca|library|comune|corporat/i;

/** The schema.org type of a record. */
export function schemaType(r: Pick<RecordDetail, "table" | "type" | "hasMedia">, typeCode: string | null): string | string[] {
  const kind = `${typeCode ?? ""} ${r.type?.name ?? ""}`;
  switch (r.table) {
    case "ca_objects":
      return ARTWORK.test(kind) ? "VisualArtwork" : "CreativeWork";
    case "ca_entities":
      return ORGANISATION.test(kind) ? "Organization" : "Person";
    case "ca_occurrences":
      return "Event";
    case "ca_places":
      return "Place";
    case "ca_collections":
      return "Collection";
    case "assets":
      return "MediaObject";
    default:
      return "CreativeWork";
  }
}

const abs = (origin: string, u: string | null) => (u ? (/^https?:\/\//.test(u) ? u : `${origin}${u}`) : null);

export function recordJsonLd(r: RecordDetail, x: JsonLdExtras): Node {
  const page = `${x.origin}${localizePath(r.link, r.locale)}`;
  const type = schemaType(r, x.typeCode);
  const images = r.media
    .filter((m) => m.mediaType === "image")
    .flatMap((m) => abs(x.origin, m.url.large ?? m.url.medium ?? m.url.thumbnail) ?? []);
  const links = r.metadata.flatMap((m) => (m.type === "link" && AUTHORITIES.test(m.value.url) ? [m.value.url] : []));
  const sameAs = [...new Set([...(r.source.url ? [r.source.url] : []), ...links])];
  const makers = r.relations.filter((g) => g.outgoing && (g.type === "creator" || g.type === "autore")).flatMap((g) => g.items);
  const places = r.relations.filter((g) => g.outgoing).flatMap((g) => g.items.filter((i) => i.table === "ca_places"));
  const ref = (c: { link: string; preferred_label: string; table: string }, t: string) => ({
    "@type": t,
    "@id": `${x.origin}${localizePath(c.link, r.locale)}#record`,
    name: c.preferred_label,
    url: `${x.origin}${localizePath(c.link, r.locale)}`,
  });
  const item: Node = {
    "@type": type,
    "@id": `${page}#record`,
    url: page,
    mainEntityOfPage: page,
    name: r.preferred_label,
    inLanguage: r.labelLang,
    ...(r.summary ? { description: r.summary } : {}),
    ...(r.numero ? { identifier: r.numero } : {}),
    ...(r.type ? { additionalType: r.type.name } : {}),
    ...(images.length ? { image: images } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(r.tags.length ? { keywords: r.tags.map((t) => t.name) } : {}),
    ...(r.source.license ? { license: r.source.license } : {}),
    ...(r.source.attribution ? { creditText: r.source.attribution } : {}),
    ...(r.parent ? { isPartOf: ref(r.parent, r.parent.table === "ca_collections" ? "Collection" : "CreativeWork") } : {}),
  };
  if (r.table === "ca_places" && r.coordinates)
    item.geo = { "@type": "GeoCoordinates", latitude: r.coordinates.lat, longitude: r.coordinates.lng };
  if (r.table === "ca_occurrences") {
    if (x.dateStart) item.startDate = x.dateStart;
    if (x.dateEnd) item.endDate = x.dateEnd;
    if (places.length) item.location = places.map((p) => ref(p, "Place"));
  } else if (r.table === "ca_entities") {
    if (type === "Person") {
      if (x.dateStart) item.birthDate = x.dateStart;
      if (x.dateEnd) item.deathDate = x.dateEnd;
    } else {
      if (x.dateStart) item.foundingDate = x.dateStart;
      if (x.dateEnd) item.dissolutionDate = x.dateEnd;
    }
  } else if (r.table !== "ca_places") {
    if (x.dateStart) item.dateCreated = x.dateEnd && x.dateEnd !== x.dateStart ? `${x.dateStart}/${x.dateEnd}` : x.dateStart;
    if (r.dateDisplay) item.temporalCoverage = r.dateDisplay;
    if (makers.length) item.creator = makers.map((m) => ref(m, "Person"));
    if (places.length) item.spatialCoverage = places.map((p) => ref(p, "Place"));
    if (r.table === "ca_collections" && r.children.length) item.hasPart = r.children.map((c) => ref(c, "CreativeWork"));
  }
  if (r.table !== "ca_places" && r.coordinates && !item.geo)
    item.locationCreated = {
      "@type": "Place",
      geo: { "@type": "GeoCoordinates", latitude: r.coordinates.lat, longitude: r.coordinates.lng },
    };
  const crumbs = [
    { name: x.homeLabel, url: `${x.origin}${localizePath("/", r.locale)}` },
    { name: x.tableLabel, url: `${x.origin}${localizePath("/cerca", r.locale)}?table=${r.table}` },
    ...r.ancestors.map((a) => ({ name: a.preferred_label, url: `${x.origin}${localizePath(a.link, r.locale)}` })),
    { name: r.preferred_label, url: page },
  ];
  const breadcrumb: Node = {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: c.url })),
  };
  const site: Node = { "@type": "WebSite", "@id": `${x.origin}/#website`, name: x.siteTitle, url: `${x.origin}/` };
  item.publisher = { "@id": site["@id"] };
  return { "@context": "https://schema.org", "@graph": [item, breadcrumb, site] };
}

/**
 * JSON for an inline <script>: `<`, `>`, `&` and the line separators escaped as \u sequences, so no
 * content can close the script element or start a comment (the JSON means the same).
 */
export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The JSON-LD link of a record page, for `Link` headers and alternates. */
export const JSONLD_TYPE = "application/ld+json";

/** Whether a request's Accept prefers JSON-LD to HTML (q-values honoured; HTML wins ties). */
export function prefersJsonLd(accept: string | null | undefined): boolean {
  if (!accept) return false;
  let ld = 0;
  let html = 0;
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const q = Number(
      params
        .map((p) => p.trim())
        .find((p) => p.startsWith("q="))
        ?.slice(2) ?? "1",
    );
    const w = Number.isFinite(q) ? q : 0;
    if (type === JSONLD_TYPE) ld = Math.max(ld, w);
    if (type === "text/html" || type === "application/xhtml+xml" || type === "*/*" || type === "text/*")
      html = Math.max(html, type === "text/html" || type === "application/xhtml+xml" ? w : w * 0.99);
  }
  return ld > 0 && ld > html;
}
