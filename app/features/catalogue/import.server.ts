import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { sql, type SQL } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { publicImage } from "~/.server/access";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import { deriveImage, storeFile, type Derived } from "~/.server/media";
import { checkModel, checkPanorama, derivePanorama, storeModel } from "~/.server/media-kinds";
import { parseIsoDate, toSqlDate } from "~/lib/dates";
import { formatCurrency } from "~/lib/format";
import { LOCALES, type Locale } from "~/lib/locale";
import {
  isFieldNamesLine,
  SEQUENCE_FRAMES,
  validateFieldNames,
  validateRecord,
  type FieldNames,
  type InterchangeRecord,
} from "./interchange";
import { clearSearchCache } from "~/features/search/index.server";
import { toTextArray } from "~/features/records/index.server";
import { beginLoad, completeLoad, failLoad, holdLoad, type LoadKind } from "./loads.server";

export type ImportIssue = { line: number; reason: string };
export type ImportOptions = {
  mediaDir?: string;
  /** Directory where derivatives are written (served under /media/). */
  mediaStore: string;
  /** IIIF tiles for the images a visitor may see (default true; decision 053). */
  iiifTiles?: boolean;
  /**
   * Media already derived into mediaStore (deriveImage, without tiles), by file as the records name it: used
   * as they are rather than decoded again (the demo's first start derives its pictures ahead, in a worker).
   */
  derived?: ReadonlyMap<string, Derived>;
  /** Records per batch of statements (all batches share the import's one transaction). */
  batchSize?: number;
  skipInvalid?: boolean;
  /** Called after each batch; `total` is the number of valid records. */
  onProgress?: (done: number, total: number) => void;
  /** Called as the import moves on to its next step. */
  onStep?: (step: ImportStep) => void;
  /**
   * More writes that must land with the records or not at all (the demo's site options and its completion
   * marker): run in the import's transaction after the records.
   */
  inTransaction?: (tx: Database) => Promise<void>;
  /** Run first in the import's transaction (the demo: wait for another process loading it, clear a partial one). */
  beforeWrite?: (tx: Database) => Promise<void>;
  /** How the run is recorded in catalogue_loads (default: an import of the file). */
  load?: { kind: LoadKind; source: string };
};
export type ImportStep = "validating" | "writing" | "linking" | "analysing";
export type ImportResult = {
  imported: number;
  rejected: ImportIssue[];
  batches: number;
  /** Set when a batch failed: the whole import was rolled back, the catalogue is as it was before. */
  failed?: { batch: number; firstLine: number; reason: string };
  seconds: number;
};

type Parsed = { line: number; record: InterchangeRecord };

type LineResult = { line: number; record?: InterchangeRecord; fieldNames?: FieldNames; reason?: string };

/** Streams an NDJSON file, validating each line; media files must exist under mediaDir. */
async function* parseLines(file: string, mediaDir?: string): AsyncGenerator<LineResult> {
  const rl = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      yield { line, reason: `invalid JSON: ${(err as Error).message}` };
      continue;
    }
    if (isFieldNamesLine(value)) {
      const n = validateFieldNames(value);
      yield n.ok ? { line, fieldNames: n.names } : { line, reason: n.reason };
      continue;
    }
    const v = validateRecord(value);
    if (!v.ok) {
      yield { line, reason: v.reason };
      continue;
    }
    const missing = v.record.media
      .flatMap((m) => [m.file, m.poster])
      .find((f) => f && !(mediaDir && fs.existsSync(path.join(mediaDir, f))));
    if (missing) {
      yield {
        line,
        reason: mediaDir ? `media file not found: ${path.join(mediaDir, missing)}` : `media file ${missing} needs --media-dir`,
      };
      continue;
    }
    const badSequence = await resolveSequences(v.record, mediaDir);
    if (badSequence) {
      yield { line, reason: badSequence };
      continue;
    }
    const wrong = await mediaContentProblem(v.record, mediaDir);
    if (wrong) {
      yield { line, reason: wrong };
      continue;
    }
    yield { line, record: v.record };
  }
}

/** The image formats a frame may be, by its content (file-type's names; what sharp reads). */
const FRAME_TYPES = new Set(["jpg", "png", "webp", "tif", "gif", "avif"]);

/**
 * Gives each 360° sequence of the record its list of frames (decision 105): a folder's files in the order of
 * their names (numbers compared as numbers: `2.jpg` before `10.jpg`), checked against `frameCount` when given;
 * then every frame must be a file and an image by its content. The first problem's message, or null.
 */
async function resolveSequences(record: InterchangeRecord, mediaDir: string | undefined): Promise<string | null> {
  for (const [i, m] of record.media.entries()) {
    if (m.type !== "sequence") continue;
    const at = `media.${i}`;
    if (!mediaDir) return `${at}: a sequence's frames need --media-dir`;
    let frames = m.frames;
    if (!frames) {
      const folder = path.join(mediaDir, m.file!);
      if (!fs.statSync(folder).isDirectory()) return `${at}: file ${m.file} is not a folder of frames (or give frames, a list of files)`;
      frames = fs
        .readdirSync(folder, { withFileTypes: true })
        .filter((e) => e.isFile() && !e.name.startsWith("."))
        .map((e) => e.name)
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
        .map((name) => path.posix.join(m.file!.replace(/[\\/]+$/, ""), name));
      if (m.frameCount !== undefined && frames.length !== m.frameCount)
        return `${at}: the folder ${m.file} holds ${frames.length} files, frameCount says ${m.frameCount}`;
      if (frames.length < SEQUENCE_FRAMES.min || frames.length > SEQUENCE_FRAMES.max)
        return `${at}: the folder ${m.file} holds ${frames.length} files; a sequence has ${SEQUENCE_FRAMES.min} to ${SEQUENCE_FRAMES.max} frames`;
    }
    for (const frame of frames) {
      const abs = path.join(mediaDir, frame);
      if (!fs.existsSync(abs) || !fs.statSync(abs).isFile()) return `${at}: frame not found: ${abs}`;
      const head = Buffer.alloc(4100);
      const fd = fs.openSync(abs, "r");
      let read: number;
      try {
        read = fs.readSync(fd, head, 0, head.length, 0);
      } finally {
        fs.closeSync(fd);
      }
      const kind = await fileTypeFromBuffer(head.subarray(0, read));
      if (!kind || !FRAME_TYPES.has(kind.ext))
        return `${at}: frame ${frame} is not an image (its content is ${kind ? kind.mime : "not a known format"}; frames are JPEG, PNG, WebP, TIFF, GIF or AVIF)`;
    }
    m.frames = frames;
    m.file = undefined;
    m.frameCount = undefined;
  }
  return null;
}

/** Why one of the record's panoramas or models is not one (read from its content, whatever its name), or null. */
async function mediaContentProblem(record: InterchangeRecord, mediaDir?: string): Promise<string | null> {
  for (const [i, m] of record.media.entries()) {
    if (!m.file || !mediaDir) continue;
    const problem =
      m.type === "panorama"
        ? await checkPanorama(path.join(mediaDir, m.file))
        : m.type === "model"
          ? await checkModel(path.join(mediaDir, m.file))
          : null;
    if (problem) return `media.${i} (${m.file}): ${problem}`;
  }
  return null;
}

/** What a media item's derivatives are kept by: its file, and how it is read (one file may be an image and a panorama). */
const derivedKey = (m: InterchangeRecord["media"][number]) =>
  m.type === "panorama" || m.type === "model" ? `${m.type}\0${m.file}\0${m.poster ?? ""}` : m.file!;

/**
 * Validates a whole file without keeping its records in memory: the rejected
 * lines with their reasons, and how many lines are good.
 */
export async function validateInterchangeFile(file: string, mediaDir?: string) {
  const rejected: ImportIssue[] = [];
  const seen = new Map<string, number>();
  // The field-name lines, merged in file order (a later line's name for a code and locale wins).
  const fieldNames = new Map<string, { code: string; locale: string; label: string }>();
  let good = 0;
  for await (const it of parseLines(file, mediaDir)) {
    if (it.reason) {
      rejected.push({ line: it.line, reason: it.reason });
      continue;
    }
    if (it.fieldNames) {
      for (const [code, names] of Object.entries(it.fieldNames))
        for (const [locale, label] of Object.entries(names)) if (label) fieldNames.set(`${code}\0${locale}`, { code, locale, label });
      continue;
    }
    const key = `${it.record!.table}/${it.record!.id}`;
    const prev = seen.get(key);
    if (prev !== undefined) {
      rejected.push({ line: it.line, reason: `duplicate record ${key} (first on line ${prev})` });
      continue;
    }
    seen.set(key, it.line);
    good++;
  }
  return { good, rejected, fieldNames: [...fieldNames.values()] };
}

/**
 * Imports an NDJSON file: validates every line first; unless skipInvalid, a
 * rejected line stops the run before anything is written. Then reads the file
 * again and upserts by (table, id) in batches, all in one transaction with the
 * search documents they need: the import lands completely or not at all (a
 * failure, or the process killed midway, leaves the catalogue as it was).
 */
export async function importFile(ctx: Pick<ServiceContext, "database">, file: string, opts: ImportOptions): Promise<ImportResult> {
  const { database } = ctx;
  const t0 = performance.now();
  opts.onStep?.("validating");
  const { good, rejected, fieldNames } = await validateInterchangeFile(file, opts.mediaDir);
  if (rejected.length && !opts.skipInvalid) return { imported: 0, rejected, batches: 0, seconds: (performance.now() - t0) / 1000 };
  const skip = new Set(rejected.map((r) => r.line));
  async function* valid(): AsyncGenerator<Parsed> {
    for await (const it of parseLines(file, opts.mediaDir)) if (it.record && !skip.has(it.line)) yield { line: it.line, record: it.record };
  }
  const res = await writeAll(database, valid(), good, {
    ...opts,
    fieldNames,
    load: opts.load ?? { kind: "import", source: path.resolve(file) },
  });
  return { ...res, rejected, seconds: (performance.now() - t0) / 1000 };
}

/** Thrown inside the import's transaction to roll it back, carrying where it stopped. */
class BatchFailed extends Error {
  constructor(readonly failed: NonNullable<ImportResult["failed"]>) {
    super(failed.reason);
  }
}

type FieldName = { code: string; locale: string; label: string };

async function writeAll(
  database: Database,
  items: AsyncIterable<Parsed>,
  total: number,
  opts: ImportOptions & { fieldNames?: FieldName[] },
) {
  const size = opts.batchSize ?? 500;
  let imported = 0;
  let batches = 0;
  const mediaCache = new Map<string, Promise<Partial<Derived>>>();
  // Records whose search documents are built at the end (once each, whatever batch wrote or renamed them),
  // and the people and places renamed (or new), whose naming records follow.
  const stale = new Set<number>();
  const renamed = new Set<number>();
  opts.onStep?.("writing");
  // Recorded as running before the transaction, complete inside it: a run killed midway is found on the next start.
  const loadId = await beginLoad({ database }, opts.load!.kind, opts.load!.source);
  try {
    await database.db.transaction(async (dtx) => {
      const tx = dtx as unknown as Tx;
      await holdLoad(tx, loadId);
      if (opts.beforeWrite) await opts.beforeWrite(transactionDatabase(database, tx));
      let batch: Parsed[] = [];
      // A batch's media are derived (sharp, off the main thread) while the batch before it is written.
      let pending: { batch: Parsed[]; media: Promise<Map<string, Partial<Derived>>> } | undefined;
      const write = async (p: NonNullable<typeof pending>) => {
        try {
          // A savepoint per batch is not needed: any failure rolls the whole import back.
          const written = await writeBatch(tx, p.batch, await p.media);
          for (const uid of written.stale) stale.add(uid);
          for (const uid of written.renamed) renamed.add(uid);
        } catch (err) {
          // Drizzle's own message repeats the whole statement and its parameters; the driver's error is the cause.
          const cause = (err as { cause?: unknown }).cause;
          throw new BatchFailed({
            batch: batches + 1,
            firstLine: p.batch[0]!.line,
            reason: cause instanceof Error ? cause.message : (err as Error).message,
          });
        }
        batches++;
        imported += p.batch.length;
        opts.onProgress?.(imported, total);
      };
      const flush = async () => {
        const next = { batch, media: deriveBatchMedia(batch, opts, mediaCache) };
        next.media.catch(() => {}); // awaited in write(); a failure there must not count as unhandled meanwhile
        batch = [];
        if (pending) await write(pending);
        pending = next;
      };
      for await (const item of items) {
        batch.push(item);
        if (batch.length >= size) await flush();
      }
      if (batch.length) await flush();
      if (pending) await write(pending);
      opts.onStep?.("linking");
      const names = opts.fieldNames ?? [];
      for (const chunk of chunks(names, 1000))
        await tx.execute(sql`insert into field_names (code, locale, label)
          select * from unnest(${toTextArray(chunk.map((n) => n.code))}, ${toTextArray(chunk.map((n) => n.locale))},
            ${toTextArray(chunk.map((n) => n.label))})
          on conflict (code, locale) do update set label = excluded.label`);
      if (imported) await refreshParentPaths(tx);
      // What each field is called per language, from the whole catalogue as it now stands and the names the
      // imports declared (decision 084).
      if (imported || names.length) await tx.execute(sql`select teca_refresh_field_labels()`);
      // Nothing of the import is visible before it commits: each record's search documents are built once,
      // here, rather than per batch and again for every later batch renaming a person it names.
      for (const p of await namingRecords(tx, [...renamed])) stale.add(p.from);
      for (const chunk of chunks(
        [...stale].sort((a, b) => a - b),
        2000,
      ))
        await tx.execute(sql`select teca_refresh_search_docs(${`{${chunk.join(",")}}`}::bigint[])`);
      if (opts.inTransaction) await opts.inTransaction(transactionDatabase(database, tx));
      await completeLoad(tx, loadId, imported);
    });
  } catch (err) {
    await failLoad({ database }, loadId).catch(() => {});
    if (err instanceof BatchFailed) return { imported: 0, batches: 0, failed: err.failed };
    throw err;
  }
  if (imported) {
    opts.onStep?.("analysing");
    // Fresh statistics: the search's plans depend on them, and PGlite has no autovacuum to gather them.
    await database.rows(sql`analyze`);
    // Nor to reclaim the rows a re-import replaced, or to mark pages all-visible for index-only scans: a plain
    // (not FULL) VACUUM of the tables the search reads and the importer rewrites. PostgreSQL's autovacuum does it there.
    if (database.kind === "pglite") await vacuumSearchTables(database);
    clearSearchCache(database);
  }
  return { imported, batches };
}

/** The Database interface over an open transaction (for services that take a Database). */
function transactionDatabase(database: Database, tx: Tx): Database {
  return {
    db: tx as unknown as Database["db"],
    kind: database.kind,
    async rows<T>(query: SQL) {
      return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    },
    async close() {
      throw new Error("the import's transaction is closed by the import");
    },
  };
}

type Tx = Pick<Database["db"], "execute">;

/**
 * The search's own tables (search_*, whatever the migrations define; a partitioned table once, with its
 * partitions) and the catalogue tables it joins.
 */
async function vacuumSearchTables(database: Database) {
  const tables = await database.rows<{ name: string }>(sql`select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      and (c.relname like 'search\_%' or c.relname in ('records', 'record_texts', 'record_tags'))
    order by c.relname`);
  if (tables.length)
    await database.rows(
      sql`vacuum ${sql.join(
        tables.map((t) => sql.identifier(t.name)),
        sql`, `,
      )}`,
    );
}

/**
 * Derives every local media file of a batch, at most MEDIA_CONCURRENCY at a time across batches; a file
 * seen in an earlier batch (or being derived for one) is reused.
 */
async function deriveBatchMedia(batch: Parsed[], opts: ImportOptions, cache: Map<string, Promise<Partial<Derived>>>) {
  const files: string[] = [];
  // Tiles at import for the images a visitor may see; any other is tiled on its first public request.
  const publicFiles = new Set(
    opts.iiifTiles === false
      ? []
      : batch.flatMap(({ record }) =>
          record.media.filter((m) => m.type === "image" && publicImage(record.access, m.restricted) && m.file).map((m) => m.file!),
        ),
  );
  // A sequence's frames are derived as images are (no tiles: the viewer shows whole frames).
  for (const { record } of batch)
    for (const m of record.media)
      for (const file of m.type === "sequence" ? (m.frames ?? []) : m.file ? [m.file] : []) {
        // One file may be an image and a panorama: their derivatives are kept apart (derivedKey).
        const key = m.type === "sequence" ? file : derivedKey(m);
        if (files.includes(key)) continue;
        files.push(key);
        const image = m.type === "image" || m.type === "sequence";
        const ready = image ? opts.derived?.get(file) : undefined;
        if (ready && !publicFiles.has(file)) cache.set(key, Promise.resolve(ready));
        else if (!cache.has(key)) {
          const src = path.join(opts.mediaDir!, file);
          const owner = `${record.table}/${record.id}`;
          const { type, poster } = m;
          const p = mediaSlots(async () => {
            try {
              if (image) return await deriveImage(src, opts.mediaStore, { tiles: publicFiles.has(file) });
              if (type === "panorama") return await derivePanorama(src, opts.mediaStore);
              if (type === "model") return await storeModel(src, opts.mediaStore, poster && path.join(opts.mediaDir!, poster));
              return await storeFile(src, opts.mediaStore);
            } catch (err) {
              throw new Error(`media ${file} of ${owner}: ${(err as Error).message}`);
            }
          });
          p.catch(() => {}); // awaited below or by the batch that shares it
          cache.set(key, p);
        }
      }
  const out = new Map<string, Partial<Derived>>();
  for (const f of files) out.set(f, await cache.get(f)!);
  return out;
}

/** Runs at most MEDIA_CONCURRENCY media derivations at once (sharp uses its own threads). */
function mediaSlots<T>(fn: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const run = () => {
      mediaRunning++;
      fn()
        .then(resolve, reject)
        .finally(() => {
          mediaRunning--;
          mediaQueue.shift()?.();
        });
    };
    if (mediaRunning < MEDIA_CONCURRENCY) run();
    else mediaQueue.push(run);
  });
}
let mediaRunning = 0;
const mediaQueue: (() => void)[] = [];

const MEDIA_CONCURRENCY = 3;

/** Values of metadata flattened for full-text search. */
function metadataText(r: InterchangeRecord, locale: Locale): string {
  const t = r.texts[locale];
  if (!t) return "";
  return t.metadata
    .map((m) => {
      if (m.type === "text") return m.value;
      if (m.type === "date") return String(m.value);
      if (m.type === "link") return m.value.text ?? "";
      return formatCurrency(m.value.amount, m.value.currency, locale);
    })
    .join(" \n ");
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

async function writeBatch(tx: Tx, batch: Parsed[], derived: Map<string, Partial<Derived>>) {
  const records = batch.map((b) => b.record);
  // Types, relation types and tags first (shared across records).
  const types = new Map<number, NonNullable<InterchangeRecord["type"]>>();
  const relTypes = new Map<string, { labels: object; reverse: object }>();
  const tagRows = new Map<string, TagRow & { type: string; names: Record<string, string>; field: string | null }>();
  for (const r of records) {
    if (r.type) types.set(r.type.id, r.type);
    for (const rel of r.relations) {
      const prev = relTypes.get(rel.type);
      relTypes.set(rel.type, {
        labels: { ...(prev?.labels ?? {}), ...(rel.label ?? {}) },
        reverse: { ...(prev?.reverse ?? {}), ...(rel.reverseLabel ?? {}) },
      });
    }
    for (const tag of r.tags) {
      const chain = [...tag.parents, { id: tag.id, name: tag.name }];
      chain.forEach((node, depth) => {
        const p = chain
          .slice(0, depth + 1)
          .map((n) => n.id)
          .join("/");
        const isLeaf = depth === chain.length - 1;
        const prev = tagRows.get(node.id);
        // Names in several languages add up across the batch's lines, as they do across batches (names || excluded.names).
        const names = { ...(prev?.names ?? {}), ...node.name };
        if (!prev || isLeaf)
          tagRows.set(node.id, {
            id: node.id,
            type: tag.type,
            names,
            parentId: depth ? chain[depth - 1]!.id : null,
            path: p,
            depth,
            field: isLeaf ? (tag.field ?? null) : null,
          });
        else prev.names = names;
      });
    }
  }
  followBatchParents(tagRows);
  // Tags that already exist under another path: their descendants and the records below them follow after the upsert.
  const moved = tagRows.size
    ? (
        (await tx.execute(sql`select t.id from tags t
        join unnest(${toTextArray([...tagRows.keys()])}, ${toTextArray([...tagRows.values()].map((t) => t.path))}) as n(id, path) on n.id = t.id
        where t.path <> n.path`)) as unknown as { rows: { id: string }[] }
      ).rows.map((row) => row.id)
    : [];
  if (types.size)
    await tx.execute(
      sql`insert into record_types (id, code, names) values ${sql.join(
        [...types.values()].map((t) => sql`(${t.id}, ${t.code}, ${json(t.name)})`),
        sql`, `,
      )} on conflict (id) do update set code = excluded.code, names = record_types.names || excluded.names`,
    );
  if (relTypes.size)
    await tx.execute(
      sql`insert into relation_types (code, labels, reverse_labels) values ${sql.join(
        [...relTypes].map(([code, l]) => sql`(${code}, ${json(l.labels)}, ${json(l.reverse)})`),
        sql`, `,
      )} on conflict (code) do update set labels = relation_types.labels || excluded.labels, reverse_labels = relation_types.reverse_labels || excluded.reverse_labels`,
    );
  // Chunked: a statement takes at most 65,535 parameters (records: 25 a row).
  for (const chunk of chunks([...tagRows.values()], 5000))
    await tx.execute(
      sql`insert into tags (id, type, names, parent_id, path, depth, field) values ${sql.join(
        chunk.map((t) => sql`(${t.id}, ${t.type}, ${json(t.names)}, ${t.parentId}, ${t.path}, ${t.depth}, ${t.field})`),
        sql`, `,
      )} on conflict (id) do update set type = excluded.type, names = tags.names || excluded.names, parent_id = excluded.parent_id, path = excluded.path, depth = excluded.depth, field = coalesce(excluded.field, tags.field)`,
    );
  const movedTags = moved.length ? [...moved, ...(await moveDescendants(tx, moved))] : [];

  // People and places that are new or whose names or access change: the records naming them are rebuilt too
  // (their search documents hold those names, migration 0011).
  const namedBefore = await storedNames(tx, records);
  const renamed = records.filter((r) => {
    const before = namedBefore.get(`${r.table}/${r.id}`);
    return NAMED_TABLES.includes(r.table) && (!before || before.access !== r.access || before.labels !== labelsOf(r));
  });

  const rows = records.map((r) => {
    const s = r.date?.start ?? r.date?.end;
    const e = r.date?.end ?? r.date?.start;
    const start = s !== undefined ? toSqlDate(parseIsoDate(s, "start")!) : null;
    const end = e !== undefined ? toSqlDate(parseIsoDate(e, "end")!) : null;
    return sql`(${r.table}, ${r.id}, ${r.type?.id ?? null}, ${r.access}, ${r.restricted}, ${start}::date, ${end}::date,
      ${r.coordinates?.lat ?? null}::float8, ${r.coordinates?.lng ?? null}::float8, ${r.parent ?? null}, ${r.order},
      ${r.media.some((m) => m.type === "image" && !m.restricted)}, ${r.media.some((m) => m.type === "image" && m.restricted)},
      ${sortKey(r, "it")}, ${sortKey(r, "en")}, ${sortKey(r, "fr")}, ${toTextArray(tagIdsOf(r))},
      ${r.numero?.prefix ?? null}, ${r.numero?.number ?? null}, ${r.numero?.bis ?? null},
      ${r.focalPoint?.x ?? null}::real, ${r.focalPoint?.y ?? null}::real, ${r.source?.url ?? null}, ${r.source?.license ?? null}, ${r.source?.attribution ?? null}, now())`;
  });
  const upserted: { uid: number | string; table_name: string; id: string }[] = [];
  for (const chunk of chunks(rows, 1000))
    upserted.push(
      ...((
        (await tx.execute(sql`insert into records (table_name, id, type_id, access, restricted, date_start, date_end, lat, lng, parent_id, ord, has_media,
      has_restricted_media, sort_it, sort_en, sort_fr, tag_ids,
      numero_prefix, numero, numero_bis, focal_x, focal_y, source_url, license, attribution, updated_at)
      values ${sql.join(chunk, sql`, `)}
      on conflict (table_name, id) do update set type_id = excluded.type_id, access = excluded.access, restricted = excluded.restricted,
        date_start = excluded.date_start, date_end = excluded.date_end, lat = excluded.lat, lng = excluded.lng, parent_id = excluded.parent_id,
        ord = excluded.ord, has_media = excluded.has_media, has_restricted_media = excluded.has_restricted_media,
        sort_it = excluded.sort_it, sort_en = excluded.sort_en, sort_fr = excluded.sort_fr, tag_ids = excluded.tag_ids, numero_prefix = excluded.numero_prefix, numero = excluded.numero,
        numero_bis = excluded.numero_bis, focal_x = excluded.focal_x, focal_y = excluded.focal_y, source_url = excluded.source_url,
        license = excluded.license, attribution = excluded.attribution, updated_at = now()
      returning uid, table_name, id`)) as unknown as { rows: unknown[] }
      ).rows as { uid: number | string; table_name: string; id: string }[]),
    );
  const uidOf = new Map(upserted.map((u) => [`${u.table_name}/${u.id}`, Number(u.uid)]));
  const uids = [...uidOf.values()];
  const uidArray = sql`${`{${uids.join(",")}}`}::bigint[]`;
  await tx.execute(sql`delete from record_texts where record_uid = any(${uidArray})`);
  await tx.execute(sql`delete from record_tags where record_uid = any(${uidArray})`);
  await tx.execute(sql`delete from relations where from_uid = any(${uidArray})`);
  await tx.execute(sql`delete from media where record_uid = any(${uidArray})`);

  const textRows: SQL[] = [],
    tagLinks: SQL[] = [],
    relRows: SQL[] = [],
    mediaRows: SQL[] = [];
  for (const r of records) {
    const uid = uidOf.get(`${r.table}/${r.id}`)!;
    for (const locale of LOCALES) {
      const t = r.texts[locale];
      if (!t) continue;
      textRows.push(
        sql`(${uid}, ${locale}, ${t.label}, ${t.summary ?? null}, ${t.dateDisplay ?? null}, ${json(t.metadata)}, ${metadataText(r, locale)})`,
      );
    }
    const direct = new Set(r.tags.map((t) => t.id));
    const inherited = new Set(r.tags.flatMap((t) => t.parents.map((p) => p.id)).filter((id) => !direct.has(id)));
    for (const tagId of direct) tagLinks.push(sql`(${uid}, ${tagId}, false)`);
    for (const tagId of inherited) tagLinks.push(sql`(${uid}, ${tagId}, true)`);
    const relSeen = new Set<string>();
    r.relations.forEach((rel, ord) => {
      const k = `${rel.table}/${rel.id}/${rel.type}`;
      if (relSeen.has(k)) return;
      relSeen.add(k);
      relRows.push(sql`(${uid}, ${rel.table}, ${rel.id}, ${rel.type}, ${ord}, ${json(rel.interstitial)})`);
    });
    r.media.forEach((m, ord) => {
      const frames = m.type === "sequence" ? (m.frames ?? []).map((f) => derived.get(f)!) : null;
      // A sequence's row is its first frame's (size, colour, the card's picture); every frame in `frames`.
      const d = frames ? frames[0] : m.file ? derived.get(derivedKey(m)) : undefined;
      const remote = m.url ?? null;
      const isEmbed = m.type === "youtube" || m.type === "vimeo";
      const remoteImage = m.type === "image" ? remote : null;
      mediaRows.push(sql`(${uid}, ${ord}, ${m.type}, ${m.mime ?? d?.mime ?? null}, ${json(m.title ?? {})}, ${m.restricted},
        ${d?.original ?? (m.file ? m.file : remote)}, ${isEmbed ? remote : null},
        ${d?.thumbnail ?? remoteImage}, ${d?.medium ?? remoteImage}, ${d?.large ?? remoteImage},
        ${d?.width ?? null}::int, ${d?.height ?? null}::int, ${m.focalPoint?.x ?? null}::real, ${m.focalPoint?.y ?? null}::real, ${d?.dominantColor ?? null},
        ${frames ? json(frames.map((f) => ({ original: f.original, thumbnail: f.thumbnail, medium: f.medium, large: f.large }))) : null}::jsonb)`);
    });
  }
  for (const chunk of chunks(textRows, 2000))
    await tx.execute(
      sql`insert into record_texts (record_uid, locale, label, summary, date_display, metadata, body) values ${sql.join(chunk, sql`, `)}`,
    );
  for (const chunk of chunks(tagLinks, 5000))
    await tx.execute(sql`insert into record_tags (record_uid, tag_id, inherited) values ${sql.join(chunk, sql`, `)}`);
  for (const chunk of chunks(relRows, 3000))
    await tx.execute(sql`insert into relations (from_uid, to_table, to_id, type, ord, interstitial) values ${sql.join(chunk, sql`, `)}`);
  for (const chunk of chunks(mediaRows, 1500))
    await tx.execute(
      sql`insert into media (record_uid, ord, media_type, mime, title, restricted, original, external_url, thumbnail, medium, large, width, height, focal_x, focal_y, dominant_color, frames) values ${sql.join(chunk, sql`, `)}`,
    );
  // Records below a moved tag, in this batch or earlier ones: their inherited tags follow the tree.
  const retagged = movedTags.length ? await retagRecords(tx, movedTags) : [];
  const refresh = retagged.length ? [...new Set([...uids, ...retagged])] : uids;
  // The search documents are built at the end of the import (writeAll), in its transaction.
  return { stale: refresh, renamed: renamed.map((r) => uidOf.get(`${r.table}/${r.id}`)!) };
}

/** Tables whose records' names other records' search documents hold. */
const NAMED_TABLES: string[] = ["ca_entities", "ca_places"];

/** A record's labels in every locale, as one text (what other records' documents hold of a person or place). */
function labelsOf(r: InterchangeRecord): string {
  return LOCALES.filter((l) => r.texts[l])
    .map((l) => `${l}:${r.texts[l]!.label}`)
    .join("|");
}

/** The stored access and labels of the batch's people and places (absent: new). */
async function storedNames(tx: Tx, records: InterchangeRecord[]): Promise<Map<string, { access: number; labels: string }>> {
  const named = records.filter((r) => NAMED_TABLES.includes(r.table));
  if (!named.length) return new Map();
  const rows = (
    (await tx.execute(sql`
    select r.table_name, r.id, r.access, coalesce(string_agg(t.locale || ':' || t.label, '|' order by array_position('{it,en,fr}'::text[], t.locale)), '') as labels
    from records r left join record_texts t on t.record_uid = r.uid
    where (r.table_name, r.id) in (select * from unnest(${toTextArray(named.map((r) => r.table))}, ${toTextArray(named.map((r) => r.id))}))
    group by r.uid`)) as unknown as { rows: { table_name: string; id: string; access: number; labels: string }[] }
  ).rows;
  return new Map(rows.map((x) => [`${x.table_name}/${x.id}`, { access: Number(x.access), labels: x.labels }]));
}

/** The records whose relations name the records `targets` (the people and places their documents hold). */
async function namingRecords(tx: Tx, targets: number[]): Promise<{ from: number; target: number }[]> {
  if (!targets.length) return [];
  const rows = (
    (await tx.execute(sql`
    select x.from_uid, t.uid as target from records t join relations x on x.to_table = t.table_name and x.to_id = t.id
    where t.uid = any(${`{${targets.join(",")}}`}::bigint[])`)) as unknown as {
      rows: { from_uid: number | string; target: number | string }[];
    }
  ).rows;
  return rows.map((x) => ({ from: Number(x.from_uid), target: Number(x.target) }));
}

type TagRow = { id: string; parentId: string | null; path: string; depth: number };

/**
 * Makes every tag row's path and depth follow the parent links of the batch
 * (the parent of a tag is that of its leaf line, else of its first line), so
 * that two lines placing a tag differently cannot leave a child under an
 * ancestor chain its parent no longer has. A parent cycle keeps the line's path.
 */
function followBatchParents(rows: Map<string, TagRow>) {
  for (const row of rows.values()) {
    const ids = [row.id];
    let parent = row.parentId;
    while (parent !== null) {
      const up = rows.get(parent);
      if (!up || ids.includes(parent) || ids.length > 100) {
        ids.length = 0;
        break;
      }
      ids.unshift(parent);
      parent = up.parentId;
    }
    if (ids.length) {
      row.path = ids.join("/");
      row.depth = ids.length - 1;
    }
  }
}

/**
 * After tags got a new path, the path and depth of everything below them
 * (by parent_id): returns the ids of the descendants whose path changed.
 */
async function moveDescendants(tx: Tx, moved: string[]): Promise<string[]> {
  const res = (await tx.execute(sql`
    with recursive sub(id, path, depth) as (
      select id, path, depth::int from tags where id = any(${toTextArray(moved)})
      union all
      select t.id, s.path || '/' || t.id, s.depth + 1
      from sub s join tags t on t.parent_id = s.id
      where s.depth < 200 and position('/' || t.id || '/' in '/' || s.path || '/') = 0
    ),
    -- a tag below two moved tags (one above the other) is reached twice: keep one row
    best as (select distinct on (id) id, path, depth from sub order by id, depth desc)
    update tags set path = best.path, depth = best.depth
    from best where tags.id = best.id and (tags.path <> best.path or tags.depth <> best.depth)
    returning tags.id`)) as unknown as { rows: { id: string }[] };
  return res.rows.map((r) => r.id);
}

/**
 * Records tagged with (or below) tags whose path changed: their inherited
 * record_tags rows and tag_ids are computed again from the tags' paths.
 * Returns their uids (for the search documents).
 */
async function retagRecords(tx: Tx, tags: string[]): Promise<number[]> {
  const found = (await tx.execute(sql`select uid from records where tag_ids && ${toTextArray(tags)}`)) as unknown as {
    rows: { uid: number | string }[];
  };
  const uids = found.rows.map((r) => Number(r.uid));
  if (!uids.length) return [];
  await relinkInheritedTags(tx, uids);
  return uids;
}

/**
 * Recomputes records' inherited tag links (every ancestor on the path of each direct tag) and their `tag_ids`,
 * after their direct tags or the tags' paths changed: the importer's and the drop box's one way to link tags.
 */
export async function relinkInheritedTags(tx: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, uids: number[]): Promise<void> {
  if (!uids.length) return;
  const uidArray = sql`${`{${uids.join(",")}}`}::bigint[]`;
  await tx.execute(sql`delete from record_tags where inherited and record_uid = any(${uidArray})`);
  await tx.execute(sql`insert into record_tags (record_uid, tag_id, inherited)
    select distinct rt.record_uid, a.id, true
    from record_tags rt join tags t on t.id = rt.tag_id
    cross join lateral unnest(string_to_array(t.path, '/')) as a(id)
    where rt.record_uid = any(${uidArray}) and not rt.inherited and a.id <> rt.tag_id and exists (select 1 from tags x where x.id = a.id)
    on conflict do nothing`);
  // The same order as tagIdsOf (tag ids are ASCII: byte order is JavaScript's).
  await tx.execute(sql`update records r set tag_ids = coalesce(
      (select array_agg(rt.tag_id order by rt.tag_id collate "C") from record_tags rt where rt.record_uid = r.uid), '{}')
    where r.uid = any(${uidArray})`);
}

/** A record's tag ids with their ancestors, sorted. */
function tagIdsOf(r: InterchangeRecord): string[] {
  return [...new Set(r.tags.flatMap((t) => [t.id, ...t.parents.map((p) => p.id)]))].sort();
}

/** The label a record is ordered by in a locale (its own, else Italian, else any): lower case, no accents, no leading punctuation. */
function sortKey(r: InterchangeRecord, locale: Locale): string {
  const t = r.texts[locale] ?? r.texts.it ?? r.texts.en ?? r.texts.fr;
  return (t?.label ?? r.id)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+/u, "");
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Recomputes parent_path (ancestor ids joined by '/') for every record with a parent. */
export async function refreshParentPaths(tx: Tx) {
  await tx.execute(sql`
    with recursive chain(uid, table_name, id, path, depth) as (
      select uid, table_name, id, null::text, 0 from records where parent_id is null
      union all
      select r.uid, r.table_name, r.id, coalesce(c.path || '/', '') || c.id, c.depth + 1
      from records r join chain c on r.table_name = c.table_name and r.parent_id = c.id
      where c.depth < 50
    )
    update records set parent_path = chain.path
    from chain where records.uid = chain.uid and records.parent_path is distinct from chain.path`);
}
