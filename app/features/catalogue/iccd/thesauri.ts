/**
 * ICCD thesauri (SKOS) in either of the forms ICCD publishes them: RDF/XML and
 * Turtle (some of the `.rdf` files are Turtle). Only what a tag tree needs is
 * read: each concept's preferred label, its other labels (to match record
 * terms) and its broader concept; and the scheme's title and description.
 */
import fs from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { THESAURUS_KINDS } from "./schema";

export type Concept = { iri: string; scheme: string; label: string; altLabels: string[]; broader?: string };
export type Scheme = {
  iri: string;
  title: string;
  description: string;
  /** Scheda kinds whose records use it (from "Scheda RA" in the description, with the kind's family). */
  kinds: string[];
  /** Field codes it is the vocabulary of: MTC (materials and techniques), CTG (category) or OGTD (definition). */
  fields: string[];
  /** Short stable id from the IRI ("reperti_archeologici"). */
  slug: string;
};
export type Thesaurus = { schemes: Map<string, Scheme>; concepts: Map<string, Concept> };

const SKOS = "http://www.w3.org/2004/02/skos/core#";
const RDFS = "http://www.w3.org/2000/01/rdf-schema#";
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const DCT = "http://purl.org/dc/terms/";

type Triple = { s: string; p: string; o: string; lit: boolean; lang?: string };

// ---------------------------------------------------------------------------
// Turtle (the subset SKOS files use: prefixes, IRIs, prefixed names, literals, ; and , lists)

type Tok = { t: "iri" | "pname" | "lit" | "punct" | "a" | "prefix"; v: string; lang?: string };

function tokenizeTurtle(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "#") {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if (c === "<") {
      const end = src.indexOf(">", i);
      toks.push({ t: "iri", v: src.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const long = src.startsWith(c.repeat(3), i);
      const q = long ? c.repeat(3) : c;
      i += q.length;
      let v = "";
      while (i < n && !src.startsWith(q, i)) {
        if (src[i] === "\\") {
          const e = src[i + 1];
          v +=
            e === "n"
              ? "\n"
              : e === "t"
                ? "\t"
                : e === "r"
                  ? "\r"
                  : e === "u"
                    ? String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16))
                    : e;
          i += e === "u" ? 6 : 2;
        } else v += src[i++];
      }
      i += q.length;
      const tok: Tok = { t: "lit", v };
      if (src[i] === "@") {
        const m = /^@([A-Za-z0-9-]+)/.exec(src.slice(i, i + 20));
        if (m) {
          tok.lang = m[1];
          i += m[0].length;
        }
      } else if (src.startsWith("^^", i)) {
        i += 2;
        if (src[i] === "<") i = src.indexOf(">", i) + 1;
        else while (i < n && /[^\s;,.]/.test(src[i]!)) i++;
      }
      toks.push(tok);
      continue;
    }
    if (";,.[]()".includes(c)) {
      toks.push({ t: "punct", v: c });
      i++;
      continue;
    }
    if (c === "@") {
      const m = /^@(prefix|base)/.exec(src.slice(i, i + 8));
      if (m) {
        toks.push({ t: "prefix", v: m[1]! });
        i += m[0].length;
        continue;
      }
    }
    // A bare word: a prefixed name, `a`, a number or a boolean. A trailing '.' ends the statement.
    let j = i;
    while (j < n && !/[\s;,<"()[\]]/.test(src[j]!)) j++;
    let word = src.slice(i, j);
    let dots = 0;
    while (word.endsWith(".")) {
      word = word.slice(0, -1);
      dots++;
    }
    if (word === "a") toks.push({ t: "a", v: "a" });
    else if (/^(PREFIX|BASE)$/i.test(word)) toks.push({ t: "prefix", v: word.toLowerCase() });
    else if (word) toks.push({ t: "pname", v: word });
    for (let k = 0; k < dots; k++) toks.push({ t: "punct", v: "." });
    i = j;
  }
  return toks;
}

export function parseTurtle(src: string): Triple[] {
  const toks = tokenizeTurtle(src);
  const prefixes: Record<string, string> = {};
  const triples: Triple[] = [];
  let i = 0;
  let blank = 0;
  const expand = (tok: Tok): string => {
    if (tok.t === "iri") return tok.v;
    if (tok.t === "a") return RDF_TYPE;
    const k = tok.v.indexOf(":");
    if (k < 0) return tok.v;
    const ns = prefixes[tok.v.slice(0, k)];
    return ns !== undefined ? ns + tok.v.slice(k + 1).replace(/\\(.)/g, "$1") : tok.v;
  };
  const skipBracket = () => {
    // [ … ] or ( … ): a blank node or a list, kept as an opaque node
    let depth = 0;
    do {
      const t = toks[i++]!;
      if (t.t === "punct" && (t.v === "[" || t.v === "(")) depth++;
      else if (t.t === "punct" && (t.v === "]" || t.v === ")")) depth--;
    } while (depth > 0 && i < toks.length);
    return `_:b${blank++}`;
  };
  while (i < toks.length) {
    const tok = toks[i]!;
    if (tok.t === "prefix") {
      if (tok.v === "prefix") {
        const name = toks[i + 1]!.v.replace(/:$/, "");
        prefixes[name] = toks[i + 2]!.v;
        i += 3;
      } else i += 2;
      if (toks[i]?.t === "punct" && toks[i]!.v === ".") i++;
      continue;
    }
    let subject: string;
    if (tok.t === "punct" && tok.v === "[") subject = skipBracket();
    else {
      subject = expand(tok);
      i++;
    }
    // predicate-object lists
    while (i < toks.length) {
      const pt = toks[i]!;
      if (pt.t === "punct" && pt.v === ".") {
        i++;
        break;
      }
      if (pt.t === "punct" && pt.v === ";") {
        i++;
        continue;
      }
      const predicate = expand(pt);
      i++;
      while (i < toks.length) {
        const ot = toks[i]!;
        if (ot.t === "punct" && (ot.v === "[" || ot.v === "(")) {
          triples.push({ s: subject, p: predicate, o: skipBracket(), lit: false });
        } else {
          if (ot.t === "lit") triples.push({ s: subject, p: predicate, o: ot.v, lit: true, lang: ot.lang });
          else triples.push({ s: subject, p: predicate, o: expand(ot), lit: false });
          i++;
        }
        if (toks[i]?.t === "punct" && toks[i]!.v === ",") {
          i++;
          continue;
        }
        break;
      }
    }
  }
  return triples;
}

// ---------------------------------------------------------------------------
// RDF/XML (rdf:Description or typed nodes with rdf:about, rdf:resource objects, xml:lang literals)

export function parseRdfXml(src: string): Triple[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    parseTagValue: false,
    trimValues: true,
    isArray: () => true,
  });
  const doc = parser.parse(src) as Record<string, unknown[]>;
  const rdfRoot = (doc["rdf:RDF"]?.[0] ?? {}) as Record<string, unknown>;
  const ns: Record<string, string> = {};
  for (const [k, v] of Object.entries(rdfRoot)) if (k.startsWith("@xmlns:")) ns[k.slice(7)] = String(v);
  const expand = (qname: string) => {
    const k = qname.indexOf(":");
    return k > 0 && ns[qname.slice(0, k)] ? ns[qname.slice(0, k)] + qname.slice(k + 1) : qname;
  };
  const triples: Triple[] = [];
  for (const [el, list] of Object.entries(rdfRoot)) {
    if (el.startsWith("@") || !Array.isArray(list)) continue;
    for (const node of list as Record<string, unknown>[]) {
      const s = String(node["@rdf:about"] ?? "");
      if (!s) continue;
      if (el !== "rdf:Description") triples.push({ s, p: RDF_TYPE, o: expand(el), lit: false });
      for (const [prop, values] of Object.entries(node)) {
        if (prop.startsWith("@") || prop === "#text") continue;
        for (const v of values as unknown[]) {
          if (v && typeof v === "object") {
            const o = v as Record<string, unknown>;
            if (o["@rdf:resource"] !== undefined) triples.push({ s, p: expand(prop), o: String(o["@rdf:resource"]), lit: false });
            else if (o["#text"] !== undefined)
              triples.push({ s, p: expand(prop), o: String(o["#text"]), lit: true, lang: o["@xml:lang"] as string | undefined });
          } else if (v !== undefined && v !== "") triples.push({ s, p: expand(prop), o: String(v), lit: true });
        }
      }
    }
  }
  return triples;
}

// ---------------------------------------------------------------------------

const schemeSlug = (iri: string) => {
  const m = /vocabularies\/([^/]+)/.exec(iri);
  const raw = m ? m[1]! : iri.replace(/^[a-z]+:\/\//, "").replace(/\/def\/?$/, "");
  return raw.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 60) || "thesaurus";
};

/** The scheme of a concept IRI ".../vocabularies/NAME/def/001.002" → ".../vocabularies/NAME/def/". */
const schemeOfIri = (iri: string) => {
  const k = iri.lastIndexOf("/");
  return k >= 0 ? iri.slice(0, k + 1) : iri;
};

function pickLiteral(values: Triple[]): string | undefined {
  return (values.find((t) => t.lang === "it") ?? values.find((t) => !t.lang) ?? values[0])?.o.trim() || undefined;
}

/** Reads SKOS triples into concepts and schemes (a scheme appearing in several files is merged). */
export function addTriples(th: Thesaurus, triples: Triple[]) {
  const bySubject = new Map<string, Triple[]>();
  for (const t of triples) {
    let list = bySubject.get(t.s);
    if (!list) bySubject.set(t.s, (list = []));
    list.push(t);
  }
  for (const [s, ts] of bySubject) {
    const types = ts.filter((t) => t.p === RDF_TYPE).map((t) => t.o);
    const get = (p: string) => ts.filter((t) => t.p === p);
    if (types.includes(`${SKOS}ConceptScheme`) || get(`${DCT}title`).length) {
      const title = pickLiteral(get(`${DCT}title`)) ?? schemeSlug(s);
      const description = pickLiteral(get(`${DCT}description`)) ?? "";
      const kinds = new Set<string>();
      for (const m of description.matchAll(/Scheda ([A-Z][A-Za-z]*)/g)) for (const k of THESAURUS_KINDS[m[1]!] ?? [m[1]!]) kinds.add(k);
      const text = `${title} ${description}`.toLowerCase();
      const field = /campo ([A-Z]{3,4})/.exec(`${title} ${description}`)?.[1];
      const fields = field ? [field] : /materia|tecnica/.test(text) ? ["MTC", "MTCM", "MTCT"] : ["OGTD"];
      const prev = th.schemes.get(s);
      th.schemes.set(s, {
        iri: s,
        title: prev?.title ?? title,
        description: prev?.description ?? description,
        kinds: [...new Set([...(prev?.kinds ?? []), ...kinds])],
        fields,
        slug: schemeSlug(s),
      });
    }
    if (types.includes(`${SKOS}Concept`) || get(`${SKOS}prefLabel`).length) {
      const label = pickLiteral(get(`${SKOS}prefLabel`)) ?? pickLiteral(get(`${RDFS}label`));
      if (!label) continue;
      const alt = [...get(`${SKOS}altLabel`), ...get(`${SKOS}hiddenLabel`), ...get(`${RDFS}label`)].map((t) => t.o.trim()).filter(Boolean);
      const broader = get(`${SKOS}broader`)[0]?.o;
      const scheme = get(`${SKOS}inScheme`)[0]?.o ?? schemeOfIri(s);
      const prev = th.concepts.get(s);
      th.concepts.set(s, {
        iri: s,
        scheme,
        label: prev?.label ?? label,
        altLabels: [...new Set([...(prev?.altLabels ?? []), ...alt])],
        broader: prev?.broader ?? broader,
      });
    }
  }
  // narrower links give the broader of concepts that do not state it
  for (const t of triples) {
    if (t.p !== `${SKOS}narrower`) continue;
    const child = th.concepts.get(t.o);
    if (child && !child.broader) child.broader = t.s;
  }
}

/** Parses one thesaurus file, RDF/XML or Turtle (sniffed from its first characters). */
export function parseThesaurusText(src: string): Triple[] {
  const head = src.slice(0, 200).trimStart();
  return head.startsWith("<?xml") || head.startsWith("<rdf:RDF") ? parseRdfXml(src) : parseTurtle(src);
}

export function emptyThesaurus(): Thesaurus {
  return { schemes: new Map(), concepts: new Map() };
}

/** Reads every .rdf / .ttl / .xml file of a directory (or the files given). */
export function loadThesauri(paths: string[]): Thesaurus {
  const th = emptyThesaurus();
  const files: string[] = [];
  for (const p of paths) {
    if (fs.statSync(p).isDirectory()) {
      for (const f of fs.readdirSync(p).sort()) if (/\.(rdf|ttl|xml|owl)$/i.test(f)) files.push(path.join(p, f));
    } else files.push(p);
  }
  for (const f of files) addTriples(th, parseThesaurusText(fs.readFileSync(f, "utf8")));
  // a scheme no file describes (concepts only): give it a name from its IRI
  for (const c of th.concepts.values())
    if (!th.schemes.has(c.scheme))
      th.schemes.set(c.scheme, {
        iri: c.scheme,
        title: schemeSlug(c.scheme),
        description: "",
        kinds: [],
        fields: ["OGTD"],
        slug: schemeSlug(c.scheme),
      });
  return th;
}

/** How terms are compared: case, accents, spacing and punctuation ignored. */
export function normalizeTerm(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export type TermIndex = Map<string, Map<string, Concept>>; // field code → normalized term → concept

/**
 * An index of the concepts by the record field they are the vocabulary of. Where a term appears twice
 * in one field's vocabularies the deeper concept (the more specific) wins.
 */
export function indexThesaurus(th: Thesaurus): { byField: Map<string, { scheme: Scheme; terms: Map<string, Concept> }[]> } {
  const perScheme = new Map<string, Map<string, Concept>>();
  const depth = (c: Concept) => {
    let d = 0;
    for (let cur = c; cur.broader && d < 30; d++) {
      const next = th.concepts.get(cur.broader);
      if (!next) break;
      cur = next;
    }
    return d;
  };
  for (const c of th.concepts.values()) {
    let terms = perScheme.get(c.scheme);
    if (!terms) perScheme.set(c.scheme, (terms = new Map()));
    for (const label of [c.label, ...c.altLabels]) {
      const key = normalizeTerm(label);
      if (!key) continue;
      const prev = terms.get(key);
      if (!prev || depth(c) > depth(prev)) terms.set(key, c);
    }
  }
  const byField = new Map<string, { scheme: Scheme; terms: Map<string, Concept> }[]>();
  for (const [iri, terms] of perScheme) {
    const scheme = th.schemes.get(iri)!;
    for (const f of scheme.fields) {
      let list = byField.get(f);
      if (!list) byField.set(f, (list = []));
      list.push({ scheme, terms });
    }
  }
  return { byField };
}

/** The concept's ancestors, root first (not including the concept). */
export function ancestorsOf(th: Thesaurus, c: Concept): Concept[] {
  const out: Concept[] = [];
  const seen = new Set([c.iri]);
  for (let cur = c; cur.broader && !seen.has(cur.broader); ) {
    const next = th.concepts.get(cur.broader);
    if (!next) break;
    seen.add(next.iri);
    out.unshift(next);
    cur = next;
  }
  return out;
}
