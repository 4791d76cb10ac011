/**
 * Deterministic demo archive: the fictional "Archivio Storico della
 * Fondazione Valdameri" (a Lombard family of silk, steel and ceramics
 * manufacturers, 1782–1993). Writes `outDir/records.ndjson` in the interchange
 * format (app/features/catalogue/interchange.ts) and generated pictures under
 * `outDir/media/` (record media paths are relative to that directory).
 *
 * Same options → byte-identical records.ndjson and images (seeded mulberry32,
 * no Math.random, no clock).
 *
 * Well-known ids (tests and the demo site rely on them; keep them stable):
 *
 *   ca_objects "1"   Public (access 1) photograph "Fotografia dello stabilimento di
 *                    Sesto San Giovanni" (28 April 1906), texts in it/en/fr, two
 *                    images (a wide 1600×900 and a tall 800×1400; needs images ≥ 2),
 *                    record and media focal points, metadata of all four types
 *                    (text, date, link, quantityValue), subject/technique/place/
 *                    condition tags; relations: author → ca_entities "3" (Studio
 *                    fotografico Ettore Brambilla), place → ca_places "4" (Sesto San
 *                    Giovanni), exhibited at → ca_occurrences "1" (Milan 1906
 *                    exhibition), fonds → ca_collections "12" (series "Fotografie
 *                    dello stabilimento", whose parent is ca_collections "1").
 *   ca_objects "2"   Access 3 (very restricted): a confidential letter of Giulio Valdameri.
 *   ca_objects "3"   Access 2 (restricted): the 1921 payroll of the Sesto works.
 *   ca_objects "4"   Public, Italian texts only (a majolica vase), to exercise fallback.
 *   ca_objects "5"–"12"  Public highlights with images (HIGHLIGHT_OBJECT_IDS).
 *   ca_objects "7"   A majolica vase with pomegranates: two images and, when the archive has pictures, a 360°
 *                    sequence of 24 turntable frames drawn by code (turntable.ts; FIXED_IDS.turntableObject).
 *   ca_collections "1"  Fonds "Fondo Officine Valdameri", parent of series "7"–"12".
 *   ca_entities "1"  Giulio Valdameri; "2" Officine Valdameri S.p.A.; "3" Studio
 *                    fotografico Ettore Brambilla; "10" Fondazione Valdameri.
 *   ca_places "1" Italia, "2" Lombardia, "3" Milano, "4" Sesto San Giovanni.
 *   ca_occurrences "1"  Esposizione internazionale di Milano 1906 (has a YouTube video).
 *   assets "1" PDF (application), "2" and "3" YouTube, "4" Vimeo, "5" a panorama (the drawing office),
 *                    "6" a 3D model (GLB) of the vase ca_objects "4" (generate/viewers.ts).
 *
 * Ids are plain digit strings numbered from 1 in each table.
 */
import fs from "node:fs";
import path from "node:path";
import { renderImages, tinyPdf } from "./images";
import { renderTurntable, TURNTABLE_FRAMES, turntableFiles } from "./turntable";
import { Rng } from "./language";
import { assetRecord, fixedAssets, PDF_FILE } from "./generate/assets";
import { entityRecord, placeRecord } from "./generate/authorities";
import { collectionRecord } from "./generate/collections";
import {
  DEFAULT_IMAGES,
  DEFAULT_RECORDS,
  DEFAULT_SEED,
  type DemoOptions,
  type DemoResult,
  FIXED_IDS,
  ImagePool,
  type Rec,
} from "./generate/common";
import { eventRecord } from "./generate/events";
import { ObjectFactory, type ObjectForce, type ObjSummary } from "./generate/objects";
import { MODEL_FILE, PANORAMA_FILE, roomPanorama, vaseGlb, viewerAssets } from "./generate/viewers";
import { buildWorld, counts, MIN_RECORDS } from "./generate/world";

export {
  DEFAULT_IMAGES,
  DEFAULT_RECORDS,
  DEFAULT_SEED,
  FIXED_IDS,
  HIGHLIGHT_OBJECT_IDS,
  METADATA_CODES,
  type DemoOptions,
  type DemoResult,
} from "./generate/common";
export { MIN_RECORDS } from "./generate/world";

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

class LineWriter {
  private fd: number;
  private buf: string[] = [];
  private size = 0;
  count = 0;
  constructor(file: string) {
    this.fd = fs.openSync(file, "w");
  }
  write(rec: Rec) {
    const line = `${JSON.stringify(rec)}\n`;
    this.buf.push(line);
    this.size += line.length;
    this.count++;
    if (this.size > 1 << 20) this.flush();
  }
  flush() {
    if (this.buf.length) fs.writeSync(this.fd, this.buf.join(""));
    this.buf = [];
    this.size = 0;
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/** Fixed object forces: ids 1..12. */
const FIXED_OBJECTS: Record<string, ObjectForce> = {
  "1": {
    kind: "fotografia",
    variant: "sesto",
    access: 1,
    mode: "all",
    date: { kind: "day", y: 1906, m: 4, d: 28 },
    images: ["wide", "tall"],
    metaAll: true,
    author: FIXED_IDS.object1.author,
    madeIn: "sesto-san-giovanni",
    exhibited: FIXED_IDS.object1.occurrence,
    collection: FIXED_IDS.object1.collection,
  },
  "2": {
    kind: "lettera",
    variant: "confidential",
    author: "1",
    recipient: "12",
    access: 3,
    mode: "all",
    date: { kind: "day", y: 1929, m: 11, d: 4 },
    collection: "7",
  },
  "3": { kind: "registro", variant: "payroll", access: 2, mode: "all", date: { kind: "year", y: 1921 } },
  "4": { kind: "ceramica", variant: "melograno", access: 1, mode: "it", date: { kind: "circa", y: 1890 } },
  "5": { kind: "manifesto", access: 1, mode: "all", images: ["tall"] },
  "6": { kind: "disegno-tecnico", access: 1, mode: "all", images: ["wide"] },
  "7": { kind: "ceramica", variant: "turntable", access: 1, mode: "all", images: ["portrait", "square"] },
  "8": { kind: "lettera", access: 1, mode: "all", images: ["portrait", "portrait"] },
  "9": { kind: "mappa", access: 1, mode: "all", images: ["wide"] },
  "10": { kind: "tessuto", access: 1, mode: "all", images: ["square"] },
  "11": { kind: "strumento", access: 1, mode: "all", images: ["square"] },
  "12": { kind: "fotografia", variant: "portrait", access: 1, mode: "all", images: ["portrait"] },
};

export async function generateDemo(outDir: string, opts: DemoOptions = {}): Promise<DemoResult> {
  const total = opts.records ?? DEFAULT_RECORDS;
  const seed = opts.seed ?? DEFAULT_SEED;
  const budget = Math.max(0, opts.images ?? DEFAULT_IMAGES);
  if (!Number.isInteger(total) || total < MIN_RECORDS) throw new Error(`records must be an integer ≥ ${MIN_RECORDS}`);
  const c = counts(total);
  const world = buildWorld(c, seed);
  const expected = Math.round(
    c.ca_objects * 0.85 * 1.43 + c.ca_entities * 0.2 + c.ca_places * 0.3 + c.ca_occurrences * 0.3 + c.ca_collections * 0.2,
  );
  const pool = new ImagePool(budget, seed, expected);

  const mediaDir = path.join(outDir, "media");
  await fs.promises.mkdir(mediaDir, { recursive: true });
  const file = path.join(outDir, "records.ndjson");
  const out = new LineWriter(file);
  const perTable: Record<string, number> = {};
  const emit = (rec: Rec) => {
    out.write(rec);
    perTable[rec.table] = (perTable[rec.table] ?? 0) + 1;
  };

  try {
    // Objects first, so that the fixed objects get the first images.
    const factory = new ObjectFactory(world, pool);
    const reproducible: ObjSummary[] = [];
    for (let i = 1; i <= c.ca_objects; i++) {
      const id = String(i);
      // The 360° example is drawn with the pictures: an archive without pictures has none.
      const force =
        id === FIXED_IDS.turntableObject && budget > 0 ? { ...FIXED_OBJECTS[id], sequence: turntableFiles() } : FIXED_OBJECTS[id];
      const { rec, summary } = factory.build(id, force);
      emit(rec);
      if (summary.image && reproducible.length < c.assets * 4) reproducible.push(summary);
    }
    for (const e of world.entities) emit(entityRecord(e, world, pool));
    for (const p of world.places) emit(placeRecord(p, world, pool));
    for (const ev of world.events) emit(eventRecord(ev, world, pool));
    for (const col of world.collections) emit(collectionRecord(col, world, pool));
    const viewers = viewerAssets({
      panorama: FIXED_IDS.panoramaAsset,
      model: FIXED_IDS.modelAsset,
      vase: FIXED_IDS.italianOnlyObject,
      place: FIXED_IDS.object1.place,
    });
    const fixed = [...fixedAssets(world), ...viewers].slice(0, c.assets);
    fixed.forEach(emit);
    const ar = Rng.derive(seed, "assets");
    for (let i = fixed.length + 1; i <= c.assets; i++) {
      const obj = reproducible.length ? reproducible[Math.floor(ar.float() * reproducible.length)] : undefined;
      emit(assetRecord(String(i), obj, world, pool));
    }
  } finally {
    out.close();
  }

  const pdf = path.join(mediaDir, PDF_FILE);
  await fs.promises.mkdir(path.dirname(pdf), { recursive: true });
  await fs.promises.writeFile(
    pdf,
    tinyPdf([
      "Statuto della Fondazione Valdameri",
      "Art. 1 - E' costituita la Fondazione Valdameri, con sede in Sesto San Giovanni.",
      "Art. 2 - La Fondazione conserva e valorizza gli archivi della famiglia Valdameri",
      "e delle sue aziende, e ne promuove lo studio.",
      "Milano, 20 maggio 1968",
    ]),
  );
  for (const [file, data] of [
    [PANORAMA_FILE, await roomPanorama()],
    [MODEL_FILE, vaseGlb()],
  ] as const) {
    await fs.promises.mkdir(path.dirname(path.join(mediaDir, file)), { recursive: true });
    await fs.promises.writeFile(path.join(mediaDir, file), data);
  }
  const frames = budget > 0 ? TURNTABLE_FRAMES : 0;
  const pictures = pool.specs.length + frames;
  opts.onImages?.(0, pictures);
  await renderImages(pool.specs, mediaDir, 4, (done) => opts.onImages?.(done, pictures), opts.imageCache);
  let drawn = pool.specs.length;
  if (frames) await renderTurntable(mediaDir, () => opts.onImages?.(++drawn, pictures));
  return { file, mediaDir, count: out.count, counts: perTable, images: pictures };
}
