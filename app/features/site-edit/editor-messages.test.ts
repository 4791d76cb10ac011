import { describe, expect, it } from "vitest";
import { EDITOR_MESSAGES } from "./editor-messages";
import it_ from "~/i18n/it.json";
import { messageArgs, plainCountsBeforeWords, pluralIssues } from "~/i18n/message-syntax";

const placeholders = messageArgs;

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
  it("give a plural form wherever a count meets a noun, well written (decision 095)", () => {
    for (const locale of ["it", "en", "fr", "de"] as const)
      for (const [k, v] of Object.entries(EDITOR_MESSAGES[locale])) {
        expect(pluralIssues(locale, v), `${locale} ${k}`).toEqual([]);
        expect(plainCountsBeforeWords(v), `${locale} ${k}: ${v}`).toEqual([]);
      }
  });
  it('write a record "notice" in French, never "fiche" (app/i18n/GLOSSARY.md)', () => {
    expect(Object.values(EDITOR_MESSAGES.fr).filter((v) => /\bfiches?\b/i.test(v))).toEqual([]);
  });
});
