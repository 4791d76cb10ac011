/**
 * WCAG 2.x contrast of the site's colours against what they are used with (app/styles/app.css): white text
 * on `primary` (buttons, badges) and on `primaryDark` (their hover), `primary` as link text on the page
 * background and on `primaryLight` (tinted sections), body text on `primaryLight`. Dark mode's link colour is
 * derived from `primary` (darkLinkColor), light enough for every dark background; its tint is its own.
 */
export const AA_RATIO = 4.5;
export const PAGE_BACKGROUND = "#fbfaf8";
export const BODY_TEXT = "#1f1b18";
export const WHITE = "#ffffff";

export type SiteColors = { primary: string; primaryDark: string; primaryLight: string };

/** Relative luminance of a #rrggbb colour (WCAG 2.x). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** The pairs a colour set must pass, each named by a message key (settings.pair.*). */
export const COLOR_PAIRS = [
  { id: "whiteOnPrimary", field: "primary", fg: () => WHITE, bg: (c: SiteColors) => c.primary },
  { id: "primaryOnPage", field: "primary", fg: (c: SiteColors) => c.primary, bg: () => PAGE_BACKGROUND },
  { id: "whiteOnPrimaryDark", field: "primaryDark", fg: () => WHITE, bg: (c: SiteColors) => c.primaryDark },
  { id: "textOnPrimaryLight", field: "primaryLight", fg: () => BODY_TEXT, bg: (c: SiteColors) => c.primaryLight },
  { id: "primaryOnPrimaryLight", field: "primaryLight", fg: (c: SiteColors) => c.primary, bg: (c: SiteColors) => c.primaryLight },
] as const;

export type ContrastFailure = { pair: (typeof COLOR_PAIRS)[number]["id"]; field: keyof SiteColors; ratio: number; fg: string; bg: string };

/** The pairs below AA (4.5:1), with their ratio rounded down to two decimals (never rounded up to a pass). */
export function contrastFailures(colors: SiteColors): ContrastFailure[] {
  const out: ContrastFailure[] = [];
  for (const p of COLOR_PAIRS) {
    const fg = p.fg(colors);
    const bg = p.bg(colors);
    const ratio = contrastRatio(fg, bg);
    if (ratio < AA_RATIO) out.push({ pair: p.id, field: p.field, ratio: Math.floor(ratio * 100) / 100, fg, bg });
  }
  return out;
}

/** Dark mode's backgrounds (app/styles/app.css: --bg, --surface, --surface-2); links stand on all three. */
export const DARK_BACKGROUNDS = ["#161311", "#1f1b18", "#2a2521"] as const;
/** Dark mode's link colour for the default brand colour, also app.css's fallback. */
export const DEFAULT_DARK_LINK = "#f0a58f";

function toHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function toHex(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return `#${[r, g, b]
    .map((v) =>
      Math.round((v + m) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * Dark mode's link colour for a brand colour: the brand's hue, as a light tint (lightness from 72 %, saturation
 * at most 80 %) raised until it reads at least 4.5:1 on every dark background. A fixed dark-mode link stayed
 * the default brand's salmon whatever brand colour the site chose (issue 31).
 */
export function darkLinkColor(primary: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(primary)) return DEFAULT_DARK_LINK;
  const [h, s] = toHsl(primary);
  const sat = Math.min(s, 0.8);
  for (let l = 0.72; l < 1; l += 0.01) {
    const candidate = toHex(h, sat, l);
    if (DARK_BACKGROUNDS.every((bg) => contrastRatio(candidate, bg) >= AA_RATIO)) return candidate;
  }
  return WHITE;
}
