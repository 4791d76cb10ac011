import sharp from "sharp";

/**
 * A poster for a model given without one (decision 106): its triangles drawn flat-shaded from a three-quarter
 * view, farthest first, as SVG polygons rasterised by sharp. No WebGL on the server, and no need of one for a
 * still picture that tells a visitor what the "View in 3D" button will show; a model of more than
 * MAX_TRIANGLES is drawn from an even sample of them.
 */
type Node = { mesh?: number; children?: number[]; matrix?: number[]; translation?: number[]; rotation?: number[]; scale?: number[] };
type Accessor = { bufferView?: number; byteOffset?: number; componentType: number; count: number; type: string };
type Json = {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: Node[];
  meshes?: { primitives: { attributes: Record<string, number>; indices?: number; mode?: number; material?: number }[] }[];
  accessors?: Accessor[];
  bufferViews?: { byteOffset?: number; byteLength: number; byteStride?: number }[];
  materials?: { pbrMetallicRoughness?: { baseColorFactor?: number[] } }[];
};
type Mat = number[];

const SIZE = 800;
const MAX_TRIANGLES = 30_000;

const identity = (): Mat => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
function multiply(a: Mat, b: Mat): Mat {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}
function localMatrix(n: Node): Mat {
  if (n.matrix?.length === 16) return n.matrix;
  const [x, y, z, w] = n.rotation ?? [0, 0, 0, 1];
  const [sx, sy, sz] = n.scale ?? [1, 1, 1];
  const [tx, ty, tz] = n.translation ?? [0, 0, 0];
  // biome-ignore format: a matrix reads best in columns
  return [
    (1 - 2 * (y! * y! + z! * z!)) * sx!, 2 * (x! * y! + z! * w!) * sx!, 2 * (x! * z! - y! * w!) * sx!, 0,
    2 * (x! * y! - z! * w!) * sy!, (1 - 2 * (x! * x! + z! * z!)) * sy!, 2 * (y! * z! + x! * w!) * sy!, 0,
    2 * (x! * z! + y! * w!) * sz!, 2 * (y! * z! - x! * w!) * sz!, (1 - 2 * (x! * x! + y! * y!)) * sz!, 0,
    tx!, ty!, tz!, 1,
  ];
}
const apply = (m: Mat, [x, y, z]: number[]) => [
  m[0]! * x! + m[4]! * y! + m[8]! * z! + m[12]!,
  m[1]! * x! + m[5]! * y! + m[9]! * z! + m[13]!,
  m[2]! * x! + m[6]! * y! + m[10]! * z! + m[14]!,
];

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };
const READERS: Record<number, [number, (b: Buffer, o: number) => number]> = {
  5121: [1, (b, o) => b.readUInt8(o)],
  5123: [2, (b, o) => b.readUInt16LE(o)],
  5125: [4, (b, o) => b.readUInt32LE(o)],
  5126: [4, (b, o) => b.readFloatLE(o)],
};

/** An accessor's values as arrays of components (null when it is not read here: sparse, quantised positions). */
function read(json: Json, bin: Buffer, index: number | undefined): number[][] | null {
  const a = index === undefined ? undefined : json.accessors?.[index];
  const view = a?.bufferView === undefined ? undefined : json.bufferViews?.[a.bufferView];
  const reader = a && READERS[a.componentType];
  if (!a || !view || !reader) return null;
  const n = COMPONENTS[a.type] ?? 1;
  const stride = view.byteStride || reader[0] * n;
  const start = (view.byteOffset ?? 0) + (a.byteOffset ?? 0);
  if (start + stride * (a.count - 1) + reader[0] * n > bin.length) return null;
  return Array.from({ length: a.count }, (_, i) => Array.from({ length: n }, (_, c) => reader[1](bin, start + i * stride + c * reader[0])));
}

/** A primitive's COLOR_0 as linear RGB 0–1 (floats, or normalised bytes and shorts), when it has one. */
function vertexColours(json: Json, bin: Buffer, index: number | undefined, count: number): number[][] | null {
  const a = index === undefined ? undefined : json.accessors?.[index];
  const values = a && a.count === count ? read(json, bin, index) : null;
  if (!a || !values) return null;
  const scale = a.componentType === 5121 ? 255 : a.componentType === 5123 ? 65535 : 1;
  return values.map((v) => v.map((c) => c / scale));
}

type Triangle = { p: number[][]; color: number[] };

function triangles(json: Json, bin: Buffer): Triangle[] {
  const out: Triangle[] = [];
  const visit = (index: number, parent: Mat, depth: number) => {
    const node = json.nodes?.[index];
    if (!node || depth > 64) return;
    const m = multiply(parent, localMatrix(node));
    for (const prim of json.meshes?.[node.mesh ?? -1]?.primitives ?? []) {
      if ((prim.mode ?? 4) !== 4) continue;
      const pos =
        json.accessors?.[prim.attributes.POSITION ?? -1]?.componentType === 5126 ? read(json, bin, prim.attributes.POSITION) : null;
      if (!pos) continue;
      const idx = prim.indices === undefined ? pos.map((_, i) => i) : (read(json, bin, prim.indices)?.map((v) => v[0]!) ?? []);
      const factor = json.materials?.[prim.material ?? -1]?.pbrMetallicRoughness?.baseColorFactor ?? [0.72, 0.69, 0.64, 1];
      const colours = vertexColours(json, bin, prim.attributes.COLOR_0, pos.length);
      const world = pos.map((p) => apply(m, p));
      for (let i = 0; i + 2 < idx.length; i += 3) {
        const corners = [idx[i]!, idx[i + 1]!, idx[i + 2]!];
        const p = corners.map((k) => world[k]);
        if (!p.every(Boolean)) continue;
        const color = colours
          ? [0, 1, 2].map((c) => (factor[c]! * corners.reduce((sum, k) => sum + (colours[k]?.[c] ?? 1), 0)) / 3)
          : factor;
        out.push({ p: p as number[][], color });
      }
    }
    for (const c of node.children ?? []) visit(c, m, depth + 1);
  };
  const roots = json.scenes?.[json.scene ?? 0]?.nodes ?? json.nodes?.map((_, i) => i) ?? [];
  for (const r of roots) visit(r, identity(), 0);
  return out;
}

/** The poster of a GLB's JSON and binary chunk: a PNG, SIZE px square. */
export async function drawModelPoster({ json, bin }: { json: object; bin: Buffer | null }): Promise<Buffer> {
  let tris = bin ? triangles(json as Json, bin) : [];
  if (tris.length > MAX_TRIANGLES) {
    const step = tris.length / MAX_TRIANGLES;
    tris = Array.from({ length: MAX_TRIANGLES }, (_, i) => tris[Math.floor(i * step)]!);
  }
  // A three-quarter view from a little above: turned 35° round the vertical, tilted 20° down.
  const [ya, xa] = [(-35 * Math.PI) / 180, (-20 * Math.PI) / 180];
  const view = (p: number[]) => {
    const x1 = p[0]! * Math.cos(ya) + p[2]! * Math.sin(ya);
    const z1 = -p[0]! * Math.sin(ya) + p[2]! * Math.cos(ya);
    return [x1, p[1]! * Math.cos(xa) - z1 * Math.sin(xa), p[1]! * Math.sin(xa) + z1 * Math.cos(xa)];
  };
  const viewed = tris.map((t) => ({ p: t.p.map(view), color: t.color }));
  const all = viewed.flatMap((t) => t.p);
  const min = [0, 1].map((k) => all.reduce((m, p) => Math.min(m, p[k]!), Infinity));
  const max = [0, 1].map((k) => all.reduce((m, p) => Math.max(m, p[k]!), -Infinity));
  const scale = all.length ? (SIZE * 0.8) / Math.max(max[0]! - min[0]!, max[1]! - min[1]!, 1e-9) : 1;
  const cx = all.length ? (min[0]! + max[0]!) / 2 : 0;
  const cy = all.length ? (min[1]! + max[1]!) / 2 : 0;
  const light = [0.45, 0.6, 0.66];
  const polygons = viewed
    .map((t) => {
      const [a, b, c] = t.p as [number[], number[], number[]];
      const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
      const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
      const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
      const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
      const shade = 0.35 + 0.65 * Math.abs((n[0]! * light[0]! + n[1]! * light[1]! + n[2]! * light[2]!) / len);
      const depth = (a[2]! + b[2]! + c[2]!) / 3;
      return { t, shade, depth };
    })
    .sort((x, y) => y.depth - x.depth)
    .map(({ t, shade }) => {
      const rgb = t.color
        .slice(0, 3)
        .map((c) => Math.round(255 * Math.min(1, Math.max(0, c) ** (1 / 2.2) * shade)))
        .join(",");
      const pts = t.p
        .map((p) => `${(SIZE / 2 + (p[0]! - cx) * scale).toFixed(1)},${(SIZE / 2 - (p[1]! - cy) * scale).toFixed(1)}`)
        .join(" ");
      return `<polygon points="${pts}" fill="rgb(${rgb})" stroke="rgb(${rgb})" stroke-width="0.6"/>`;
    });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">
<defs><radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#f4f1ec"/><stop offset="1" stop-color="#d9d3ca"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>${polygons.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
