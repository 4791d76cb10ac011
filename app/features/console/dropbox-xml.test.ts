import { describe, expect, it } from "vitest";
import { checkFile } from "./dropbox.server";

const xml = (text: string) => ({ name: "scheda.xml", bytes: new Uint8Array(Buffer.from(text)) });

// An XML document attached from the drop box is served from /media with its own type (application/xml): a
// browser renders it as a page when it is XHTML, SVG or carries an XSLT stylesheet, wherever that appears.
describe("drop box: XML documents a browser would render as a page", () => {
  it("accepts plain XML", async () => {
    expect(await checkFile("document", xml('<?xml version="1.0"?><ead><eadheader>Fondo</eadheader></ead>'))).toEqual({ ext: "xml", mime: "application/xml" });
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
    expect(await checkFile("document", xml('<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/media/x.xsl"?><ead/>'))).toBeNull();
    expect(
      await checkFile("document", xml('<?xml version="1.0"?><x:stylesheet xmlns:x="http://www.w3.org/1999/XSL/Transform" version="1.0"/>')),
    ).toBeNull();
  });
});
