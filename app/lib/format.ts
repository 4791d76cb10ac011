import { LOCALE_TAGS, type Locale } from "./locale";

/** Currency codes of quantityValue metadata (spec §3). */
export const CURRENCY_CODES: Record<number, string> = { 1: "EUR", 2: "GBP", 3: "USD", 11: "ITL", 12: "JPY", 13: "RUB" };

export function formatCurrency(amount: number, code: number, locale: Locale): string {
  const currency = CURRENCY_CODES[code];
  if (!currency || !Number.isFinite(amount)) return formatNumber(amount, locale);
  // Lire, yen and roubles of historical records carry no useful decimals.
  const digits = currency === "ITL" || currency === "JPY" ? 0 : undefined;
  return new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: "currency",
    currency,
    currencyDisplay: "symbol",
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(amount);
}

export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale]).format(value);
}

/** Score icon 0-5 from a relevance score (spec §9); 0 when there is no score. */
export function scoreIcon(score: number | null | undefined): number {
  if (score == null || !Number.isFinite(score)) return 0;
  if (score < 0.8) return 1;
  if (score < 1.2) return 2;
  if (score < 1.6) return 3;
  if (score < 2) return 4;
  return 5;
}

/** Inventory number: prefix, final number and bis joined by spaces. */
export function formatNumero(n: { prefix?: string | null; number?: string | null; bis?: string | null }): string {
  return [n.prefix, n.number, n.bis]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" ");
}
