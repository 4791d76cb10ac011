/**
 * Derives the relevance judgments of bench/relevance/queries.json from the raw
 * museum records (../shared/data/museum/demo/records.ndjson) with the explicit
 * criteria of ./specs.ts, so that they are reproducible and auditable.
 *
 *   npx tsx bench/relevance/judge.ts            writes queries.json
 *   npx tsx bench/relevance/judge.ts --check    fails when queries.json differs from what the criteria give
 *   npx tsx bench/relevance/judge.ts --explain "Venezia"   lists the judged records of queries with that text
 *
 * Judged records are those the catalogue search covers by default: museum
 * objects, entities and occurrences (ca_objects, ca_entities, ca_occurrences),
 * by their interchange id (mapRecordId: "tate:artwork:1939" → "tate-artwork-1939").
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { mapRecordId } from "../../app/features/catalogue/museum/convert";
import { SPECS, type Spec } from "./specs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const projectRoot = path.resolve(here, "../..");
export const DEFAULT_RECORDS = path.resolve(projectRoot, "../shared/data/museum/demo/records.ndjson");
export const QUERIES_FILE = path.join(here, "queries.json");

/** Text folded for matching: decomposed, without accents, lower case, typographic quotes and dashes plain. */
export function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .toLowerCase();
}

/** A record of the museum model (../shared/data/museum), as far as the criteria and MiniSearch read it. */
export type Raw = {
  id: string;
  type: string;
  source: string;
  identifier?: string | null;
  title?: Record<string, string | null> | null;
  description?: Record<string, string | null> | null;
  alt_titles?: { value?: string | null }[] | null;
  display_name?: string | null;
  sort_name?: string | null;
  dates?: { start?: number | null; end?: number | null; display?: string | null } | null;
  fields?: Record<string, unknown> | null;
  tags?: { path?: (string | null)[] | null }[] | null;
  relations?: { type?: string; target?: string; label?: string | null }[] | null;
};

/** What the criteria look at in one record, folded. */
export type View = {
  /** Interchange id (what the search returns). */
  id: string;
  rawId: string;
  type: "object" | "entity" | "occurrence";
  source: string;
  /** Titles in every language and the alternative titles, one per line. */
  title: string;
  /** Objects: names of their makers (creator relations, all_artists, ICCD AUTN/AUTI); entities: their own names. */
  names: string;
  /** Tag paths, one per line, levels joined by " > ". */
  tags: string;
  /** fields.medium and the ICCD material/technique fields (MTC*). */
  medium: string;
  /** ICCD location fields (PVC*, LDC*) and the names of located_in targets. */
  places: string;
  identifier: string;
  display: string;
  start: number | null;
  end: number | null;
  /** Description and every field value. */
  text: string;
};

const SEARCHED_TYPES = new Set(["object", "entity", "occurrence"]);

const values = (v: unknown): string[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v.flatMap(values) : typeof v === "object" ? [JSON.stringify(v)] : [String(v)];

/** Reads the raw museum records into views (only the types the default search covers). */
export async function loadViews(file = DEFAULT_RECORDS): Promise<View[]> {
  const raws: Raw[] = [];
  const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of rl) if (line.trim()) raws.push(JSON.parse(line));
  const nameOf = new Map<string, string>();
  for (const r of raws) {
    const t = Object.values(r.title ?? {})
      .filter(Boolean)
      .join("\n");
    nameOf.set(r.id, [t, r.display_name ?? ""].join("\n"));
  }
  const views: View[] = [];
  for (const r of raws) {
    if (!SEARCHED_TYPES.has(r.type)) continue;
    const f = r.fields ?? {};
    const titles = [...Object.values(r.title ?? {}), ...(r.alt_titles ?? []).map((a) => a.value)].filter((x): x is string => !!x);
    const makers =
      r.type === "entity"
        ? [...titles, r.display_name ?? "", r.sort_name ?? ""]
        : [
            ...(r.relations ?? []).filter((x) => x.type === "creator").map((x) => x.label ?? nameOf.get(x.target ?? "") ?? ""),
            ...values(f.all_artists),
            ...values(f.AUTN),
            ...values(f.AUTI),
          ];
    const medium = Object.entries(f)
      .filter(([k]) => k === "medium" || k.startsWith("MTC"))
      .flatMap(([, v]) => values(v));
    const places = [
      ...Object.entries(f)
        .filter(([k]) => k.startsWith("PVC") || k.startsWith("LDC"))
        .flatMap(([, v]) => values(v)),
      ...(r.relations ?? []).filter((x) => x.type === "located_in").map((x) => nameOf.get(x.target ?? "") ?? ""),
    ];
    views.push({
      id: mapRecordId(r.id),
      rawId: r.id,
      type: r.type as View["type"],
      source: r.source,
      title: fold(titles.join("\n")),
      names: fold(makers.filter(Boolean).join("\n")),
      tags: fold((r.tags ?? []).map((t) => (t.path ?? []).filter(Boolean).join(" > ")).join("\n")),
      medium: fold(medium.join("\n")),
      places: fold(places.join("\n")),
      identifier: fold(r.identifier ?? "")
        .replace(/\s+/g, " ")
        .trim(),
      display: fold(r.dates?.display ?? ""),
      start: typeof r.dates?.start === "number" && r.dates.start !== 0 ? r.dates.start : null,
      end:
        typeof r.dates?.end === "number" && r.dates.end !== 0
          ? r.dates.end
          : typeof r.dates?.start === "number" && r.dates.start !== 0
            ? r.dates.start
            : null,
      text: fold([...Object.values(r.description ?? {}), ...Object.values(f).flatMap(values)].filter(Boolean).join("\n")),
    });
  }
  return views;
}

/** One topic's judgments: the records of grade 2 and of grade 1 (must-haves not repeated), sorted. */
export type Topic = {
  /** How must-have and relevant records were decided. */
  criteria: { must: string | null; relevant: string; note?: string };
  must: string[];
  relevant: string[];
};
export type JudgedQuery = { q: string; locale: "it" | "en" | "fr"; class: Spec["class"]; topic: string };
export type Judgments = { queries: JudgedQuery[]; topics: Record<string, Topic> };

/** Applies one topic's criteria: must-have when its must rule holds, relevant when its relevant rule holds. */
export function judgeTopic(spec: Spec, views: readonly View[]): Topic {
  const must: string[] = [];
  const relevant: string[] = [];
  for (const v of views) {
    if (spec.must?.test(v)) must.push(v.id);
    else if (spec.relevant.test(v)) relevant.push(v.id);
  }
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    criteria: { must: spec.must?.describe ?? null, relevant: spec.relevant.describe, ...(spec.note ? { note: spec.note } : {}) },
    must: must.sort(order),
    relevant: relevant.sort(order),
  };
}

export function judgeAll(views: readonly View[], specs: readonly Spec[] = SPECS): Judgments {
  const topics: Record<string, Topic> = {};
  const seen = new Set<string>();
  for (const s of specs) {
    const key = `${s.locale}\u0000${s.q}`;
    if (seen.has(key)) throw new Error(`query "${s.q}" (${s.locale}) appears twice`);
    seen.add(key);
    const t = judgeTopic(s, views);
    const known = topics[s.topic];
    if (known && JSON.stringify(known.criteria) !== JSON.stringify(t.criteria)) throw new Error(`topic ${s.topic}: two different criteria`);
    if (!t.must.length && !t.relevant.length) throw new Error(`topic ${s.topic} ("${s.q}"): no relevant record`);
    topics[s.topic] = t;
  }
  return { queries: specs.map((s) => ({ q: s.q, locale: s.locale, class: s.class, topic: s.topic })), topics };
}

/** The file's text: a query per line, then a topic per block with its id lists on one line each (diffs stay readable). */
export function serialize(j: Judgments, source: string): string {
  const head = {
    description:
      "Judged queries of npm run bench:relevance, written by bench/relevance/judge.ts from the criteria in bench/relevance/specs.ts (see README.md). Do not edit by hand: change the criteria and run the judge. A query's judgments are those of its topic: 'must' records have grade 2, 'relevant' ones grade 1, all others 0. Ids are interchange record ids.",
    source,
  };
  const queries = j.queries.map((q) => `    ${JSON.stringify(q)}`);
  const topics = Object.entries(j.topics).map(([name, t]) =>
    [
      `    ${JSON.stringify(name)}: {`,
      `      "criteria": ${JSON.stringify(t.criteria)},`,
      `      "must": ${JSON.stringify(t.must)},`,
      `      "relevant": ${JSON.stringify(t.relevant)}`,
      "    }",
    ].join("\n"),
  );
  const h = JSON.stringify(head, null, 2).replace(/\n}$/, "");
  return `${h},\n  "queries": [\n${queries.join(",\n")}\n  ],\n  "topics": {\n${topics.join(",\n")}\n  }\n}\n`;
}

/** Reads queries.json: every query with its graded judgments (record id → 2 or 1). */
export function readJudgments(file = QUERIES_FILE): (JudgedQuery & { grades: Map<string, number> })[] {
  const j = JSON.parse(fs.readFileSync(file, "utf8")) as Judgments;
  return j.queries.map((q) => {
    const t = j.topics[q.topic];
    if (!t) throw new Error(`${file}: query "${q.q}" names an unknown topic ${q.topic}`);
    return { ...q, grades: new Map([...t.relevant.map((id) => [id, 1] as const), ...t.must.map((id) => [id, 2] as const)]) };
  });
}

async function main() {
  const args = process.argv.slice(2);
  const input = args.includes("--input") ? path.resolve(args[args.indexOf("--input") + 1]!) : DEFAULT_RECORDS;
  if (!fs.existsSync(input)) {
    console.error(`Museum records not found: ${input} (the data sits beside the project in ../shared/data, see its README).`);
    process.exit(2);
  }
  const views = await loadViews(input);
  const judged = judgeAll(views);
  const text = serialize(judged, "../shared/data/museum/demo/records.ndjson");
  if (args.includes("--explain")) {
    const q = fold(args[args.indexOf("--explain") + 1] ?? "");
    const byId = new Map(views.map((v) => [v.id, v]));
    for (const query of judged.queries.filter((x) => fold(x.q) === q)) {
      const j = { ...query, ...judged.topics[query.topic]! };
      console.log(
        `${j.q} [${j.locale}, ${j.class}, topic ${j.topic}] must ${j.must.length}, relevant ${j.relevant.length}\n  must: ${j.criteria.must}\n  relevant: ${j.criteria.relevant}`,
      );
      for (const [grade, ids] of [
        [2, j.must],
        [1, j.relevant],
      ] as const)
        for (const id of ids.slice(0, 40)) {
          const v = byId.get(id)!;
          console.log(
            `  ${grade} ${id.padEnd(48)} ${v.title.split("\n")[0]!.slice(0, 60)} | ${v.names.split("\n")[0]?.slice(0, 30)} | ${v.display}`,
          );
        }
    }
    return;
  }
  if (args.includes("--check")) {
    const current = fs.existsSync(QUERIES_FILE) ? fs.readFileSync(QUERIES_FILE, "utf8") : "";
    if (current !== text) {
      console.error(`${path.relative(process.cwd(), QUERIES_FILE)} is not what the criteria give: run npx tsx bench/relevance/judge.ts`);
      process.exit(1);
    }
    console.log(`${judged.queries.length} queries: judgments up to date.`);
    return;
  }
  fs.writeFileSync(QUERIES_FILE, text);
  const byLocale = (l: string) => judged.queries.filter((j) => j.locale === l).length;
  console.log(
    `Wrote ${judged.queries.length} queries (it ${byLocale("it")}, en ${byLocale("en")}, fr ${byLocale("fr")}), ${Object.keys(judged.topics).length} topics, to ${path.relative(process.cwd(), QUERIES_FILE)}:`,
  );
  for (const q of judged.queries) {
    const t = judged.topics[q.topic]!;
    console.log(
      `  ${q.locale} ${q.class.padEnd(18)} ${JSON.stringify(q.q).padEnd(40)} ${q.topic.padEnd(20)} must ${String(t.must.length).padStart(4)}  relevant ${String(t.relevant.length).padStart(4)}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
