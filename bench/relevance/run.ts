/**
 * What the relevance benchmark (scripts/bench-relevance.ts) and its test
 * (tests/integration/relevance.test.ts) share: importing the museum data into
 * a database, asking Teca's search service and MiniSearch, scoring rankings.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import MiniSearch from "minisearch";
import type { Database } from "../../app/.server/db";
import { anonymousViewer } from "../../app/.server/access";
import { importFile } from "../../app/features/catalogue/import.server";
import { clearSearchCache, search } from "../../app/features/search/search.server";
import { parseSearchParams } from "../../app/features/search/search-params";
import { convertMuseum, mapRecordId } from "../../app/features/catalogue/museum/convert";
import { fold, readJudgments, type JudgedQuery, type Raw } from "./judge";
import { scoreQuery, summarize, type QueryScore, type Summary } from "./metrics";

export type Locale = "it" | "en" | "fr";
export type Query = JudgedQuery & { grades: Map<string, number> };
export type Ranking = { ids: string[]; labels: string[]; ms: number; total: number | null; notice?: string | null };
export type Engine = { name: string; rank(q: string, locale: Locale): Promise<Ranking> };

/** The queries the integration test runs (a few per class, across the three locales). */
export const SUBSET: [Locale, string][] = [
  ["it", "Canaletto"],
  ["it", "Manzu"],
  ["it", "Venezia"],
  ["it", "ritratto di donna"],
  ["it", "acquerello"],
  ["it", "12 01339703"],
  ["it", "XIX secolo"],
  ["it", "Venez"],
  ["en", "Turner Venice"],
  ["en", "Sargeant"],
  ["en", "Vesuvius"],
  ["en", "watercolour"],
  ["en", "A00155"],
  ["en", "1846"],
  ["en", "Colos"],
  ["fr", "Tiepolo"],
  ["fr", "Raphaël"],
  ["fr", "Venise"],
  ["fr", "gravure"],
  ["fr", "paysage"],
  ["fr", "XVIIIe siècle"],
  ["fr", "aquar"],
];

/** The judged queries (all, or the test's subset). */
export function loadQueries(opts: { subset?: boolean; file?: string } = {}): Query[] {
  const all = readJudgments(opts.file);
  if (!opts.subset) return all;
  return SUBSET.map(([locale, q]) => {
    const found = all.find((x) => x.locale === locale && x.q === q);
    if (!found) throw new Error(`subset query "${q}" (${locale}) is not in queries.json`);
    return found;
  });
}

/** Converts the museum records and imports them into `database`; the temporary files are removed. */
export async function importMuseum(database: Database, input: string, taxonomy: string | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "teca-relevance-"));
  try {
    const out = path.join(dir, "museum.ndjson");
    const converted = await convertMuseum(input, taxonomy, out);
    const imported = await importFile({ database }, out, { mediaStore: path.join(dir, "media") });
    if (imported.failed) throw new Error(`import failed at batch ${imported.failed.batch}: ${imported.failed.reason}`);
    if (imported.rejected.length) throw new Error(`import rejected line ${imported.rejected[0]!.line}: ${imported.rejected[0]!.reason}`);
    return {
      records: imported.imported,
      skipped: converted.skipped.length,
      convertSeconds: converted.seconds,
      importSeconds: imported.seconds,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Teca: the search service as the search page calls it for an anonymous
 * visitor on the query's locale (default tables, relevance order, first page).
 * Counts and facets are not reused between queries.
 */
export function tecaEngine(database: Database): Engine {
  return {
    name: "Teca",
    async rank(q, locale) {
      const parsed = parseSearchParams(new URLSearchParams({ q }));
      if (!parsed.ok) throw new Error(`"${q}": ${parsed.error.message}`);
      clearSearchCache(database);
      const t0 = performance.now();
      const r = await search({ database, viewer: anonymousViewer(), locale }, parsed.params);
      const ms = performance.now() - t0;
      const notice = (r as { notice?: { kind: string } | null }).notice;
      return {
        ids: r.data.map((c) => c.id),
        labels: r.data.map((c) => c.preferred_label),
        ms,
        total: r.count,
        notice: notice?.kind ?? null,
      };
    },
  };
}

/** A first search in each locale, so that the timed ones do not pay for reading the locale's documents from disk. */
export async function warmUp(engine: Engine) {
  for (const locale of ["it", "en", "fr"] as const) for (const q of ["ponte", "figura"]) await engine.rank(q, locale);
}

type Doc = { id: string; label: string; title: string; makers: string; tags: string; identifier: string; fields: string; date: string };

const textOf = (v: unknown): string[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v.flatMap(textOf) : typeof v === "object" ? [] : [String(v)];

/**
 * The MiniSearch documents: the records the catalogue search covers by
 * default (objects, entities, occurrences), each with its titles in every
 * language, its makers' names, tag labels, identifier, field values and
 * description, and its date.
 */
export async function miniSearchDocs(input: string): Promise<Doc[]> {
  const raws: Raw[] = [];
  const rl = readline.createInterface({ input: fs.createReadStream(input), crlfDelay: Infinity });
  for await (const line of rl) if (line.trim()) raws.push(JSON.parse(line));
  const names = new Map(raws.map((r) => [r.id, Object.values(r.title ?? {}).find(Boolean) ?? r.display_name ?? ""]));
  return raws
    .filter((r) => r.type === "object" || r.type === "entity" || r.type === "occurrence")
    .map((r) => {
      const titles = [...Object.values(r.title ?? {}), ...(r.alt_titles ?? []).map((a) => a.value)].filter((x): x is string => !!x);
      const f = r.fields ?? {};
      const makers = [
        ...(r.relations ?? []).filter((x) => x.type === "creator").map((x) => x.label || names.get(x.target ?? "") || ""),
        ...textOf(f.all_artists),
        r.display_name ?? "",
        r.sort_name ?? "",
      ];
      return {
        id: mapRecordId(r.id),
        label: titles[0] ?? r.display_name ?? r.identifier ?? r.id,
        title: titles.join(" \n "),
        makers: [...new Set(makers.filter(Boolean))].join(" \n "),
        tags: [...new Set((r.tags ?? []).flatMap((t) => (t.path ?? []).filter((p): p is string => !!p)))].join(" \n "),
        identifier: r.identifier ?? "",
        fields: [...Object.values(r.description ?? {}).filter((x): x is string => !!x), ...Object.values(f).flatMap(textOf)].join(" \n "),
        date: [r.dates?.display ?? "", r.dates?.start ?? "", r.dates?.end ?? ""].join(" "),
      };
    });
}

/** MiniSearch's options in the benchmark: prefix and fuzzy search, titles and makers boosted, accents folded. */
export const MINISEARCH_OPTIONS = {
  idField: "id",
  fields: ["title", "makers", "tags", "identifier", "fields", "date"],
  storeFields: ["label"],
  processTerm: (term: string) => fold(term),
  searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 3, makers: 2, identifier: 2 }, combineWith: "OR" as const },
};

/** An off-the-shelf engine over the same records: MiniSearch with its usual options (the locale plays no part). */
export async function miniSearchEngine(input: string): Promise<Engine & { documents: number; indexMs: number }> {
  const docs = await miniSearchDocs(input);
  const t0 = performance.now();
  const index = new MiniSearch<Doc>(MINISEARCH_OPTIONS);
  index.addAll(docs);
  const indexMs = performance.now() - t0;
  return {
    name: "MiniSearch",
    documents: docs.length,
    indexMs,
    async rank(q) {
      const t = performance.now();
      const hits = index.search(q);
      const ms = performance.now() - t;
      return { ids: hits.map((h) => String(h.id)), labels: hits.map((h) => String(h.label ?? "")), ms, total: hits.length };
    },
  };
}

export type QueryRun = { query: Query; ranking: Ranking; score: QueryScore };

/** Runs every query through the engine, one after the other, and scores the first ten results. */
export async function runQueries(engine: Engine, queries: readonly Query[]): Promise<QueryRun[]> {
  const out: QueryRun[] = [];
  for (const query of queries) {
    const ranking = await engine.rank(query.q, query.locale);
    out.push({ query, ranking, score: scoreQuery(ranking.ids, query.grades, ranking.ms) });
  }
  return out;
}

export type Report = { overall: Summary; byLocale: Record<string, Summary>; byClass: Record<string, Summary> };

export function report(runs: readonly QueryRun[]): Report {
  const group = (key: (r: QueryRun) => string) => {
    const groups = new Map<string, QueryScore[]>();
    for (const r of runs) groups.set(key(r), [...(groups.get(key(r)) ?? []), r.score]);
    return Object.fromEntries([...groups].map(([k, scores]) => [k, summarize(scores)]));
  };
  return { overall: summarize(runs.map((r) => r.score)), byLocale: group((r) => r.query.locale), byClass: group((r) => r.query.class) };
}
