// The benchmark's requests, sampled from the catalogue itself (deterministic
// for a seed): what visitors type and click, in the three languages, on the
// search page and (a share) on the JSON search endpoint.
import { sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db";
import { formatNumero } from "../../app/lib/format";
import { LOCALES, type Locale } from "../../app/lib/locale";
import { recordPath, type TableName } from "../../app/lib/tables";
import { DEFAULT_SEARCH_TABLES, SORTS } from "../../app/features/search/search-params";

export const CLASSES = [
  "word",
  "two-words",
  "prefix-1",
  "prefix-2",
  "prefix-3",
  "identifier",
  "browse",
  "filtered-word",
  "next-page",
  "record",
] as const;
export type RequestClass = (typeof CLASSES)[number];

/** Requests of each class in one set (222 in all). */
const QUOTA: Record<RequestClass, number> = {
  word: 40,
  "two-words": 20,
  "prefix-1": 12,
  "prefix-2": 15,
  "prefix-3": 15,
  identifier: 20,
  browse: 30,
  "filtered-word": 20,
  "next-page": 20,
  record: 30,
};

export type BenchRequest = { cls: RequestClass; locale: Locale; api: boolean; path: string };

/** What the requests are drawn from, read once per catalogue. */
export type Pools = {
  /** Label words per locale (no stop words, at least 3 letters), most frequent first, with the number of sampled records holding them. */
  words: Record<Locale, { w: string; n: number }[]>;
  /** Labels with the record's tags (own and ancestors), per locale. */
  labels: Record<Locale, { label: string; tags: string[] }[]>;
  /** Tag ids, most used first. */
  tags: string[];
  /** Record type ids, most used first. */
  types: number[];
  /** Start years of dated records, sorted. */
  years: number[];
  /** Inventory numbers as displayed ("DIS 12 bis"). */
  numeros: string[];
  /** Visible records of every table, with their Italian label. */
  records: { table: TableName; id: string; label: string | null; path: Record<Locale, string> }[];
};

/** mulberry32: a small seeded generator, so a seed always gives the same requests. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    shuffle: <T>(xs: T[]): T[] => {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [xs[i], xs[j]] = [xs[j]!, xs[i]!];
      }
      return xs;
    },
  };
}

const pgArray = (xs: (number | string)[]) => `{${xs.join(",")}}`;

/**
 * Reads the pools from the catalogue: words, labels, tags, types and dates of up to `size` visible
 * records of the default search tables, chosen by the seed; identifiers and records to visit.
 */
export async function readPools(database: Database, seed: number, size = 20_000): Promise<Pools> {
  const uids = (
    await database.rows<{ uid: number }>(sql`select uid from records
      where access = 1 and table_name = any(${pgArray(DEFAULT_SEARCH_TABLES)}::text[])
      order by md5(uid::text || ${String(seed)}) limit ${size}`)
  ).map((r) => Number(r.uid));
  if (uids.length < 50) throw new Error(`bench: only ${uids.length} visible records to sample from`);
  const inSample = sql`${pgArray(uids)}::bigint[]`;
  const firstUids = sql`${pgArray(uids.slice(0, 600))}::bigint[]`;

  const words = {} as Pools["words"];
  const labels = {} as Pools["labels"];
  for (const locale of LOCALES) {
    words[locale] = (
      await database.rows<{ w: string; n: number }>(sql`
        select w, count(distinct record_uid)::int as n from (
          select t.record_uid, unnest(regexp_split_to_array(lower(t.label), '[^[:alpha:]]+')) as w
          from record_texts t where t.locale = ${locale} and t.record_uid = any(${inSample})
        ) x where length(w) >= 3 and length(to_tsvector(teca_ts_config(${locale}), w)) > 0
        group by w order by n desc, w`)
    ).map((r) => ({ w: r.w, n: Number(r.n) }));
    labels[locale] = (
      await database.rows<{ label: string; tags: string[] }>(sql`
        select t.label, r.tag_ids as tags from records r join record_texts t on t.record_uid = r.uid and t.locale = ${locale}
        where r.uid = any(${firstUids}) order by md5(r.uid::text || ${String(seed)})`)
    ).map((r) => ({ label: r.label, tags: r.tags ?? [] }));
  }
  const tags = (
    await database.rows<{ tag: string }>(sql`
      select tag from (select unnest(tag_ids) as tag from records where uid = any(${inSample})) x
      group by tag order by count(*) desc, tag`)
  ).map((r) => r.tag);
  const types = (
    await database.rows<{ t: number }>(sql`
      select type_id as t from records where uid = any(${inSample}) and type_id is not null
      group by type_id order by count(*) desc, type_id`)
  ).map((r) => Number(r.t));
  const years = (
    await database.rows<{ y: number }>(sql`
      select extract(year from date_start)::int as y from records where uid = any(${inSample}) and date_start is not null order by 1`)
  ).map((r) => Number(r.y));
  const numeros = (
    await database.rows<{ p: string | null; n: string | null; b: string | null }>(sql`
      select numero_prefix as p, numero as n, numero_bis as b from records
      where uid = any(${firstUids}) and numero is not null`)
  ).map((r) => formatNumero({ prefix: r.p, number: r.n, bis: r.b }));
  const records = (
    await database.rows<{ table_name: TableName; id: string; labels: Record<string, string> | null }>(sql`
      select r.table_name, r.id, (select jsonb_object_agg(t.locale, t.label) from record_texts t where t.record_uid = r.uid and t.label is not null) as labels
      from records r where r.access = 1 order by md5(r.uid::text || ${String(seed)}) limit 300`)
  ).map((r) => {
    const labels = r.labels ?? {};
    // the label each page shows (its language, else Italian, else another): the record's canonical address
    const shown = (l: Locale) => labels[l] ?? labels.it ?? labels[Object.keys(labels).sort()[0] ?? ""] ?? null;
    return {
      table: r.table_name,
      id: r.id,
      label: labels.it ?? null,
      path: Object.fromEntries(LOCALES.map((l) => [l, recordPath(r.table_name, r.id, shown(l))])) as Record<Locale, string>,
    };
  });
  return { words, labels, tags, types, years, numeros, records };
}

const PREFIX = { it: "", en: "/en", fr: "/fr" } as const;

/** The URL path of a search: the page of the locale, or the JSON endpoint with `locale`. */
export function searchPath(locale: Locale, api: boolean, sp: URLSearchParams) {
  if (api) {
    const a = new URLSearchParams(sp);
    a.set("locale", locale);
    return `/api/public/search?${a}`;
  }
  const s = sp.toString();
  return `${PREFIX[locale]}/cerca${s ? `?${s}` : ""}`;
}

/**
 * One set of distinct requests (about 220) drawn from the pools, none of them in `exclude`. Every
 * class rotates through the locales; one search in five goes to /api/public/search. Each next-page
 * request follows the word search it continues; the rest are shuffled.
 */
export function buildRequests(pools: Pools, seed: number, exclude: Set<string> = new Set()): { requests: BenchRequest[]; short: string[] } {
  const r = rng(seed);
  const seen = new Set(exclude);
  const out: Record<RequestClass, BenchRequest[]> = Object.fromEntries(CLASSES.map((c) => [c, []])) as never;
  const short: string[] = [];

  /** Fills a class by calling `make(i)` until the quota is met or too many draws repeat. */
  const fill = (cls: RequestClass, make: (i: number, locale: Locale, api: boolean) => string | null, opts: { api?: boolean } = {}) => {
    const list = out[cls];
    let misses = 0;
    for (let i = 0; list.length < QUOTA[cls] && misses < 200; i++) {
      const k = list.length;
      const locale = LOCALES[k % 3]!;
      const api = opts.api !== false && k % 5 === 4;
      const p = make(i, locale, api);
      if (!p || seen.has(p)) {
        misses++;
        continue;
      }
      seen.add(p);
      list.push({ cls, locale, api, path: p });
    }
    if (list.length < QUOTA[cls]) short.push(`${cls}: ${list.length} of ${QUOTA[cls]}`);
  };
  const sp = (o: Record<string, string | string[] | undefined>) => {
    const s = new URLSearchParams();
    for (const [k, v] of Object.entries(o)) for (const x of v === undefined ? [] : Array.isArray(v) ? v : [v]) s.append(k, x);
    return s;
  };
  const common = (l: Locale) => pools.words[l].slice(0, 30);
  const rareMax = (l: Locale) => Math.max(1, pools.words[l][Math.floor(pools.words[l].length * 0.9)]?.n ?? 1);
  const rare = (l: Locale) => {
    const max = rareMax(l);
    return pools.words[l].filter((x) => x.n <= max);
  };
  const sorts = SORTS.filter((s) => s !== "ss");
  // The words of a label that are in the locale's pool (no stop words), in their order.
  const known = Object.fromEntries(LOCALES.map((l) => [l, new Set(pools.words[l].map((x) => x.w))])) as Record<Locale, Set<string>>;
  const contentWords = (l: Locale, label: string) =>
    label
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length >= 4 && known[l].has(w));

  // word: half common, half rare; one in four with another sort than the default.
  fill("word", (_i, l, api) => {
    const k = out.word.length;
    const w = k < QUOTA.word / 2 ? r.pick(common(l)).w : r.pick(rare(l)).w;
    return searchPath(l, api, sp({ q: w, sort: k % 4 === 3 ? r.pick(sorts) : undefined }));
  });
  // two-words: two words of one label (they meet), or two common words (they may not).
  fill("two-words", (_i, l, api) => {
    if (out["two-words"].length % 3 === 2) return searchPath(l, api, sp({ q: `${r.pick(common(l)).w} ${r.pick(common(l)).w}` }));
    const ws = contentWords(l, r.pick(pools.labels[l]).label);
    if (ws.length < 2) return null;
    const a = r.int(ws.length - 1);
    return searchPath(l, api, sp({ q: `${ws[a]} ${ws[a + 1 + r.int(ws.length - a - 1)]}` }));
  });
  // prefix-N: the first letters of label words, weighted by how often the words occur.
  const weighted = (l: Locale) => {
    const ws = pools.words[l].slice(0, 500);
    const total = ws.reduce((s, x) => s + x.n, 0);
    let x = r.next() * total;
    for (const w of ws) if ((x -= w.n) <= 0) return w.w;
    return ws[0]!.w;
  };
  for (const n of [1, 2, 3] as const)
    fill(`prefix-${n}`, (i, l, api) => {
      const w = i % 4 === 3 ? r.pick(pools.words[l]).w : weighted(l);
      return w.length >= n ? searchPath(l, api, sp({ q: w.slice(0, n) })) : null;
    });
  // identifier: inventory numbers as a record shows them.
  fill("identifier", (_i, l, api) => (pools.numeros.length ? searchPath(l, api, sp({ q: r.pick(pools.numeros) })) : null));
  // browse: no words; plain, sorted, a tag, a type, a date range, with images.
  const topTags = pools.tags.slice(0, 12);
  const midTags = pools.tags.slice(12, 200);
  const year = (f: number) => pools.years[Math.min(pools.years.length - 1, Math.floor(f * pools.years.length))];
  fill("browse", (i, l, api) => {
    // The variant follows the draws, not the requests kept: a variant whose URLs are all taken moves on.
    const k = i;
    switch (k % 10) {
      case 0:
        return searchPath(l, api, sp({}));
      case 1:
        return searchPath(l, api, sp({ sort: r.pick(sorts) }));
      case 2:
      case 3:
        return topTags.length ? searchPath(l, api, sp({ filtro: r.pick(topTags) })) : null;
      case 4:
        return midTags.length ? searchPath(l, api, sp({ filtro: r.pick(midTags), sort: k % 20 === 4 ? r.pick(sorts) : undefined })) : null;
      case 5:
      case 6:
        return pools.types.length ? searchPath(l, api, sp({ filtro: `type:${r.pick(pools.types.slice(0, 15))}` })) : null;
      case 7:
      case 8: {
        if (!pools.years.length) return null;
        const a = r.next() * 0.8;
        const from = year(a)!;
        const to = Math.max(from, year(a + 0.05 + r.next() * 0.3)!);
        return searchPath(l, api, sp({ from: String(from), to: String(to), sort: r.pick(["on", "no", undefined]) }));
      }
      default:
        return searchPath(l, api, sp({ media: "con_media", filtro: k % 20 === 19 && topTags.length ? r.pick(topTags) : undefined }));
    }
  });
  // filtered-word: a word of a label and one of that record's tags (so something matches).
  fill("filtered-word", (_i, l, api) => {
    const x = r.pick(pools.labels[l]);
    const ws = contentWords(l, x.label);
    if (!ws.length || !x.tags.length) return null;
    return searchPath(l, api, sp({ q: r.pick(ws), filtro: r.pick(x.tags) }));
  });
  // record: record pages of every table (HTML only, as visitors reach them).
  fill(
    "record",
    (_i, l) => {
      const x = r.pick(pools.records);
      return `${PREFIX[l]}${x.path[l]}`;
    },
    { api: false },
  );

  // next-page: the second page (page=2; pages count from 1 in addresses) of the common-word searches above.
  const origins = out.word.slice(0, QUOTA.word / 2);
  const next = new Map<string, BenchRequest>();
  for (const o of origins.slice(0, QUOTA["next-page"])) {
    const [p, qs = ""] = o.path.split("?");
    const s = new URLSearchParams(qs);
    s.set("page", "2");
    const path = `${p}?${s}`;
    if (seen.has(path)) continue;
    seen.add(path);
    const req: BenchRequest = { cls: "next-page", locale: o.locale, api: o.api, path };
    out["next-page"].push(req);
    next.set(o.path, req);
  }
  if (out["next-page"].length < QUOTA["next-page"]) short.push(`next-page: ${out["next-page"].length} of ${QUOTA["next-page"]}`);

  const rest = r.shuffle(CLASSES.filter((c) => c !== "next-page").flatMap((c) => out[c]));
  const requests = rest.flatMap((q) => (next.has(q.path) ? [q, next.get(q.path)!] : [q]));
  return { requests, short };
}

/**
 * A few requests per locale that read each locale's search documents and load the route modules
 * before measuring, outside every measured set: words just below the common ones, a browse without
 * images, a record page.
 */
export function warmupRequests(pools: Pools, exclude: Set<string>): BenchRequest[] {
  const out: BenchRequest[] = [];
  for (const l of LOCALES) {
    const ws = pools.words[l].slice(30, 60).map((x) => x.w);
    const candidates: BenchRequest[] = [
      ...ws.map((w, i) => ({ cls: "word" as const, locale: l, api: i === 1, path: searchPath(l, i === 1, new URLSearchParams({ q: w })) })),
      { cls: "browse", locale: l, api: false, path: searchPath(l, false, new URLSearchParams({ media: "senza_media" })) },
      ...pools.records.slice(-10).map((x) => ({ cls: "record" as const, locale: l, api: false, path: `${PREFIX[l]}${x.path[l]}` })),
    ];
    const fresh = candidates.filter((c) => !exclude.has(c.path));
    out.push(
      ...fresh.filter((c) => c.cls === "word").slice(0, 3),
      ...fresh.filter((c) => c.cls !== "word" && c.cls !== "record"),
      ...fresh.filter((c) => c.cls === "record").slice(0, 1),
    );
  }
  return out;
}
