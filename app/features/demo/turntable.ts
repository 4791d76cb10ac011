/**
 * The demo's 360° example (issue 33 §4, decision 105): a majolica vase with pomegranates photographed on a
 * turntable, drawn by code, one frame every 360/n degrees. The vase is a surface of revolution shaded pixel by
 * pixel (a light from the upper left and front, a glossy highlight, seen a little from above), its painted
 * decoration wrapped round it: one large cartouche, smaller pomegranates and leaves, so that each turn shows
 * another side while the light stays where it is. Written as JPEG through sharp, byte for byte the same on
 * every run.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

export const TURNTABLE_FRAMES = 24;
export const TURNTABLE_SIZE = 800;

/** The frames' files, relative to the media directory, in turning order. */
export const turntableFiles = (n = TURNTABLE_FRAMES): string[] =>
  Array.from({ length: n }, (_, i) => `turntable/vaso-melograno-${String(i + 1).padStart(2, "0")}.jpg`);

type RGB = [number, number, number];
const hexRgb = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const GLAZE = hexRgb("#f2ead7");
const COBALT = hexRgb("#1f4e8c");
const OCHRE = hexRgb("#c98a1c");
const RED = hexRgb("#b0262f");
const DARK_RED = hexRgb("#7a1820");
const GREEN = hexRgb("#3f6b2f");
const INSIDE = hexRgb("#5b4a36");

const clamp = (v: number, lo = 0, hi = 1) => Math.max(lo, Math.min(v, hi));
const mix = (a: RGB, b: RGB, k: number): RGB => [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k];
/** Coverage of a shape from its signed distance in pixels (negative inside): a one-pixel soft edge. */
const cover = (d: number) => clamp(0.5 - d);
/** Math.hypot of two numbers, without its cost (it is several times slower, and called millions of times here). */
const len = (a: number, b: number) => Math.sqrt(a * a + b * b);
/** An angle wrapped to (-π, π]. */
const wrap = (a: number) => a - 2 * Math.PI * Math.round(a / (2 * Math.PI));

/** The vase's radius along its height (t 0 at the rim, 1 at the foot), as a fraction of the frame's width. */
const PROFILE: [number, number][] = [
  [0, 0.1],
  [0.07, 0.085],
  [0.2, 0.12],
  [0.42, 0.235],
  [0.6, 0.25],
  [0.82, 0.165],
  [0.93, 0.12],
  [1, 0.13],
];

/** Catmull-Rom through PROFILE: the radius at t and its slope dr/dt. */
function profile(t: number): { r: number; dr: number } {
  const p = PROFILE;
  let i = 0;
  while (i < p.length - 2 && t > p[i + 1]![0]) i++;
  const [t1, r1] = p[i]!;
  const [t2, r2] = p[i + 1]!;
  const r0 = (p[i - 1] ?? p[i]!)[1];
  const r3 = (p[i + 2] ?? p[i + 1]!)[1];
  const s = clamp((t - t1) / (t2 - t1));
  const m1 = (r2 - r0) / 2;
  const m2 = (r3 - r1) / 2;
  const s2 = s * s;
  const s3 = s2 * s;
  const r = (2 * s3 - 3 * s2 + 1) * r1 + (s3 - 2 * s2 + s) * m1 + (-2 * s3 + 3 * s2) * r2 + (s3 - s2) * m2;
  const d = (6 * s2 - 6 * s) * r1 + (3 * s2 - 4 * s + 1) * m1 + (-6 * s2 + 6 * s) * r2 + (3 * s2 - 2 * s) * m2;
  return { r, dr: d / (t2 - t1) };
}

/**
 * The painted surface at longitude `phi` (radians, 0 the cartouche) and height `t`; `r` the radius there, in
 * pixels, so that motifs keep their size in pixels along the surface.
 */
function paint(phi: number, t: number, r: number, H: number): RGB {
  let c = GLAZE;
  const v = t * H;
  const band = (t0: number, t1: number) => Math.min(cover(t0 * H - v), cover(v - t1 * H));
  // Cobalt lines at the rim and the foot, an ochre band with scallops on the shoulder.
  if (t < 0.07) c = mix(c, COBALT, band(0.035, 0.06));
  if (t > 0.89) {
    c = mix(c, COBALT, band(0.9, 0.93));
    c = mix(c, COBALT, band(0.965, 1.01));
  }
  if (t > 0.19 && t < 0.3) {
    const scallop = Math.abs(Math.sin((phi * 24) / 2));
    c = mix(c, OCHRE, band(0.2, 0.235 + 0.03 * scallop));
    c = mix(c, COBALT, band(0.245 + 0.03 * scallop, 0.255 + 0.03 * scallop));
  }
  // Sixteen leaves round the neck.
  if (Math.abs(v - 0.13 * H) < 24) {
    const k = Math.round((phi * 16) / (2 * Math.PI));
    const s = wrap(phi - (k * 2 * Math.PI) / 16) * r;
    const dv = v - 0.13 * H;
    const d = len(s / 7, dv / 22) - 1;
    c = mix(c, GREEN, cover(d * 7));
  }
  // The belly: one cartouche (cobalt ring round a large pomegranate) and three smaller pomegranates between leaves, unevenly
  // spaced so that no two frames are alike.
  const motif = (at: number, big: boolean, small: number) => {
    const s = wrap(phi - at) * r;
    const dv = v - 0.52 * H;
    const R = big ? 62 : small;
    if (big) {
      const ring = Math.abs(len(s, dv) - 98) - 6;
      c = mix(c, COBALT, cover(ring));
      const dots = Math.abs(len(s, dv) - 84) - 2.5;
      c = mix(c, OCHRE, cover(dots) * (Math.sin(Math.atan2(dv, s) * 18) > 0.2 ? 1 : 0));
    } else {
      // Two leaves either side of the small fruit.
      for (const side of [-1, 1]) {
        const ls = s - side * R * 1.35;
        const lv = dv + R * 0.2;
        const d = len(ls / 2.2, lv) - R * 0.32;
        c = mix(c, GREEN, cover(d));
      }
    }
    // The fruit: a red disc, darker at its foot, a crown of three points, seeds shown by a few light dots.
    const fd = len(s, dv - R * 0.1) - R;
    c = mix(c, mix(RED, DARK_RED, clamp((dv + R * 0.1) / (R * 2) + 0.3)), cover(fd));
    const crown = Math.max(
      Math.abs(s) - R * 0.38,
      -(dv + R * 0.8),
      dv + R * 1.25 - 14 * Math.abs(Math.sin((s / (R * 0.38)) * Math.PI * 1.5)),
    );
    c = mix(c, RED, cover(crown));
    if (fd < -R * 0.25) {
      const gx = Math.round(s / (R * 0.3));
      const gy = Math.round(dv / (R * 0.3));
      const seed = len(s - gx * R * 0.3, dv - gy * R * 0.3) - R * 0.07;
      c = mix(c, hexRgb("#e7a3a0"), cover(seed) * ((gx + gy) % 2 === 0 ? 0.9 : 0));
    }
  };
  // Only the motifs near this longitude and height can touch it.
  if (Math.abs(v - 0.52 * H) < 110)
    for (const [at, big, small] of [
      [0, true, 0],
      [(105 * Math.PI) / 180, false, 34],
      [(190 * Math.PI) / 180, false, 40],
      [(262 * Math.PI) / 180, false, 30],
    ] as const)
      if (Math.abs(wrap(phi - at)) * r < 130) motif(at, big, small);
  return c;
}

/** A pixel of the vase's surface: where it is, what of the surface it shows and how lit it is (the same every frame). */
type SurfacePixel = { o: number; longitude: number; t: number; r: number; shade: number; spec: number; edge: number };

/**
 * The scene without the vase's paint, which alone changes as it turns: the backdrop with the mouth of the vase
 * (raw RGB), and the vase's surface pixels to paint for each angle.
 */
function scene(W: number): { backdrop: Buffer; surface: SurfacePixel[]; H: number } {
  const cx = W / 2;
  const top = W * 0.17;
  const H = W * 0.7;
  const bot = top + H;
  const tilt = 0.2; // seen from a little above: a circle of the vase shows as an ellipse this flat
  const light = norm([-0.55, -0.45, 0.7]);
  const half = norm([light[0], light[1], light[2] + 1]);
  // The profile sampled once.
  const N = 2048;
  const rs = new Float64Array(N + 1);
  const drs = new Float64Array(N + 1);
  for (let i = 0; i <= N; i++) {
    const p = profile(i / N);
    rs[i] = p.r * W;
    drs[i] = p.dr;
  }
  const at = (t: number) => Math.round(clamp(t) * N);
  const maxR = Math.max(...rs);
  const rim = rs[0]!;
  const foot = rs[N]!;
  const backdrop = Buffer.alloc(W * W * 3);
  const surface: SurfacePixel[] = [];
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      // A studio sweep, lighter above, and the vase's soft shadow on the floor to the right.
      const g = y / W;
      let col: RGB = mix(hexRgb("#e4ded3"), hexRgb("#a59d90"), g * g);
      const sh = len((x - cx - W * 0.07) / (foot * 2.3), (y - bot - tilt * foot) / (foot * tilt * 2.2));
      col = mix(col, hexRgb("#5e574d"), 0.55 * clamp(1.2 - sh));
      const o = (y * W + x) * 3;
      if (Math.abs(x - cx) < maxR + 2 && y > top - rim * tilt - 2 && y < bot + foot * tilt + 2) {
        const inMouth = len((x - cx) / rim, (y - top) / (rim * tilt)) - 1;
        if (inMouth < 0.02) {
          // The inside of the neck, darker towards the front rim; a thin lit rim around it.
          const depth = clamp((y - (top - rim * tilt)) / (2 * rim * tilt));
          const inside = mix(mix(INSIDE, [0, 0, 0], 0.15), mix(INSIDE, [0, 0, 0], 0.6), depth);
          const rimEdge = Math.abs(inMouth) * rim;
          col = mix(col, rimEdge < 3 ? mix(GLAZE, [255, 255, 255], 0.1) : inside, clamp(0.5 - inMouth * rim));
        } else {
          // The front surface: the height t whose circle passes through this pixel, found in a few steps.
          let t = (y - top) / H;
          let u = 0;
          let cos = 0;
          let r = 0;
          for (let k = 0; k < 4; k++) {
            r = rs[at(t)]!;
            u = (x - cx) / r;
            cos = Math.sqrt(Math.max(0, 1 - u * u));
            t = (y - top - tilt * r * cos) / H;
          }
          if (t >= 0 && t <= 1 && Math.abs(x - cx) < r + 1) {
            const n = norm([u, -drs[at(t)]! * (W / H), cos]);
            const diffuse = Math.max(0, n[0] * light[0] + n[1] * light[1] + n[2] * light[2]);
            const spec = Math.max(0, n[0] * half[0] + n[1] * half[1] + n[2] * half[2]) ** 60;
            surface.push({
              o,
              longitude: Math.asin(clamp(u, -1, 1)),
              t,
              r,
              shade: 0.3 + 0.75 * diffuse,
              spec,
              edge: cover(Math.abs(x - cx) - r),
            });
          }
        }
      }
      backdrop[o] = clamp(Math.round(col[0]), 0, 255);
      backdrop[o + 1] = clamp(Math.round(col[1]), 0, 255);
      backdrop[o + 2] = clamp(Math.round(col[2]), 0, 255);
    }
  }
  return { backdrop, surface, H };
}

/** One frame of a scene: its vase turned by `angle` radians, as raw RGB pixels. */
function paintFrame({ backdrop, surface, H }: ReturnType<typeof scene>, angle: number): Buffer {
  const out = Buffer.from(backdrop);
  for (const p of surface) {
    const base = paint(p.longitude + angle, p.t, p.r, H);
    const k = p.edge;
    const hi = 255 * 0.55 * p.spec;
    for (let c = 0; c < 3; c++) {
      const lit = base[c]! * p.shade + hi;
      out[p.o + c] = clamp(Math.round(out[p.o + c]! + (lit - out[p.o + c]!) * k), 0, 255);
    }
  }
  return out;
}

/** One frame: the vase turned by `angle` radians, as raw RGB pixels of size × size. */
export function drawTurntableFrame(angle: number, size = TURNTABLE_SIZE): Buffer {
  return paintFrame(scene(size), angle);
}

function norm(v: [number, number, number]): [number, number, number] {
  const l = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** Draws the turntable's frames into mediaDir (turntableFiles), calling onFrame after each. */
export async function renderTurntable(mediaDir: string, onFrame?: () => void, n = TURNTABLE_FRAMES): Promise<string[]> {
  const files = turntableFiles(n);
  const drawn = scene(TURNTABLE_SIZE);
  for (const [i, file] of files.entries()) {
    const target = path.join(mediaDir, file);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // The vase turns left to right, as on a turntable seen from the front.
    const raw = paintFrame(drawn, (-2 * Math.PI * i) / n);
    await sharp(raw, { raw: { width: TURNTABLE_SIZE, height: TURNTABLE_SIZE, channels: 3 } })
      .jpeg({ quality: 78, chromaSubsampling: "4:2:0" })
      .toFile(target);
    onFrame?.();
  }
  return files;
}
