import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { holdsMarkup, startsAsMarkup } from "~/.server/file-content";
import type { ServiceContext } from "~/.server/context";
import { anonymousViewer, mediaVisible, recordVisible, Refusal, requireCapability, seesRestrictedMedia } from "~/.server/access";
import { capabilities } from "~/.server/session";
import { readEnv } from "~/.server/env";
import { deriveImage, storeFile, type Derived } from "~/.server/media";
import { clearSearchCache } from "~/features/search/index.server";
import { cardQuery, type CardRow, toTextArray } from "~/features/records/index.server";
import { relinkInheritedTags } from "~/features/catalogue/index.server";
import { audit } from "~/features/accounts/index.server";
import { translate, type MessageKey } from "~/i18n";
import { isTable, recordPath, TABLES, type TableName } from "~/lib/tables";
import { formatNumero } from "~/lib/format";
import { isLocale, type Locale } from "~/lib/locale";
import { ACCEPTED, dropboxLimits, type DropboxKind, type DropboxLimits } from "./dropbox";

/**
 * The drop box (issue 16 §5, decision 073): staff (LOGIN_BACKEND) upload files into a staging area,
 * `DATA_DIR/staging`, under random names; each file's type is read from its first bytes. An upload is all or
 * nothing: over a limit, or one file refused, and nothing is kept. The files are never served as pages: the
 * console offers them as downloads only.
 */

export type DropboxErrorCode = "limits" | "type" | "empty" | "target" | "record" | "notAttached";
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

/** What a staged file is meant for, as staff read it: a record by its title, type and inventory number, or a table. */
export type TargetView = { table: string; record: TargetChoice | null } | null;

export type StagedFile = {
  id: string;
  originalName: string;
  kind: DropboxKind;
  mime: string;
  ext: string;
  size: number;
  target: string;
  targetView: TargetView;
  /** The upload's tags by their names in the locale (ids of the catalogue's tags; an older upload's words as typed). */
  tags: string[];
  uploadedBy: string | null;
  uploaderEmail: string | null;
  createdAt: Date;
  /** The pending media it was attached as (decision 092); null while it waits to be attached. */
  mediaId: number | null;
  attachedAt: Date | null;
};

/**
 * Checks and keeps a batch of uploads. Nothing is kept unless every file passes. The tags kept are the
 * catalogue's tags the words name (checkTags); the words that name none are answered, never kept.
 */
export async function stageFiles(
  ctx: ServiceContext,
  input: { kind: DropboxKind; target: string; tags: string[]; files: Upload[] },
  opts: { limits?: DropboxLimits; address?: string; dir?: string } = {},
): Promise<{ ids: string[]; unknownTags: string[] }> {
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
  const { found, unknown } = await resolveTags(ctx, input.tags);
  const tagIds = found.map((t) => t.id);
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
          values (${r.storedName}, ${r.originalName}, ${input.kind}, ${r.mime}, ${r.ext}, ${r.size}, ${r.sha256}, ${input.target}, ${JSON.stringify(tagIds)}::jsonb, ${userId})
          returning id`)) as unknown as { rows: { id: string }[] };
        out.push(res.rows[0]!.id);
      }
      return out;
    });
    await audit(ctx, {
      event: "dropbox_upload",
      actor: { userId, address: opts.address ?? "" },
      detail: {
        files: rows.map((r) => r.originalName),
        kind: input.kind,
        target: input.target,
        tags: tagIds,
        ...(unknown.length ? { unknownTags: unknown } : {}),
      },
    });
    return { ids, unknownTags: unknown };
  } catch (err) {
    for (const f of written) fs.rmSync(f, { force: true });
    throw err;
  }
}

/**
 * Which of the words typed as tags name a tag of the catalogue (by id, or by a name in any language, in any
 * case, when exactly one tag has it), with the tag's name in the locale; and which name none. The drop box's
 * form asks before an upload what to do with the latter (issue 31 §2): they are never kept.
 */
export async function checkTags(
  ctx: ServiceContext,
  words: string[],
): Promise<{ found: { id: string; name: string }[]; unknown: string[] }> {
  requireCapability(ctx, "LOGIN_BACKEND");
  return resolveTags(ctx, words);
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
  tag_names: (string | null)[] | null;
  uploaded_by: string | null;
  email: string | null;
  created_at: Date | string;
  media_id: number | string | null;
  attached_at: Date | string | null;
  target_table: string | null;
  target_id: string | null;
  target_label: string | null;
  target_type: string | null;
  numero_prefix: string | null;
  numero: string | null;
  numero_bis: string | null;
};

const staged = (r: StagedRow, locale: Locale): StagedFile => ({
  id: r.id,
  originalName: r.original_name,
  kind: r.kind,
  mime: r.mime,
  ext: r.ext,
  size: Number(r.size),
  target: r.target,
  targetView: targetView(r, locale),
  tags: r.tags.map((t, i) => r.tag_names?.[i] ?? t),
  uploadedBy: r.uploaded_by,
  uploaderEmail: r.email,
  createdAt: new Date(r.created_at),
  mediaId: r.media_id === null ? null : Number(r.media_id),
  attachedAt: r.attached_at === null ? null : new Date(r.attached_at),
});

function targetView(r: StagedRow, locale: Locale): TargetView {
  if (r.target_id !== null && r.target_table !== null)
    return {
      table: r.target_table,
      record: choice(locale, {
        table: r.target_table,
        id: r.target_id,
        label: r.target_label,
        type: r.target_type,
        numero: formatNumero({ prefix: r.numero_prefix, number: r.numero, bis: r.numero_bis }),
      }),
    };
  const table = r.target.split("/")[0];
  return isTable(table) ? { table, record: null } : null;
}

/**
 * The staged files with what staff read of them: the record meant (title, type, inventory number, when the
 * viewer may see it; the pending media's record once attached) and the tags' names.
 */
function stagedQuery(ctx: ServiceContext, where: SQL, orderLimit: SQL = sql``): SQL {
  const loc = ctx.locale;
  return sql`select s.id, s.original_name, s.kind, s.mime, s.ext, s.size, s.target, s.tags, s.uploaded_by, u.email, s.created_at,
      s.media_id, s.attached_at, r.table_name as target_table, r.id as target_id, tx.label as target_label,
      coalesce(rt.names->>${loc}, rt.names->>'it') as target_type, r.numero_prefix, r.numero, r.numero_bis,
      array(select coalesce(g.names->>${loc}, g.names->>'it', w.v) from jsonb_array_elements_text(s.tags) with ordinality as w(v, n)
        left join tags g on g.id = w.v order by w.n) as tag_names
    from staging_files s
    left join users u on u.id = s.uploaded_by
    left join media pm on pm.id = s.media_id
    left join records r on ${recordVisible(ctx.viewer, "r")} and (case when pm.id is not null then r.uid = pm.record_uid
      else s.target like '%/%' and r.table_name = split_part(s.target, '/', 1) and r.id = substr(s.target, strpos(s.target, '/') + 1) end)
    left join lateral (
      select label from record_texts t where t.record_uid = r.uid order by (t.locale = ${loc}) desc, (t.locale = 'it') desc, t.locale limit 1
    ) tx on true
    left join record_types rt on rt.id = r.type_id
    where ${where} ${orderLimit}`;
}

/**
 * The staging area, newest first (the console: ADMIN): the files waiting to be attached, and those attached
 * and waiting for their confirmation (decision 092).
 */
export async function listStaged(
  ctx: ServiceContext,
  limit = 100,
): Promise<{ items: StagedFile[]; pending: StagedFile[]; total: number; bytes: number }> {
  requireCapability(ctx, "ADMIN");
  const [rows, pendingRows] = await Promise.all([
    ctx.database.rows<StagedRow>(stagedQuery(ctx, sql`s.media_id is null`, sql`order by s.created_at desc, s.id limit ${limit}`)),
    ctx.database.rows<StagedRow>(stagedQuery(ctx, sql`s.media_id is not null`, sql`order by s.attached_at desc, s.id limit ${limit}`)),
  ]);
  const [agg] = await ctx.database.rows<{ n: number; bytes: string | number | null }>(
    sql`select count(*)::int as n, sum(size) as bytes from staging_files where media_id is null`,
  );
  return {
    items: rows.map((r) => staged(r, ctx.locale)),
    pending: pendingRows.map((r) => staged(r, ctx.locale)),
    total: agg?.n ?? 0,
    bytes: Number(agg?.bytes ?? 0),
  };
}

/**
 * A staged file that is not there (or no longer: discarded or attached meanwhile): not found, with the console's
 * message for its page; the download answers the route guard's 404.
 */
export const stagedGone = () => new Refusal(404, "console.error.stagedGone");

/** One staged file and where it is, for its download and its attach page (ADMIN). */
export async function stagedFile(ctx: ServiceContext, id: string): Promise<StagedFile & { file: string }> {
  requireCapability(ctx, "ADMIN");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw stagedGone();
  const rows = await ctx.database.rows<StagedRow & { stored_name: string }>(
    sql`select x.*, s2.stored_name from (${stagedQuery(ctx, sql`s.id = ${id}`)}) x join staging_files s2 on s2.id = x.id`,
  );
  const r = rows[0];
  if (!r) throw stagedGone();
  return { ...staged(r, ctx.locale), file: path.join(stagingDir(), r.stored_name) };
}

/** Removes a staged file and its bytes (ADMIN); one attached and waiting for its confirmation is detached first. */
export async function deleteStaged(ctx: ServiceContext, id: string, opts: { address?: string } = {}): Promise<void> {
  const f = await stagedFile(ctx, id);
  await ctx.database.db.transaction(async (tx) => {
    if (f.mediaId !== null) await tx.execute(sql`delete from media where id = ${f.mediaId} and pending`);
    await tx.execute(sql`delete from staging_files where id = ${id}`);
  });
  fs.rmSync(f.file, { force: true });
  await audit(ctx, {
    event: "dropbox_deleted",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { id, file: f.originalName },
  });
}

/** A record staff may choose: its title, type and inventory number (never its table and id, issue 31 §9). */
export type TargetChoice = {
  /** 'table/id', the form's value (never shown). */
  value: string;
  table: string;
  id: string;
  title: string;
  type: string | null;
  numero: string | null;
  /** Title, type and inventory number in one line, for a list's option. */
  label: string;
  link: string;
};

function choice(
  locale: Locale,
  r: { table: string; id: string; label: string | null; type: string | null; numero: string | null },
): TargetChoice {
  const title = r.label ?? translate(locale, "dropbox.untitled");
  const table = (isTable(r.table) ? r.table : "ca_objects") as TableName;
  const parts = [
    r.type ?? translate(locale, `table.${table}` as MessageKey),
    r.numero ? translate(locale, "dropbox.numero", { numero: r.numero }) : null,
  ];
  return {
    value: `${r.table}/${r.id}`,
    table: r.table,
    id: r.id,
    title,
    type: r.type,
    numero: r.numero || null,
    label: `${title} — ${parts.filter(Boolean).join(" · ")}`,
    /** The record page's path without the locale prefix. */
    link: recordPath(table, r.id, title),
  };
}

/**
 * Records whose title (in any language), inventory number or identifier matches `q`, for staff to choose one
 * by its title, type and inventory number (the drop box's target, the console's attach).
 */
export async function findTargetRecords(ctx: ServiceContext, q: string, limit = 20): Promise<TargetChoice[]> {
  requireCapability(ctx, "LOGIN_BACKEND");
  const text = q.trim();
  if (!text) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.database.rows<CardRow>(
    cardQuery(
      ctx,
      sql`(exists (select 1 from record_texts t where t.record_uid = r.uid and t.label ilike ${like})
        or concat_ws(' ', r.numero_prefix, r.numero, r.numero_bis) ilike ${like} or r.numero = ${text} or r.id = ${text})`,
      sql`order by tx.label, r.table_name, r.id limit ${limit}`,
    ),
  );
  return rows.map((r) =>
    choice(ctx.locale, {
      table: r.table_name,
      id: r.id,
      label: r.label,
      type: r.type_name,
      numero: formatNumero({ prefix: r.numero_prefix, number: r.numero, bis: r.numero_bis }),
    }),
  );
}

/** One record by 'table/id', as a choice (when the viewer may see it). */
async function targetRecord(ctx: ServiceContext, value: string): Promise<(TargetChoice & { uid: number; access: number }) | null> {
  const m = /^([a-z_]+)\/([\w.-]{1,100})$/.exec(value.trim());
  if (!m || !isTable(m[1])) return null;
  const [row] = await ctx.database.rows<CardRow>(cardQuery(ctx, sql`r.table_name = ${m[1]} and r.id = ${m[2]}`));
  if (!row) return null;
  return {
    ...choice(ctx.locale, {
      table: row.table_name,
      id: row.id,
      label: row.label,
      type: row.type_name,
      numero: formatNumero({ prefix: row.numero_prefix, number: row.numero, bis: row.numero_bis }),
    }),
    uid: Number(row.uid),
    access: Number(row.access),
  };
}

/** bucaSelect: the targets a batch can be meant for — the catalogue's tables, or records whose title matches `q`. */
export async function dropboxTargets(ctx: ServiceContext, q: string): Promise<{ value: string; label: string }[]> {
  requireCapability(ctx, "LOGIN_BACKEND");
  if (!q) {
    const present = await ctx.database.rows<{ table_name: string }>(
      sql`select distinct table_name from records r where ${recordVisible(ctx.viewer)}`,
    );
    const have = new Set(present.map((p) => p.table_name));
    return TABLES.filter((t) => have.has(t)).map((t) => ({ value: t, label: translate(ctx.locale, `table.${t}` as MessageKey) }));
  }
  return (await findTargetRecords(ctx, q)).map((r) => ({ value: r.value, label: r.label }));
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

/** What the attach step asks (issue 31 §2): the record, who will see the media, its caption per language, its rights. */
export type AttachInput = {
  /** 'table/id' of the record chosen from a search. */
  target: string;
  /** Once confirmed: only viewers who see restricted media (true) or every visitor of the record (false). */
  restricted: boolean;
  title: Partial<Record<Locale, string>>;
  license: string;
  credit: string;
};

/**
 * Attaches a staged file to a record as its last media, hidden (ADMIN; decision 092): an image gets its
 * derivatives (thumbnail, medium, large; IIIF tiles are made on their first request), a document is stored as
 * it is; the media row is `pending`, which no viewer sees, and carries the caption, access and rights asked
 * for. The record, its flags, tags and search documents do not change until confirmAttach; the file stays in
 * the staging area, linked to its media, until then. Called again while pending, it changes what was given
 * (the record too).
 */
export async function attachStaged(
  ctx: ServiceContext,
  id: string,
  input: AttachInput,
  opts: { mediaDir: string; address?: string },
): Promise<{ table: string; id: string; mediaId: number }> {
  const f = await stagedFile(ctx, id);
  const record = await targetRecord(ctx, input.target);
  if (!record) throw new DropboxError(/^[a-z_]+\/[\w.-]{1,100}$/.test(input.target.trim()) ? "record" : "target");
  const title = Object.fromEntries(
    Object.entries(input.title)
      .map(([k, v]) => [k, (v ?? "").trim()] as const)
      .filter(([k, v]) => v && isLocale(k)),
  );
  const license = input.license.trim() || null;
  const credit = input.credit.trim() || null;
  if (f.mediaId !== null) {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`update media set title = ${JSON.stringify(title)}::jsonb, restricted = ${input.restricted}, license = ${license},
        credit = ${credit},
        ord = case when record_uid = ${record.uid} then ord else (select coalesce(max(ord) + 1, 0) from media where record_uid = ${record.uid}) end,
        record_uid = ${record.uid}
        where id = ${f.mediaId} and pending`);
    });
    await audit(ctx, {
      event: "dropbox_attached",
      actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
      detail: { file: f.originalName, record: record.value, media: f.mediaId, restricted: input.restricted, changed: true },
    });
    return { table: record.table, id: record.id, mediaId: f.mediaId };
  }
  if (!fs.existsSync(f.file)) throw stagedGone();
  const image = f.kind === "image";
  const stored = image ? await deriveImage(f.file, opts.mediaDir) : await storeFile(f.file, opts.mediaDir);
  const d = stored as Partial<Derived> & { original: string };
  const mediaId = await ctx.database.db.transaction(async (tx) => {
    const res = (await tx.execute(sql`insert into media (record_uid, ord, media_type, mime, title, restricted, pending, license, credit,
        original, thumbnail, medium, large, width, height, dominant_color)
      values (${record.uid}, (select coalesce(max(ord) + 1, 0) from media where record_uid = ${record.uid}), ${image ? "image" : "application"}, ${f.mime},
        ${JSON.stringify(title)}::jsonb, ${input.restricted}, true, ${license}, ${credit}, ${d.original}, ${d.thumbnail ?? null}, ${d.medium ?? null},
        ${d.large ?? null}, ${d.width ?? null}::int, ${d.height ?? null}::int, ${d.dominantColor ?? null})
      returning id`)) as unknown as { rows: { id: number | string }[] };
    const mid = Number(res.rows[0]!.id);
    const upd = (await tx.execute(
      sql`update staging_files set media_id = ${mid}, attached_at = now() where id = ${f.id} and media_id is null returning id`,
    )) as unknown as { rows: unknown[] };
    if (!upd.rows.length) throw stagedGone(); // attached meanwhile by someone else: this media row is rolled back
    return mid;
  });
  // the protected-media map learns the new files (hidden from everyone while pending)
  clearSearchCache(ctx.database);
  await audit(ctx, {
    event: "dropbox_attached",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { file: f.originalName, record: record.value, media: mediaId, restricted: input.restricted },
  });
  return { table: record.table, id: record.id, mediaId };
}

/** What the attach page shows of a staged file (ADMIN): the file, and once attached its pending media and record. */
export type Attachment = StagedFile & {
  /** The tags the record will get at the confirmation, by name, and the words that name no tag (never given). */
  tagNames: string[];
  unknownTags: string[];
  media: {
    id: number;
    mediaType: string;
    title: Partial<Record<Locale, string>>;
    restricted: boolean;
    license: string | null;
    credit: string | null;
    hasPreview: boolean;
    width: number | null;
    height: number | null;
  } | null;
  record: (TargetChoice & { access: number }) | null;
  /**
   * What a visitor (nobody signed in) sees once it is confirmed: whether the record is theirs, how many media
   * its page shows, and where this one will be among them (null: not shown to visitors).
   */
  visitors: { seesRecord: boolean; total: number; position: number | null } | null;
};

export async function getAttachment(ctx: ServiceContext, id: string): Promise<Attachment> {
  const f = await stagedFile(ctx, id);
  const { found, unknown } = await resolveTags(ctx, f.tags.length ? await rawTags(ctx, f.id) : []);
  const base = { ...f, tagNames: found.map((t) => t.name), unknownTags: unknown, media: null, record: null, visitors: null };
  if (f.mediaId === null) return base;
  const [m] = await ctx.database.rows<{
    id: number | string;
    record_uid: number | string;
    media_type: string;
    title: Partial<Record<Locale, string>>;
    restricted: boolean;
    license: string | null;
    credit: string | null;
    thumbnail: string | null;
    width: number | null;
    height: number | null;
    ord: number;
    table_name: string;
    rid: string;
  }>(sql`select m.id, m.record_uid, m.media_type, m.title, m.restricted, m.license, m.credit, m.thumbnail, m.width, m.height, m.ord,
      r.table_name, r.id as rid
    from media m join records r on r.uid = m.record_uid where m.id = ${f.mediaId}`);
  if (!m) return base;
  const record = await targetRecord(ctx, `${m.table_name}/${m.rid}`);
  const visitor = anonymousViewer(capabilities());
  const seen = await ctx.database.rows<{
    id: number | string;
    ord: number;
  }>(sql`select m.id, m.ord from media m join records r on r.uid = m.record_uid
    where m.record_uid = ${Number(m.record_uid)} and ${recordVisible(visitor, "r")} and ${mediaVisible(visitor, "m")} order by m.ord, m.id`);
  const seesRecord = record !== null && visitor.accessLevels.includes(record.access);
  const shown = seesRecord && (!m.restricted || seesRestrictedMedia(visitor));
  const total = seen.length + (shown ? 1 : 0);
  return {
    ...base,
    media: {
      id: Number(m.id),
      mediaType: m.media_type,
      title: m.title,
      restricted: m.restricted,
      license: m.license,
      credit: m.credit,
      hasPreview: Boolean(m.thumbnail),
      width: m.width,
      height: m.height,
    },
    record: record ? { ...record, access: record.access } : null,
    visitors: { seesRecord, total, position: shown ? seen.filter((s) => s.ord <= m.ord).length + 1 : null },
  };
}

/** The tags of a staged row as stored (ids, or an older upload's words). */
async function rawTags(ctx: ServiceContext, id: string): Promise<string[]> {
  const [row] = await ctx.database.rows<{ tags: string[] }>(sql`select tags from staging_files where id = ${id}`);
  return row?.tags ?? [];
}

/** The thumbnail of a pending media, for the attach page's preview only (ADMIN): its path in the media store. */
export async function pendingPreview(ctx: ServiceContext, id: string): Promise<string> {
  const f = await stagedFile(ctx, id);
  if (f.mediaId === null) throw stagedGone();
  const [m] = await ctx.database.rows<{ thumbnail: string | null }>(sql`select thumbnail from media where id = ${f.mediaId} and pending`);
  if (!m?.thumbnail) throw stagedGone();
  return m.thumbnail;
}

/**
 * Confirms an attach (ADMIN): the media shows as it was given (to every visitor of the record, or only to
 * viewers who see restricted media); the record gets its has-media flag, the upload's tags and new search
 * documents, in one transaction; the staged file leaves the staging area; the caches are cleared.
 */
export async function confirmAttach(
  ctx: ServiceContext,
  id: string,
  opts: { address?: string } = {},
): Promise<{ table: string; id: string; tags: string[]; unknownTags: string[] }> {
  const f = await stagedFile(ctx, id);
  if (f.mediaId === null) throw new DropboxError("notAttached");
  const [m] = await ctx.database.rows<{
    record_uid: number | string;
    media_type: string;
    restricted: boolean;
    table_name: string;
    rid: string;
  }>(
    sql`select m.record_uid, m.media_type, m.restricted, r.table_name, r.id as rid from media m join records r on r.uid = m.record_uid
      where m.id = ${f.mediaId} and m.pending`,
  );
  if (!m) throw stagedGone();
  const uid = Number(m.record_uid);
  const { found, unknown } = await resolveTags(ctx, await rawTags(ctx, f.id));
  const tagIds = found.map((t) => t.id);
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`update media set pending = false where id = ${f.mediaId}`);
    if (m.media_type === "image")
      await tx.execute(
        m.restricted
          ? sql`update records set has_restricted_media = true, updated_at = now() where uid = ${uid}`
          : sql`update records set has_media = true, updated_at = now() where uid = ${uid}`,
      );
    else await tx.execute(sql`update records set updated_at = now() where uid = ${uid}`);
    if (tagIds.length) await giveTags(tx, uid, tagIds);
    await tx.execute(sql`select teca_refresh_search_docs(${`{${uid}}`}::bigint[])`);
    await tx.execute(sql`delete from staging_files where id = ${f.id}`);
  });
  fs.rmSync(f.file, { force: true });
  clearSearchCache(ctx.database);
  await audit(ctx, {
    event: "dropbox_confirmed",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: {
      file: f.originalName,
      record: `${m.table_name}/${m.rid}`,
      media: f.mediaId,
      restricted: m.restricted,
      tags: tagIds,
      ...(unknown.length ? { unknownTags: unknown } : {}),
    },
  });
  return { table: m.table_name, id: m.rid, tags: tagIds, unknownTags: unknown };
}

/**
 * Undoes an attach not yet confirmed (ADMIN): the pending media row goes, the file is in the staging area
 * again as it was uploaded (its bytes never left it). The media store's copies stay (files there are never
 * deleted; no row points at them, so they are served to no one).
 */
export async function undoAttach(ctx: ServiceContext, id: string, opts: { address?: string } = {}): Promise<void> {
  const f = await stagedFile(ctx, id);
  if (f.mediaId === null) throw new DropboxError("notAttached");
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`delete from media where id = ${f.mediaId} and pending`);
    await tx.execute(sql`update staging_files set media_id = null, attached_at = null where id = ${f.id}`);
  });
  clearSearchCache(ctx.database);
  await audit(ctx, {
    event: "dropbox_detached",
    actor: { userId: ctx.viewer.userId, address: opts.address ?? "" },
    detail: { file: f.originalName, media: f.mediaId },
  });
}

/**
 * What the console's notice after a confirmation says about tags, read back from this user's own latest
 * confirmation in the audit log (at most ten minutes old), never from the address: a crafted link cannot put
 * text in an administrator's console. Null when there is none.
 */
export async function lastAttachNotice(ctx: ServiceContext): Promise<{ given: number; unknownTags: string[] } | null> {
  if (ctx.viewer.kind !== "user") return null;
  const [row] = await ctx.database.rows<{ detail: { tags?: unknown; unknownTags?: unknown } }>(sql`select detail from audit_log
    where event = 'dropbox_confirmed' and actor_id = ${ctx.viewer.userId} and at > now() - interval '10 minutes'
    order by id desc limit 1`);
  if (!row) return null;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  return { given: list(row.detail.tags).length, unknownTags: list(row.detail.unknownTags) };
}

/**
 * The catalogue's tags the words name (bucaTags offers their ids; a name typed in any language, in any
 * case, is the tag of that name when exactly one has it), with their names in the locale. What names no tag
 * is left out: a typo must not become a public facet.
 */
async function resolveTags(ctx: ServiceContext, wanted: string[]): Promise<{ found: { id: string; name: string }[]; unknown: string[] }> {
  if (!wanted.length) return { found: [], unknown: [] };
  const lower = wanted.map((w) => w.toLowerCase());
  const rows = await ctx.database.rows<{ id: string; names: string[]; name: string }>(
    sql`select id, array(select lower(v) from jsonb_each_text(names) as n(k, v)) as names,
        coalesce(names->>${ctx.locale}, names->>'it', id) as name from tags
      where id = any(${toTextArray(wanted)})
        or exists (select 1 from jsonb_each_text(names) as n(k, v) where lower(v) = any(${toTextArray(lower)}))`,
  );
  const found: { id: string; name: string }[] = [];
  const unknown: string[] = [];
  for (const [i, w] of wanted.entries()) {
    const byId = rows.find((r) => r.id === w);
    const byName = rows.filter((r) => r.names.includes(lower[i]!));
    const tag = byId ?? (byName.length === 1 ? byName[0]! : undefined);
    if (tag) {
      if (!found.some((t) => t.id === tag.id)) found.push({ id: tag.id, name: tag.name });
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
