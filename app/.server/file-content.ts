/**
 * What a browser would make of an uploaded file's text, whatever its encoding (issue 29 §6). A UTF-16 SVG
 * passed the drop box's XML check because the bytes were read as UTF-8 before looking for an SVG root: the
 * encoding is now found first (byte-order mark, else the shape of the first characters, as XML 1.0
 * appendix F does), the text decoded with it, and the markup looked for there — and, as a second net, in
 * the bytes with every NUL removed (any UTF-16/32 form of ASCII markup).
 */
export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be" | "utf-32le" | "utf-32be";

/** The encoding of `bytes` and the length of its byte-order mark. */
export function sniffEncoding(bytes: Uint8Array): { encoding: TextEncoding; bom: number } {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0x00 && b === 0x00 && c === 0xfe && d === 0xff) return { encoding: "utf-32be", bom: 4 };
  if (a === 0xff && b === 0xfe && c === 0x00 && d === 0x00) return { encoding: "utf-32le", bom: 4 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", bom: 2 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", bom: 3 };
  // No mark: "<" (or "<?") as XML 1.0 appendix F reads it in each encoding.
  if (a === 0x00 && b === 0x00 && c === 0x00 && d === 0x3c) return { encoding: "utf-32be", bom: 0 };
  if (a === 0x3c && b === 0x00 && c === 0x00 && d === 0x00) return { encoding: "utf-32le", bom: 0 };
  if (a === 0x00 && b === 0x3c) return { encoding: "utf-16be", bom: 0 };
  if (a === 0x3c && b === 0x00) return { encoding: "utf-16le", bom: 0 };
  return { encoding: "utf-8", bom: 0 };
}

/** The text of `bytes` in its own encoding (undecodable sequences become U+FFFD). */
export function decodeText(bytes: Uint8Array): string {
  const { encoding, bom } = sniffEncoding(bytes);
  const body = bytes.subarray(bom);
  if (encoding === "utf-32le" || encoding === "utf-32be") {
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength - (body.byteLength % 4));
    let out = "";
    for (let i = 0; i < view.byteLength; i += 4) {
      const code = view.getUint32(i, encoding === "utf-32le");
      out += code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
    }
    return out;
  }
  return new TextDecoder(encoding, { fatal: false, ignoreBOM: true }).decode(body);
}

/** Encodings an XML declaration may name that are decoded here as a browser would. */
const KNOWN_ENCODINGS = /^(?:utf-?8|utf-?16(?:le|be)?|utf-?32(?:le|be)?|us-ascii|ascii|iso-8859-\d{1,2}|latin-?1|windows-125\d|cp125\d)$/i;

/** The encoding an XML declaration names, when there is one. */
export function declaredEncoding(text: string): string | null {
  const m = /^\s*<\?xml\b[^?]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(text);
  return m ? m[1]! : null;
}

const MARKUP = /<(?:[\w.-]+:)?(?:svg|html)[\s>/]|http:\/\/www\.w3\.org\/(?:2000\/svg|1999\/xhtml|1999\/XSL\/Transform)|<\?xml-stylesheet/i;

/**
 * True when the file holds something a browser would render as a page or a drawing: an SVG or (X)HTML
 * root, an XSLT stylesheet, in any encoding — or an encoding the site cannot read as a browser would
 * (UTF-7, EBCDIC…), which is refused rather than guessed.
 */
export function holdsMarkup(bytes: Uint8Array): boolean {
  const text = decodeText(bytes);
  const declared = declaredEncoding(text);
  if (declared !== null && !KNOWN_ENCODINGS.test(declared.trim())) return true;
  if (MARKUP.test(text)) return true;
  // The second net: ASCII markup spread over UTF-16/32 code units, whatever the mark or the declaration say.
  const squeezed = Buffer.from(bytes.filter((b) => b !== 0)).toString("latin1");
  return MARKUP.test(squeezed);
}

/** True when the file's text begins as markup ("<", after a mark and blanks), in any encoding. */
export function startsAsMarkup(bytes: Uint8Array): boolean {
  return /^[\s\uFEFF]*</.test(decodeText(bytes.subarray(0, 1024)));
}
