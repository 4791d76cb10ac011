import { describe, expect, it } from "vitest";
import { formatCurrency, formatNumber, formatNumero, scoreIcon } from "./format";

describe("score icon thresholds (spec §9)", () => {
  it.each([
    [0, 1],
    [0.79, 1],
    [0.8, 2],
    [1.19, 2],
    [1.2, 3],
    [1.59, 3],
    [1.6, 4],
    [1.99, 4],
    [2, 5],
    [7, 5],
  ])("score %s gives %s", (score, icon) => expect(scoreIcon(score)).toBe(icon));
  it("gives 0 without a score", () => {
    expect(scoreIcon(null)).toBe(0);
    expect(scoreIcon(undefined)).toBe(0);
    expect(scoreIcon(Number.NaN)).toBe(0);
  });
});

describe("currency", () => {
  const nb = (s: string) => s.replace(/\u00a0|\u202f/g, " ");
  it("formats each currency code in the locale", () => {
    expect(nb(formatCurrency(1234.5, 1, "it"))).toBe("1234,50 €");
    expect(nb(formatCurrency(1234.5, 1, "en"))).toBe("€1,234.50");
    expect(nb(formatCurrency(1234.5, 1, "fr"))).toBe("1 234,50 €");
    expect(nb(formatCurrency(12, 2, "en"))).toBe("£12.00");
    expect(nb(formatCurrency(12, 3, "en"))).toBe("US$12.00");
    expect(nb(formatCurrency(150000, 11, "it"))).toBe("ITL 150.000");
    expect(nb(formatCurrency(3000, 12, "en"))).toBe("JP¥3,000");
    expect(nb(formatCurrency(10, 13, "fr"))).toMatch(/^10,00 RUB$/);
  });
  it("falls back to a plain number for an unknown code", () => {
    expect(nb(formatCurrency(15000, 99, "it"))).toBe("15.000");
    expect(formatNumber(15000.25, "it")).toBe("15.000,25");
  });
});

describe("numero", () => {
  it("joins prefix, final number and bis with spaces, skipping empty parts", () => {
    expect(formatNumero({ prefix: "INV", number: "123", bis: "a" })).toBe("INV 123 a");
    expect(formatNumero({ number: "123" })).toBe("123");
    expect(formatNumero({ prefix: " ", number: "7", bis: null })).toBe("7");
    expect(formatNumero({})).toBe("");
  });
});
