import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { holdsMarkup, startsAsMarkup } from "~/.server/file-content";
import type { ServiceContext } from "~/.server/context";
import { recordVisible, Refusal, requireCapability } from "~/.server/access";
import { readEnv } from "~/.server/env";
import { deriveImage, storeFile, type Derived } from "~/.server/media";
import { clearSearchCache } from "~/features/search/index.server";
import { toTextArray } from "~/features/records/index.server";
import { relinkInheritedTags } from "~/features/catalogue/index.server";
import { audit } from "~/features/accounts/index.server";
import { translate, type MessageKey } from "~/i18n";
import { TABLES } from "~/lib/tables";
import { ACCEPTED, dropboxLimits, type DropboxKind, type DropboxLimits } from "./dropbox";

/**
 * The drop box (issue 16 §5, decision 073): staff (LOGIN_BACKEND) upload files into a staging area,
 * `DATA_DIR/staging`, under random names; each file's type is read from its first bytes. An upload is all or
 * nothing: over a limit, or one file refused, and nothing is kept. The files are never served as pages: the
 * console offers them as downloads only.
 */

export type DropboxErrorCode = "limits" | "type" | "empty" | "target" | "record";
export class DropboxError extends Error {
  constructor(
    readonly code: DropboxErrorCode,
    readonly file?: string,
  ) {
    super(code);
  }
}

export function stagingDir(env: NodeJS.ProcessEnv = process.env) {
  return env.STAGING_DIR ? path.resolve(env.STAGING_DIR) : path.join(readEnv(env).dataDir, "staging");
}

export type Upload = { name: string; bytes: Uint8Array };

/** The type of a file from its content, when it is one the kind accepts and its name says the same. */
export async function checkFile(kind: DropboxKind, file: Upload): Promise<{ ext: string; mime: string } | null> {
  const nameExt = path.extname(file.name).slice(1).toLowerCase();
  const expected = ACCEPTED[kind][nameExt];
  if (!expected || file.bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(file.bytes);
  if (!found || found.ext !== expected) return null;
  if (expected === "cfb") return { ext: "doc", mime: "application/msword" };
  // XML, but not a page or a drawing a browser would run: an SVG or XHTML root, or a stylesheet processing
  // instruction (XSLT turns any XML into a page), is refused. The whole file is read (it is within the size
  // limit): a root after 64 KB of comment was missed when only the start was. Any other kind that reads as
  // markup is not what its name says.
  // The text is decoded in its own encoding first (a UTF-16 SVG read as UTF-8 showed no root; issue 29 §6).
  if (expected === "xml" ? holdsMarkup(file.bytes) : startsAsMarkup(file.bytes)) return null;
  return { ext: found.ext, mime: found.mime };
}

/** A name fit for a listing: no path, no control characters, at most 200 characters. */
const cleanName = (name: string) =>
  (
    path
      .basename(name.replace(/\\/g, "/"))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are stripped from an uploaded file's name on purpose
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim() || "file"
  ).slice(0, 200);

export type StagedFile = {
  id: string;
  originalName: string;
  kind: DropboxKind;
  mime: string;
  ext: string;
  size: number;
  target: string;
  tags: string[];
  uploadedBy: string | null;
  uploaderEmail: string | null;
  createdAt: Date;
};

/** Checks and keeps a batch of uploads. Nothing is kept unless every file passes. */
export async function stageFiles(
  ctx: ServiceContext,
  input: { kind: DropboxKind; target: string; tags: string[]; files: Upload[] },
  opts: { limits?: DropboxLimits; address?: string; dir?: string } = {},
): Promise<{ ids: string[] }> {
  const userId = requireCapability(ctx, "LOGIN_BACKEND");
  const limits = opts.limits ?? dropboxLimits();
  const files = input.files.filter((f) => f.name || f.bytes.length);
  if (!files.length) throw new DropboxError("empty");
  const total = files.reduce((n, f) => n + f.bytes.length, 0);
  if (files.length > limits.maxFiles || total > limits.maxTotalBytes || files.some((f) => f.bytes.length > limits.maxFileBytes))
    throw new DropboxError("limits");
  const checked: { file: Upload; ext: string; mime: string }[] = [];
  for (const file of files) {
    const type = await checkFile(input.kind, file);
    if (!type) throw new DropboxError("type", cleanName(file.name));
    checked.push({ file, ...type });
  }
  const dir = opts.dir ?? stagingDir();
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  try {
    const rows: { storedName: string; originalName: string; ext: string; mime: string; size: number; sha256: string }[] = [];
    for (const c of checked) {
      const storedName = `${crypto.randomBytes(18).toString("base64url")}.${c.ext}`;
      const target = path.join(dir, storedName);
      fs.writeFileSync(target, c.file.bytes, { flag: "wx", mode: 0o640 });
      written.push(target);
      rows.push({
        storedName,
        originalName: cleanName(c.file.name),
        ext: c.ext,
        mime: c.mime,
        size: c.file.bytes.length,
        sha256: crypto.createHash("sha256").update(c.file.bytes).digest("hex"),
      });
    }
    const ids = await ctx.database.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const r of rows) {
        const res =
          (await tx.execute(sql`insert into staging_files (stored_name, original_name, kind, mime, ext, size, sha256, target, tags, uploaded_by)
          values (${r.storedName}, ${r.originalName}, ${input.kind}, ${r.mime}, ${r.ext}, ${r.size}, ${r.sha256}, ${input.target}, ${JSON.stringify(input.tags)}::jsonb, ${userId})
          returning id`)) as unknown as { rows: { id: string }[] };
        out.push(res.rows[0]!.id);
      }
      return out;
    });
    await audit(ctx, {
      event: "dropbox_upload",
      actor: { userId, address: opts.address ?? "" },
      detail: { files: rows.map((r) => r.originalName), kind: input.kind, target: input.target, tags: input.tags },
    });
    return { ids };
  } catch (err) {
    for (const f of written) fs.rmSync(f, { force: true });
    throw err;
  }
}

type StagedRow = {
  id: string;
  original_name: string;
  kind: DropboxKind;
  mime: string;
  ext: string;
  size: number | string;
  target: string;
  tags: string[];
  uploaded_by: string | null;
  email: string | null;
  created_at: Date | string;
};

const staged = (r: StagedRow): StagedFile => ({
  id: r.id,
  originalName: r.original_name,
  kind: r.kind,
  mime: r.mime,
  ext: r.ext,
  size: Number(r.size),
  target: r.target,
  tags: r.tags,
  uploadedBy: r.uploaded_by,
  uploaderEmail: r.email,
  createdAt: new Date(r.created_at),
});

/** The staging area, newest first (the console: ADMIN). */
export async function listStaged(ctx: ServiceContext, limit = 100): Promise<{ items: StagedFile[]; total: number; bytes: number }> {
  requireCapability(ctx, "ADMIN");
  const rows = await ctx.database.rows<StagedRow>(
    sql`select s.id, s.original_name, s.kind, s.mime, s.ext, s.size, s.target, s.tags, s.uploaded_by, u.email, s.created_at
      from staging_files s left join users u on u.id = s.uploaded_by order by s.created_at desc, s.id limit ${limit}`,
  );
  const [agg] = await ctx.database.rows<{ n: number; bytes: string | number | null }>(
    sql`select count(*)::int as n, sum(size) as bytes from staging_files`,
  );
  return { items: rows.map(staged), total: agg?.n ?? 0, bytes: Number(agg?.bytes ?? 0) };
}

/**
 * A staged file that is not there (or no longer: discarded or attached meanwhile): not found, with the console's
 * message for its page; the download answers the route guard's 404.
 */
export const stagedGone = () => new Refusal(404, "console.error.stagedGone");

/** One staged file and where it is, for its download (ADMIN). */
export async function stagedFile(ctx: ServiceContext, id: string): Promise<StagedFile & { file: string }> {
  requireCapability(ctx, "ADMIN");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw stagedGone();
  const rows = await ctx.database.rows<StagedRow & { stored_name: string }>(
    sql`select s.id, s.stored_name, s.original_name, s.kind, s.mime, s.ext, s.size, s.target, s.tags, s.uploaded_by, null as email, s.created_at
      from staging_files s where s.id = ${id}`,
  );
  const r = rows[0];
  if (!r) throw stagedGone();
  return { ...staged(r), file: path.join(stagingDir(), r.stored_name) };
}

/** Removes a staged file and its bytes (ADMIN). */
export async function deleteStaged(ctx: ServiceContext, id: string, opts: { address?: string } = {}): Promise<void> {
  const f = await stagedFile(ctx, id);
  await ctx.database.rows(sql`delete from staging_files where id = ${id}`);
  fs.rmSync(f.file, { force: true });
  await audit(ctx, {
    event: "dropbox_deleted",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { id, file: f.originalName },
  });
}

/** bucaSelect: the targets a batch can be meant for — the catalogue's tables, or records whose label matches `q`. */
export async function dropboxTargets(ctx: ServiceContext, q: string): Promise<{ value: string; label: string }[]> {
  requireCapability(ctx, "LOGIN_BACKEND");
  if (!q) {
    const present = await ctx.database.rows<{ table_name: string }>(
      sql`select distinct table_name from records r where ${recordVisible(ctx.viewer)}`,
    );
    const have = new Set(present.map((p) => p.table_name));
    return TABLES.filter((t) => have.has(t)).map((t) => ({ value: t, label: translate(ctx.locale, `table.${t}` as MessageKey) }));
  }
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.database.rows<{ table_name: string; id: string; label: string }>(
    sql`select r.table_name, r.id, coalesce(own.label, it.label) as label
      from records r
      left join record_texts own on own.record_uid = r.uid and own.locale = ${ctx.locale}
      left join record_texts it on it.record_uid = r.uid and it.locale = 'it'
      where ${recordVisible(ctx.viewer)} and (coalesce(own.label, it.label) ilike ${like} or r.id = ${q})
      order by coalesce(own.label, it.label) limit 20`,
  );
  return rows.map((r) => ({ value: `${r.table_name}/${r.id}`, label: `${r.label} (${r.table_name}/${r.id})` }));
}

/** bucaTags: the catalogue's tags whose name (in the locale or Italian) matches `q`; the first 50 without one. */
export async function dropboxTags(ctx: ServiceContext, q: string): Promise<{ value: string; label: string }[]> {
  requireCapability(ctx, "LOGIN_BACKEND");
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.database.rows<{ id: string; name: string }>(
    sql`select id, coalesce(names->>${ctx.locale}, names->>'it', id) as name from tags
      where ${q === ""} or coalesce(names->>${ctx.locale}, names->>'it', id) ilike ${like}
      order by 2 limit 50`,
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

/**
 * Attaches a staged file to a record as its last media (ADMIN): an image gets its derivatives (thumbnail,
 * medium, large; IIIF tiles are made on their first request), a document is stored as it is. The media row,
 * the record's has-media flag and its search documents change in one transaction; the caches (and the
 * protected-media map) are cleared; the staged file leaves the staging area. `target` is 'table/id'.
 */
export async function attachStaged(
  ctx: ServiceContext,
  id: string,
  target: string,
  opts: { mediaDir: string; address?: string },
): Promise<{ table: string; id: string; tags: string[]; unknownTags: string[] }> {
  const f = await stagedFile(ctx, id);
  const m = /^([a-z_]+)\/([\w.-]{1,100})$/.exec(target.trim());
  if (!m || !(TABLES as readonly string[]).includes(m[1]!)) throw new DropboxError("target");
  const [, table, recordId] = m as unknown as [string, string, string];
  const [record] = await ctx.database.rows<{ uid: string | number }>(
    sql`select uid from records where table_name = ${table} and id = ${recordId}`,
  );
  if (!record) throw new DropboxError("record");
  if (!fs.existsSync(f.file)) throw stagedGone();
  const image = f.kind === "image";
  const stored = image ? await deriveImage(f.file, opts.mediaDir) : await storeFile(f.file, opts.mediaDir);
  const d = stored as Partial<Derived> & { original: string };
  const uid = Number(record.uid);
  const { found: tagIds, unknown: unknownTags } = await resolveTags(ctx, f.tags);
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into media (record_uid, ord, media_type, mime, title, restricted, original, thumbnail, medium, large, width, height, dominant_color)
      values (${uid}, (select coalesce(max(ord) + 1, 0) from media where record_uid = ${uid}), ${image ? "image" : "application"}, ${f.mime},
        ${JSON.stringify({ it: f.originalName })}::jsonb, false, ${d.original}, ${d.thumbnail ?? null}, ${d.medium ?? null}, ${d.large ?? null},
        ${d.width ?? null}::int, ${d.height ?? null}::int, ${d.dominantColor ?? null})`);
    if (image) await tx.execute(sql`update records set has_media = true, updated_at = now() where uid = ${uid}`);
    else await tx.execute(sql`update records set updated_at = now() where uid = ${uid}`);
    if (tagIds.length) await giveTags(tx, uid, tagIds);
    await tx.execute(sql`select teca_refresh_search_docs(${`{${uid}}`}::bigint[])`);
    await tx.execute(sql`delete from staging_files where id = ${f.id}`);
  });
  fs.rmSync(f.file, { force: true });
  clearSearchCache(ctx.database);
  await audit(ctx, {
    event: "dropbox_attached",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: {
      file: f.originalName,
      record: `${table}/${recordId}`,
      media: d.original,
      tags: tagIds,
      ...(unknownTags.length ? { unknownTags } : {}),
    },
  });
  return { table, id: recordId, tags: tagIds, unknownTags };
}

/**
 * What the console's notice after an attach says about tags, read back from this user's own latest attach in
 * the audit log (at most ten minutes old), never from the address: a crafted link cannot put text in an
 * administrator's console. Null when there is none.
 */
export async function lastAttachNotice(ctx: ServiceContext): Promise<{ given: number; unknownTags: string[] } | null> {
  if (ctx.viewer.kind !== "user") return null;
  const [row] = await ctx.database.rows<{ detail: { tags?: unknown; unknownTags?: unknown } }>(sql`select detail from audit_log
    where event = 'dropbox_attached' and actor_id = ${ctx.viewer.userId} and at > now() - interval '10 minutes'
    order by id desc limit 1`);
  if (!row) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return { given: list(row.detail.tags).length, unknownTags: list(row.detail.unknownTags) };
}

/**
 * The catalogue's tags the upload named (bucaTags offers their ids; a name typed in any language, in any
 * case, is the tag of that name when exactly one has it). What names no tag is left out: a typo must not
 * become a public facet.
 */
async function resolveTags(ctx: ServiceContext, wanted: string[]): Promise<{ found: string[]; unknown: string[] }> {
  if (!wanted.length) return { found: [], unknown: [] };
  const lower = wanted.map((w) => w.toLowerCase());
  const rows = await ctx.database.rows<{ id: string; names: string[] }>(
    sql`select id, array(select lower(v) from jsonb_each_text(names) as n(k, v)) as names from tags
      where id = any(${toTextArray(wanted)})
        or exists (select 1 from jsonb_each_text(names) as n(k, v) where lower(v) = any(${toTextArray(lower)}))`,
  );
  const found: string[] = [];
  const unknown: string[] = [];
  for (const [i, w] of wanted.entries()) {
    const byId = rows.find((r) => r.id === w);
    const byName = rows.filter((r) => r.names.includes(lower[i]!));
    const tag = byId?.id ?? (byName.length === 1 ? byName[0]!.id : undefined);
    if (tag) {
      if (!found.includes(tag)) found.push(tag);
    } else unknown.push(w);
  }
  return { found, unknown };
}

/**
 * Gives tags to a record as the importer links them (import.server.ts): a direct link per tag, an inherited
 * one per ancestor on its path (a direct link already there stays direct), and the record's `tag_ids`
 * (every tag with its ancestors, in byte order) recomputed; the caller refreshes the search documents.
 */
async function giveTags(tx: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, uid: number, tagIds: string[]) {
  await tx.execute(sql`insert into record_tags (record_uid, tag_id, inherited)
    select ${uid}::bigint, id, false from tags where id = any(${toTextArray(tagIds)})
    on conflict (record_uid, tag_id) do update set inherited = false`);
  await relinkInheritedTags(tx, [uid]);
}
