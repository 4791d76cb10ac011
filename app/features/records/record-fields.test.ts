import { describe, expect, it } from "vitest";
import { groupMetadata, groupOf, internalFieldsOption, isInternalField, withoutShownMakers } from "./record-fields";
import type { MetadataView } from "~/lib/record-types";

const text = (code: string, value = "x"): MetadataView => ({ code, label: code, type: "text", value });

describe("record metadata groups", () => {
  it("puts demo, museum and ICCD codes in the group of their meaning", () => {
    expect(groupOf("tecnica")).toBe("physical");
    expect(groupOf("medium")).toBe("physical");
    expect(groupOf("MISA")).toBe("physical");
    expect(groupOf("iscrizioni")).toBe("description");
    expect(groupOf("data_acquisizione")).toBe("provenance");
    expect(groupOf("credit_line")).toBe("rights");
    expect(groupOf("OGTD")).toBe("identification");
    expect(groupOf("SGTI")).toBe("subject");
    expect(groupOf("something_new")).toBe("other");
  });
  it("keeps the groups' order and the data's order within a group, leaving out what the tombstone shows", () => {
    const groups = groupMetadata(
      [text("note"), text("tecnica"), text("iscrizioni"), text("dimensioni"), text("scheda")],
      new Set(["tecnica"]),
    );
    expect(groups.map((g) => [g.group, g.items.map((m) => m.code)])).toEqual([
      ["description", ["note", "iscrizioni"]],
      ["physical", ["dimensioni"]],
      ["rights", ["scheda"]],
    ]);
  });
  it("hides valuations, cataloguers' notes and locations by default; a site option replaces the list", () => {
    for (const code of ["stima", "prezzo_acquisto", "physical_location", "LDCN", "CMPN", "FUR", "ADSP"])
      expect(isInternalField(code), code).toBe(true);
    for (const code of ["tecnica", "note", "dimensioni", "OGTD"]) expect(isInternalField(code), code).toBe(false);
    const list = internalFieldsOption({ internalFields: ["note", "X*"] });
    expect(isInternalField("note", list)).toBe(true);
    expect(isInternalField("XYZ", list)).toBe(true);
    expect(isInternalField("stima", list)).toBe(false);
    expect(internalFieldsOption({ internalFields: "stima" })).toContain("stima");
  });
});

describe("maker fields beside the tombstone's makers", () => {
  const maker = (value: string): MetadataView => ({ code: "maker", label: "Maker", type: "text", value });
  it("leaves out a maker field naming a maker the tombstone links to, whatever its case and spacing", () => {
    const items = [
      maker(" jacques LIPCHITZ "),
      maker("after Jacques Lipchitz"),
      { code: "medium", label: "Medium", type: "text" as const, value: "Jacques Lipchitz" },
    ];
    expect(withoutShownMakers(items, ["Jacques Lipchitz"]).map((m) => m.value)).toEqual(["after Jacques Lipchitz", "Jacques Lipchitz"]);
  });
  it("keeps every maker field when the tombstone names no maker", () => {
    expect(withoutShownMakers([maker("Anonimo")], [])).toHaveLength(1);
  });
});
