import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import type { ServiceContext } from "~/.server/context";
import { mediaVisible, notFoundForViewer, recordVisible, userCarries, type Viewer } from "~/.server/access";
import { capabilities } from "~/.server/session";
import { DERIVATIVES } from "~/.server/media";
import type { Capabilities } from "~/lib/capabilities";
import { formatNumero } from "~/lib/format";
import { getSiteOptions } from "~/features/site/index.server";
import { DOWNLOAD_LOW_PX, DOWNLOAD_SIZES, type DownloadOption, type DownloadSize, type OwnDownload } from "./downloads";
import { watermarkCacheDir, watermarkDir, watermarkedJpeg, WATERMARK_FILE, type WatermarkSpec } from "./watermark.server";

/**
 * Image downloads by capability (issue 32 §2, decision 098).
 *
 * - `low`: the image at most 1,600 px on its long side, as a JPEG (made from the `large` derivative);
 *   `high`: the original as stored.
 * - The size's capability is read from the site's configured list (CAPABILITIES, `parseCapabilities`): the clean
 *   file when the viewer holds DOWNLOAD_BASSA / DOWNLOAD_ALTA, else the watermarked one when they hold
 *   DOWNLOAD_BASSA_WATERMARK / DOWNLOAD_ALTA_WATERMARK, else nothing (404, as for what does not exist).
 * - Generated files (every watermarked one, and the clean low JPEG) are cached under DATA_DIR/cache/: a
 *   watermarked one per (media, size, watermark revision), the revision being a hash of what the watermark is
 *   made of (the site's name and the licence, or the settings' image); a file of an older revision is removed
 *   when the new one is made.
 * - Every download is logged in `downloads`.
 */

/** What a viewer may have of a size: the clean file, the watermarked one, or nothing. */
export type DownloadGrant = "clean" | "watermarked" | null;

const CAPS: Record<
  DownloadSize,
  { clean: "DOWNLOAD_BASSA" | "DOWNLOAD_ALTA"; marked: "DOWNLOAD_BASSA_WATERMARK" | "DOWNLOAD_ALTA_WATERMARK" }
> = {
  low: { clean: "DOWNLOAD_BASSA", marked: "DOWNLOAD_BASSA_WATERMARK" },
  high: { clean: "DOWNLOAD_ALTA", marked: "DOWNLOAD_ALTA_WATERMARK" },
};

/** The viewer's grant for a size, from the configured capabilities (`caps`, default: the site's CAPABILITIES). */
export function downloadGrant(viewer: Viewer, size: DownloadSize, caps: Capabilities = capabilities()): DownloadGrant {
  if (userCarries(viewer, CAPS[size].clean, caps)) return "clean";
  if (userCarries(viewer, CAPS[size].marked, caps)) return "watermarked";
  return null;
}

/** The service context of a download: a service context and where the media store is. */
export type DownloadContext = ServiceContext & { mediaDir: string };

type MediaRow = {
  id: number | string;
  original: string;
  large: string | null;
  mime: string | null;
  width: number | null;
  height: number | null;
  record_table: string;
  record_id: string;
  label: string | null;
  numero_prefix: string | null;
  numero: string | null;
  numero_bis: string | null;
  license: string | null;
};

/** A media item the viewer may see (record and media, in SQL), an image kept in the store; else null. */
async function visibleImage(ctx: ServiceContext, mediaId: number): Promise<MediaRow | null> {
  const rows = await ctx.database.rows<MediaRow>(sql`
    select m.id, m.original, m.large, m.mime, m.width, m.height, r.table_name as record_table, r.id as record_id,
      coalesce((select t.label from record_texts t where t.record_uid = r.uid and t.locale = ${ctx.locale === "it" || ctx.locale === "en" || ctx.locale === "fr" ? ctx.locale : "it"}),
               (select t.label from record_texts t where t.record_uid = r.uid and t.locale = 'it')) as label,
      r.numero_prefix, r.numero, r.numero_bis, coalesce(m.license, r.license) as license
    from media m join records r on r.uid = m.record_uid
    where m.id = ${mediaId} and m.media_type = 'image' and m.original is not null
      and m.original !~ '^[a-zA-Z][a-zA-Z0-9+.-]*:'
      and ${recordVisible(ctx.viewer, "r")} and ${mediaVisible(ctx.viewer, "m")}`);
  return rows[0] ?? null;
}

/** The pixel size of a download of a media item `width` × `height`. */
export function downloadPixels(size: DownloadSize, width: number, height: number): { width: number; height: number } {
  if (size === "high") return { width, height };
  // the low size is made from the `large` derivative (at most 2,000 px wide: app/.server/media.ts), as sharp rounds
  let [w, h] = [width, height];
  if (w > DERIVATIVES.large) [w, h] = [DERIVATIVES.large, Math.max(1, Math.round((h * DERIVATIVES.large) / w))];
  if (Math.max(w, h) <= DOWNLOAD_LOW_PX) return { width: w, height: h };
  const scale = DOWNLOAD_LOW_PX / Math.max(w, h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/**
 * The sizes the viewer may download of each of the given media (ids of the record page's images, already read
 * under the viewer's visibility), each with its pixel size and whether it is watermarked; a media item the viewer
 * may have nothing of is absent. Visitors: nothing.
 */
export function downloadOptions(
  viewer: Viewer,
  media: { id: number; mediaType: string; width: number; height: number; local: boolean }[],
  caps: Capabilities = capabilities(),
): Record<number, DownloadOption[]> {
  const grants = DOWNLOAD_SIZES.map((size) => [size, downloadGrant(viewer, size, caps)] as const).filter(([, g]) => g !== null);
  const out: Record<number, DownloadOption[]> = {};
  if (!grants.length) return out;
  for (const m of media) {
    if (m.mediaType !== "image" || !m.local || !m.width || !m.height) continue;
    out[m.id] = grants.map(([size, grant]) => ({ size, watermarked: grant === "watermarked", ...downloadPixels(size, m.width, m.height) }));
  }
  return out;
}

// ── The file's name ─────────────────────────────────────────────────────────────────────────────────

/**
 * `Content-Disposition: attachment` with the name "<record title> - <inventory>.<ext>" (decision 098): an ASCII
 * fallback (accents dropped, anything else outside printable ASCII, quotes, backslashes and path separators
 * replaced) and the UTF-8 name in RFC 5987's `filename*`.
 */
export function contentDisposition(name: string, ext: string): string {
  const clean =
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are stripped from a file name on purpose
      .replace(/[\u0000-\u001f\u007f/\\]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 150) || "image";
  const ascii =
    clean
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["%;]/g, "_")
      .trim() || "image";
  const utf8 = encodeURIComponent(`${clean}.${ext}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${utf8}`;
}

function fileTitle(row: MediaRow, hint?: string): string {
  if (hint) return hint;
  const numero = formatNumero({ prefix: row.numero_prefix, number: row.numero, bis: row.numero_bis });
  return [row.label?.trim() || row.record_id, numero].filter(Boolean).join(" - ");
}

// ── The file ────────────────────────────────────────────────────────────────────────────────────────

/** The watermark of the site's settings for a record's licence, and its revision (a hash of what it is made of). */
async function watermarkFor(ctx: ServiceContext, license: string | null): Promise<{ spec: WatermarkSpec; revision: string }> {
  const options = await getSiteOptions(ctx, "it");
  const image = typeof options.watermarkImage === "string" && WATERMARK_FILE.test(options.watermarkImage) ? options.watermarkImage : null;
  const file = image ? path.join(watermarkDir(), image) : null;
  const spec: WatermarkSpec =
    file && fs.existsSync(file)
      ? { kind: "image", file }
      : { kind: "text", text: [options.title, license].filter((s) => s?.trim()).join(" · ") || options.title };
  const revision = crypto
    .createHash("sha256")
    .update(JSON.stringify(spec.kind === "image" ? { image } : spec))
    .digest("hex")
    .slice(0, 16);
  return { spec, revision };
}

/** A cached file, or made by `make` and kept (written whole, then renamed); siblings of `stale` are removed. */
async function cached(
  file: string,
  make: () => Promise<Buffer>,
  stale?: (name: string) => boolean,
): Promise<{ path: string; hit: boolean }> {
  if (fs.existsSync(file)) return { path: file, hit: true };
  const bytes = await make();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.promises.writeFile(tmp, bytes);
  await fs.promises.rename(tmp, file);
  if (stale) {
    for (const name of await fs.promises.readdir(path.dirname(file))) {
      if (name !== path.basename(file) && stale(name)) await fs.promises.rm(path.join(path.dirname(file), name), { force: true });
    }
  }
  return { path: file, hit: false };
}

const MIME_BY_EXT: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

function inStore(mediaDir: string, stored: string): string | null {
  const root = path.resolve(mediaDir);
  const abs = path.resolve(root, stored);
  return abs.startsWith(root + path.sep) && fs.existsSync(abs) ? abs : null;
}

export type DownloadInput = {
  mediaId: number;
  size: DownloadSize;
  watermarked: boolean;
  /** The file's name without extension (default: "<record title> - <inventory>"). */
  filenameHint?: string;
  /** The client's address, for the log. */
  address?: string;
};

/**
 * THE FILE OF A DOWNLOAD, WITHOUT THE CAPABILITY CHECK (the caller decides: the `/scarica` route by the viewer's
 * capabilities, a reproduction request's link by its approval):
 *
 *   downloadResponse(ctx: DownloadContext, input: DownloadInput): Promise<Response>
 *
 * `ctx` is a service context with `mediaDir` (the load context's). The media item must still be one the viewer
 * may see (record and media visibility in SQL), an image kept in the store: else a `Refusal(404)` is thrown
 * (the route wrapper answers it). The answer: 200, the file streamed, `Content-Type` (image/jpeg for a
 * generated file, the original's type for a clean high one), `Content-Disposition: attachment` with the
 * record's title and inventory (ASCII and RFC 5987), `Cache-Control: private, no-store`, `X-Content-Type-Options:
 * nosniff`, and `X-Teca-Cache: hit|miss` on a generated file. The download is logged in `downloads` under
 * the viewer (null for a visitor) with `input.address`.
 */
export async function downloadResponse(ctx: DownloadContext, input: DownloadInput): Promise<Response> {
  const row = await visibleImage(ctx, input.mediaId);
  const original = row && inStore(ctx.mediaDir, row.original);
  if (!row || !original) throw notFoundForViewer();
  let file: string;
  let type: string;
  let ext: string;
  let hit: boolean | null = null;
  const id = Number(row.id);
  if (!input.watermarked && input.size === "high") {
    file = original;
    ext = path.extname(original).toLowerCase().replace(/^\./, "") || "jpg";
    type = MIME_BY_EXT[`.${ext}`] ?? row.mime ?? "application/octet-stream";
  } else {
    const source = input.size === "low" ? (row.large && inStore(ctx.mediaDir, row.large)) || original : original;
    const fit = input.size === "low" ? DOWNLOAD_LOW_PX : undefined;
    const sourceKey = crypto.createHash("sha256").update(path.basename(source)).digest("hex").slice(0, 8);
    let made: { path: string; hit: boolean };
    if (input.watermarked) {
      const { spec, revision } = await watermarkFor(ctx, row.license);
      const prefix = `${id}-${input.size}-`;
      made = await cached(
        path.join(watermarkCacheDir(), `${prefix}${revision}-${sourceKey}.jpg`),
        () => watermarkedJpeg(source, spec, fit),
        (name) => name.startsWith(prefix) && name.endsWith(".jpg"),
      );
    } else {
      made = await cached(path.join(path.dirname(watermarkCacheDir()), "low", `${id}-low-${sourceKey}.jpg`), () =>
        sharp(source, { failOn: "none" })
          .rotate()
          .resize({ width: DOWNLOAD_LOW_PX, height: DOWNLOAD_LOW_PX, fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 88 })
          .toBuffer(),
      );
    }
    file = made.path;
    hit = made.hit;
    type = "image/jpeg";
    ext = "jpg";
  }
  const stat = await fs.promises.stat(file);
  await ctx.database.rows(sql`
    insert into downloads (user_id, media_id, record_table, record_id, size, watermarked, address)
    values (${ctx.viewer.kind === "user" ? ctx.viewer.userId : null}::uuid, ${id}, ${row.record_table}, ${row.record_id},
      ${input.size}, ${input.watermarked}, ${input.address?.slice(0, 100) ?? null})`);
  const body = Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(stat.size),
      "Content-Disposition": contentDisposition(fileTitle(row, input.filenameHint), ext),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      ...(hit === null ? {} : { "X-Teca-Cache": hit ? "hit" : "miss" }),
    },
  });
}

/**
 * The `/scarica/:mediaId/:size` download: the viewer's grant for the size (configured capabilities), the clean
 * file if they hold it, else the watermarked one, else 404 — as for an unknown, restricted or pending media item.
 */
export async function downloadForViewer(
  ctx: DownloadContext,
  input: { mediaId: number; size: DownloadSize; address?: string },
  caps: Capabilities = capabilities(),
): Promise<Response> {
  const grant = downloadGrant(ctx.viewer, input.size, caps);
  if (!grant) throw notFoundForViewer();
  return downloadResponse(ctx, { mediaId: input.mediaId, size: input.size, watermarked: grant === "watermarked", address: input.address });
}

// ── The log ────────────────────────────────────────────────────────────────────────────────────────

/** The viewer's own downloads, newest first (at most `limit`), with the record's label in their language. */
export async function listOwnDownloads(ctx: ServiceContext, opts: { limit?: number } = {}): Promise<OwnDownload[]> {
  if (ctx.viewer.kind !== "user" || !ctx.viewer.userId) throw notFoundForViewer();
  const locale = ctx.locale === "it" || ctx.locale === "en" || ctx.locale === "fr" ? ctx.locale : "it";
  const rows = await ctx.database.rows<{
    id: number | string;
    media_id: number | string | null;
    record_table: string;
    record_id: string;
    size: DownloadSize;
    watermarked: boolean;
    at: string | Date;
    label: string | null;
  }>(sql`
    select d.id, d.media_id, d.record_table, d.record_id, d.size, d.watermarked, d.at,
      (select coalesce(
         (select t.label from record_texts t where t.record_uid = r.uid and t.locale = ${locale}),
         (select t.label from record_texts t where t.record_uid = r.uid and t.locale = 'it'))
       from records r where r.table_name = d.record_table and r.id = d.record_id and ${recordVisible(ctx.viewer, "r")}) as label
    from downloads d
    where d.user_id = ${ctx.viewer.userId}::uuid
    order by d.at desc, d.id desc
    limit ${Math.min(Math.max(opts.limit ?? 100, 1), 1000)}`);
  return rows.map((r) => ({
    id: Number(r.id),
    mediaId: r.media_id === null ? null : Number(r.media_id),
    record: { table: r.record_table, id: r.record_id, label: r.label },
    size: r.size,
    watermarked: r.watermarked,
    at: new Date(r.at).toISOString(),
  }));
}
