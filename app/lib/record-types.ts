import type { Locale } from "~/lib/locale";
import type { TableName } from "~/lib/tables";

/** A formatted record as cards and lists show it (spec §3 "Formatted record"). */
export type RecordCard = {
  id: string;
  table: TableName;
  link: string;
  preferred_label: string;
  labelLang: Locale;
  type: { id: number; name: string } | null;
  dateDisplay: string;
  numero: string;
  access: number;
  hasMedia: boolean;
  url: { thumbnail: string | null; medium: string | null; large: string | null };
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  focalPoint: { x: number; y: number } | null;
  /** The fields the site shows on cards (customjs `metadatiCard`; decision 112): absent when none. */
  cardFields?: { label: string; value: string }[];
  /** The tags the site shows on cards (customjs `tagCard`: the record's tags under those facets). */
  cardTags?: string[];
  /** The site's traffic-light entries the record matches (customjs `semaforo`; decision 117): absent when none. */
  semaforo?: { id: string; colore: string; name: string }[];
};

/**
 * `internal`: a field kept from visitors, shown to a manager (record-fields.ts). `labelLang`: the language of
 * `label` (the page's when the catalogue names the field in it, else the entry's own; decision 084).
 */
/** `more`: shown folded under "more data" (the option `more`, decision 109). */
export type MetadataView = { internal?: boolean; labelLang?: Locale; more?: boolean } & (
  | { code: string; label: string; type: "text"; value: string }
  | { code: string; label: string; type: "date"; value: string; display: string }
  | { code: string; label: string; type: "link"; value: { url: string; text?: string } }
  | { code: string; label: string; type: "quantityValue"; value: { amount: number; currency: number }; display: string }
);

export type MediaView = {
  id: number;
  mediaType: "image" | "video" | "youtube" | "vimeo" | "application" | "other" | "sequence" | "panorama" | "model";
  mime: string | null;
  title: string;
  url: { thumbnail: string | null; medium: string | null; large: string | null; original: string | null };
  embedUrl: string | null;
  width: number | null;
  height: number | null;
  dominantColor: string | null;
  focalPoint: { x: number; y: number } | null;
  /** The media item's own credit and licence (a drop box's attach gives them; decision 092). */
  credit?: string | null;
  license?: string | null;
  /** A 360° sequence's frames in turning order (decision 105): each frame's derivatives, as `url` gives an image's. */
  frames?: { thumbnail: string; medium: string; large: string }[];
};

/** `key` names the group (type and label) for loading its next records; `total` counts its visible records. */
export type RelationGroup = {
  key: string;
  type: string;
  label: string;
  outgoing: boolean;
  total: number;
  items: (RecordCard & { interstitial: { name: string; value: string }[] })[];
};

export type RecordDetail = RecordCard & {
  locale: Locale;
  summary: string | null;
  summaryLang: Locale | null;
  restricted: boolean;
  metadata: MetadataView[];
  metadataLang: Locale | null;
  headerFields: MetadataView[];
  summaryFields: MetadataView[];
  /** The summary fields are the site's choice (summaryPimcore): shown in the summary section, not in the groups. */
  summaryChosen?: boolean;
  media: MediaView[];
  relations: RelationGroup[];
  parent: RecordCard | null;
  ancestors: RecordCard[];
  children: RecordCard[];
  childCount: number;
  /** `root`: the top of the tag's tree (its facet: subjects, places, techniques…), null for a root itself. */
  tags: { id: string; name: string; path: string; root: { id: string; name: string } | null }[];
  coordinates: { lat: number; lng: number } | null;
  source: { url: string | null; license: string | null; attribution: string | null };
  /** Locales this record has texts in. */
  locales: Locale[];
};
