import { describe, expect, it } from "vitest";
import { MAX_LABELS, MAX_SHEETS, parsePrintRef, printHref, printRef, printView, readPrintRequest, recordAddress } from "./print";
import { qrShape } from "./print.server";
import { decodeQrPath } from "../../../tests/factories/qr";

describe("print refs and requests (decision 104)", () => {
  it("names a record by its table's slug and id, read back one way", () => {
    expect(printRef("ca_objects", "12")).toBe("oggetti:12");
    expect(parsePrintRef("oggetti:12")).toEqual({ table: "ca_objects", id: "12" });
    expect(parsePrintRef("ca_entities:iccd-1.a")).toEqual({ table: "ca_entities", id: "iccd-1.a" });
    for (const bad of ["12", ":12", "oggetti:", "nulla:12", "oggetti:a/b", "oggetti:a:b", "oggetti: 12"])
      expect(parsePrintRef(bad), bad).toBeNull();
  });

  it("reads the view and its ref from the path after /print/", () => {
    expect(printView("template/oggetti:1")).toEqual({ kind: "template", ref: "oggetti:1" });
    expect(printView("template/qr/oggetti:1")).toEqual({ kind: "template/qr", ref: "oggetti:1" });
    expect(printView("qr")).toEqual({ kind: "qr", ref: undefined });
    expect(printView("template/qr")).toEqual({ kind: "template/qr", ref: undefined });
    for (const bad of ["", "labels/oggetti:1", "qr/oggetti:1/more", "qr/template/oggetti:1"]) expect(printView(bad), bad).toBeNull();
  });

  it("reads the path's ref, then ?ids= without repeats, and the label size", () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(readPrintRequest("qr", "oggetti:1", q("ids=oggetti:2,oggetti:1,luoghi:x&size=s"))).toEqual({
      ok: true,
      refs: [
        { table: "ca_objects", id: "1" },
        { table: "ca_objects", id: "2" },
        { table: "ca_places", id: "x" },
      ],
      size: "s",
    });
    expect(readPrintRequest("template", undefined, q(""))).toMatchObject({ ok: false, messageKey: "print.error.noId" });
    expect(readPrintRequest("qr", "vaso", q(""))).toMatchObject({ ok: false, messageKey: "print.error.badId", params: { id: "vaso" } });
    expect(readPrintRequest("qr", "oggetti:1", q("size=xl"))).toMatchObject({ ok: false, messageKey: "print.error.badSize" });
    const many = (n: number) => q(`ids=${Array.from({ length: n }, (_, i) => `oggetti:${i}`).join(",")}`);
    expect(readPrintRequest("qr", undefined, many(MAX_LABELS)).ok).toBe(true);
    expect(readPrintRequest("qr", undefined, many(MAX_LABELS + 1))).toMatchObject({ ok: false, params: { max: MAX_LABELS } });
    expect(readPrintRequest("template/qr", undefined, many(MAX_SHEETS + 1))).toMatchObject({ ok: false, params: { max: MAX_SHEETS } });
  });

  it("links to the print views and to the record's stable address, in the page's language", () => {
    expect(printHref("template", [{ table: "ca_objects", id: "1" }], "it")).toBe("/print/template/oggetti:1");
    expect(
      printHref(
        "qr",
        [
          { table: "ca_objects", id: "1" },
          { table: "ca_places", id: "x" },
        ],
        "fr",
        "s",
      ),
    ).toBe("/fr/print/qr?ids=oggetti:1,luoghi:x&size=s");
    expect(recordAddress("https://a.example", "ca_objects", "1", "en")).toBe("https://a.example/en/oggetti/1");
    // a further language's pages read the Italian content: the Italian address
    expect(recordAddress("https://a.example", "ca_objects", "1", "de")).toBe("https://a.example/oggetti/1");
  });

  it("draws a QR code that decodes to its text", () => {
    const text = "https://archivio.example/en/oggetti/iccd-1200489492";
    expect(decodeQrPath(qrShape(text))).toBe(text);
  });
});
