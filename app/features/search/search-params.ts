import { parseDateInput, type Day } from "~/lib/dates";
import type { BBox } from "~/lib/geo";
import { TABLES, type TableName } from "~/lib/tables";

/** Parameters of the search page and GET /api/public/search (spec §2, §5, §9). */
export const DEFAULT_SEARCH_TABLES: TableName[] = ["ca_objects", "ca_entities", "ca_occurrences", "objects"];
export const SORTS = ["ss", "on", "no", "az", "za", "taz", "tza", "wm", "nm"] as const;
/** The spec's three views plus the map (docs/decisions/005). */
export const VIEWS = ["auigrid", "auimasonry", "auitable", "map"] as const;
export const MEDIA_FILTERS = ["con_media", "all", "senza_media"] as const;
export const MODES = ["and", "or"] as const;
export const PAGE_SIZE = 30;
/** The last page index served (100,000 results at 30 a page); later pages redirect to the last one. */
export const MAX_PAGE = 3332;
export const MAX_QUERY_LENGTH = 200;
export const MAX_FILTERS = 40;
export const PIN_FILTER = "pin|Pin";
const FILTER_ID = /^[A-Za-z0-9][A-Za-z0-9._:~-]{0,127}$/;

export type Sort = (typeof SORTS)[number];
export type View = (typeof VIEWS)[number];
export type MediaFilter = (typeof MEDIA_FILTERS)[number];

export type SearchParams = {
  q: string;
  mode: "and" | "or";
  /** True when the address names the mode; else the site's default (customjs `searchType`) applies. */
  modeExplicit?: boolean;
  tables: TableName[];
  /** True when the tables were chosen explicitly (kept in links). */
  tablesExplicit: boolean;
  filters: string[];
  /** Filter-tree nodes the visitor expanded (their children are loaded). */
  open: string[];
  /** True when the address names them (`open=` alone: none); else the site's `regexFiltriInit` may open some. */
  openExplicit?: boolean;
  from: Day | null;
  to: Day | null;
  fromRaw: string;
  toRaw: string;
  media: MediaFilter;
  sort: Sort | null;
  view: View;
  /** The page as an index from 0 (the URL's `page` counts from 1). */
  page: number;
  /** The map area the results are limited to (records with a position inside it). */
  bbox: BBox | null;
  shuffle: boolean;
  print: boolean;
};

/** A map area: west, south, east, north in degrees (WGS84). */
export type { BBox };

/**
 * `bbox=west,south,east,north`: longitudes −180…180, latitudes −90…90, west ≤ east, south ≤ north (the map's
 * "search this area"); null when it is not. Plain code, not a schema: the browser's search page imports this
 * module for its constants and `searchQueryString`, and zod stays out of its JavaScript.
 */
export function parseBBox(raw: string): BBox | null {
  if (raw.length > 100) return null;
  const parts = raw.split(",");
  if (parts.length !== 4 || !parts.every((x) => /^\s*-?\d{1,3}(\.\d{1,12})?\s*$/.test(x))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const lon = (n: number) => n >= -180 && n <= 180;
  const lat = (n: number) => n >= -90 && n <= 90;
  if (!lon(west) || !lon(east) || !lat(south) || !lat(north) || west > east || south > north) return null;
  return { west, south, east, north };
}

/** The query value of an area, at most 5 decimals (about a metre). */
export function bboxValue(b: BBox): string {
  const r = (n: number) => String(Math.round(n * 1e5) / 1e5);
  return [b.west, b.south, b.east, b.north].map(r).join(",");
}

export type ParamError = {
  param: string;
  message: string;
  messageKey?: "search.invalidDates" /** The dates are valid but the first comes after the second. */;
  reversed?: boolean;
};

/** A date error is answered on the form (the search keeps its other parameters); other errors are a 400. */
export const isDateError = (e: ParamError) => e.messageKey === "search.invalidDates";

const SINGLE = ["q", "mode", "from", "to", "media", "sort", "view", "page", "bbox", "shuffle", "showshuffle", "print"] as const;
const REPEATABLE = ["table", "filtro", "open"] as const;

/**
 * Strips what sanitised mode forbids in a query value (spec §4): script
 * elements, on-event attributes, javascript: and data: links.
 */
export function sanitizeQueryValue(value: string): string {
  return value
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, " ")
    .replace(/<\/?script\b[^>]*>/gi, " ")
    .replace(/\bon[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, " ")
    .replace(/\b(?:javascript|data|vbscript)\s*:[^\s"'<>]*/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Validates search parameters. Unknown names, repeated single values,
 * values outside their lists and malformed dates are errors naming the
 * parameter; nothing is guessed.
 */
export function parseSearchParams(
  sp: URLSearchParams,
  opts: { allow?: string[]; sanitize?: boolean } = {},
): { ok: true; params: SearchParams } | { ok: false; error: ParamError } {
  const allowed = new Set<string>([...SINGLE, ...REPEATABLE, ...(opts.allow ?? [])]);
  for (const key of new Set(sp.keys())) {
    if (!allowed.has(key)) return { ok: false, error: { param: key, message: `unknown parameter "${truncate(key)}"` } };
    if ((SINGLE as readonly string[]).includes(key) && sp.getAll(key).length > 1)
      return { ok: false, error: { param: key, message: `${key}: expected a single value` } };
  }
  const get = (k: string) => sp.get(k) ?? "";
  let q = get("q")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a query become spaces on purpose
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim();
  if (q.length > MAX_QUERY_LENGTH) return { ok: false, error: { param: "q", message: `q: at most ${MAX_QUERY_LENGTH} characters` } };
  if (opts.sanitize) q = sanitizeQueryValue(q);

  const mode = get("mode") || "and";
  if (!(MODES as readonly string[]).includes(mode)) return { ok: false, error: { param: "mode", message: "mode: and or or" } };

  const tableValues = sp
    .getAll("table")
    .flatMap((t) => t.split(","))
    .filter(Boolean);
  for (const t of tableValues)
    if (!(TABLES as string[]).includes(t))
      return { ok: false, error: { param: "table", message: `table: unknown table "${truncate(t)}"` } };
  const tables = tableValues.length ? ([...new Set(tableValues)] as TableName[]) : DEFAULT_SEARCH_TABLES;

  const filters = [...new Set(sp.getAll("filtro").filter(Boolean))];
  if (filters.length > MAX_FILTERS) return { ok: false, error: { param: "filtro", message: `filtro: at most ${MAX_FILTERS} filters` } };
  for (const f of filters)
    if (f !== PIN_FILTER && !FILTER_ID.test(f))
      return { ok: false, error: { param: "filtro", message: `filtro: invalid filter id "${truncate(f)}"` } };

  const open = [...new Set(sp.getAll("open").filter(Boolean))];
  if (open.length > MAX_FILTERS) return { ok: false, error: { param: "open", message: `open: at most ${MAX_FILTERS} nodes` } };
  for (const f of open)
    if (!FILTER_ID.test(f)) return { ok: false, error: { param: "open", message: `open: invalid node id "${truncate(f)}"` } };

  const fromRaw = get("from").trim();
  const toRaw = get("to").trim();
  const fromRange = fromRaw ? parseDateInput(fromRaw) : null;
  const toRange = toRaw ? parseDateInput(toRaw) : null;
  const dateError: ParamError = {
    param: fromRaw && !fromRange ? "from" : "to",
    message: "Le date (o la data) inserite non sono valide",
    messageKey: "search.invalidDates",
  };
  if ((fromRaw && !fromRange) || (toRaw && !toRange)) return { ok: false, error: dateError };
  const from = fromRange?.start ?? null;
  const to = toRange?.end ?? null;
  if (from && to && dayNumber(from) > dayNumber(to)) return { ok: false, error: { ...dateError, param: "from", reversed: true } };

  const media = get("media") || "all";
  if (!(MEDIA_FILTERS as readonly string[]).includes(media))
    return { ok: false, error: { param: "media", message: "media: con_media, all or senza_media" } };

  const sortRaw = get("sort");
  if (sortRaw && !(SORTS as readonly string[]).includes(sortRaw))
    return { ok: false, error: { param: "sort", message: `sort: one of ${SORTS.join(", ")}` } };

  const view = get("view") || "auigrid";
  if (!(VIEWS as readonly string[]).includes(view))
    return { ok: false, error: { param: "view", message: `view: one of ${VIEWS.join(", ")}` } };

  // `page` counts from 1 in URLs (docs/decisions/020); 0, the first page of the old 0-based links, is read as 1.
  // Pages past the end are accepted here: the page redirects them to the last one.
  const pageRaw = get("page") || "1";
  if (!/^\d{1,7}$/.test(pageRaw)) return { ok: false, error: { param: "page", message: "page: a whole number from 1" } };
  const page = Math.min(Math.max(Number(pageRaw) - 1, 0), MAX_PAGE);

  let bbox: BBox | null = null;
  if (sp.has("bbox")) {
    bbox = parseBBox(get("bbox"));
    if (!bbox)
      return { ok: false, error: { param: "bbox", message: "bbox: west,south,east,north in degrees (west ≤ east, south ≤ north)" } };
  }

  const flag = (k: string) => {
    const v = sp.get(k);
    if (v === null) return { ok: true as const, value: false };
    if (v === "" || v === "1" || v === "true") return { ok: true as const, value: true };
    if (v === "0" || v === "false") return { ok: true as const, value: false };
    return { ok: false as const };
  };
  const shuffle = flag("shuffle");
  const showshuffle = flag("showshuffle");
  const print = flag("print");
  if (!shuffle.ok) return { ok: false, error: { param: "shuffle", message: "shuffle: 1 or 0" } };
  if (!showshuffle.ok) return { ok: false, error: { param: "showshuffle", message: "showshuffle: 1 or 0" } };
  if (!print.ok) return { ok: false, error: { param: "print", message: "print: 1 or 0" } };

  return {
    ok: true,
    params: {
      q,
      mode: mode as "and" | "or",
      modeExplicit: sp.has("mode"),
      tables,
      tablesExplicit: tableValues.length > 0,
      filters,
      open,
      openExplicit: sp.has("open"),
      from,
      to,
      fromRaw,
      toRaw,
      media: media as MediaFilter,
      sort: (sortRaw || null) as Sort | null,
      view: view as View,
      page,
      bbox,
      shuffle: shuffle.value || showshuffle.value,
      print: print.value,
    },
  };
}

function truncate(s: string) {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

export function dayNumber(d: Day) {
  return d.year * 10000 + d.month * 100 + d.day;
}

/** Whether a value is one of the sort codes (a site option read from JSON, say). */
export function isSort(value: unknown): value is Sort {
  return typeof value === "string" && (SORTS as readonly string[]).includes(value);
}

/**
 * The effective sort: the visitor's; else the site's default order (customjs `orderBy`, decision 103); else
 * relevance with text, A–Z without. Relevance needs text and is off with `noRelevance`: A–Z stands in.
 */
export function effectiveSort(p: Pick<SearchParams, "q" | "sort">, opts: { noRelevance?: boolean; orderBy?: Sort } = {}): Sort {
  const hasText = p.q.trim().length > 0;
  const sort = p.sort ?? opts.orderBy ?? "ss";
  if (sort === "ss") return hasText && !opts.noRelevance ? "ss" : "az";
  return sort;
}

/** Builds the query string of a search state (the URL holds the whole state). */
export function searchQueryString(p: Partial<SearchParams>, over: Partial<SearchParams> = {}): string {
  const s = { ...p, ...over };
  const sp = new URLSearchParams();
  if (s.q) sp.set("q", s.q);
  if (s.mode && (s.mode !== "and" || s.modeExplicit)) sp.set("mode", s.mode);
  if (s.tablesExplicit && s.tables) for (const t of s.tables) sp.append("table", t);
  for (const f of s.filters ?? []) sp.append("filtro", f);
  for (const o of s.open ?? []) sp.append("open", o);
  // every node closed by the visitor, against the site's initially open ones (regexFiltriInit, decision 113)
  if (s.openExplicit && !s.open?.length) sp.set("open", "");
  if (s.fromRaw) sp.set("from", s.fromRaw);
  if (s.toRaw) sp.set("to", s.toRaw);
  if (s.media && s.media !== "all") sp.set("media", s.media);
  if (s.sort) sp.set("sort", s.sort);
  if (s.view && s.view !== "auigrid") sp.set("view", s.view);
  if (s.bbox) sp.set("bbox", bboxValue(s.bbox));
  if (s.page) sp.set("page", String(s.page + 1));
  if (s.shuffle) sp.set("shuffle", "1");
  if (s.print) sp.set("print", "1");
  const str = sp.toString();
  return str ? `?${str}` : "";
}
