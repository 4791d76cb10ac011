/** Catalogue tables and their URL slugs (spec §3 "Tables and slugs"). */
export const TABLE_SLUGS = {
  ca_objects: "oggetti",
  ca_occurrences: "occorrenze",
  ca_entities: "entita",
  ca_places: "luoghi",
  ca_collections: "collezioni",
  objects: "data",
  assets: "media",
} as const;

export type TableName = keyof typeof TABLE_SLUGS;
export const TABLES = Object.keys(TABLE_SLUGS) as TableName[];

const SLUG_TO_TABLE = Object.fromEntries(Object.entries(TABLE_SLUGS).map(([t, s]) => [s, t])) as Record<string, TableName>;

export function isTable(value: unknown): value is TableName {
  return typeof value === "string" && value in TABLE_SLUGS;
}

export function tableFromSlug(slug: string): TableName | undefined {
  return SLUG_TO_TABLE[slug];
}

/** Longest readable label part of a record link. */
export const SLUG_MAX = 60;

/**
 * "Botzen, 1846" → "botzen-1846": the readable label part of a record link,
 * at most SLUG_MAX characters, cut between words (a single longer word is cut).
 */
export function slugifyLabel(label: string): string {
  const full = label
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (full.length <= SLUG_MAX) return full;
  const cut = full.slice(0, SLUG_MAX + 1);
  const boundary = cut.lastIndexOf("-");
  return (boundary > 0 ? cut.slice(0, boundary) : full.slice(0, SLUG_MAX)).replace(/-+$/, "");
}

/** The record link: /{slug}/{id}/{label} without locale prefix. */
export function recordPath(table: TableName, id: string, label?: string | null): string {
  const base = `/${TABLE_SLUGS[table]}/${encodeURIComponent(id)}`;
  const s = label ? slugifyLabel(label) : "";
  return s ? `${base}/${s}` : base;
}

export const RECORD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;
