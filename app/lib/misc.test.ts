import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";
import { localizePath, pickText, splitLocale } from "./locale";
import { recordPath, slugifyLabel, tableFromSlug } from "./tables";

describe("locale paths", () => {
  it("splits and adds prefixes", () => {
    expect(splitLocale("/en/oggetti/1")).toEqual({ locale: "en", path: "/oggetti/1", ui: "en" });
    expect(splitLocale("/fr")).toEqual({ locale: "fr", path: "/", ui: "fr" });
    expect(splitLocale("/entita/3")).toEqual({ locale: "it", path: "/entita/3", ui: "it" });
    // a further interface language reads the Italian content (decision 075)
    expect(splitLocale("/de/oggetti/1")).toEqual({ locale: "it", path: "/oggetti/1", ui: "de" });
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/oggetti/1", "it")).toBe("/oggetti/1");
    expect(localizePath("/oggetti/1", "fr")).toBe("/fr/oggetti/1");
  });
  it("falls back to Italian content", () => {
    expect(pickText({ it: "Ciao", en: "Hello" }, "en")).toEqual({ text: "Hello", lang: "en" });
    expect(pickText({ it: "Ciao" }, "fr")).toEqual({ text: "Ciao", lang: "it" });
    expect(pickText({ en: "Hello" }, "fr")).toEqual({ text: "Hello", lang: "en" });
    expect(pickText({}, "fr")).toBeNull();
  });
});

describe("record links", () => {
  it("uses the table slug, the id and a readable label", () => {
    expect(recordPath("ca_objects", "12", "Città di Genova, 1885")).toBe("/oggetti/12/citta-di-genova-1885");
    expect(recordPath("ca_entities", "3")).toBe("/entita/3");
    expect(slugifyLabel("Élégie n° 5")).toBe("elegie-n-5");
    expect(tableFromSlug("luoghi")).toBe("ca_places");
    expect(tableFromSlug("ca_places")).toBeUndefined();
  });
});

describe("readCookie", () => {
  it("reads a cookie, decoded, among others", () => {
    expect(readCookie("a=1; teca_locale=en; b=2", "teca_locale")).toBe("en");
    expect(readCookie("teca_q=caff%C3%A8", "teca_q")).toBe("caffè");
    expect(readCookie(null, "x")).toBeNull();
    expect(readCookie("x", "x")).toBeNull();
  });
  it.each(["%E0%A4%A", "%", "%ZZ", "a%"])("ignores %j as if absent, and takes a later copy that decodes", (bad) => {
    expect(readCookie(`teca_session=${bad}`, "teca_session")).toBeNull();
    expect(readCookie(`teca_session=${bad}; teca_session=ok`, "teca_session")).toBe("ok");
  });
});
