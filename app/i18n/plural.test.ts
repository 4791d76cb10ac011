import { describe, expect, it } from "vitest";
import { formatMessage, translate } from "./index";

const RECORDS = {
  it: "{count, plural, one {# scheda} other {# schede}}",
  en: "{count, plural, =0 {no records} one {# record} other {# records}}",
  fr: "{count, plural, one {# notice} other {# notices}}",
  de: "{count, plural, one {# Datensatz} other {# Datensätze}}",
} as const;

describe("plural messages (decision 095)", () => {
  it("choose one or other by the locale's plural rules", () => {
    expect(formatMessage("it", RECORDS.it, { count: 1 })).toBe("1 scheda");
    expect(formatMessage("it", RECORDS.it, { count: 0 })).toBe("0 schede");
    expect(formatMessage("it", RECORDS.it, { count: 2 })).toBe("2 schede");
    expect(formatMessage("en", RECORDS.en, { count: 1 })).toBe("1 record");
    expect(formatMessage("en", RECORDS.en, { count: 3 })).toBe("3 records");
    expect(formatMessage("de", RECORDS.de, { count: 1 })).toBe("1 Datensatz");
    expect(formatMessage("de", RECORDS.de, { count: 0 })).toBe("0 Datensätze");
    expect(formatMessage("de", RECORDS.de, { count: 7 })).toBe("7 Datensätze");
  });
  it('in French, "one" covers 0 and 1', () => {
    expect(formatMessage("fr", RECORDS.fr, { count: 0 })).toBe("0 notice");
    expect(formatMessage("fr", RECORDS.fr, { count: 1 })).toBe("1 notice");
    expect(formatMessage("fr", RECORDS.fr, { count: 2 })).toBe("2 notices");
  });
  it("takes an exact =N branch first", () => {
    expect(formatMessage("en", RECORDS.en, { count: 0 })).toBe("no records");
    expect(formatMessage("en", RECORDS.en, { count: 1 })).toBe("1 record");
  });
  it("writes # as the locale writes numbers, and chooses by a count already formatted", () => {
    expect(formatMessage("it", RECORDS.it, { count: 12345 })).toBe("12.345 schede");
    expect(formatMessage("en", RECORDS.en, { count: 12345 })).toBe("12,345 records");
    expect(formatMessage("fr", RECORDS.fr, { count: 12345 }).replace(/\s/g, " ")).toBe("12 345 notices");
    expect(formatMessage("de", RECORDS.de, { count: 12345 })).toBe("12.345 Datensätze");
    expect(formatMessage("it", RECORDS.it, { count: "1.001" })).toBe("1.001 schede");
    expect(formatMessage("it", RECORDS.it, { count: "1" })).toBe("1 scheda");
  });
  it("fills placeholders around and inside the branches, and leaves a missing count as written", () => {
    const m = "{count, plural, one {# scheda aggiunta a «{title}»} other {# schede aggiunte a «{title}»}} ({site})";
    expect(formatMessage("it", m, { count: 1, title: "Viaggi", site: "Teca" })).toBe("1 scheda aggiunta a «Viaggi» (Teca)");
    expect(formatMessage("it", m, { count: 4, title: "Viaggi", site: "Teca" })).toBe("4 schede aggiunte a «Viaggi» (Teca)");
    expect(formatMessage("it", "{a} e {b, plural, one {# x} other {# y}}", { a: "A" })).toBe("A e {b, plural, one {# x} other {# y}}");
  });
  it("are used by the catalogues: the decade bar that read '1 records'", () => {
    expect(translate("en", "search.decade", { decade: 1770, count: 1 })).toBe("1770s: 1 record");
    expect(translate("en", "search.decade", { decade: 1770, count: 2 })).toBe("1770s: 2 records");
    expect(translate("fr", "search.decade", { decade: 1770, count: 1 })).toBe("Années 1770 : 1 notice");
    expect(translate("fr", "search.decade", { decade: 1770, count: 0 })).toBe("Années 1770 : 0 notice");
    expect(translate("it", "workspace.collections.count", { count: 1 })).toBe("1 scheda");
    expect(translate("de", "workspace.collections.count", { count: 2 })).toBe("2 Datensätze");
    expect(translate("it", "bulk.count", { count: 0 })).toBe("Nessuna scheda selezionata");
    expect(translate("fr", "login.limited", { minutes: 1 })).toBe("Trop de tentatives de connexion. Réessayez dans 1 minute.");
  });
});
