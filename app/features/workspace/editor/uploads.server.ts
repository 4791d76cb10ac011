import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { startsAsMarkup } from "~/.server/file-content";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import { isOwner, notFoundForViewer, ownedBy } from "~/.server/access";
import { readEnv } from "~/.server/env";
import { ACCEPTED } from "~/lib/accepted-files";
import { toTextArray } from "~/features/records/index.server";
import type { Exec } from "../common.server";
import {
  isUploadName,
  isUploadUrl,
  UPLOAD_PREFIX,
  uploadNameOf,
  uploadUrl,
  type UploadListItem,
  type UploadQuota,
  type UploadUse,
} from "./uploads";

export { isUploadName, isUploadUrl, uploadNameOf, uploadUrl, UPLOAD_URL } from "./uploads";

/**
 * Users' image uploads for moodboards and stories (issue 15 §5, decision 063) — shared by both editors.
 *
 * How to use it: the client posts `POST /api/auth/docs/uploadFile` (multipart: `file`, one or more; `name`;
 * `locale`), answered `{url, urls, data}`; put `url` in the document. Server code calls `saveUploads`,
 * `listUploads`, and `readUpload` (the `/uploads/:name` route). A published item whose readers should see its
 * uploads registers a check once (at module load of its service):
 *   registerPublishedUse(async (database, url) => …true when a published item of yours uses `url`…);
 *
 * Rules: the type is read from the content, not the name (TIFF, JPEG, PNG — the drop box's image kinds); the
 * bytes are decoded and re-encoded by sharp as WebP (metadata, including EXIF and GPS, dropped; orientation
 * applied), so what is stored is always a plain image, never HTML or SVG; each file is stored under 24 random
 * bytes' name; a request holds at most UPLOAD_MAX_FILES files of UPLOAD_MAX_FILE_MB each, a user at most
 * UPLOAD_MAX_COUNT files and UPLOAD_MAX_TOTAL_MB in all (checked under a lock on the user's row). A batch is
 * all or nothing.
 */

export type UploadErrorCode = "limits" | "quota" | "type" | "empty" | "inUse";
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly params: Record<string, string | number> = {},
    /** inUse: where the upload is shown. */
    readonly uses: UploadUse[] = [],
  ) {
    super(code);
  }
}

export type UploadLimits = { maxFiles: number; maxFileBytes: number; maxCount: number; maxTotalBytes: number };

const num = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);

/** UPLOAD_MAX_FILES (10 per request), UPLOAD_MAX_FILE_MB (15), UPLOAD_MAX_COUNT (500 per user), UPLOAD_MAX_TOTAL_MB (500 per user). */
export function uploadLimits(env: NodeJS.ProcessEnv = process.env): UploadLimits {
  return {
    maxFiles: num(env.UPLOAD_MAX_FILES, 10),
    maxFileBytes: num(env.UPLOAD_MAX_FILE_MB, 15) * 1024 * 1024,
    maxCount: num(env.UPLOAD_MAX_COUNT, 500),
    maxTotalBytes: num(env.UPLOAD_MAX_TOTAL_MB, 500) * 1024 * 1024,
  };
}

/** UPLOADS_DIR, else DATA_DIR/uploads: outside the media store, so /media never serves them. */
export function uploadsDir(env: NodeJS.ProcessEnv = process.env) {
  return env.UPLOADS_DIR ? path.resolve(env.UPLOADS_DIR) : path.join(readEnv(env).dataDir, "uploads");
}

/** The image types an upload may be, by content (file-type's names): the drop box's image kinds. */
const IMAGE_TYPES = new Set(Object.values(ACCEPTED.image));

export type Upload = { name: string; bytes: Uint8Array };

export type StoredUpload = { id: string; url: string; name: string; width: number; height: number; size: number; createdAt: string };

function ownerOf(ctx: ServiceContext): string {
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) throw notFoundForViewer();
  return ctx.viewer.userId;
}

const cleanName = (name: string) =>
  (
    path
      .basename(name.replace(/\\/g, "/"))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are stripped from an uploaded file's name on purpose
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim() || "image"
  ).slice(0, 200);

/** Re-encodes one checked image; null when its content is not an accepted image (or does not decode). */
async function reencode(file: Upload): Promise<{ bytes: Buffer; width: number; height: number } | null> {
  // Markup in any encoding (an SVG is the classic) is never an image here, whatever its name (issue 29 §6):
  // sharp would decode an SVG, and it must never reach it.
  if (file.bytes.length === 0 || startsAsMarkup(file.bytes)) return null;
  const found = await fileTypeFromBuffer(file.bytes);
  if (!found || !IMAGE_TYPES.has(found.ext)) return null;
  try {
    const { data, info } = await sharp(file.bytes, { failOn: "error", limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: 4000, height: 4000, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Checks, re-encodes and keeps a batch of images for the viewer. Nothing is kept unless every file passes. */
export async function saveUploads(
  ctx: ServiceContext,
  files: Upload[],
  opts: { limits?: UploadLimits; dir?: string } = {},
): Promise<StoredUpload[]> {
  const owner = ownerOf(ctx);
  const limits = opts.limits ?? uploadLimits();
  const batch = files.filter((f) => f.name || f.bytes.length);
  if (!batch.length) throw new UploadError("empty");
  if (batch.length > limits.maxFiles || batch.some((f) => f.bytes.length > limits.maxFileBytes)) throw new UploadError("limits");
  const encoded: { file: Upload; bytes: Buffer; width: number; height: number }[] = [];
  for (const file of batch) {
    const out = await reencode(file);
    if (!out) throw new UploadError("type", { name: cleanName(file.name) });
    encoded.push({ file, ...out });
  }
  const dir = opts.dir ?? uploadsDir();
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  try {
    const rows = encoded.map((e) => ({ ...e, storedName: `${crypto.randomBytes(24).toString("base64url")}.webp` }));
    for (const r of rows) {
      const target = path.join(dir, r.storedName);
      fs.writeFileSync(target, r.bytes, { flag: "wx", mode: 0o640 });
      written.push(target);
    }
    return await ctx.database.db.transaction(async (tx) => {
      // One user's uploads are counted under a lock on their row: two batches at once cannot both pass the limit.
      await tx.execute(sql`select id from users where id = ${owner}::uuid for update`);
      const used = (
        (await tx.execute(
          sql`select count(*)::int as n, coalesce(sum(size), 0)::bigint as bytes from uploads where ${ownedBy(owner)}`,
        )) as unknown as {
          rows: { n: number; bytes: string | number }[];
        }
      ).rows[0]!;
      const addBytes = rows.reduce((n, r) => n + r.bytes.length, 0);
      if (Number(used.n) + rows.length > limits.maxCount || Number(used.bytes) + addBytes > limits.maxTotalBytes)
        throw new UploadError("quota", { count: limits.maxCount, mb: Math.round(limits.maxTotalBytes / 1024 / 1024) });
      const out: StoredUpload[] = [];
      for (const r of rows) {
        const res = (await tx.execute(sql`insert into uploads (owner_id, stored_name, original_name, mime, size, width, height)
          values (${owner}::uuid, ${r.storedName}, ${cleanName(r.file.name)}, 'image/webp', ${r.bytes.length}, ${r.width}, ${r.height})
          returning id, created_at`)) as unknown as { rows: { id: string; created_at: string | Date }[] };
        const row = res.rows[0]!;
        out.push({
          id: row.id,
          url: uploadUrl(r.storedName),
          name: cleanName(r.file.name),
          width: r.width,
          height: r.height,
          size: r.bytes.length,
          createdAt: new Date(row.created_at).toISOString(),
        });
      }
      return out;
    });
  } catch (err) {
    for (const f of written) fs.rmSync(f, { force: true });
    throw err;
  }
}

/** The viewer's uploads, newest first. */
export async function listUploads(ctx: ServiceContext): Promise<StoredUpload[]> {
  const owner = ownerOf(ctx);
  const rows = await ctx.database.rows<{
    id: string;
    stored_name: string;
    original_name: string;
    width: number;
    height: number;
    size: number;
    created_at: string | Date;
  }>(
    sql`select id, stored_name, original_name, width, height, size, created_at from uploads where ${ownedBy(owner)} order by created_at desc, id limit 1000`,
  );
  return rows.map((r) => ({
    id: r.id,
    url: uploadUrl(r.stored_name),
    name: r.original_name,
    width: Number(r.width),
    height: Number(r.height),
    size: Number(r.size),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Whether every address in `urls` is one of `ownerId`'s own uploads (moodboards and stories may show only
 * their owner's). Run inside the saving transaction when there is one.
 */
export async function ownUploads(tx: Exec, ownerId: string, urls: string[]): Promise<boolean> {
  const names = [...new Set(urls)].map((u) => (isUploadUrl(u) ? uploadNameOf(u) : ""));
  if (!names.length) return true;
  if (names.includes("")) return false;
  // `for share`: an upload being deleted (deleteUpload locks it) waits for this save, or is gone for it.
  const rows = (
    (await tx.execute(
      sql`select stored_name from uploads where ${ownedBy(ownerId)} and stored_name = any(${toTextArray(names)}) for share`,
    )) as unknown as { rows: { stored_name: string }[] }
  ).rows;
  return rows.length === names.length;
}

/** The viewer's moodboards and stories that show an upload. */
async function usesOf(db: { execute: Database["db"]["execute"] }, ownerId: string, url: string): Promise<UploadUse[]> {
  const probe = JSON.stringify([{ url }]);
  return (
    (await db.execute(sql`
    select 'moodboards' as type, m.id, m.collection_id as "collectionId", m.title from moodboards m where ${ownedBy(ownerId, "m")} and m.items @> ${probe}::jsonb
    union all
    select 'stories' as type, s.id, s.collection_id as "collectionId", s.title from stories s where ${ownedBy(ownerId, "s")} and s.blocks @> ${probe}::jsonb
    union all
    select distinct 'pages' as type, p.slug as id, '' as "collectionId", min(p.title) over (partition by p.slug) as title
      from pages p where (p.content->>'kind' = 'page' or p.slug = 'home') and position(${url} in p.content::text) > 0
    order by type, title, id`)) as unknown as { rows: UploadUse[] }
  ).rows;
}

/**
 * Deletes one of the viewer's uploads (decision 067): its row — freeing its share of the quota — and then its
 * file. Another user's upload, or a missing id, is not found (the access policy's refusal). An upload still shown by one of the viewer's
 * moodboards or stories, or by a content page, is refused (`inUse`, naming them): nothing is changed in a document behind its
 * editor's back, and a published story never loses an image silently.
 */
export async function deleteUpload(ctx: ServiceContext, id: string, opts: { dir?: string } = {}): Promise<void> {
  const owner = ownerOf(ctx);
  const name = await ctx.database.db.transaction(async (tx) => {
    const [row] = (
      (await tx.execute(sql`select stored_name from uploads where id = ${id}::uuid and ${ownedBy(owner)} for update`)) as unknown as {
        rows: { stored_name: string }[];
      }
    ).rows;
    if (!row) throw notFoundForViewer();
    const uses = await usesOf(tx, owner, uploadUrl(row.stored_name));
    if (uses.length) throw new UploadError("inUse", { count: uses.length }, uses);
    await tx.execute(sql`delete from uploads where id = ${id}::uuid and ${ownedBy(owner)}`);
    return row.stored_name;
  });
  // After the commit: a file without its row is never served (readUpload reads the row first).
  if (isUploadName(name)) await fs.promises.rm(path.join(opts.dir ?? uploadsDir(), name), { force: true });
}

/**
 * The viewer's uploads for their workspace's tab: newest first, each with the moodboards and stories that show
 * it, and how much of the quota they use.
 */
export async function listUploadsWithUses(ctx: ServiceContext): Promise<{ uploads: UploadListItem[]; quota: UploadQuota }> {
  const owner = ownerOf(ctx);
  const list = await listUploads(ctx);
  const uses = await ctx.database.rows<UploadUse & { url: string }>(sql`
    select distinct 'moodboards' as type, m.id, m.collection_id as "collectionId", m.title, e->>'url' as url
      from moodboards m cross join lateral jsonb_array_elements(m.items) e where ${ownedBy(owner, "m")} and e->>'url' like '/uploads/%'
    union
    select distinct 'stories' as type, s.id, s.collection_id as "collectionId", s.title, e->>'url' as url
      from stories s cross join lateral jsonb_array_elements(s.blocks) e where ${ownedBy(owner, "s")} and e->>'url' like '/uploads/%'
    union
    select distinct 'pages' as type, p.slug as id, '' as "collectionId", min(p.title) over (partition by p.slug) as title, ${UPLOAD_PREFIX} || u.stored_name as url
      from uploads u join pages p on (p.content->>'kind' = 'page' or p.slug = 'home') and position(${UPLOAD_PREFIX} || u.stored_name in p.content::text) > 0
      where ${ownedBy(owner, "u")}
    order by type, title, id`);
  const byUrl = new Map<string, UploadUse[]>();
  for (const u of uses)
    byUrl.set(u.url, [...(byUrl.get(u.url) ?? []), { type: u.type, id: u.id, collectionId: u.collectionId, title: u.title }]);
  const [used] = await ctx.database.rows<{ n: number; bytes: string | number }>(
    sql`select count(*)::int as n, coalesce(sum(size), 0)::bigint as bytes from uploads where ${ownedBy(owner)}`,
  );
  const limits = uploadLimits();
  return {
    uploads: list.map((u) => ({ ...u, uses: byUrl.get(u.url) ?? [] })),
    quota: { count: Number(used?.n ?? 0), bytes: Number(used?.bytes ?? 0), maxCount: limits.maxCount, maxBytes: limits.maxTotalBytes },
  };
}

type PublishedUse = (database: Database, url: string) => Promise<boolean>;
const publishedUses: PublishedUse[] = [];
/** A kind of published item (a published story…) that lets its readers see the uploads it shows. */
export function registerPublishedUse(check: PublishedUse) {
  if (!publishedUses.includes(check)) publishedUses.push(check);
}

/**
 * The file of an upload, when `viewer` may read it: its owner, or anyone when a published item uses it.
 * Anyone else, and a name that is not an upload, get null (the route answers 404, as for a missing file).
 */
export async function readUpload(
  ctx: Pick<ServiceContext, "database" | "viewer">,
  name: string,
  dir = uploadsDir(),
): Promise<{ file: string; owner: boolean } | null> {
  const { database, viewer } = ctx;
  if (!isUploadName(name)) return null;
  const [row] = await database.rows<{ owner_id: string }>(sql`select owner_id from uploads where stored_name = ${name}`);
  if (!row) return null;
  const file = path.join(dir, name);
  if (isOwner(viewer, row.owner_id)) return { file, owner: true };
  for (const check of publishedUses) if (await check(database, uploadUrl(name))) return { file, owner: false };
  return null;
}
