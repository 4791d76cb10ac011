import { FONT_CHOICES, type FontChoice } from "./items";

/**
 * The customfont choices (decision 075) as the two font stacks the stylesheet reads (`--serif` for headings
 * and reading text, `--sans` for the interface). Only the bundled variable fonts (Inter, Source Serif 4,
 * `@fontsource-variable/*`, self-hosted) and the system's own fonts: no file or URL ever comes from an option.
 */
const INTER = `"Inter Variable", system-ui, -apple-system, "Segoe UI", sans-serif`;
const SOURCE_SERIF = `"Source Serif 4 Variable", Georgia, "Times New Roman", serif`;
const SYSTEM_SANS = `system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
const SYSTEM_SERIF = `"Iowan Old Style", "Palatino Linotype", Palatino, Georgia, "Times New Roman", serif`;

export const FONT_STACKS: Record<FontChoice, { sans: string; serif: string }> = {
  default: { sans: INTER, serif: SOURCE_SERIF },
  sans: { sans: INTER, serif: INTER },
  serif: { sans: SOURCE_SERIF, serif: SOURCE_SERIF },
  system: { sans: SYSTEM_SANS, serif: SYSTEM_SANS },
  classic: { sans: INTER, serif: SYSTEM_SERIF },
};

/** The CSS declarations for a stored customfont value; '' for the default or anything not on the list. */
export function fontDeclarations(value: unknown): string {
  if (typeof value !== "string" || value === "default" || !(FONT_CHOICES as readonly string[]).includes(value)) return "";
  const s = FONT_STACKS[value as FontChoice];
  return `--sans:${s.sans};--serif:${s.serif}`;
}
