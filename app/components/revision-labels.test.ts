import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translate, type Translate } from "~/i18n";
import { I18nProvider } from "~/i18n/context";
import { fieldChanges } from "~/lib/field-diff";
import { UI_LOCALES, type UiLocale } from "~/lib/locale";
import { ChangesView, ValueView } from "./RevisionParts";
import { fieldLabel, fieldValue } from "./revision-labels";

const tr =
  (l: UiLocale): Translate =>
  (k, p) =>
    translate(l, k, p);

/** The markup of some nodes in an interface language. */
const within = (locale: UiLocale, ...nodes: ReactNode[]) =>
  renderToStaticMarkup(createElement(I18nProvider, { locale } as Parameters<typeof I18nProvider>[0], ...nodes));

const BEFORE = {
  hero: { title: "Archivio", cta: { label: "Cerca", path: "/cerca" }, links: [{ label: "Mappa", path: "/mappa" }] },
  sections: [
    { kind: "text", title: "Chi siamo", visible: true, background: "white" },
    {
      kind: "records",
      title: "In evidenza",
      refs: [
        { table: "ca_objects", id: "1" },
        { table: "ca_objects", id: "2" },
      ],
    },
  ],
};
const AFTER = {
  hero: { title: "Archivio", cta: { label: "Cerca", path: "/esplora" }, links: [{ label: "Mappa", path: "/mappa" }] },
  sections: [
    { kind: "text", title: "Chi siamo", visible: false, background: "primaryLight" },
    {
      kind: "records",
      title: "In evidenza",
      refs: [
        { table: "ca_objects", id: "1" },
        { table: "assets", id: "2" },
      ],
    },
    { kind: "text", title: "Nuova", html: "<p>Uno</p>\n<p>Due</p>" },
  ],
};

// issue 31 §4: a history names fields in the interface language, never by their keys (`sections.1.refs.1.table`)
describe("revision history labels", () => {
  it("finds the fields that changed, with their paths and both values", () => {
    const changes = fieldChanges(BEFORE, AFTER);
    expect(changes.map((c) => c.path.join("."))).toEqual([
      "hero.cta.path",
      "sections.0.visible",
      "sections.0.background",
      "sections.1.refs.1.table",
      "sections.2.kind",
      "sections.2.title",
      "sections.2.html",
    ]);
    expect(changes[3]).toMatchObject({ before: "ca_objects", after: "assets" });
    expect(changes[6]!.lines?.some((l) => l?.op === "add" && l.text === "<p>Due</p>")).toBe(true);
    expect(fieldChanges(AFTER, structuredClone(AFTER))).toEqual([]);
    expect(fieldChanges({ title: "", links: [] }, { title: null })).toEqual([]);
  });

  it("names them in Italian and French, positions from 1, tables, kinds, backgrounds and yes/no in words", () => {
    const it = tr("it");
    const fr = tr("fr");
    expect(fieldLabel(it, "home", ["sections", 1, "refs", 1, "table"])).toBe("Sezione 2 · Scheda collegata 2 · Sezione dell'archivio");
    expect(fieldValue(it, ["sections", 1, "refs", 1, "table"], "ca_objects")).toBe("Oggetti");
    expect(fieldLabel(it, "home", ["hero", "cta", "path"])).toBe("Intestazione · Pulsante · Indirizzo");
    expect(fieldLabel(fr, "home", ["hero", "links", 0, "label"])).toBe("En-tête · Lien 1 · Libellé");
    expect(fieldLabel(it, "menu", [2, "path"])).toBe("Voce 3 · Indirizzo");
    expect(fieldLabel(fr, "footer_blocks", [0, "text"])).toBe("Bloc 1 · Texte");
    expect(fieldLabel(it, "colors", ["primaryDark"])).toBe("Scuro");
    expect(fieldLabel(it, "summaryPimcore", ["ca_objects", 0])).toBe("Oggetti · Elemento 1");
    expect(fieldLabel(it, "title", [])).toBe("");
    expect(fieldValue(it, ["sections", 0, "visible"], false)).toBe("No");
    expect(fieldValue(fr, ["published"], true)).toBe("Oui");
    expect(fieldValue(fr, ["sections", 0, "background"], "primaryLight")).toBe("Principal clair");
    expect(fieldValue(it, ["sections", 2, "kind"], "mediaSample")).toBe("Immagini a caso");
    expect(fieldValue(it, ["hero", "subtitle"], undefined)).toBe("(vuoto)");
  });

  it("renders no key, no path and no 0-based position in any language", () => {
    const changes = fieldChanges(BEFORE, AFTER);
    for (const locale of UI_LOCALES) {
      const html = within(
        locale,
        createElement(ChangesView, { key: "c", item: "home", whole: "Home", changes }),
        createElement(ValueView, { key: "v", item: "home", whole: "Home", value: AFTER, id: "x" }),
      );
      const text = html.replace(/<[^>]+>/g, " ");
      expect(text, locale).not.toMatch(/\b[a-z_]+\.[a-z_0-9]+(\.\d+)?\b/i);
      for (const raw of ["ca_objects", "assets", "primaryLight", "mediaSample", "refs", "sections", "hero", "true", "false"])
        expect(text, `${locale}: ${raw}`).not.toMatch(new RegExp(`\\b${raw}\\b`));
    }
    const it = within("it", createElement(ChangesView, { item: "home", whole: "", changes }));
    expect(it).toContain("Sezione 2 · Scheda collegata 2 · Sezione dell&#x27;archivio");
    expect(it).toMatch(
      /<del><span class="visually-hidden">prima: <\/span>Oggetti<\/del>.*<ins><span class="visually-hidden">dopo: <\/span>Media<\/ins>/,
    );
    expect(it).toContain("Sezione 1 · Sfondo");
  });
});
