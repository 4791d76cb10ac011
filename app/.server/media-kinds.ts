import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { deriveImage, type Derived } from "./media";
import { drawModelPoster } from "./model-poster";

/**
 * The media kinds the importer reads beyond images (issue 33, decision 106): a panorama is an
 * equirectangular image (checked as an image, by its content, and 2:1); a model is a glTF 2.0 asset, stored
 * as one GLB file (the browser's three.js reads it with no other request), under a size limit, with a
 * poster image shown until a visitor asks for the model. Both are stored like images, named by their content
 * hash, so the media access index (access/media.ts) covers every file they leave.
 */

/** How far from 2:1 a panorama may be (rounding of odd sizes, a stitcher's extra column). */
const PANORAMA_ASPECT_TOLERANCE = 0.01;
/** A panorama's large derivative, the viewer's texture: 4,096 px wide fits every WebGL's texture limit. */
export const PANORAMA_WIDTH = 4096;
/** The largest model accepted (a photogrammetry model with its textures, still a download a visitor waits for). */
export const MODEL_MAX_BYTES = 64 * 1024 * 1024;
/** Extensions a model may require: what three.js's GLTFLoader reads without a decoder (no Draco, Meshopt, Basis). */
const READABLE_EXTENSIONS = new Set([
  "KHR_materials_unlit",
  "KHR_materials_emissive_strength",
  "KHR_materials_ior",
  "KHR_materials_specular",
  "KHR_materials_transmission",
  "KHR_materials_volume",
  "KHR_materials_clearcoat",
  "KHR_materials_sheen",
  "KHR_materials_iridescence",
  "KHR_materials_anisotropy",
  "KHR_texture_transform",
  "KHR_mesh_quantization",
  "EXT_texture_webp",
]);

/** Why a file is not a panorama, or null when it is one. */
export async function checkPanorama(file: string): Promise<string | null> {
  let meta: Metadata;
  try {
    meta = await sharp(file).metadata();
  } catch {
    return "panorama: not an image (JPEG, PNG, WebP or TIFF)";
  }
  if (!meta.format || !["jpeg", "png", "webp", "tiff"].includes(meta.format))
    return `panorama: ${meta.format ?? "unknown"} is not JPEG, PNG, WebP or TIFF`;
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!width || !height || Math.abs(width / height - 2) > 2 * PANORAMA_ASPECT_TOLERANCE)
    return `panorama: an equirectangular image is twice as wide as it is high, this one is ${width} × ${height}`;
  return null;
}

/** Derives a panorama: an image's derivatives, its large one wide enough for the viewer. */
export const derivePanorama = (file: string, store: string): Promise<Derived> => deriveImage(file, store, { largeWidth: PANORAMA_WIDTH });

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

type Gltf = {
  asset?: { version?: unknown };
  extensionsRequired?: unknown;
  buffers?: { uri?: string; byteLength: number }[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number; target?: number }[];
  images?: { uri?: string; bufferView?: number; mimeType?: string }[];
  [key: string]: unknown;
};

/** A GLB's JSON and binary chunk; throws with the reason it is not one. */
export function readGlb(bytes: Buffer): { json: Gltf; bin: Buffer | null } {
  if (bytes.length < 20 || bytes.readUInt32LE(0) !== GLB_MAGIC) throw new Error("not a GLB file (it does not begin with glTF)");
  if (bytes.readUInt32LE(4) !== 2) throw new Error(`GLB version ${bytes.readUInt32LE(4)}, not 2`);
  if (bytes.readUInt32LE(8) !== bytes.length) throw new Error("GLB length does not match the file (truncated?)");
  const jsonLength = bytes.readUInt32LE(12);
  if (bytes.readUInt32LE(16) !== CHUNK_JSON || 20 + jsonLength > bytes.length) throw new Error("GLB without its JSON chunk");
  const json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString("utf8")) as Gltf;
  let bin: Buffer | null = null;
  const next = 20 + jsonLength;
  if (next + 8 <= bytes.length && bytes.readUInt32LE(next + 4) === CHUNK_BIN)
    bin = bytes.subarray(next + 8, next + 8 + bytes.readUInt32LE(next));
  return { json, bin };
}

/** Why the parsed glTF cannot be shown, or null. */
function gltfProblem(json: Gltf): string | null {
  if (typeof json.asset?.version !== "string" || !json.asset.version.startsWith("2.")) return "glTF version is not 2.x";
  const required = Array.isArray(json.extensionsRequired) ? (json.extensionsRequired as string[]) : [];
  const unreadable = required.filter((e) => !READABLE_EXTENSIONS.has(e));
  if (unreadable.length) return `needs ${unreadable.join(", ")}, which the viewer cannot decode`;
  return null;
}

/**
 * Why a file is not a model the site can show, or null: a GLB (by its bytes, whatever its name) or a glTF JSON
 * holding its buffers and images as data: URIs, glTF 2.0, no larger than MODEL_MAX_BYTES.
 */
export async function checkModel(file: string): Promise<string | null> {
  const size = (await fs.promises.stat(file)).size;
  if (size > MODEL_MAX_BYTES)
    return `model: ${(size / 1024 / 1024).toFixed(1)} MB, more than the ${MODEL_MAX_BYTES / 1024 / 1024} MB limit`;
  try {
    const json = (await isGlb(file)) ? await readGlbJson(file, size) : parseGltfJson(await fs.promises.readFile(file));
    const problem = gltfProblem(json);
    return problem ? `model: ${problem}` : null;
  } catch (err) {
    return `model: ${(err as Error).message}`;
  }
}

async function isGlb(file: string): Promise<boolean> {
  const fd = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await fd.read(head, 0, 4, 0);
    return bytesRead === 4 && head.readUInt32LE(0) === GLB_MAGIC;
  } finally {
    await fd.close();
  }
}

/** A GLB's JSON chunk, read without its binary one (validation reads every model of a file). */
async function readGlbJson(file: string, size: number): Promise<Gltf> {
  const fd = await fs.promises.open(file, "r");
  try {
    const head = Buffer.alloc(20);
    await fd.read(head, 0, 20, 0);
    const jsonLength = head.readUInt32LE(12);
    if (head.readUInt32LE(8) !== size) throw new Error("GLB length does not match the file (truncated?)");
    if (head.readUInt32LE(16) !== CHUNK_JSON || 20 + jsonLength > size) throw new Error("GLB without its JSON chunk");
    const json = Buffer.alloc(jsonLength);
    await fd.read(json, 0, jsonLength, 20);
    const version = head.readUInt32LE(4);
    if (version !== 2) throw new Error(`GLB version ${version}, not 2`);
    try {
      return JSON.parse(json.toString("utf8")) as Gltf;
    } catch {
      throw new Error("GLB whose JSON chunk is not JSON");
    }
  } finally {
    await fd.close();
  }
}

function parseGltfJson(bytes: Buffer): Gltf {
  let json: Gltf;
  try {
    json = JSON.parse(bytes.toString("utf8")) as Gltf;
  } catch {
    throw new Error("not a glTF model (neither GLB, which begins with glTF, nor glTF JSON)");
  }
  if (typeof json !== "object" || json === null || !json.asset) throw new Error("not a glTF model (JSON without asset)");
  const outside = [...(json.buffers ?? []), ...(json.images ?? [])].find((b) => b.uri !== undefined && !b.uri.startsWith("data:"));
  if (outside) throw new Error(`glTF refers to a file beside it (${outside.uri}): give it packed as one .glb`);
  return json;
}

const align4 = (n: number) => (n + 3) & ~3;

/** A self-contained glTF JSON packed as one GLB: its buffers joined into the binary chunk, its images moved there. */
export function packGlb(json: Gltf, bin: Buffer | null): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  const push = (data: Buffer) => {
    const offset = length;
    parts.push(data, Buffer.alloc(align4(data.length) - data.length));
    length += align4(data.length);
    return offset;
  };
  const fromDataUri = (uri: string) => Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64");
  if (bin) push(bin);
  else {
    const starts = (json.buffers ?? []).map((b) => (b.uri ? push(fromDataUri(b.uri)) : 0));
    for (const view of json.bufferViews ?? []) {
      view.byteOffset = (view.byteOffset ?? 0) + (starts[view.buffer] ?? 0);
      view.buffer = 0;
    }
  }
  for (const image of json.images ?? [])
    if (image.uri?.startsWith("data:")) {
      const mimeType = image.uri.slice(5, image.uri.indexOf(";"));
      const data = fromDataUri(image.uri);
      json.bufferViews = [...(json.bufferViews ?? []), { buffer: 0, byteOffset: push(data), byteLength: data.length }];
      image.bufferView = json.bufferViews.length - 1;
      image.mimeType = mimeType;
      delete image.uri;
    }
  const binary = Buffer.concat(parts);
  json.buffers = binary.length ? [{ byteLength: binary.length }] : [];
  return glb(json, binary);
}

/** A GLB of a glTF JSON and its binary chunk. */
export function glb(json: object, binary: Buffer): Buffer {
  const text = Buffer.from(JSON.stringify(json), "utf8");
  const jsonChunk = Buffer.concat([text, Buffer.alloc(align4(text.length) - text.length, 0x20)]);
  const binChunk = Buffer.concat([binary, Buffer.alloc(align4(binary.length) - binary.length)]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + (binChunk.length ? 8 + binChunk.length : 0);
  header.writeUInt32LE(GLB_MAGIC, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunkHead = (len: number, type: number) => {
    const h = Buffer.alloc(8);
    h.writeUInt32LE(len, 0);
    h.writeUInt32LE(type, 4);
    return h;
  };
  return Buffer.concat([
    header,
    chunkHead(jsonChunk.length, CHUNK_JSON),
    jsonChunk,
    ...(binChunk.length ? [chunkHead(binChunk.length, CHUNK_BIN), binChunk] : []),
  ]);
}

/**
 * Stores a model (checked by checkModel) as a GLB under its content hash, and its poster: the given image's
 * derivatives, or a drawing of the model (model-poster.ts). `original` is the GLB; thumbnail, medium, large,
 * width and height are the poster's.
 */
export async function storeModel(file: string, store: string, poster?: string): Promise<Derived> {
  const input = await fs.promises.readFile(file);
  const bytes = input.readUInt32LE(0) === GLB_MAGIC ? input : packGlb(parseGltfJson(input), null);
  const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const rel = path.join(hash.slice(0, 2), hash.slice(2, 4), `${hash}-original.glb`);
  const abs = path.join(store, rel);
  await fs.promises.mkdir(path.dirname(abs), { recursive: true });
  if (!fs.existsSync(abs)) {
    const tmp = `${abs}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, abs);
  }
  // A drawn poster goes through a temporary file: deriveImage stores it under its own hash like a given one.
  const drawn = poster ? null : path.join(os.tmpdir(), `teca-poster-${hash}-${process.pid}-${crypto.randomBytes(4).toString("hex")}.png`);
  try {
    if (drawn) await fs.promises.writeFile(drawn, await drawModelPoster(readGlb(bytes)));
    const image = await deriveImage(poster ?? drawn!, store);
    return { ...image, original: rel, mime: "model/gltf-binary" };
  } finally {
    if (drawn) await fs.promises.rm(drawn, { force: true });
  }
}
