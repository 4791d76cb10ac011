import { describe, expect, it } from "vitest";
import itMessages from "./it.json";
import enMessages from "./en.json";
import frMessages from "./fr.json";
import deMessages from "./de.json";
import { translate } from "./index";
import { messageArgs, plainCountsBeforeWords, pluralIssues } from "./message-syntax";

const MESSAGES = { it: itMessages, en: enMessages, fr: frMessages, de: deMessages } as Record<
  "it" | "en" | "fr" | "de",
  Record<keyof typeof itMessages, string>
>;

const placeholders = messageArgs;

/** Messages that write a count before a word on purpose: units ("3 h 20 min"). */
const PLAIN_ON_PURPOSE = ["console.uptimeValue"];

describe("UI message catalogues", () => {
  it("have the same keys and placeholders in it, en, fr and de (every further language written whole)", () => {
    const keys = Object.keys(MESSAGES.it).sort();
    for (const locale of ["en", "fr", "de"] as const) {
      expect(Object.keys(MESSAGES[locale]).sort()).toEqual(keys);
      for (const k of keys)
        expect(placeholders(MESSAGES[locale][k as keyof typeof MESSAGES.it]), `${locale} ${k}`).toEqual(
          placeholders(MESSAGES.it[k as keyof typeof MESSAGES.it]),
        );
    }
  });
  it("write their plurals well: an `other` branch, only the categories of the language (decision 095)", () => {
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const [k, v] of Object.entries(MESSAGES[locale])) expect(pluralIssues(locale, v), `${locale} ${k}`).toEqual([]);
  });
  it("give a plural form wherever a count meets a noun", () => {
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const [k, v] of Object.entries(MESSAGES[locale]))
        if (!PLAIN_ON_PURPOSE.includes(k)) expect(plainCountsBeforeWords(v), `${locale} ${k}: ${v}`).toEqual([]);
  });
  it("has no empty message", () => {
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const [k, v] of Object.entries(MESSAGES[locale])) expect(v.trim(), `${locale} ${k}`).not.toBe("");
  });
  it('writes a record "notice" in French, never "fiche" (GLOSSARY.md)', () => {
    const fiche = /\bfiches?\b/i;
    const found = Object.entries(MESSAGES.fr).filter(([, v]) => fiche.test(v));
    expect(found).toEqual([]);
  });
  it('speak calmly: no message opens with an interjection like "Ops!" (issue 31)', () => {
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const [k, v] of Object.entries(MESSAGES[locale])) expect(v, `${locale} ${k}`).not.toMatch(/^(Ops|Oops|Oups|Hoppla)\b/);
  });
  it("fills placeholders", () => {
    expect(translate("de", "error.title", { code: 404 })).toBe("Fehler 404");
    expect(translate("en", "error.title", { code: 404 })).toBe("Error 404");
    expect(translate("it", "error.title", { code: 500 })).toBe("Errore 500");
    expect(translate("en", "error.notFound")).toBe("This page could not be found");
  });
});
