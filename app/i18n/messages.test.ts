import { describe, expect, it } from "vitest";
import itMessages from "./it.json";
import enMessages from "./en.json";
import frMessages from "./fr.json";
import deMessages from "./de.json";
import { translate } from "./index";

const MESSAGES = { it: itMessages, en: enMessages, fr: frMessages, de: deMessages } as Record<
  "it" | "en" | "fr" | "de",
  Record<keyof typeof itMessages, string>
>;

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

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
  it("has no empty message", () => {
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const [k, v] of Object.entries(MESSAGES[locale])) expect(v.trim(), `${locale} ${k}`).not.toBe("");
  });
  it('writes a record "notice" in French, never "fiche" (GLOSSARY.md)', () => {
    const fiche = /\bfiches?\b/i;
    const found = Object.entries(MESSAGES.fr).filter(([, v]) => fiche.test(v));
    expect(found).toEqual([]);
  });
  it("fills placeholders", () => {
    expect(translate("de", "error.title", { code: 404 })).toBe("Fehler 404");
    expect(translate("en", "error.title", { code: 404 })).toBe("Error 404");
    expect(translate("it", "error.title", { code: 500 })).toBe("Errore 500");
    expect(translate("en", "error.notFound")).toBe("This page could not be found");
  });
});
