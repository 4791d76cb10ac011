import fs from "node:fs";
import path from "node:path";
import { registerCache } from "~/.server/caches";
import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { foldText } from "./query";
import { SHIPPED_SYNONYMS } from "./synonyms-data";

/**
 * Synonyms and thesauri: groups of equivalent terms (folded: lower case, no
 * accents). Three sources: the shipped list (synonyms-data.ts); the files of
 * SEARCH_SYNONYMS_DIR — `*.txt` lists in the same form, and SKOS thesauri
 * (`*.rdf`, `*.ttl`, `*.xml`; each concept's preferred and alternative labels
 * are one group); and the catalogue's tags, whose names in several languages
 * (or a museum taxonomy's) are equivalents.
 */
export type SynonymIndex = Map<string, Set<string>>;

const MAX_TERM_WORDS = 4;

function addGroup(index: SynonymIndex, terms: string[]) {
  const folded = [...new Set(terms.map(foldText).filter((t) => t && t.split(" ").length <= MAX_TERM_WORDS))];
  if (folded.length < 2) return;
  for (const t of folded) {
    let set = index.get(t);
    if (!set) index.set(t, (set = new Set()));
    for (const u of folded) if (u !== t) set.add(u);
  }
}

/** Groups of a text list: one group per line, terms separated by commas; `#` starts a comment. */
export function parseSynonymList(text: string): string[][] {
  return text
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter(Boolean)
    .map((l) =>
      l
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean),
    );
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");

/**
 * Groups of a SKOS thesaurus, in RDF/XML or Turtle: per concept, its
 * skos:prefLabel and skos:altLabel values (any language).
 */
export function parseSkos(text: string): string[][] {
  const groups: string[][] = [];
  // A concept ends its XML element, or its Turtle statement (" ." at a line end).
  const blocks = text.split(/<\/(?:rdf:Description|skos:Concept)>|\s\.\s*\r?\n/);
  for (const block of blocks) {
    const labels: string[] = [];
    for (const m of block.matchAll(/<skos:(?:pref|alt)Label\b[^>]*>([^<]+)<\/skos:(?:pref|alt)Label>/g))
      labels.push(unescapeXml(m[1]!.trim()));
    for (const m of block.matchAll(/skos:(?:pref|alt)Label\s+((?:"(?:[^"\\]|\\.)*"(?:@[\w-]+)?\s*,?\s*)+)/g))
      for (const v of m[1]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)) labels.push(v[1]!.replace(/\\(.)/g, "$1").trim());
    if (labels.length > 1) groups.push(labels);
  }
  return groups;
}

/** The groups of the files in a directory (lists and SKOS thesauri); a missing directory has none. */
export function readSynonymDir(dir: string | undefined): string[][] {
  if (!dir || !fs.existsSync(dir)) return [];
  const groups: string[][] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const text = fs.readFileSync(file, "utf8");
    if (/\.txt$/i.test(name)) groups.push(...parseSynonymList(text));
    else if (/\.(rdf|ttl|xml|skos)$/i.test(name)) groups.push(...parseSkos(text));
  }
  return groups;
}

let fileGroups: { dir: string | undefined; groups: string[][] } | null = null;

/** The shipped groups and those of SEARCH_SYNONYMS_DIR (read once per process). */
function staticGroups(): string[][] {
  const dir = process.env.SEARCH_SYNONYMS_DIR || undefined;
  if (!fileGroups || fileGroups.dir !== dir) fileGroups = { dir, groups: [...parseSynonymList(SHIPPED_SYNONYMS), ...readSynonymDir(dir)] };
  return fileGroups.groups;
}

const indexes = new WeakMap<object, { at: number; value: Promise<SynonymIndex> }>();
const INDEX_TTL_MS = 5 * 60_000;

/** Forgets a database's synonym index (after an import: tag names may have changed). */
export function clearSynonymCache(database: object) {
  indexes.delete(database);
}
registerCache(clearSynonymCache);

/** The synonym index of a database: static groups and the tags' names in several languages (cached a few minutes). */
export function synonymIndex(ctx: Pick<ServiceContext, "database">): Promise<SynonymIndex> {
  const { database } = ctx;
  const cached = indexes.get(database);
  if (cached && cached.at > Date.now() - INDEX_TTL_MS) return cached.value;
  const value = (async () => {
    const index: SynonymIndex = new Map();
    for (const g of staticGroups()) addGroup(index, g);
    const rows = await database.rows<{ names: Record<string, string> }>(
      sql`select names from tags where (names ? 'it')::int + (names ? 'en')::int + (names ? 'fr')::int > 1 limit 50000`,
    );
    for (const r of rows)
      addGroup(
        index,
        Object.values(r.names).filter((v): v is string => typeof v === "string"),
      );
    return index;
  })();
  value.catch(() => indexes.delete(database));
  indexes.set(database, { at: Date.now(), value });
  return value;
}

/** A run of query words (from `start`, `length` words) and the terms equivalent to it. */
export type Expansion = { start: number; length: number; terms: string[] };

/**
 * The equivalents of the query's words: longest runs first (up to four
 * words), a word belonging to at most one run; the last word, when nothing
 * stands for it, also as the beginning of terms. Terms are folded; each may
 * have several words.
 */
export function expandWords(index: SynonymIndex, words: string[], skip: (i: number) => boolean = () => false): Expansion[] {
  const folded = words.map(foldText);
  const taken = new Set<number>();
  const out: Expansion[] = [];
  for (let n = Math.min(MAX_TERM_WORDS, words.length); n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      if ([...Array(n).keys()].some((k) => taken.has(i + k) || skip(i + k))) continue;
      const terms = index.get(folded.slice(i, i + n).join(" "));
      if (!terms?.size) continue;
      out.push({ start: i, length: n, terms: [...terms].slice(0, 12) });
      for (let k = 0; k < n; k++) taken.add(i + k);
    }
  }
  // The last word as the beginning of a term ("venez" → venezia, venice, venise): the three shortest.
  const last = words.length - 1;
  const prefix = folded[last] ?? "";
  if (last >= 0 && !taken.has(last) && !skip(last) && prefix.length >= PREFIX_MIN && !prefix.includes(" ")) {
    const keys = [...index.keys()]
      .filter((k) => k.length > prefix.length && k.startsWith(prefix) && !k.includes(" "))
      .sort((a, b) => a.length - b.length || a.localeCompare(b))
      .slice(0, 3);
    const terms = [...new Set(keys.flatMap((k) => [k, ...index.get(k)!]))].slice(0, 12);
    if (terms.length) out.push({ start: last, length: 1, terms });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The shortest last word that stands for the terms it begins. */
const PREFIX_MIN = 4;
