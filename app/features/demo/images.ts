/**
 * Generated archive-looking pictures for the demo (SVG rendered by sharp to
 * JPEG): sepia photographs, studio portraits, blueprints, posters, letters,
 * ledgers, maps, ceramics, textiles, instruments, sketches and medals. No
 * fonts are used: "text" is drawn as bands and strokes. Also a tiny
 * hand-written PDF.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { Rng } from "./language";
import type { ImageStyle } from "./vocabulary";

export type ImageSpec = { file: string; style: ImageStyle; width: number; height: number; seed: number };

export const SIZES = {
  wide: [1600, 900],
  tall: [800, 1400],
  square: [900, 900],
  landscape: [1000, 750],
  portrait: [750, 1000],
} as const;
export type SizeName = keyof typeof SIZES;

export const STYLE_SIZES: Record<ImageStyle, SizeName[]> = {
  photo: ["wide", "landscape", "landscape", "portrait", "square", "wide"],
  portrait: ["portrait", "tall", "portrait"],
  blueprint: ["wide", "landscape"],
  poster: ["tall", "portrait"],
  letter: ["portrait", "tall", "portrait"],
  ledger: ["wide", "landscape"],
  map: ["wide", "square", "landscape"],
  ceramic: ["portrait", "square", "tall"],
  textile: ["square", "landscape"],
  instrument: ["square", "landscape"],
  sketch: ["portrait", "landscape"],
  medal: ["square"],
};

const f = (n: number) => (Math.round(n * 10) / 10).toString();

function hex(r: number, g: number, b: number) {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}
function shade(color: string, k: number) {
  const n = parseInt(color.slice(1), 16);
  return hex(((n >> 16) & 255) * k, ((n >> 8) & 255) * k, (n & 255) * k);
}

type Ctx = { r: Rng; w: number; h: number; out: string[] };

function rect(c: Ctx, x: number, y: number, w: number, h: number, fill: string, extra = "") {
  c.out.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`);
}
function line(c: Ctx, x1: number, y1: number, x2: number, y2: number, stroke: string, sw: number, extra = "") {
  c.out.push(
    `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${f(sw)}"${extra ? ` ${extra}` : ""}/>`,
  );
}
function circle(c: Ctx, cx: number, cy: number, r: number, fill: string, extra = "") {
  c.out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`);
}
function poly(c: Ctx, pts: [number, number][], fill: string, extra = "") {
  c.out.push(`<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(" ")}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`);
}

/** Rows of "words" (rounded bands) imitating lines of text. */
function textLines(
  c: Ctx,
  x: number,
  y: number,
  width: number,
  lines: number,
  lh: number,
  th: number,
  color: string,
  opts: { ragged?: boolean; indent?: boolean } = {},
) {
  for (let i = 0; i < lines; i++) {
    let cx = x + (opts.indent && i === 0 ? width * 0.08 : 0);
    const end = x + width * (opts.ragged !== false && i === lines - 1 ? c.r.float() * 0.6 + 0.2 : 0.9 + c.r.float() * 0.1);
    while (cx < end) {
      const ww = Math.min(end - cx, th * (2 + c.r.float() * 7));
      if (ww > th) rect(c, cx, y + i * lh, ww, th, color, `rx="${f(th / 2)}"`);
      cx += ww + th * 1.2;
    }
  }
}

/** Darkened edges: four gradient strips (cheaper than a full-frame radial gradient). */
function vignette(c: Ctx, strength = 0.45) {
  const { w, h } = c;
  c.out.push(
    `<defs><linearGradient id="vl" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="${strength}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
      `<linearGradient id="vr" x1="1" x2="0"><stop offset="0" stop-color="#000" stop-opacity="${strength}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
      `<linearGradient id="vt" y1="0" y2="1" x1="0" x2="0"><stop offset="0" stop-color="#000" stop-opacity="${strength}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>` +
      `<linearGradient id="vb" y1="1" y2="0" x1="0" x2="0"><stop offset="0" stop-color="#000" stop-opacity="${strength}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>`,
  );
  const m = Math.min(w, h) * 0.16;
  rect(c, 0, 0, m, h, "url(#vl)");
  rect(c, w - m, 0, m, h, "url(#vr)");
  rect(c, 0, 0, w, m, "url(#vt)");
  rect(c, 0, h - m, w, m, "url(#vb)");
}

function paper(c: Ctx, base: string) {
  c.out.push(
    `<defs><linearGradient id="pp" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(base, 1.03)}"/><stop offset="1" stop-color="${shade(base, 0.9)}"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, c.w, c.h, "url(#pp)");
  // Stains and foxing.
  for (let i = 0; i < 3 + c.r.int(0, 5); i++)
    c.out.push(
      `<ellipse cx="${f(c.r.float() * c.w)}" cy="${f(c.r.float() * c.h)}" rx="${f(10 + c.r.float() * c.w * 0.08)}" ry="${f(8 + c.r.float() * c.h * 0.06)}" fill="#8b6b3e" opacity="${f(0.04 + c.r.float() * 0.06)}"/>`,
    );
}

const TONES = {
  sepia: { light: "#eadbb9", mid: "#b99a6b", dark: "#4a3422", card: "#e9e0cc" },
  bw: { light: "#e4e4e0", mid: "#9a9a96", dark: "#2a2a2a", card: "#efece4" },
  cool: { light: "#dfe3e0", mid: "#8e9a96", dark: "#27302f", card: "#ecebe4" },
};

function photo(c: Ctx) {
  const { r, w, h } = c;
  const t = r.pick([TONES.sepia, TONES.sepia, TONES.bw, TONES.cool]);
  const horizon = h * (0.45 + r.float() * 0.2);
  c.out.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.light}"/><stop offset="1" stop-color="${shade(t.light, 0.88)}"/></linearGradient>` +
      `<linearGradient id="gr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.mid}"/><stop offset="1" stop-color="${t.dark}"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, w, horizon, "url(#sky)");
  rect(c, 0, horizon, w, h - horizon, "url(#gr)");
  // Chimneys with smoke.
  const chimneys = r.int(1, 5);
  for (let i = 0; i < chimneys; i++) {
    const x = w * (0.1 + r.float() * 0.8);
    const top = h * (0.08 + r.float() * 0.25);
    const cw = w * (0.012 + r.float() * 0.012);
    poly(
      c,
      [
        [x - cw, horizon],
        [x - cw * 0.7, top],
        [x + cw * 0.7, top],
        [x + cw, horizon],
      ],
      shade(t.dark, 1.4),
    );
    for (let k = 0; k < 4; k++)
      c.out.push(
        `<ellipse cx="${f(x + k * cw * 3)}" cy="${f(top - k * cw * 2.5)}" rx="${f(cw * (3 + k * 1.6))}" ry="${f(cw * (1.8 + k))}" fill="${t.mid}" fill-opacity="${f(0.3 - k * 0.06)}"/>`,
      );
  }
  // Sheds with sawtooth roofs and windows.
  let x = -w * 0.05;
  while (x < w) {
    const sw = w * (0.12 + r.float() * 0.22);
    const sh = h * (0.08 + r.float() * 0.18);
    const col = shade(t.dark, 1.2 + r.float() * 0.8);
    rect(c, x, horizon - sh, sw, sh + 2, col);
    const teeth = r.int(3, 7);
    const tw = sw / teeth;
    const pts: [number, number][] = [[x, horizon - sh]];
    for (let k = 0; k < teeth; k++) pts.push([x + k * tw, horizon - sh - tw * 0.45], [x + (k + 1) * tw, horizon - sh]);
    poly(c, pts, col);
    const rows = r.int(1, 3);
    for (let row = 0; row < rows; row++)
      for (let k = 0; k < teeth * 2; k++)
        rect(
          c,
          x + tw * 0.15 + (k * sw) / (teeth * 2),
          horizon - sh + sh * (0.2 + row * 0.3),
          tw * 0.25,
          sh * 0.16,
          shade(t.light, 0.8),
          `opacity="0.7"`,
        );
    x += sw + w * r.float() * 0.04;
  }
  // Railway tracks in the foreground.
  if (r.chance(0.6)) {
    const vx = w * (0.3 + r.float() * 0.4);
    line(c, vx - 4, horizon + 4, w * 0.15, h, t.dark, 6);
    line(c, vx + 4, horizon + 4, w * 0.55, h, t.dark, 6);
    for (let k = 1; k < 14; k++) {
      const p = (k / 14) ** 1.6;
      const y = horizon + 4 + (h - horizon) * p;
      line(c, vx - 4 + (w * 0.15 - vx) * p - 10 * p, y, vx + 4 + (w * 0.55 - vx) * p + 10 * p, y, shade(t.dark, 1.3), 3 + 10 * p);
    }
  } else {
    // A group of workers as simple silhouettes.
    const n = r.int(4, 14);
    for (let k = 0; k < n; k++) {
      const px = w * (0.15 + (0.7 * k) / n) + r.float() * 10;
      const ph = h * (0.16 + r.float() * 0.05);
      const py = horizon + (h - horizon) * 0.55;
      rect(c, px - ph * 0.12, py - ph * 0.75, ph * 0.24, ph * 0.75, shade(t.dark, 0.9 + r.float() * 0.4), `rx="${f(ph * 0.06)}"`);
      circle(c, px, py - ph * 0.85, ph * 0.1, shade(t.dark, 1.1));
    }
  }
  vignette(c, 0.5);
  // Card mount.
  const m = Math.min(w, h) * (0.03 + r.float() * 0.04);
  c.out.push(
    `<rect x="${f(m / 2)}" y="${f(m / 2)}" width="${f(w - m)}" height="${f(h - m)}" fill="none" stroke="${t.card}" stroke-width="${f(m)}"/>`,
  );
}

function portrait(c: Ctx) {
  const { r, w, h } = c;
  const t = r.pick([TONES.sepia, TONES.sepia, TONES.bw]);
  c.out.push(
    `<defs><linearGradient id="bd" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${t.light}"/><stop offset="1" stop-color="${t.mid}"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, w, h, "url(#bd)");
  // Painted backdrop: a balustrade or drapery.
  if (r.chance(0.5)) for (let k = 0; k < 8; k++) rect(c, (w * k) / 8, h * 0.62, w * 0.04, h * 0.2, shade(t.mid, 0.85), `opacity="0.6"`);
  else
    c.out.push(
      `<path d="M0 0 Q ${f(w * 0.3)} ${f(h * 0.4)} ${f(w * 0.12)} ${f(h)} L0 ${f(h)} Z" fill="${shade(t.dark, 1.6)}" opacity="0.7"/>`,
    );
  const cx = w * (0.45 + r.float() * 0.1);
  const headR = w * (0.09 + r.float() * 0.03);
  const headY = h * (0.3 + r.float() * 0.05);
  const body = shade(t.dark, 1 + r.float() * 0.3);
  c.out.push(
    `<path d="M ${f(cx - w * 0.32)} ${f(h)} C ${f(cx - w * 0.3)} ${f(headY + headR * 2.2)} ${f(cx - headR * 1.4)} ${f(headY + headR * 1.6)} ${f(cx)} ${f(headY + headR * 1.5)} C ${f(cx + headR * 1.4)} ${f(headY + headR * 1.6)} ${f(cx + w * 0.3)} ${f(headY + headR * 2.2)} ${f(cx + w * 0.32)} ${f(h)} Z" fill="${body}"/>`,
  );
  rect(c, cx - headR * 0.35, headY + headR * 0.8, headR * 0.7, headR * 0.8, shade(t.mid, 1.05));
  c.out.push(`<ellipse cx="${f(cx)}" cy="${f(headY)}" rx="${f(headR * 0.85)}" ry="${f(headR * 1.08)}" fill="${shade(t.mid, 1.12)}"/>`);
  c.out.push(
    `<ellipse cx="${f(cx)}" cy="${f(headY - headR * 0.55)}" rx="${f(headR * 0.9)}" ry="${f(headR * 0.55)}" fill="${shade(t.dark, 1.1)}"/>`,
  );
  // Oval mount.
  const rx = w * 0.4;
  const ry = h * 0.4;
  const cy = h * 0.46;
  c.out.push(
    `<path fill-rule="evenodd" fill="${t.card}" d="M0 0 H${w} V${h} H0 Z M ${f(w / 2 - rx)} ${f(cy)} A ${f(rx)} ${f(ry)} 0 1 0 ${f(w / 2 + rx)} ${f(cy)} A ${f(rx)} ${f(ry)} 0 1 0 ${f(w / 2 - rx)} ${f(cy)} Z"/>`,
  );
  c.out.push(`<ellipse cx="${f(w / 2)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="#b8a06a" stroke-width="3"/>`);
  // Studio imprint under the oval.
  rect(c, w * 0.3, h * 0.9, w * 0.4, h * 0.012, "#8a7350", `rx="3"`);
  rect(c, w * 0.38, h * 0.93, w * 0.24, h * 0.008, "#8a7350", `rx="2"`);
}

function gear(c: Ctx, cx: number, cy: number, rad: number, teeth: number, stroke: string) {
  const pts: string[] = [];
  for (let i = 0; i < teeth * 2; i++) {
    const a0 = (i / (teeth * 2)) * Math.PI * 2;
    const a1 = ((i + 1) / (teeth * 2)) * Math.PI * 2;
    const rr = i % 2 ? rad : rad * 1.12;
    pts.push(`${f(cx + Math.cos(a0) * rr)},${f(cy + Math.sin(a0) * rr)}`, `${f(cx + Math.cos(a1) * rr)},${f(cy + Math.sin(a1) * rr)}`);
  }
  c.out.push(`<polygon points="${pts.join(" ")}" fill="none" stroke="${stroke}" stroke-width="2.5"/>`);
  circle(c, cx, cy, rad * 0.75, "none", `stroke="${stroke}" stroke-width="1.5"`);
  circle(c, cx, cy, rad * 0.18, "none", `stroke="${stroke}" stroke-width="2.5"`);
  for (let k = 0; k < 6; k++) {
    const a = (k / 6) * Math.PI * 2;
    line(
      c,
      cx + Math.cos(a) * rad * 0.18,
      cy + Math.sin(a) * rad * 0.18,
      cx + Math.cos(a) * rad * 0.75,
      cy + Math.sin(a) * rad * 0.75,
      stroke,
      2,
    );
  }
}

function blueprint(c: Ctx) {
  const { r, w, h } = c;
  const bg = r.pick(["#1d4f8f", "#1a467f", "#24578f"]);
  const ink = "#dbe8f6";
  c.out.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(bg, 1.1)}"/><stop offset="1" stop-color="${shade(bg, 0.8)}"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, w, h, "url(#bg)");
  let grid = "";
  for (let x = 40; x < w; x += 40) grid += `M${x} 0V${h}`;
  for (let y = 40; y < h; y += 40) grid += `M0 ${y}H${w}`;
  c.out.push(`<path d="${grid}" stroke="#ffffff" stroke-opacity="0.12" stroke-width="1"/>`);
  rect(c, 20, 20, w - 40, h - 40, "none", `stroke="${ink}" stroke-width="3"`);
  // Machine: frame, gears, shaft.
  const base = h * 0.72;
  rect(c, w * 0.1, base, w * 0.62, h * 0.06, "none", `stroke="${ink}" stroke-width="3"`);
  const g1 = Math.min(w, h) * (0.16 + r.float() * 0.08);
  gear(c, w * 0.3, base - g1 * 1.2, g1, r.int(14, 24), ink);
  const g2 = g1 * (0.45 + r.float() * 0.3);
  gear(c, w * 0.3 + g1 + g2 * 1.05, base - g1 * 1.2 + g1 * 0.2, g2, r.int(9, 14), ink);
  line(c, w * 0.08, base - g1 * 1.2, w * 0.75, base - g1 * 1.2, ink, 1.5, `stroke-dasharray="18 6 4 6"`);
  rect(c, w * 0.5, base - h * 0.3, w * 0.2, h * 0.3, "none", `stroke="${ink}" stroke-width="2.5"`);
  for (let k = 1; k < 5; k++) line(c, w * 0.5, base - (h * 0.3 * k) / 5, w * 0.7, base - (h * 0.3 * k) / 5, ink, 1, `opacity="0.6"`);
  // Dimension line with arrows.
  const dy = base + h * 0.11;
  line(c, w * 0.1, dy, w * 0.72, dy, ink, 1.5);
  poly(
    c,
    [
      [w * 0.1, dy],
      [w * 0.1 + 16, dy - 6],
      [w * 0.1 + 16, dy + 6],
    ],
    ink,
  );
  poly(
    c,
    [
      [w * 0.72, dy],
      [w * 0.72 - 16, dy - 6],
      [w * 0.72 - 16, dy + 6],
    ],
    ink,
  );
  rect(c, w * 0.39, dy - 16, w * 0.05, 9, ink, `rx="3"`);
  // Title block.
  const tbw = w * 0.22;
  const tbh = h * 0.2;
  const tx = w - 20 - tbw;
  const ty = h - 20 - tbh;
  rect(c, tx, ty, tbw, tbh, "none", `stroke="${ink}" stroke-width="2.5"`);
  for (let k = 1; k < 4; k++) line(c, tx, ty + (tbh * k) / 4, tx + tbw, ty + (tbh * k) / 4, ink, 1.2);
  line(c, tx + tbw * 0.35, ty + tbh / 4, tx + tbw * 0.35, ty + tbh, ink, 1.2);
  textLines(c, tx + 10, ty + tbh * 0.09, tbw - 20, 1, 0, tbh * 0.08, ink, { ragged: false });
  for (let k = 1; k < 4; k++) textLines(c, tx + tbw * 0.4, ty + (tbh * k) / 4 + tbh * 0.09, tbw * 0.55, 1, 0, tbh * 0.05, ink);
}

const POSTER_PALETTES = [
  ["#c8102e", "#f2c14e", "#1b3a4b", "#f5ecd7"],
  ["#0f4c5c", "#e36414", "#fb8b24", "#f6efe0"],
  ["#2d6a4f", "#d8b04a", "#1b1b1b", "#f1e9d2"],
  ["#7b2d26", "#e9c46a", "#264653", "#f4ecdc"],
  ["#1d3557", "#e63946", "#f1faee", "#a8dadc"],
];

function poster(c: Ctx) {
  const { r, w, h } = c;
  const [a, b, d, l] = r.pick(POSTER_PALETTES) as [string, string, string, string];
  rect(c, 0, 0, w, h, l);
  rect(c, w * 0.04, h * 0.03, w * 0.92, h * 0.94, a);
  // Sun / disc and diagonal band.
  circle(c, w * (0.3 + r.float() * 0.4), h * (0.3 + r.float() * 0.15), w * (0.2 + r.float() * 0.15), b);
  poly(
    c,
    [
      [w * 0.04, h * (0.55 + r.float() * 0.1)],
      [w * 0.96, h * (0.35 + r.float() * 0.1)],
      [w * 0.96, h * 0.7],
      [w * 0.04, h * 0.8],
    ],
    d,
    `opacity="0.9"`,
  );
  // A product silhouette: a gear, a vase or a chimney.
  const kind = r.int(0, 2);
  const cx = w * 0.5;
  const cy = h * 0.5;
  if (kind === 0) {
    const rad = w * 0.18;
    const pts: [number, number][] = [];
    for (let i = 0; i < 32; i++) {
      const ang = (i / 32) * Math.PI * 2;
      const rr = i % 2 ? rad : rad * 1.15;
      pts.push([cx + Math.cos(ang) * rr, cy + Math.sin(ang) * rr]);
    }
    poly(c, pts, l);
    circle(c, cx, cy, rad * 0.45, a);
  } else if (kind === 1) {
    c.out.push(
      `<path d="M ${f(cx - w * 0.06)} ${f(cy - h * 0.2)} C ${f(cx - w * 0.28)} ${f(cy - h * 0.05)} ${f(cx - w * 0.2)} ${f(cy + h * 0.15)} ${f(cx - w * 0.08)} ${f(cy + h * 0.2)} L ${f(cx + w * 0.08)} ${f(cy + h * 0.2)} C ${f(cx + w * 0.2)} ${f(cy + h * 0.15)} ${f(cx + w * 0.28)} ${f(cy - h * 0.05)} ${f(cx + w * 0.06)} ${f(cy - h * 0.2)} Z" fill="${l}"/>`,
    );
  } else {
    for (let k = 0; k < 3; k++) rect(c, cx - w * 0.25 + k * w * 0.18, cy - h * (0.25 - k * 0.04), w * 0.05, h * (0.45 - k * 0.04), l);
    rect(c, cx - w * 0.32, cy + h * 0.1, w * 0.64, h * 0.12, l);
  }
  // Headline and text bands.
  rect(c, w * 0.1, h * 0.07, w * 0.8, h * 0.065, l, `rx="6"`);
  rect(c, w * 0.2, h * 0.155, w * 0.6, h * 0.03, b, `rx="4"`);
  rect(c, w * 0.1, h * 0.83, w * 0.8, h * 0.05, l, `rx="5"`);
  textLines(c, w * 0.18, h * 0.9, w * 0.64, 2, h * 0.022, h * 0.01, b, { ragged: false });
}

function letter(c: Ctx) {
  const { r, w, h } = c;
  paper(c, r.pick(["#efe6d0", "#f2ead8", "#e9dfc4"]));
  const ink = r.pick(["#2b2a4a", "#3b2a1e", "#1f2a44"]);
  const typed = r.chance(0.35);
  // Letterhead.
  if (r.chance(0.7)) {
    circle(c, w * 0.14, h * 0.08, w * 0.045, "none", `stroke="${ink}" stroke-width="3"`);
    rect(c, w * 0.22, h * 0.06, w * 0.4, h * 0.018, ink, `rx="4"`);
    rect(c, w * 0.22, h * 0.09, w * 0.28, h * 0.009, ink, `rx="3" opacity="0.7"`);
    line(c, w * 0.08, h * 0.125, w * 0.92, h * 0.125, ink, 2, `opacity="0.6"`);
  }
  rect(c, w * 0.62, h * 0.16, w * 0.28, h * 0.01, ink, `rx="3" opacity="0.8"`);
  const lh = h * (typed ? 0.028 : 0.034);
  const th = typed ? lh * 0.28 : lh * 0.22;
  const start = h * 0.22;
  const lines = Math.floor((h * 0.58) / lh);
  if (typed) textLines(c, w * 0.1, start, w * 0.8, lines, lh, th, "#222", { indent: true });
  else {
    // Handwriting: wavy strokes per word.
    for (let i = 0; i < lines; i++) {
      let x = w * (i === 0 ? 0.16 : 0.1);
      const end = w * (i === lines - 1 ? 0.5 : 0.88 + r.float() * 0.04);
      const y = start + i * lh;
      while (x < end) {
        const ww = Math.min(end - x, w * (0.03 + r.float() * 0.08));
        const n = Math.max(2, Math.round(ww / (th * 3)));
        let d = `M ${f(x)} ${f(y)}`;
        for (let k = 1; k <= n; k++)
          d += ` Q ${f(x + (ww * (k - 0.5)) / n)} ${f(y + (k % 2 ? -th * 1.6 : th * 1.6))} ${f(x + (ww * k) / n)} ${f(y)}`;
        c.out.push(`<path d="${d}" fill="none" stroke="${ink}" stroke-width="${f(th * 0.7)}" stroke-linecap="round" opacity="0.85"/>`);
        x += ww + th * 4;
      }
    }
  }
  // Signature.
  const sy = start + lines * lh + h * 0.06;
  c.out.push(
    `<path d="M ${f(w * 0.55)} ${f(sy)} C ${f(w * 0.6)} ${f(sy - 40)} ${f(w * 0.64)} ${f(sy + 30)} ${f(w * 0.7)} ${f(sy - 10)} S ${f(w * 0.8)} ${f(sy + 20)} ${f(w * 0.86)} ${f(sy - 25)}" fill="none" stroke="${ink}" stroke-width="3"/>`,
  );
  // Fold lines.
  line(c, 0, h / 3, w, h / 3, "#000", 2, `opacity="0.06"`);
  line(c, 0, (2 * h) / 3, w, (2 * h) / 3, "#000", 2, `opacity="0.06"`);
}

function ledger(c: Ctx) {
  const { r, w, h } = c;
  rect(c, 0, 0, w, h, "#3a2a1c");
  const pages = w > h * 1.2 ? 2 : 1;
  const pw = (w * 0.94) / pages;
  for (let p = 0; p < pages; p++) {
    const sub: Ctx = { r, w: pw, h: h * 0.92, out: [] };
    const ox = w * 0.03 + p * pw;
    const oy = h * 0.04;
    sub.out.push(`<g transform="translate(${f(ox)} ${f(oy)})">`);
    rect(sub, 0, 0, pw, h * 0.92, "#efe4c8");
    const rowH = h * 0.032;
    for (let y = h * 0.1; y < h * 0.9; y += rowH) line(sub, 0, y, pw, y, "#6d8fb8", 1, `opacity="0.55"`);
    const cols = [0.08, 0.2, 0.68, 0.84];
    for (const cx of cols) {
      line(sub, pw * cx, h * 0.06, pw * cx, h * 0.9, "#b33a3a", 1.5, `opacity="0.7"`);
      line(sub, pw * cx + 4, h * 0.06, pw * cx + 4, h * 0.9, "#b33a3a", 1.5, `opacity="0.7"`);
    }
    rect(sub, pw * 0.3, h * 0.035, pw * 0.4, h * 0.014, "#4b3a2a", `rx="3"`);
    let y = h * 0.1 + rowH * 0.35;
    while (y < h * 0.88) {
      if (r.chance(0.85)) {
        rect(sub, pw * 0.1, y, pw * 0.07, rowH * 0.3, "#2e2a3e", `rx="2"`);
        textLines(sub, pw * 0.22, y, pw * 0.44 * (0.5 + r.float() * 0.5), 1, 0, rowH * 0.28, "#2e2a3e");
        const nw = pw * (0.05 + r.float() * 0.08);
        rect(sub, pw * 0.83 - nw, y, nw, rowH * 0.3, "#2e2a3e", `rx="2"`);
        if (r.chance(0.3)) rect(sub, pw * 0.99 - nw, y, nw * 0.8, rowH * 0.3, "#8a2a2a", `rx="2"`);
      }
      y += rowH;
    }
    sub.out.push("</g>");
    c.out.push(...sub.out);
  }
  if (pages === 2) rect(c, w / 2 - 6, h * 0.04, 12, h * 0.92, "#000", `opacity="0.18"`);
}

function map(c: Ctx) {
  const { r, w, h } = c;
  paper(c, "#ece2c6");
  // Water body.
  const pts: [number, number][] = [];
  const wx = r.float() < 0.5 ? w * 0.15 : w * 0.85;
  const wy = h * (0.3 + r.float() * 0.4);
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    const rr = Math.min(w, h) * (0.16 + r.float() * 0.08);
    pts.push([wx + Math.cos(a) * rr * 1.3, wy + Math.sin(a) * rr]);
  }
  poly(c, pts, "#b9cfd2", `stroke="#6f8f99" stroke-width="2"`);
  // Fields and parcels.
  for (let i = 0; i < 26; i++) {
    const x = r.float() * w;
    const y = r.float() * h;
    rect(
      c,
      x,
      y,
      w * (0.04 + r.float() * 0.08),
      h * (0.03 + r.float() * 0.08),
      r.pick(["#d9d3a6", "#cfd8a8", "#e3cfa4"]),
      `stroke="#8b7a56" stroke-width="1" opacity="0.8" transform="rotate(${f(r.float() * 30 - 15)} ${f(x)} ${f(y)})"`,
    );
  }
  // Rivers and roads.
  for (let k = 0; k < 2; k++) {
    let d = `M ${f(r.float() * w)} 0`;
    for (let s = 1; s <= 4; s++) d += ` Q ${f(r.float() * w)} ${f(((s - 0.5) * h) / 4)} ${f(r.float() * w)} ${f((s * h) / 4)}`;
    c.out.push(`<path d="${d}" fill="none" stroke="#5c87a0" stroke-width="${f(3 + k * 3)}"/>`);
  }
  for (let k = 0; k < 3; k++) line(c, r.float() * w, 0, r.float() * w, h, "#9c4a2f", 2.5, `stroke-dasharray="${k ? "10 6" : "0"}"`);
  // Towns and labels.
  for (let k = 0; k < 8; k++) {
    const x = w * (0.1 + r.float() * 0.8);
    const y = h * (0.1 + r.float() * 0.8);
    rect(c, x, y, 10, 10, "#8a2b2b");
    rect(c, x + 16, y + 2, w * (0.04 + r.float() * 0.05), 6, "#3b2f22", `rx="3"`);
  }
  // Compass rose and cartouche.
  const cx = w * 0.88;
  const cy = h * 0.16;
  const rr = Math.min(w, h) * 0.06;
  poly(
    c,
    [
      [cx, cy - rr],
      [cx + rr * 0.2, cy],
      [cx, cy + rr],
      [cx - rr * 0.2, cy],
    ],
    "#3b2f22",
  );
  poly(
    c,
    [
      [cx - rr, cy],
      [cx, cy - rr * 0.2],
      [cx + rr, cy],
      [cx, cy + rr * 0.2],
    ],
    "#7a6a4f",
  );
  rect(c, w * 0.06, h * 0.78, w * 0.3, h * 0.14, "#efe6cc", `stroke="#3b2f22" stroke-width="2"`);
  textLines(c, w * 0.08, h * 0.81, w * 0.26, 3, h * 0.03, h * 0.012, "#3b2f22");
  rect(c, 12, 12, w - 24, h - 24, "none", `stroke="#3b2f22" stroke-width="4"`);
  rect(c, 22, 22, w - 44, h - 44, "none", `stroke="#3b2f22" stroke-width="1.5"`);
}

function ceramic(c: Ctx) {
  const { r, w, h } = c;
  const bg = r.pick(["#5f6b73", "#6e6459", "#40505a", "#7a7368"]);
  c.out.push(
    `<defs><linearGradient id="bk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(bg, 1.25)}"/><stop offset="1" stop-color="${shade(bg, 0.7)}"/></linearGradient>` +
      `<linearGradient id="gl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b9b2a2"/><stop offset="0.35" stop-color="#fbf8f0"/><stop offset="1" stop-color="#8f8878"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, w, h, "url(#bk)");
  const cx = w / 2;
  const top = h * 0.18;
  const bot = h * 0.82;
  const neck = w * (0.08 + r.float() * 0.05);
  const belly = w * (0.22 + r.float() * 0.1);
  const foot = w * (0.1 + r.float() * 0.05);
  const by = top + (bot - top) * (0.45 + r.float() * 0.2);
  const d = `M ${f(cx - neck)} ${f(top)} C ${f(cx - neck)} ${f(top + (by - top) * 0.4)} ${f(cx - belly * 1.1)} ${f(by - (by - top) * 0.3)} ${f(cx - belly)} ${f(by)} C ${f(cx - belly * 0.9)} ${f(by + (bot - by) * 0.6)} ${f(cx - foot)} ${f(bot - 20)} ${f(cx - foot)} ${f(bot)} L ${f(cx + foot)} ${f(bot)} C ${f(cx + foot)} ${f(bot - 20)} ${f(cx + belly * 0.9)} ${f(by + (bot - by) * 0.6)} ${f(cx + belly)} ${f(by)} C ${f(cx + belly * 1.1)} ${f(by - (by - top) * 0.3)} ${f(cx + neck)} ${f(top + (by - top) * 0.4)} ${f(cx + neck)} ${f(top)} Z`;
  c.out.push(`<ellipse cx="${f(cx)}" cy="${f(bot + 6)}" rx="${f(belly * 1.2)}" ry="${f(h * 0.025)}" fill="#000" opacity="0.35"/>`);
  c.out.push(`<defs><clipPath id="vc"><path d="${d}"/></clipPath></defs>`);
  c.out.push(`<path d="${d}" fill="url(#gl)"/>`);
  const deco = r.pick(["#1f4e8c", "#2b6a4f", "#a0522d", "#b8860b"]);
  c.out.push(`<g clip-path="url(#vc)">`);
  for (let k = 0; k < 3; k++) {
    const y = top + (bot - top) * (0.15 + k * 0.3);
    rect(c, cx - belly * 1.3, y, belly * 2.6, h * 0.012, deco);
    for (let i = -6; i <= 6; i++) circle(c, cx + i * belly * 0.2, y + h * 0.05, h * 0.018, deco, `opacity="0.85"`);
  }
  c.out.push(`</g>`);
  c.out.push(`<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(neck)}" ry="${f(neck * 0.25)}" fill="#5a544a"/>`);
}

function textile(c: Ctx) {
  const { r, w, h } = c;
  const [base, motif] = r.pick([
    ["#7a1f2b", "#d4a84b"],
    ["#1f4d3a", "#c9c1a4"],
    ["#243a6b", "#d8c27a"],
    ["#5a2e5c", "#e2b6c8"],
    ["#8a5a1f", "#f0dfb0"],
  ]) as [string, string];
  const s = Math.round(Math.min(w, h) / (3 + r.int(0, 3)));
  c.out.push(
    `<defs><pattern id="dm" width="${s}" height="${s}" patternUnits="userSpaceOnUse">` +
      `<rect width="${s}" height="${s}" fill="${base}"/>` +
      `<ellipse cx="${s / 2}" cy="${s / 2}" rx="${s * 0.22}" ry="${s * 0.32}" fill="${motif}" opacity="0.85"/>` +
      `<ellipse cx="${s / 2}" cy="${s / 2}" rx="${s * 0.1}" ry="${s * 0.16}" fill="${base}"/>` +
      `<path d="M0 0 L${s * 0.12} ${s * 0.12} M${s} 0 L${s * 0.88} ${s * 0.12} M0 ${s} L${s * 0.12} ${s * 0.88} M${s} ${s} L${s * 0.88} ${s * 0.88}" stroke="${motif}" stroke-width="${s * 0.03}"/>` +
      `<circle cx="0" cy="${s / 2}" r="${s * 0.06}" fill="${motif}"/><circle cx="${s}" cy="${s / 2}" r="${s * 0.06}" fill="${motif}"/>` +
      `</pattern>` +
      `<pattern id="wv" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 0 H6" stroke="#000" stroke-opacity="0.12" stroke-width="2"/></pattern></defs>`,
  );
  rect(c, 0, 0, w, h, "url(#dm)");
  rect(c, 0, 0, w, h, "url(#wv)");
  // Selvedge and a shadow on a fold.
  rect(c, 0, 0, w * 0.03, h, shade(base, 0.7));
  c.out.push(
    `<path d="M ${f(w * 0.6)} 0 Q ${f(w * 0.66)} ${f(h / 2)} ${f(w * 0.58)} ${f(h)}" stroke="#000" stroke-opacity="0.2" stroke-width="${f(w * 0.04)}" fill="none"/>`,
  );
}

function instrument(c: Ctx) {
  const { r, w, h } = c;
  c.out.push(
    `<defs><radialGradient id="br" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f3d98b"/><stop offset="0.6" stop-color="#b8892e"/><stop offset="1" stop-color="#6e4d14"/></radialGradient>` +
      `<linearGradient id="bk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f2f33"/><stop offset="1" stop-color="#111114"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, w, h, "url(#bk)");
  const cx = w / 2;
  const cy = h / 2;
  const R = Math.min(w, h) * 0.38;
  c.out.push(
    `<ellipse cx="${f(cx + R * 0.05)}" cy="${f(cy + R * 1.02)}" rx="${f(R * 0.9)}" ry="${f(R * 0.08)}" fill="#000" opacity="0.5"/>`,
  );
  circle(c, cx, cy, R, "url(#br)");
  circle(c, cx, cy, R * 0.84, "#f4efe2");
  const start = Math.PI * 0.75;
  const span = Math.PI * 1.5;
  for (let i = 0; i <= 50; i++) {
    const a = start + (span * i) / 50;
    const long = i % 5 === 0;
    line(
      c,
      cx + Math.cos(a) * R * (long ? 0.66 : 0.72),
      cy + Math.sin(a) * R * (long ? 0.66 : 0.72),
      cx + Math.cos(a) * R * 0.8,
      cy + Math.sin(a) * R * 0.8,
      "#1b1b1b",
      long ? 3 : 1.5,
    );
    if (long) rect(c, cx + Math.cos(a) * R * 0.56 - 8, cy + Math.sin(a) * R * 0.56 - 4, 16, 8, "#1b1b1b", `rx="2"`);
  }
  c.out.push(
    `<path d="M ${f(cx + Math.cos(start + span * 0.85) * R * 0.62)} ${f(cy + Math.sin(start + span * 0.85) * R * 0.62)} A ${f(R * 0.62)} ${f(R * 0.62)} 0 0 1 ${f(cx + Math.cos(start + span) * R * 0.62)} ${f(cy + Math.sin(start + span) * R * 0.62)}" stroke="#b22222" stroke-width="6" fill="none"/>`,
  );
  const a = start + span * r.float();
  poly(
    c,
    [
      [cx + Math.cos(a) * R * 0.74, cy + Math.sin(a) * R * 0.74],
      [cx + Math.cos(a + 1.57) * 8, cy + Math.sin(a + 1.57) * 8],
      [cx - Math.cos(a) * R * 0.15, cy - Math.sin(a) * R * 0.15],
      [cx + Math.cos(a - 1.57) * 8, cy + Math.sin(a - 1.57) * 8],
    ],
    "#222",
  );
  circle(c, cx, cy, R * 0.05, "#b8892e");
  rect(c, cx - R * 0.22, cy + R * 0.3, R * 0.44, R * 0.05, "#333", `rx="3"`);
  c.out.push(
    `<ellipse cx="${f(cx - R * 0.3)}" cy="${f(cy - R * 0.35)}" rx="${f(R * 0.35)}" ry="${f(R * 0.18)}" fill="#fff" opacity="0.18" transform="rotate(-30 ${f(cx - R * 0.3)} ${f(cy - R * 0.35)})"/>`,
  );
  for (let k = 0; k < 4; k++) {
    const sa = (k / 4) * Math.PI * 2 + Math.PI / 4;
    circle(c, cx + Math.cos(sa) * R * 0.92, cy + Math.sin(sa) * R * 0.92, R * 0.03, "#5a4010");
  }
}

function sketch(c: Ctx) {
  const { r, w, h } = c;
  paper(c, "#f1ead8");
  for (let i = 1; i < 8; i++) {
    line(c, (w * i) / 8, 0, (w * i) / 8, h, "#6b6b6b", 1, `opacity="0.15"`);
    line(c, 0, (h * i) / 8, w, (h * i) / 8, "#6b6b6b", 1, `opacity="0.15"`);
  }
  for (let i = 0; i < 6; i++)
    c.out.push(
      `<ellipse cx="${f(w * (0.2 + r.float() * 0.6))}" cy="${f(h * (0.2 + r.float() * 0.6))}" rx="${f(w * (0.08 + r.float() * 0.15))}" ry="${f(h * (0.06 + r.float() * 0.12))}" fill="${r.pick(["#c0392b", "#e1a73c", "#2e6f8e", "#4f7b3a"])}" opacity="0.28"/>`,
    );
  for (let i = 0; i < 40; i++) {
    const x = w * (0.15 + r.float() * 0.7);
    const y = h * (0.15 + r.float() * 0.7);
    c.out.push(
      `<path d="M ${f(x)} ${f(y)} Q ${f(x + (r.float() - 0.5) * w * 0.3)} ${f(y + (r.float() - 0.5) * h * 0.3)} ${f(x + (r.float() - 0.5) * w * 0.4)} ${f(y + (r.float() - 0.5) * h * 0.4)}" fill="none" stroke="#4a4a4a" stroke-width="${f(1 + r.float() * 2)}" opacity="0.55"/>`,
    );
  }
  rect(c, w * 0.15, h * 0.86, w * 0.5, h * 0.012, "#4a4a4a", `rx="3" opacity="0.6"`);
}

function medal(c: Ctx) {
  const { r, w, h } = c;
  const gold = r.chance(0.6);
  c.out.push(
    `<defs><radialGradient id="mt" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="${gold ? "#fbe6a2" : "#f0f0f0"}"/><stop offset="0.55" stop-color="${gold ? "#c9a23f" : "#b0b0b0"}"/><stop offset="1" stop-color="${gold ? "#6f5314" : "#5c5c5c"}"/></radialGradient>` +
      `<linearGradient id="vv" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a1020"/><stop offset="1" stop-color="#1e060d"/></linearGradient></defs>`,
  );
  rect(c, 0, 0, w, h, "url(#vv)");
  const cx = w / 2;
  const cy = h / 2;
  const R = Math.min(w, h) * 0.36;
  circle(c, cx + 8, cy + 10, R, "#000", `opacity="0.4"`);
  circle(c, cx, cy, R, "url(#mt)");
  circle(c, cx, cy, R * 0.9, "none", `stroke="${gold ? "#8a6a1e" : "#6a6a6a"}" stroke-width="4"`);
  for (let i = 0; i < 36; i++) {
    if (i > 14 && i < 22) continue;
    const a = (i / 36) * Math.PI * 2 - Math.PI / 2;
    const x = cx + Math.cos(a) * R * 0.78;
    const y = cy + Math.sin(a) * R * 0.78;
    rect(
      c,
      x - 6,
      y - 9,
      12,
      18,
      gold ? "#8a6a1e" : "#666",
      `transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(x)} ${f(y)})" opacity="0.8"`,
    );
  }
  c.out.push(
    `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(R * 0.35)}" ry="${f(R * 0.45)}" fill="${gold ? "#b58f2e" : "#9a9a9a"}" opacity="0.8"/>`,
  );
  c.out.push(
    `<path d="M ${f(cx - R * 0.5)} ${f(cy + R * 0.35)} Q ${f(cx)} ${f(cy + R * 0.6)} ${f(cx + R * 0.5)} ${f(cy + R * 0.35)}" stroke="${gold ? "#8a6a1e" : "#666"}" stroke-width="5" fill="none"/>`,
  );
}

const RENDER: Record<ImageStyle, (c: Ctx) => void> = {
  photo,
  portrait,
  blueprint,
  poster,
  letter,
  ledger,
  map,
  ceramic,
  textile,
  instrument,
  sketch,
  medal,
};

export function imageSvg(spec: ImageSpec): string {
  const c: Ctx = { r: new Rng(spec.seed), w: spec.width, h: spec.height, out: [] };
  RENDER[spec.style](c);
  // Element opacity makes librsvg composite each element off-screen: use the
  // much cheaper fill/stroke opacities instead.
  const body = c.out.join("").replace(/ opacity="([\d.]+)"/g, ' fill-opacity="$1" stroke-opacity="$1"');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}">${body}</svg>`;
}

export async function renderImage(spec: ImageSpec, mediaDir: string, cacheDir?: string): Promise<void> {
  const target = path.join(mediaDir, spec.file);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const svg = imageSvg(spec);
  // The picture is a function of its SVG (and of the renderer): one drawn by an earlier load is reused.
  const cached = cacheDir
    ? path.join(cacheDir, `${crypto.createHash("sha256").update(svg).update(sharp.versions.vips).digest("hex").slice(0, 32)}.jpg`)
    : undefined;
  if (cached) {
    try {
      await fs.promises.copyFile(cached, target);
      return;
    } catch {
      // not drawn yet (or unreadable): draw it below
    }
  }
  const jpeg = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 75, chromaSubsampling: "4:2:0" })
    .toBuffer();
  await fs.promises.writeFile(target, jpeg);
  if (cached) {
    // Whole or not at all: a start killed midway leaves a temporary file, never a truncated picture.
    const tmp = `${cached}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    try {
      await fs.promises.mkdir(cacheDir!, { recursive: true });
      await fs.promises.writeFile(tmp, jpeg);
      await fs.promises.rename(tmp, cached);
    } catch {
      await fs.promises.rm(tmp, { force: true }); // a cache that cannot be written only costs the next load time
    }
  }
}

/**
 * Renders images with a small worker pool (sharp work runs off the main thread). With `cacheDir`, pictures
 * drawn by an earlier run are copied from it and new ones are kept in it.
 */
export async function renderImages(
  specs: ImageSpec[],
  mediaDir: string,
  concurrency = 4,
  onProgress?: (done: number) => void,
  cacheDir?: string,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++]!;
      await renderImage(spec, mediaDir, cacheDir);
      onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
}

/** A small valid one-page PDF written by hand (Helvetica, no dependencies). */
export function tinyPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`).replace(/[^\x20-\x7e]/g, "?");
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${760 - i * 24} Td (${esc(l)}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
