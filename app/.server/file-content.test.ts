import { describe, expect, it } from "vitest";
import { decodeText, holdsMarkup, sniffEncoding, startsAsMarkup } from "./file-content";

const le = (t: string) => new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, "utf16le")]));

describe("file content in its own encoding (issue 29 §6)", () => {
  it("finds the encoding from the mark or the first characters", () => {
    expect(sniffEncoding(le("<a/>"))).toEqual({ encoding: "utf-16le", bom: 2 });
    expect(sniffEncoding(new Uint8Array(Buffer.from("<a/>", "utf16le").swap16()))).toEqual({ encoding: "utf-16be", bom: 0 });
    expect(sniffEncoding(new Uint8Array([0, 0, 0, 0x3c]))).toEqual({ encoding: "utf-32be", bom: 0 });
    expect(sniffEncoding(new Uint8Array(Buffer.from("<a/>")))).toEqual({ encoding: "utf-8", bom: 0 });
    expect(decodeText(le("città"))).toBe("città");
  });

  it("sees markup whatever the encoding, and nothing in plain XML or an image", () => {
    expect(holdsMarkup(le('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(holdsMarkup(new Uint8Array(Buffer.from("<ead><titolo>Lettera</titolo></ead>")))).toBe(false);
    expect(startsAsMarkup(le("  <svg/>"))).toBe(true);
    expect(startsAsMarkup(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x3c, 0x73, 0x76, 0x67]))).toBe(false);
  });
});
