/**
 * The demo's examples for the panorama and 3D viewers (issue 33 §4, decision 106), drawn by code like its
 * pictures: an equirectangular photograph of the works' drawing office (an SVG projected point by point, so
 * that its walls, windows and floor meet where they should once wrapped round the viewer) and a majolica vase
 * as a GLB written by hand (a surface of revolution: positions, normals, colours, indices in one binary chunk).
 * Both are fixed public assets (FIXED_IDS.panoramaAsset, modelAsset); the importer draws the vase's poster.
 */
import sharp from "sharp";
import { L, Rng } from "../language";
import { FOUNDATION } from "../vocabulary";
import { ASSET_TYPES, makeTexts, MetaBuilder, type Rec, REL, rel, thesaurusTag } from "./common";

/** The folder of the viewers' files under the media directory (the pictures' worker leaves it to the import). */
export const VIEWERS_DIR = "viewers";
export const PANORAMA_FILE = `${VIEWERS_DIR}/sala-disegnatori-360.jpg`;
export const MODEL_FILE = `${VIEWERS_DIR}/vaso-melograni.glb`;
const PW = 4096;
const PH = 2048;

// ---------------------------------------------------------------------------
// The panorama: a room seen from 1.6 m above its floor, x east, y up, z north
// ---------------------------------------------------------------------------

type P3 = [number, number, number];
const ROOM = { x0: -5.2, x1: 5.2, z0: -3.6, z1: 3.6, h: 4.4 };
const EYE: P3 = [0.35, 1.6, -0.4];
const f1 = (n: number) => n.toFixed(1);

/** Where a point of the room appears in the picture (yaw 0, the picture's centre, looks north). */
function project([x, y, z]: P3): [number, number] {
  const dx = x - EYE[0];
  const dy = y - EYE[1];
  const dz = z - EYE[2];
  const yaw = Math.atan2(dx, dz);
  const pitch = Math.atan2(dy, Math.hypot(dx, dz));
  return [(yaw / (2 * Math.PI) + 0.5) * PW, (0.5 - pitch / Math.PI) * PH];
}

/**
 * A flat polygon of the room as SVG: each edge cut in short steps (straight lines of the room are curves in
 * the picture), unwrapped across the picture's left and right edges, drawn a second time a picture's width
 * over when it crosses them.
 */
function polygon(corners: P3[], attrs: string, steps = 24): string {
  const pts: [number, number][] = [];
  corners.forEach((a, i) => {
    const b = corners[(i + 1) % corners.length]!;
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const p = project([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
      const last = pts[pts.length - 1];
      if (last) p[0] += Math.round((last[0] - p[0]) / PW) * PW;
      pts.push(p);
    }
  });
  const min = Math.min(...pts.map((p) => p[0]));
  const max = Math.max(...pts.map((p) => p[0]));
  const shifts = [0, ...(min < 0 ? [PW] : []), ...(max > PW ? [-PW] : [])];
  return shifts.map((dx) => `<polygon points="${pts.map(([x, y]) => `${f1(x + dx)},${f1(y)}`).join(" ")}" ${attrs}/>`).join("");
}

/** A rectangle on a wall: `u` along it (from its left end, seen from inside), `v` up from the floor. */
type Wall = { a: [number, number]; b: [number, number]; shade: string };
const WALLS: Wall[] = [
  { a: [ROOM.x0, ROOM.z1], b: [ROOM.x1, ROOM.z1], shade: "#ddd0b6" }, // north, the windows
  { a: [ROOM.x1, ROOM.z1], b: [ROOM.x1, ROOM.z0], shade: "#d2c4a9" }, // east
  { a: [ROOM.x1, ROOM.z0], b: [ROOM.x0, ROOM.z0], shade: "#c9bb9f" }, // south, the door
  { a: [ROOM.x0, ROOM.z0], b: [ROOM.x0, ROOM.z1], shade: "#d5c8ad" }, // west
];
function onWall(w: Wall, u0: number, u1: number, v0: number, v1: number, inset = 0): P3[] {
  const len = Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]);
  const at = (u: number, v: number): P3 => {
    const t = u / len;
    // `inset` brings the shape a little into the room (frames, shelves stand out of the wall).
    const nx = -(w.b[1] - w.a[1]) / len;
    const nz = (w.b[0] - w.a[0]) / len;
    return [w.a[0] + (w.b[0] - w.a[0]) * t - nx * inset, v, w.a[1] + (w.b[1] - w.a[1]) * t - nz * inset];
  };
  return [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
}
const wallLength = (w: Wall) => Math.hypot(w.b[0] - w.a[0], w.b[1] - w.a[1]);

export function roomPanoramaSvg(): string {
  const r = new Rng(1906);
  const out: string[] = [];
  // Ceiling above, parquet below: the walls are drawn over the band between them.
  out.push(`<rect width="${PW}" height="${PH / 2}" fill="#efe8da"/><rect y="${PH / 2}" width="${PW}" height="${PH / 2}" fill="#94653b"/>`);
  for (const w of WALLS) {
    const len = wallLength(w);
    out.push(polygon(onWall(w, 0, len, 0, ROOM.h), `fill="${w.shade}"`, 48));
    out.push(polygon(onWall(w, 0, len, 0, 1.1), `fill="#7a5536"`, 48)); // wainscot
    out.push(polygon(onWall(w, 0, len, 1.1, 1.16), `fill="#5e3f27"`, 48));
    out.push(polygon(onWall(w, 0, len, ROOM.h - 0.25, ROOM.h), `fill="#e6dcc8"`, 48)); // cornice
  }
  // North wall: three tall windows, sky and the works' chimneys beyond.
  const north = WALLS[0]!;
  for (const c of [-3.3, 0, 3.3]) {
    const u = c - ROOM.x0;
    out.push(polygon(onWall(north, u - 0.85, u + 0.85, 1.0, 3.7, 0.01), `fill="#f6f3ec"`));
    out.push(polygon(onWall(north, u - 0.72, u + 0.72, 1.12, 3.58, 0.02), `fill="#a9c8e2"`));
    out.push(polygon(onWall(north, u - 0.72, u + 0.72, 1.12, 1.6, 0.025), `fill="#8a8f96"`)); // rooftops
    for (const cx of [-0.4, 0.3]) out.push(polygon(onWall(north, u + cx, u + cx + 0.12, 1.6, 2.5, 0.025), `fill="#7b4b3a"`));
    out.push(polygon(onWall(north, u - 0.04, u + 0.04, 1.12, 3.58, 0.03), `fill="#f6f3ec"`)); // mullion
    for (const v of [1.9, 2.7]) out.push(polygon(onWall(north, u - 0.72, u + 0.72, v, v + 0.06, 0.03), `fill="#f6f3ec"`));
  }
  // East and west walls: shelves of bound drawings and registers.
  for (const w of [WALLS[1]!, WALLS[3]!]) {
    const len = wallLength(w);
    const [s0, s1] = [0.9, len - 0.9];
    out.push(polygon(onWall(w, s0, s1, 0, 3.2, 0.3), `fill="#5a3b22"`, 32));
    for (let shelf = 0; shelf < 5; shelf++) {
      const v = 0.25 + shelf * 0.6;
      let u = s0 + 0.08;
      while (u < s1 - 0.1) {
        const wd = 0.05 + r.float() * 0.07;
        const hi = 0.36 + r.float() * 0.16;
        const colour = r.pick(["#7b2d26", "#2e4a62", "#3f5b3a", "#8a6d3b", "#5b3a55", "#a39171", "#26333f"]);
        out.push(polygon(onWall(w, u, Math.min(u + wd, s1 - 0.1), v + 0.04, v + 0.04 + hi, 0.31), `fill="${colour}"`, 2));
        u += wd + 0.006;
      }
      out.push(polygon(onWall(w, s0, s1, v, v + 0.04, 0.32), `fill="#3e2815"`, 32));
    }
  }
  // South wall: the door and a framed plan of the works.
  const south = WALLS[2]!;
  out.push(polygon(onWall(south, 1.4, 2.7, 0, 2.6, 0.01), `fill="#6b4426"`));
  out.push(polygon(onWall(south, 1.55, 2.55, 0.15, 2.45, 0.02), `fill="#7d5331"`));
  out.push(polygon(onWall(south, 5.2, 8.6, 1.5, 3.4, 0.02), `fill="#3b2a1a"`));
  out.push(polygon(onWall(south, 5.3, 8.5, 1.6, 3.3, 0.03), `fill="#26517a"`));
  for (let k = 1; k < 8; k++) out.push(polygon(onWall(south, 5.3 + k * 0.4, 5.32 + k * 0.4, 1.6, 3.3, 0.035), `fill="#cfe0ee"`, 4));
  for (let k = 1; k < 5; k++) out.push(polygon(onWall(south, 5.3, 8.5, 1.6 + k * 0.34, 1.61 + k * 0.34, 0.035), `fill="#cfe0ee"`, 8));
  // Floor boards and ceiling beams, none passing straight under or over the eye.
  for (let x = ROOM.x0 + 0.6; x < ROOM.x1; x += 0.6)
    out.push(
      polygon(
        [
          [x, 0.001, ROOM.z0],
          [x + 0.012, 0.001, ROOM.z0],
          [x + 0.012, 0.001, ROOM.z1],
          [x, 0.001, ROOM.z1],
        ],
        `fill="#6f4a2a"`,
        200,
      ),
    );
  for (let z = ROOM.z0 + 1.2; z < ROOM.z1; z += 1.2)
    out.push(
      polygon(
        [
          [ROOM.x0, ROOM.h - 0.001, z],
          [ROOM.x1, ROOM.h - 0.001, z],
          [ROOM.x1, ROOM.h - 0.001, z + 0.22],
          [ROOM.x0, ROOM.h - 0.001, z + 0.22],
        ],
        `fill="#6e4f33"`,
        200,
      ),
    );
  // The drawing table in front of the windows.
  const [tx0, tx1, tz0, tz1, th] = [-1.6, 1.6, 1.2, 2.3, 0.92];
  out.push(
    polygon(
      [
        [tx0, th, tz0],
        [tx1, th, tz0],
        [tx1, th, tz1],
        [tx0, th, tz1],
      ],
      `fill="#b89466"`,
    ),
  );
  out.push(
    polygon(
      [
        [tx0 + 0.3, th + 0.001, tz0 + 0.2],
        [tx0 + 1.3, th + 0.001, tz0 + 0.2],
        [tx0 + 1.3, th + 0.001, tz0 + 0.9],
        [tx0 + 0.3, th + 0.001, tz0 + 0.9],
      ],
      `fill="#f3efe4"`,
    ),
  );
  out.push(
    polygon(
      [
        [tx0, th - 0.12, tz0],
        [tx1, th - 0.12, tz0],
        [tx1, th, tz0],
        [tx0, th, tz0],
      ],
      `fill="#7a5536"`,
    ),
  );
  for (const lx of [tx0 + 0.05, tx1 - 0.13])
    out.push(
      polygon(
        [
          [lx, 0, tz0],
          [lx + 0.08, 0, tz0],
          [lx + 0.08, th - 0.12, tz0],
          [lx, th - 0.12, tz0],
        ],
        `fill="#5e3f27"`,
        8,
      ),
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PW}" height="${PH}" viewBox="0 0 ${PW} ${PH}">${out.join("")}</svg>`;
}

export async function roomPanorama(): Promise<Buffer> {
  return sharp(Buffer.from(roomPanoramaSvg())).flatten({ background: "#ffffff" }).jpeg({ quality: 82 }).toBuffer();
}

// ---------------------------------------------------------------------------
// The model: a majolica vase with a band of pomegranates, 26 cm high
// ---------------------------------------------------------------------------

/** The vase's radius at height t (0 foot, 1 lip), in metres. */
const profile = (t: number) =>
  0.045 + 0.055 * Math.sin(Math.PI * (t * 0.85 + 0.05)) ** 1.5 - 0.02 * Math.max(0, t - 0.82) * 4 + 0.035 * Math.max(0, t - 0.92) * 10;
const VASE_H = 0.26;
const RINGS = 48;
const SEGMENTS = 64;

/** The glaze's colour at height t and angle a: white tin glaze, blue bands, a band of red pomegranates with green leaves. */
function glaze(t: number, a: number): [number, number, number] {
  const blue: [number, number, number] = [0.12, 0.22, 0.55];
  if ((t > 0.08 && t < 0.11) || (t > 0.74 && t < 0.77) || t > 0.96) return blue;
  if (t > 0.36 && t < 0.62) {
    const cell = (a / (2 * Math.PI)) * 8;
    const du = (cell - Math.floor(cell) - 0.5) * 2.2;
    const dv = (t - 0.49) / 0.09;
    if (du * du + dv * dv < 0.55) return [0.7, 0.12, 0.1];
    if (Math.abs(dv + 0.95) < 0.25 && Math.abs(du) < 0.5) return [0.2, 0.45, 0.2];
  }
  return [0.93, 0.9, 0.82];
}

/** The vase as a GLB: one mesh of one primitive, double-sided so that its inside shows through the mouth. */
export function vaseGlb(): Buffer {
  const pos: number[] = [];
  const nor: number[] = [];
  const col: number[] = [];
  const idx: number[] = [];
  for (let i = 0; i <= RINGS; i++) {
    const t = i / RINGS;
    const rad = profile(t);
    const slope = (profile(Math.min(1, t + 0.001)) - profile(Math.max(0, t - 0.001))) / (0.002 * VASE_H);
    for (let j = 0; j <= SEGMENTS; j++) {
      const a = (j / SEGMENTS) * 2 * Math.PI;
      pos.push(rad * Math.cos(a), t * VASE_H, rad * Math.sin(a));
      const len = Math.hypot(1, slope);
      nor.push(Math.cos(a) / len, -slope / len, Math.sin(a) / len);
      col.push(...glaze(t, a));
    }
  }
  const row = SEGMENTS + 1;
  for (let i = 0; i < RINGS; i++)
    for (let j = 0; j < SEGMENTS; j++) {
      const k = i * row + j;
      idx.push(k, k + row, k + 1, k + 1, k + row, k + row + 1);
    }
  // The foot: a disc closing the bottom ring.
  const centre = pos.length / 3;
  pos.push(0, 0, 0);
  nor.push(0, -1, 0);
  col.push(0.93, 0.9, 0.82);
  for (let j = 0; j < SEGMENTS; j++) idx.push(centre, j + 1, j);

  const f32 = (a: number[]) => Buffer.from(new Float32Array(a).buffer);
  const views = [f32(pos), f32(nor), f32(col), Buffer.from(new Uint16Array(idx).buffer)];
  const offsets: number[] = [];
  let length = 0;
  for (const v of views) {
    offsets.push(length);
    length += (v.length + 3) & ~3;
  }
  const bin = Buffer.concat(views.flatMap((v) => [v, Buffer.alloc(((v.length + 3) & ~3) - v.length)]));
  const count = pos.length / 3;
  const min = [0, 1, 2].map((c) => Math.min(...pos.filter((_, i) => i % 3 === c)));
  const max = [0, 1, 2].map((c) => Math.max(...pos.filter((_, i) => i % 3 === c)));
  const json = {
    asset: { version: "2.0", generator: "Teca demo (hand-written GLB)" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: "vaso" }],
    meshes: [{ name: "vaso", primitives: [{ attributes: { POSITION: 0, NORMAL: 1, COLOR_0: 2 }, indices: 3, material: 0 }] }],
    materials: [
      {
        name: "maiolica",
        doubleSided: true,
        pbrMetallicRoughness: { baseColorFactor: [1, 1, 1, 1], metallicFactor: 0, roughnessFactor: 0.35 },
      },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: "VEC3", min, max },
      { bufferView: 1, componentType: 5126, count, type: "VEC3" },
      { bufferView: 2, componentType: 5126, count, type: "VEC3" },
      { bufferView: 3, componentType: 5123, count: idx.length, type: "SCALAR" },
    ],
    bufferViews: views.map((v, i) => ({ buffer: 0, byteOffset: offsets[i], byteLength: v.length, target: i < 3 ? 34962 : 34963 })),
    buffers: [{ byteLength: bin.length }],
  };
  const text = Buffer.from(JSON.stringify(json));
  const jsonChunk = Buffer.concat([text, Buffer.alloc(((text.length + 3) & ~3) - text.length, 0x20)]);
  const head = Buffer.alloc(20);
  head.write("glTF", 0, "latin1");
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(12 + 8 + jsonChunk.length + 8 + bin.length, 8);
  head.writeUInt32LE(jsonChunk.length, 12);
  head.write("JSON", 16, "latin1");
  const binHead = Buffer.alloc(8);
  binHead.writeUInt32LE(bin.length, 0);
  binHead.write("BIN\0", 4, "latin1");
  return Buffer.concat([head, jsonChunk, binHead, bin]);
}

// ---------------------------------------------------------------------------
// The two assets
// ---------------------------------------------------------------------------

export function viewerAssets(ids: { panorama: string; model: string; vase: string; place: string }): Rec[] {
  const src = { url: `${FOUNDATION.baseUrl}/media`, license: "CC BY 4.0", attribution: FOUNDATION.attribution };
  const lic = (m: MetaBuilder) => m.link("licenza", "https://creativecommons.org/licenses/by/4.0/", L("CC BY 4.0"));
  const pano = lic(
    new MetaBuilder()
      .text(
        "formato",
        L(
          "Fotografia sferica equirettangolare, 4096 × 2048 px",
          "Equirectangular spherical photograph, 4096 × 2048 px",
          "Photographie sphérique équirectangulaire, 4096 × 2048 px",
        ),
      )
      .date("data_digitalizzazione", "2019-05-14"),
  );
  const model = lic(
    new MetaBuilder()
      .text(
        "formato",
        L("Modello 3D glTF (GLB), colori per vertice", "glTF 3D model (GLB), vertex colours", "Modèle 3D glTF (GLB), couleurs par sommet"),
      )
      .date("data_digitalizzazione", "2021-02-09"),
  );
  return [
    {
      table: "assets",
      id: ids.panorama,
      type: ASSET_TYPES.riproduzione,
      access: 1,
      texts: makeTexts(
        "all",
        L(
          "La sala disegnatori dello stabilimento di Sesto San Giovanni, ripresa a 360°",
          "The drawing office of the Sesto San Giovanni works, a 360° view",
          "La salle des dessinateurs de l'usine de Sesto San Giovanni, vue à 360°",
        ),
        L(
          "Fotografia sferica della sala disegnatori, oggi sala di consultazione dell'archivio: i tavoli da disegno davanti alle finestre, gli scaffali dei disegni rilegati, la pianta dello stabilimento.",
          "A spherical photograph of the drawing office, now the archive's reading room: the drawing table in front of the windows, the shelves of bound drawings, the plan of the works.",
          "Photographie sphérique de la salle des dessinateurs, aujourd'hui salle de lecture des archives : la table à dessin devant les fenêtres, les rayonnages de dessins reliés, le plan de l'usine.",
        ),
        pano,
      ),
      date: { start: "2019-05-14" },
      media: [{ type: "panorama", file: PANORAMA_FILE, title: L("Vista a 360°", "360° view", "Vue à 360°") }],
      relations: [rel(REL.luogoRaffigurato!, "ca_places", ids.place)],
      tags: [thesaurusTag("ripresa")],
      source: src,
    },
    {
      table: "assets",
      id: ids.model,
      type: ASSET_TYPES.riproduzione,
      access: 1,
      texts: makeTexts(
        "all",
        L(
          "Modello 3D del vaso in maiolica con melograni",
          "3D model of the majolica vase with pomegranates",
          "Modèle 3D du vase en majolique aux grenades",
        ),
        L(
          "Rilievo tridimensionale del vaso, con la fascia di melograni tra due filetti blu.",
          "A three-dimensional survey of the vase, with its band of pomegranates between two blue lines.",
          "Relevé tridimensionnel du vase, avec sa frise de grenades entre deux filets bleus.",
        ),
        model,
      ),
      date: { start: "2021-02-09" },
      media: [{ type: "model", file: MODEL_FILE, title: L("Modello 3D", "3D model", "Modèle 3D") }],
      relations: [rel(REL.riproduzione!, "ca_objects", ids.vase)],
      tags: [thesaurusTag("scansione")],
      source: src,
    },
  ];
}
