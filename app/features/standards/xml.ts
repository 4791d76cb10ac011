/**
 * A small XML writer for the open-standards outputs (OAI-PMH, sitemaps, Atom): every text and attribute
 * value is escaped, characters XML 1.0 forbids are dropped, and names are checked, so catalogue content
 * can never break out of its element (decision 050).
 */

/** Characters XML 1.0 does not allow anywhere (control characters, lone surrogates, U+FFFE/U+FFFF). */
const FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

/** A quick test for what FORBIDDEN may match (control characters, any surrogate, U+FFFE/U+FFFF): most texts have none. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids are what this pattern finds
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const SPECIAL = /[&<>"']/g;
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(value: string): string {
  const clean = SUSPECT.test(value) ? value.replace(FORBIDDEN, "") : value;
  return clean.replace(SPECIAL, (c) => ENTITY[c]!);
}

/** Markup already written by this module (never built from a plain string). */
export class Xml {
  constructor(readonly xml: string) {}
  toString() {
    return this.xml;
  }
}

export type XmlChild = Xml | string | number | null | undefined | false | XmlChild[];
export type XmlAttrs = Record<string, string | number | null | undefined | false>;

function childrenXml(children: XmlChild[]): string {
  let out = "";
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) out += childrenXml(c);
    else if (c instanceof Xml) out += c.xml;
    else out += escapeXml(String(c));
  }
  return out;
}

function attrsXml(attrs: XmlAttrs): string {
  let out = "";
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (!NAME.test(k) && !/^xmlns(?::[A-Za-z_][\w.-]*)?$/.test(k)) throw new Error(`invalid XML attribute name: ${k}`);
    out += ` ${k}="${escapeXml(String(v))}"`;
  }
  return out;
}

/** An element: `el("dc:title", { "xml:lang": "it" }, "Lettera")`. Text children are escaped; null, undefined and false are left out. */
export function el(name: string, attrs: XmlAttrs = {}, ...children: XmlChild[]): Xml {
  if (!NAME.test(name)) throw new Error(`invalid XML element name: ${name}`);
  const inner = childrenXml(children);
  return new Xml(inner ? `<${name}${attrsXml(attrs)}>${inner}</${name}>` : `<${name}${attrsXml(attrs)}/>`);
}

/** Several nodes side by side. */
export function frag(...children: XmlChild[]): Xml {
  return new Xml(childrenXml(children));
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
