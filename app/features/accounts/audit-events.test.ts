import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_EVENTS, auditEventLabel } from "./users";
import { translate } from "~/i18n";
import it_ from "~/i18n/it.json";
import en from "~/i18n/en.json";
import fr from "~/i18n/fr.json";
import de from "~/i18n/de.json";
import { UI_LOCALES } from "~/lib/locale";

/**
 * Every event name the application's code writes to the audit log: each string after `event:`, also in a
 * choice (`event: cond ? "settings_restored" : "settings_changed"`), not the condition's own strings.
 */
function auditedEvents(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts"))
        for (const m of fs.readFileSync(p, "utf8").matchAll(/\bevent:\s*([^,}\n]*)/g))
          for (const name of m[1]!.matchAll(/(?<![=!]==?\s*)"([a-z_]+)"/g)) found.add(name[1]!);
    }
  };
  walk(path.resolve(import.meta.dirname, "../.."));
  return [...found].sort();
}

// The audit log (/settings/users) names each event in the page's language and filters by it: an event the
// list does not know is shown by its code and cannot be chosen (the console's, drop box's and pages' were).
describe("audit events", () => {
  it("every event the code writes is in AUDIT_EVENTS", () => {
    const events = auditedEvents();
    expect(events).toContain("dropbox_attached");
    for (const e of ["settings_restored", "settings_changed", "user_enabled", "console_import_iccd"]) expect(events).toContain(e);
    expect(events.filter((e) => !(AUDIT_EVENTS as readonly string[]).includes(e))).toEqual([]);
  });

  it("every event has a label in Italian, English, French and German", () => {
    for (const [lang, messages] of [
      ["it", it_],
      ["en", en],
      ["fr", fr],
      ["de", de],
    ] as const) {
      const missing = AUDIT_EVENTS.filter((e) => typeof (messages as Record<string, unknown>)[`users.event.${e}`] !== "string");
      expect(missing, lang).toEqual([]);
    }
  });

  // issue 31 §9: the logs (the console's, the users page's) say each event in words, never by its code
  it("names every event in words in every interface language, and an unknown one without its code", () => {
    for (const locale of UI_LOCALES)
      for (const e of [...auditedEvents(), ...AUDIT_EVENTS]) {
        const label = auditEventLabel((k, p) => translate(locale, k, p), e);
        expect(label, `${locale} ${e}`).not.toMatch(/_|^users\./);
        expect(label, `${locale} ${e}`).not.toBe(e);
      }
    expect(auditEventLabel((k, p) => translate("fr", k, p), "dropped_event")).toBe("Autre événement");
  });
});
