import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_EVENTS } from "./users";
import it_ from "~/i18n/it.json";
import en from "~/i18n/en.json";
import fr from "~/i18n/fr.json";

/** Every `event: "…"` the application's code writes to the audit log. */
function auditedEvents(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".test.ts"))
        for (const m of fs.readFileSync(p, "utf8").matchAll(/\bevent: "([a-z_]+)"/g)) found.add(m[1]!);
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
    expect(events.filter((e) => !(AUDIT_EVENTS as readonly string[]).includes(e))).toEqual([]);
  });

  it("every event has a label in Italian, English and French", () => {
    for (const [lang, messages] of [
      ["it", it_],
      ["en", en],
      ["fr", fr],
    ] as const) {
      const missing = AUDIT_EVENTS.filter((e) => typeof (messages as Record<string, unknown>)[`users.event.${e}`] !== "string");
      expect(missing, lang).toEqual([]);
    }
  });
});
