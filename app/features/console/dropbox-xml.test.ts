import { describe, expect, it } from "vitest";
import { checkFile } from "./dropbox.server";

const xml = (text: string) => ({ name: "scheda.xml", bytes: new Uint8Array(Buffer.from(text)) });

// An XML document attached from the drop box is served from /media with its own type (application/xml): a
// browser renders it as a page when it is XHTML, SVG or carries an XSLT stylesheet, wherever that appears.
describe("drop box: XML documents a browser would render as a page", () => {
  it("accepts plain XML", async () => {
    expect(await checkFile("document", xml('<?xml version="1.0"?><ead><eadheader>Fondo</eadheader></ead>'))).toEqual({
      ext: "xml",
      mime: "application/xml",
    });
  });

  it("refuses an XHTML root placed after 64 KB of comment", async () => {
    const padded = `<?xml version="1.0"?><!--${"x".repeat(70 * 1024)}--><html xmlns="http://www.w3.org/1999/xhtml"><body><form action="/login"></form></body></html>`;
    expect(await checkFile("document", xml(padded))).toBeNull();
  });

  it("refuses an SVG root placed after 64 KB of comment", async () => {
    const padded = `<?xml version="1.0"?><!--${"x".repeat(70 * 1024)}--><svg xmlns="http://www.w3.org/2000/svg"></svg>`;
    expect(await checkFile("document", xml(padded))).toBeNull();
  });

  it("refuses an XSLT stylesheet instruction or an embedded XSLT", async () => {
    expect(
      await checkFile("document", xml('<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/media/x.xsl"?><ead/>')),
    ).toBeNull();
    expect(
      await checkFile("document", xml('<?xml version="1.0"?><x:stylesheet xmlns:x="http://www.w3.org/1999/XSL/Transform" version="1.0"/>')),
    ).toBeNull();
  });
});

// Issue 29 §6: the encoding is found before the content is read.
describe("drop box: markup in any encoding", () => {
  const svg = '<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  const utf16le = (t: string, bom = true) => Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(t, "utf16le")]);
  const utf16be = (t: string, bom = true) => {
    const b = Buffer.from(t, "utf16le").swap16();
    return bom ? Buffer.concat([Buffer.from([0xfe, 0xff]), b]) : b;
  };
  const utf32 = (t: string, le: boolean) => {
    const out = Buffer.alloc(4 + t.length * 4);
    out.writeUInt32BE(le ? 0xfffe0000 : 0x0000feff, 0);
    [...t].forEach((c, i) => {
      if (le) out.writeUInt32LE(c.codePointAt(0)!, 4 + i * 4);
      else out.writeUInt32BE(c.codePointAt(0)!, 4 + i * 4);
    });
    return out;
  };
  const file = (bytes: Buffer, name = "scheda.xml") => ({ name, bytes: new Uint8Array(bytes) });

  it.each([
    ["UTF-16LE with its mark", utf16le(svg)],
    ["UTF-16BE with its mark", utf16be(svg)],
    ["UTF-16LE without a mark", utf16le(svg, false)],
    ["UTF-16BE without a mark", utf16be(svg, false)],
    ["UTF-32LE", utf32(svg, true)],
    ["UTF-32BE", utf32(svg, false)],
    ["UTF-8 with a mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(svg)])],
    ["XHTML in UTF-16", utf16le('<?xml version="1.0" encoding="UTF-16"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>')],
    ["an XSLT instruction in UTF-16", utf16be('<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/x.xsl"?><ead/>')],
    ["an encoding a browser does not read as declared (UTF-7)", Buffer.from('<?xml version="1.0" encoding="UTF-7"?>+ADw-svg+AD4-')],
  ])("refuses an SVG/XHTML document in %s", async (_, bytes) => {
    expect(await checkFile("document", file(bytes))).toBeNull();
  });

  it("still accepts plain XML in UTF-16 and in Latin-1", async () => {
    expect(
      await checkFile(
        "document",
        file(utf16le('<?xml version="1.0" encoding="UTF-16"?><ead><eadheader>Fondo Valdameri</eadheader></ead>')),
      ),
    ).toEqual({ ext: "xml", mime: "application/xml" });
    expect(
      await checkFile("document", file(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><ead>Citt\xe0</ead>', "latin1"))),
    ).toEqual({ ext: "xml", mime: "application/xml" });
  });

  it("refuses markup named as an image or a PDF", async () => {
    expect(await checkFile("image", file(utf16le(svg), "foto.png"))).toBeNull();
    expect(await checkFile("document", file(utf16le("<html><body>%PDF-1.4</body></html>"), "atto.pdf"))).toBeNull();
  });
});
