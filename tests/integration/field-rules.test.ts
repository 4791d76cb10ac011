import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../setup/db";
import { seededCatalogue } from "../setup/catalogue";
import { makeRecord, tempDir } from "../factories/records";
import { saveSiteOptions } from "../../app/features/site/site.server";
import { applyFieldRules, fieldRulesOption } from "../../app/features/records/record-fields";

/**
 * The record page's field rules (customjs `hide`, `order`, `label`, `more`; detailjs `dateLabel`; issue 34 §6,
 * decision 109): set in the options, seen on the page.
 */
const target = testDatabases()[0]!;
const field = (code: string, label: string, value: string) => ({ code, label, type: "text" as const, value });

describe("the record page's field rules", () => {
  it("read only well-formed rules from the options", () => {
    expect(fieldRulesOption({})).toEqual({ hide: [], order: [], label: {}, more: [], dateLabel: null });
    expect(
      fieldRulesOption({ hide: ["a", 3, " "], order: "b", label: { a: "A", b: 5 }, more: ["c"], detailjs: { dateLabel: " Datazione " } }),
    ).toEqual({ hide: ["a"], order: [], label: { a: "A" }, more: ["c"], dateLabel: "Datazione" });
    const items = [field("a", "A", "1"), field("b", "B", "2"), field("c", "C", "3"), field("d", "D", "4")];
    const out = applyFieldRules(items, { hide: ["a"], order: ["d", "c"], label: { b: "Bi" }, more: ["c"], dateLabel: null });
    expect(out.map((m) => [m.code, m.label, Boolean(m.more)])).toEqual([
      ["d", "D", false],
      ["c", "C", true],
      ["b", "Bi", false],
    ]);
  });

  describe("on the page", () => {
    let cat: Awaited<ReturnType<typeof seededCatalogue>>;
    beforeAll(async () => {
      cat = await seededCatalogue(
        target,
        [
          makeRecord({
            id: "v1",
            date: { start: "1890-01-01" },
            texts: {
              it: {
                label: "Vaso",
                dateDisplay: "1890",
                metadata: [
                  field("tecnica", "Tecnica", "tornio"),
                  field("materia", "Materia", "maiolica"),
                  field("misure", "Misure", "30 cm"),
                  field("iscrizioni", "Iscrizioni", "marchio al piede"),
                ],
              },
            },
          }),
        ],
        { dir: tempDir() },
      );
    });
    afterAll(async () => {
      await cat?.close();
    });

    it("hides, orders, renames and folds the fields the options name, and names the date as they say", async () => {
      const before = await (await cat.server.fetch("/oggetti/v1/vaso")).text();
      expect(before).toContain("marchio al piede");
      expect(before).not.toContain(`<details class="record__section record__more"`);
      await saveSiteOptions({ database: cat.db }, "it", {
        hide: ["iscrizioni"],
        order: ["misure"],
        label: { materia: "Materiale" },
        more: ["tecnica"],
        detailjs: { dateLabel: "Datazione" },
      } as never);
      const html = await (await cat.server.fetch("/oggetti/v1/vaso")).text();
      expect(html).not.toContain("marchio al piede");
      expect(html).toMatch(/<dt><span[^>]*>Materiale<\/span>/);
      expect(html).not.toMatch(/<dt><span[^>]*>Materia<\/span>/);
      expect(html.indexOf("30 cm")).toBeLessThan(html.indexOf("maiolica"));
      const more = html.match(/<details class="record__section record__more">[\s\S]*?<\/details>/)?.[0] ?? "";
      expect(more).toContain("Un altro dato");
      expect(more).toContain("tornio");
      // once, folded: not in the groups above it
      const groups = html.slice(
        html.indexOf('<div class="record__groups">'),
        html.indexOf('<details class="record__section record__more">'),
      );
      expect(groups).toContain("maiolica");
      expect(groups).not.toContain("tornio");
      expect(html).toContain("<dt>Datazione</dt>");
    });
  });
});
