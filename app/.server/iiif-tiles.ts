import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import type { Database } from "./db";
import { anonymousViewer, mediaVisible, recordVisible } from "./access";
import { catalogueValue } from "./caches";
import { capabilities } from "./session";

/**
 * IIIF Image API 3, level 0 (decision 053): static tiles and an info.json per image, made with sharp's
 * `iiif3` layout. An image's IIIF id is the content hash its stored files are named by; its tiles live under
 * the media store's `.iiif/{id}/` — a dot directory, which /media never serves — and are published under
 * /iiif/3/{id}/ only while a visitor may see the image (server/iiif.ts).
 */
export const TILES_DIR = ".iiif";
/** Written into info.json by sharp; the server puts the public base URL in its place. */
export const IIIF_PLACEHOLDER = "https://teca.invalid/iiif/3";
export const TILE_SIZE = 512;
export const IIIF_ID = /^[0-9a-f]{32}$/;

export const tilesStore = (mediaDir: string) => path.join(mediaDir, TILES_DIR);

/** The IIIF id of a stored original (`ab/cd/{hash}-original.jpg`), null for a remote URL or another file. */
export function imageIdOf(original: string | null | undefined): string | null {
  if (!original || /^[a-z][a-z0-9+.-]*:/i.test(original)) return null;
  const m = /(?:^|[/\\])([0-9a-f]{32})-original(?:\.[^/\\]*)?$/.exec(original);
  return m ? m[1]! : null;
}

export function hasTiles(mediaDir: string, id: string): boolean {
  return fs.existsSync(path.join(tilesStore(mediaDir), id, "info.json"));
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Writes the tiles of an image (a file path or its bytes) unless they exist. The pyramid is made in a
 * scratch directory and renamed into place: it appears whole or not at all. Concurrent calls for one id
 * share the work.
 */
export function makeTiles(input: string | Buffer, mediaDir: string, id: string): Promise<void> {
  if (!IIIF_ID.test(id)) return Promise.reject(new Error(`not an IIIF image id: ${id}`));
  const key = `${mediaDir}\0${id}`;
  const running = inFlight.get(key);
  if (running) return running;
  const work = (async () => {
    const store = tilesStore(mediaDir);
    const target = path.join(store, id);
    if (fs.existsSync(path.join(target, "info.json"))) return;
    const scratch = path.join(store, ".work", `${id}.${process.pid}`);
    await fs.promises.rm(scratch, { recursive: true, force: true });
    await fs.promises.mkdir(scratch, { recursive: true });
    try {
      // The directory's name is the last segment of info.json's id: it must be the id itself.
      await sharp(input, { failOn: "error" })
        .rotate()
        .jpeg({ quality: 80, mozjpeg: false })
        .tile({ layout: "iiif3", size: TILE_SIZE, id: IIIF_PLACEHOLDER })
        .toFile(path.join(scratch, id));
      await fs.promises.rm(target, { recursive: true, force: true });
      await fs.promises.rename(path.join(scratch, id), target);
    } finally {
      await fs.promises.rm(scratch, { recursive: true, force: true });
    }
  })().finally(() => inFlight.delete(key));
  inFlight.set(key, work);
  return work;
}

/** info.json as a client gets it: the placeholder base replaced by the public one (`{origin}/iiif/3`). */
export async function readInfo(mediaDir: string, id: string, base: string): Promise<string> {
  const text = await fs.promises.readFile(path.join(tilesStore(mediaDir), id, "info.json"), "utf8");
  return text.split(IIIF_PLACEHOLDER).join(base);
}

/**
 * The images a visitor may see, by IIIF id → the stored original they are made from: those with tiles to
 * publish. Same rule as the media store's (decision 043): an image is public when at least one visible row
 * of a visible record points at it. Read once per catalogue change, like the protected media.
 */
export type PublicImages = Map<string, string>;

/** Read once per catalogue change, and again after a minute whatever was heard. */
export const publicImages = catalogueValue(loadPublic, 60_000);

async function loadPublic(database: Database): Promise<PublicImages> {
  const visitor = anonymousViewer(capabilities());
  const rows = await database.rows<{ original: string }>(sql`
    select distinct m.original from media m join records r on r.uid = m.record_uid
    where m.media_type = 'image' and m.original is not null and m.original !~ '^[a-zA-Z][a-zA-Z0-9+.-]*:'
      and ${recordVisible(visitor, "r")} and ${mediaVisible(visitor, "m")}`);
  const map: PublicImages = new Map();
  for (const r of rows) {
    const id = imageIdOf(r.original);
    if (id) map.set(id, r.original);
  }
  return map;
}
