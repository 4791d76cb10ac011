import { describe, expect, it } from "vitest";
import { toManifest, type IiifRecord } from "./iiif.server";

const record: IiifRecord = {
  table: "ca_objects",
  id: "solo-it",
  access: 1,
  labels: { it: "Ventaglio" },
  summaries: {},
  metadata: {
    it: [
      { code: "tecnica", label: "Tecnica", type: "text", value: "olio su tela" },
      { code: "OGTD", label: "Definizione", type: "text", value: "ventaglio" },
    ],
  },
  fieldLabels: { tecnica: { it: "Tecnica", en: "Technique", fr: "Technique" }, OGTD: { it: "Definizione" } },
  typeNames: {},
  dates: {},
  source: { url: null, license: null, attribution: null },
  pages: [
    {
      mediaId: 1,
      record: { table: "ca_objects", id: "solo-it", own: true, labels: { it: "Ventaglio" } },
      titles: {},
      width: 10,
      height: 10,
      mime: "image/jpeg",
      thumbnail: null,
      medium: null,
      large: "/media/a.jpg",
      service: null,
    },
  ],
  ownPages: 1,
};

describe("a manifest's field labels (decision 084)", () => {
  it("names a field in every language the catalogue names it in, its value only in the record's", () => {
    const manifest = toManifest(record, "https://teca.example", { siteTitle: "Teca" })!;
    const fields = manifest.metadata as { label: Record<string, string[]>; value: Record<string, string[]> }[];
    expect(fields).toContainEqual({ label: { it: ["Tecnica"], en: ["Technique"], fr: ["Technique"] }, value: { it: ["olio su tela"] } });
    expect(fields).toContainEqual({ label: { it: ["Definizione"] }, value: { it: ["ventaglio"] } });
  });
});
