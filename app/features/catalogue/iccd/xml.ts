/**
 * Reads an ICCD scheda (the national catalogue's XML: one element per field,
 * named by its code, with the field's Italian name in a `hint` attribute) into
 * a plain tree that keeps the order of the fields.
 */
import { XMLParser } from "fast-xml-parser";

export type IccdNode = {
  /** The field or block code, e.g. "OGTD", "AUT", "LC". */
  code: string;
  /** The Italian label from the file's `hint` attribute ("Definizione"), when given. */
  hint?: string;
  /** A leaf field's value (trimmed); blocks have none. */
  text?: string;
  children: IccdNode[];
};

export type IccdScheda = {
  /** The root element's name: the scheda type as written in the file (OA, RA, F…). */
  element: string;
  /** The normative version attribute ("3.00_ICCD0"). */
  version?: string;
  root: IccdNode;
  /** The OAI header identifier of a harvested file (oai:oaicat.iccd.org:@ICCD11306544@). */
  oaiIdentifier?: string;
  /** Coordinates the harvester geocoded (the file's harvesting/geocoding block), when any. */
  geocoded?: { x: string; y: string };
};

type Ordered = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

function nameOf(item: Ordered): string | undefined {
  return Object.keys(item).find((k) => k !== ":@" && k !== "#text" && !k.startsWith("?"));
}

function toNode(item: Ordered): IccdNode | undefined {
  const code = nameOf(item);
  if (!code) return undefined;
  const attrs = (item[":@"] ?? {}) as Record<string, string>;
  const raw = (item[code] ?? []) as Ordered[];
  const children: IccdNode[] = [];
  let text = "";
  for (const c of raw) {
    if ("#text" in c) text += String(c["#text"]);
    else {
      const n = toNode(c);
      if (n) children.push(n);
    }
  }
  const node: IccdNode = { code, children };
  if (attrs.hint?.trim()) node.hint = attrs.hint.trim();
  if (!children.length && text.trim()) node.text = text.trim();
  return node;
}

/** Depth-first search for the first element named `code`. */
export function findNode(node: IccdNode, code: string): IccdNode | undefined {
  if (node.code === code) return node;
  for (const c of node.children) {
    const hit = findNode(c, code);
    if (hit) return hit;
  }
  return undefined;
}

/** Every element named `code` below `node` (not inside another match), in document order. */
export function findAll(node: IccdNode, code: string, out: IccdNode[] = []): IccdNode[] {
  for (const c of node.children) {
    if (c.code === code) out.push(c);
    else findAll(c, code, out);
  }
  return out;
}

/** The first non-empty value of field `code` below `node`. */
export function textOf(node: IccdNode | undefined, code: string): string | undefined {
  if (!node) return undefined;
  for (const n of findAll(node, code)) if (n.text) return n.text;
  return undefined;
}

/** Every non-empty value of field `code` below `node`. */
export function textsOf(node: IccdNode | undefined, code: string): string[] {
  if (!node) return [];
  return findAll(node, code).flatMap((n) => (n.text ? [n.text] : []));
}

/**
 * Parses one file's text. Accepts a harvested OAI record (record/metadata/schede/TYPE), a bare
 * `schede` document, or a scheda element as the root. Throws with a readable message when the text is
 * not XML or holds no scheda.
 */
export function parseScheda(xml: string): IccdScheda {
  let parsed: Ordered[];
  try {
    parsed = parser.parse(xml) as Ordered[];
  } catch (err) {
    throw new Error(`not well-formed XML (${(err as Error).message.split("\n")[0]})`);
  }
  const top = parsed.map(toNode).filter((n): n is IccdNode => Boolean(n));
  if (!top.length) throw new Error("no XML element");
  const doc: IccdNode = { code: "#document", children: top };
  const schede = findNode(doc, "schede");
  let root: IccdNode | undefined;
  if (schede) root = schede.children.find((c) => c.code !== "harvesting" && findNode(c, "CD"));
  else root = top.find((c) => c.children.some((k) => k.code === "CD"));
  if (!root) throw new Error("no scheda found (expected a <schede> element holding e.g. <OA>, or a scheda with a CD block)");
  // The version attribute is not in the node tree: look it up in the parsed form.
  const findAttrs = (items: Ordered[], target: string): Ordered | undefined => {
    for (const it of items) {
      const name = nameOf(it);
      if (!name) continue;
      if (name === target && Array.isArray(it[name]) && (it[name] as Ordered[]).some((c) => nameOf(c) === "CD")) return it;
      const inner = Array.isArray(it[name]) ? findAttrs(it[name] as Ordered[], target) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const holder = findAttrs(parsed, root.code);
  const version = (holder?.[":@"] as Record<string, string> | undefined)?.version;
  const identifier = findNode(doc, "header") ? textOf(findNode(doc, "header"), "identifier") : undefined;
  const geocoding = findNode(doc, "geocoding");
  const x = textOf(geocoding, "x");
  const y = textOf(geocoding, "y");
  return {
    element: root.code,
    version,
    root,
    oaiIdentifier: identifier,
    geocoded: x && y ? { x, y } : undefined,
  };
}
