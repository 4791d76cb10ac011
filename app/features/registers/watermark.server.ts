import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readEnv } from "~/.server/env";

/**
 * The watermark of a download (decision 098): burned in by `sharp` when the file is asked for. Either the
 * site's name and the record's licence, white with a dark halo, in the lower right at 3 % of the short side; or
 * the image set in /settings (`watermarkImage`), tiled over the whole picture at 40 % opacity.
 */

export type WatermarkSpec = { kind: "text"; text: string } | { kind: "image"; file: string };

/** Where the settings' watermark images are kept (DATA_DIR/watermark), outside the media store. */
export function watermarkDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(readEnv(env).dataDir, "watermark");
}

/** Where the watermarked files are cached (DATA_DIR/cache/watermarked). */
export function watermarkCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(readEnv(env).dataDir, "cache", "watermarked");
}

/** The name a stored watermark image may have (`<hash>.png`): nothing else is ever read from the folder. */
export const WATERMARK_FILE = /^[0-9a-f]{32}\.png$/;

/**
 * Keeps an uploaded watermark image (checked and re-encoded as PNG, at most 2,000 px a side) and returns its
 * name, the value of the `watermarkImage` option; null when the bytes are not an image sharp decodes.
 */
export async function storeWatermarkImage(bytes: Uint8Array, dir = watermarkDir()): Promise<string | null> {
  if (!bytes.length) return null;
  // Markup is never an image here (an SVG would be decoded by sharp): the first non-blank byte must not be "<".
  const head = Buffer.from(bytes.subarray(0, 512)).toString("latin1").trimStart();
  if (head.startsWith("<") || head.startsWith("\uFEFF<")) return null;
  let png: Buffer;
  try {
    const meta = await sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 }).metadata();
    if (!meta.format || !["jpeg", "png", "webp", "gif", "tiff", "avif"].includes(meta.format)) return null;
    png = await sharp(bytes, { failOn: "error", limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .png()
      .toBuffer();
  } catch {
    return null;
  }
  const name = `${crypto.createHash("sha256").update(png).digest("hex").slice(0, 32)}.png`;
  fs.mkdirSync(dir, { recursive: true });
  const target = path.join(dir, name);
  if (!fs.existsSync(target)) {
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    fs.writeFileSync(tmp, png, { mode: 0o640 });
    fs.renameSync(tmp, target);
  }
  return name;
}

const xml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The text watermark as an SVG of the picture's size: the text right-aligned in the lower right. */
function textOverlay(width: number, height: number, text: string): Buffer {
  const size = Math.max(10, Math.round(Math.min(width, height) * 0.03));
  const margin = Math.round(size * 0.8);
  const halo = Math.max(1, Math.round(size / 8));
  const line = xml(text.replace(/\s+/g, " ").trim().slice(0, 300));
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<text x="${width - margin}" y="${height - margin}" text-anchor="end" font-family="DejaVu Sans, Liberation Sans, sans-serif" ` +
      `font-size="${size}" fill="#ffffff" stroke="#000000" stroke-opacity="0.75" stroke-width="${halo}" ` +
      `paint-order="stroke" stroke-linejoin="round">${line}</text></svg>`,
  );
}

/** The settings' image as a tile at 40 % opacity, a quarter of the short side wide. */
async function imageTile(file: string, width: number, height: number): Promise<Buffer> {
  const side = Math.max(32, Math.round(Math.min(width, height) / 4));
  const { data, info } = await sharp(file)
    .resize({ width: side, height: side, fit: "inside" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * 0.4);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * The picture `input` (a file), resized to fit `fit` px on its long side when given, with the watermark burned
 * in, as a JPEG.
 */
export async function watermarkedJpeg(input: string, spec: WatermarkSpec, fit?: number): Promise<Buffer> {
  const base = sharp(input, { failOn: "none", limitInputPixels: 300_000_000 }).rotate();
  const resized = fit ? base.resize({ width: fit, height: fit, fit: "inside", withoutEnlargement: true }) : base;
  // The pixels first: the overlay is drawn at the size the picture has after the resize.
  const { data, info } = await resized.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const overlay =
    spec.kind === "text"
      ? { input: textOverlay(info.width, info.height, spec.text), top: 0, left: 0 }
      : { input: await imageTile(spec.file, info.width, info.height), tile: true, gravity: "northwest" };
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .composite([overlay])
    .jpeg({ quality: 88, mozjpeg: false })
    .toBuffer();
}
