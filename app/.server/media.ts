import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { makeTiles } from "./iiif-tiles";

/** Derivative widths (px); images are never enlarged. */
export const DERIVATIVES = { thumbnail: 400, medium: 1000, large: 2000 } as const;
export type DerivativeName = keyof typeof DERIVATIVES;

export type Derived = {
  thumbnail: string;
  medium: string;
  large: string;
  original: string;
  width: number;
  height: number;
  dominantColor: string;
  mime: string;
};

/**
 * Makes thumbnail, medium and large WebP derivatives of a local image under
 * mediaDir, named by the content hash so re-imports reuse them. Returns paths
 * relative to mediaDir (served under /media/). With `tiles`, also its IIIF tiles (iiif-tiles.ts).
 */
export async function deriveImage(
  sourceFile: string,
  mediaDir: string,
  opts: {
    tiles?: boolean /** A panorama's: wider than an image's (the viewer wraps it round the whole view). */;
    largeWidth?: number;
  } = {},
): Promise<Derived> {
  const input = await fs.promises.readFile(sourceFile);
  const hash = crypto.createHash("sha256").update(input).digest("hex").slice(0, 32);
  const dir = path.join(hash.slice(0, 2), hash.slice(2, 4));
  await fs.promises.mkdir(path.join(mediaDir, dir), { recursive: true });
  const image = sharp(input, { failOn: "error" }).rotate();
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const out: Partial<Derived> = { width, height, mime: `image/${meta.format ?? "jpeg"}` };
  const ext = path.extname(sourceFile).toLowerCase() || `.${meta.format ?? "bin"}`;
  const originalRel = path.join(dir, `${hash}-original${ext}`);
  const originalAbs = path.join(mediaDir, originalRel);
  if (!fs.existsSync(originalAbs)) await writeAtomically(originalAbs, input);
  out.original = originalRel;
  const webReady = meta.format === "jpeg" || meta.format === "png" || meta.format === "webp";
  // The thumbnail's pixels, decoded once (JPEG shrinks on load): its WebP and the dominant colour are made of them.
  const small = await sharp(input)
    .rotate()
    .resize({ width: DERIVATIVES.thumbnail, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const smallImage = () =>
    sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } });
  const widths = { ...DERIVATIVES, ...(opts.largeWidth ? { large: opts.largeWidth } : {}) };
  for (const [name, w] of Object.entries(widths) as [DerivativeName, number][]) {
    // An original no wider than the derivative would only be re-encoded: serve it as it is.
    if (webReady && name !== "thumbnail" && width <= w && !meta.orientation) {
      out[name] = originalRel;
      continue;
    }
    const rel = path.join(dir, `${hash}-${name}${w === DERIVATIVES[name] ? "" : `-${w}`}.webp`);
    const abs = path.join(mediaDir, rel);
    if (!fs.existsSync(abs)) {
      const tmp = tmpName(abs);
      const image = name === "thumbnail" ? smallImage() : sharp(input).rotate().resize({ width: w, withoutEnlargement: true });
      await image.webp({ quality: name === "thumbnail" ? 70 : 80, effort: 2 }).toFile(tmp);
      await fs.promises.rename(tmp, abs);
    }
    out[name] = rel;
  }
  if (opts.tiles) await makeTiles(input, mediaDir, hash);
  // stats() reads its input whole, whatever the pipeline: the thumbnail's pixels, not the full image's.
  const { dominant } = await smallImage().stats();
  out.dominantColor = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  return out as Derived;
}

/**
 * Copies a non-image file (video, document) into the media store under its
 * content hash; only `original` is set.
 */
export async function storeFile(sourceFile: string, mediaDir: string): Promise<Partial<Derived> & { original: string }> {
  const input = await fs.promises.readFile(sourceFile);
  const hash = crypto.createHash("sha256").update(input).digest("hex").slice(0, 32);
  const rel = path.join(hash.slice(0, 2), hash.slice(2, 4), `${hash}-original${path.extname(sourceFile).toLowerCase()}`);
  const abs = path.join(mediaDir, rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  if (!fs.existsSync(abs)) await writeAtomically(abs, input);
  return { original: rel };
}

/**
 * A temporary name next to `file`, unique to this write: two media of one import with the same content (the
 * same hash, so the same target) are derived at once, and a shared temporary name made one of them fail.
 */
const tmpName = (file: string) => `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;

/** A file appears whole or not at all (a process killed midway leaves only a `.tmp`, removed at the next start). */
async function writeAtomically(file: string, data: Buffer) {
  const tmp = tmpName(file);
  await fs.promises.writeFile(tmp, data);
  await fs.promises.rename(tmp, file);
}

/** Public URL of a stored media path or remote URL. */
export function mediaUrl(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (/^https?:\/\//.test(stored)) return stored;
  return `/media/${stored.split(path.sep).join("/")}`;
}
