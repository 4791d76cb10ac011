/**
 * WCAG 2.x contrast of the site's colours against what they are used with (app/styles/app.css): white text
 * on `primary` (buttons, badges) and on `primaryDark` (their hover), `primary` as link text on the page
 * background and on `primaryLight` (tinted sections), body text on `primaryLight`. Dark mode uses its own
 * link and tint colours, so only the white-on-colour pairs matter there, and they are checked here.
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
