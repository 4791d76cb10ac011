import type { TableName } from "~/lib/tables";

/**
 * The analytics pages' shapes (spec §2 `/analytics/accuracy`, `/analytics/footprint`; issue 34 §2; decision 108).
 * Universal: the pages' components read them.
 */

/** Which analytics pages the site shows (option `analytics`: `accuracy`, and `heritagerating` for the footprint). */
export type AnalyticsPages = { accuracy: boolean; footprint: boolean };

/** How many of a table's records (those the viewer may see) have each kind of information. */
export type TableAccuracy = {
  table: TableName;
  total: number;
  image: number;
  date: number;
  place: number;
  type: number;
  /** Records with a summary, per locale. */
  summary: { it: number; en: number; fr: number };
  /** Records with a title written in the locale (not the Italian one shown in its place). */
  label: { en: number; fr: number };
  /** The metadata fields, most frequent first: the field's name in the page's language and how many records have it. */
  fields: { code: string; label: string; count: number }[];
};

export type Accuracy = { tables: TableAccuracy[] };

export type Footprint = {
  total: number;
  /** Records with a date, by decade (the decade's first year). */
  decades: { decade: number; count: number }[];
  undated: number;
  /** Records by type, most frequent first (at most 20; the rest summed). */
  types: { name: string; count: number }[];
  otherTypes: number;
  /** Places with the records tied to them, most first (at most 30), with their position when known. */
  places: { name: string; count: number; lat: number | null; lng: number | null; link: string }[];
  /** Records with a position on the map. */
  located: number;
};
