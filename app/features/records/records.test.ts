import { describe, expect, it } from "vitest";
import { embedUrl, labelFields, metadataView, sortMedia } from "./records.server";
import { matchSemaforo } from "./semaforo";
import { slugifyLabel } from "~/lib/tables";

describe("media", () => {
  it("sorts a 360° sequence first, then image, video, youtube, vimeo, application, other — stable within a type", () => {
    const items = ["other", "vimeo", "image", "application", "youtube", "image", "video", "mystery", "sequence"].map((mediaType, i) => ({
      mediaType,
      i,
    }));
    expect(sortMedia(items).map((m) => `${m.mediaType}${m.i}`)).toEqual([
      "sequence8",
      "image2",
      "image5",
      "video6",
      "youtube4",
      "vimeo1",
      "application3",
      "other0",
      "mystery7",
    ]);
  });
  it("turns YouTube and Vimeo links into embed URLs", () => {
    expect(embedUrl("youtube", "https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(embedUrl("youtube", "https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(embedUrl("vimeo", "https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(embedUrl("vimeo", "https://vimeo.com/76979871", { vimeo: "https://vimeo.example/v/" })).toBe("https://vimeo.example/v/76979871");
    expect(embedUrl("youtube", "https://example.org/not-a-video")).toBeNull();
  });
});

describe("metadata rendering by type", () => {
  it("formats dates and quantity values in the locale", () => {
    expect(metadataView({ code: "d", label: "Data", type: "date", value: "1885-06-02" }, "it")).toMatchObject({ display: "2 giugno 1885" });
    expect(metadataView({ code: "d", label: "Data", type: "date", value: "1885" }, "en")).toMatchObject({ display: "1885" });
    const q = metadataView({ code: "p", label: "Prezzo", type: "quantityValue", value: { amount: 12.5, currency: 2 } }, "en");
    expect(q).toMatchObject({ display: "£12.50" });
  });
});

describe("field labels in the page's language (decision 084)", () => {
  const entries = [
    { code: "tecnica", label: "Tecnica" },
    { code: "OGTD", label: "Definizione" },
  ];
  const french = new Map([["tecnica", "Technique"]]);
  it("names a fallback entry by the catalogue's label in the page's language, else keeps its own and says its language", () => {
    expect(labelFields(entries, "it", "fr", french)).toEqual([
      { code: "tecnica", label: "Technique", labelLang: "fr" },
      { code: "OGTD", label: "Definizione", labelLang: "it" },
    ]);
  });
  it("leaves entries already in the page's language as they are", () => {
    expect(labelFields([{ code: "tecnica", label: "Procédé" }], "fr", "fr", french)).toEqual([
      { code: "tecnica", label: "Procédé", labelLang: "fr" },
    ]);
  });
});

describe("record addresses", () => {
  it("cuts a long label's slug between words, at most 60 characters", () => {
    const slug = slugifyLabel("Lettera di Giulio Valdameri a Ernesto Colombo sulla cessione delle quote della società");
    expect(slug).toBe("lettera-di-giulio-valdameri-a-ernesto-colombo-sulla-cessione");
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slugifyLabel("a".repeat(80))).toHaveLength(60);
    expect(slugifyLabel("Botzen, 1846")).toBe("botzen-1846");
  });
});

describe("traffic light (semaforo)", () => {
  const entries = [{ id: "fragile", path: "stato/fragile", colore: "#b45309", frase: "Maneggiare con cura", fraseCorta: "Fragile" }];
  it("matches a record whose tag path starts with the entry path", () => {
    expect(matchSemaforo(entries, [{ path: "stato/fragile" }])).toHaveLength(1);
    expect(matchSemaforo(entries, [{ path: "stato/fragile/carta" }])).toHaveLength(1);
    expect(matchSemaforo(entries, [{ path: "stato/fragilex" }])).toHaveLength(0);
    expect(matchSemaforo(undefined, [{ path: "stato/fragile" }])).toHaveLength(0);
  });
});
