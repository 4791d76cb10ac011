import { describe, expect, it } from "vitest";
import { EDITOR_MESSAGES } from "./editor-messages";
import it_ from "~/i18n/it.json";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the in-place editors' messages", () => {
  it("have the same keys and placeholders in it, en, fr and de, none empty, none shadowing an app message", () => {
    const keys = Object.keys(EDITOR_MESSAGES.it).sort();
    expect(keys.length).toBeGreaterThan(50);
    for (const locale of ["en", "fr", "de"] as const) {
      const other = EDITOR_MESSAGES[locale] as Record<string, string>;
      expect(Object.keys(other).sort()).toEqual(keys);
      for (const k of keys)
        expect(placeholders(other[k]!), `${locale} ${k}`).toEqual(placeholders((EDITOR_MESSAGES.it as Record<string, string>)[k]!));
    }
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const v of Object.values(EDITOR_MESSAGES[locale])) expect(v.trim()).not.toBe("");
    for (const k of keys) expect(k in it_, k).toBe(false);
  });
  it('write a record "notice" in French, never "fiche" (app/i18n/GLOSSARY.md)', () => {
    expect(Object.values(EDITOR_MESSAGES.fr).filter((v) => /\bfiches?\b/i.test(v))).toEqual([]);
  });
});
