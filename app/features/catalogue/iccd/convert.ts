/**
 * Converts ICCD schede (the national catalogue's XML, see xml.ts and schema.ts)
 * into the NDJSON interchange format (docs/data-format.md): one object record
 * per scheda, plus the people and places it names as records of their own.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { validateRecord, type InterchangeInput } from "~/features/catalogue/interchange";
import { MUSEUM_TYPES, RELATION_LABELS, recordTypeOf } from "~/features/catalogue/museum/convert";
import { slugifyLabel } from "~/lib/tables";
import { findAll, findNode, parseScheda, textOf, textsOf, type IccdNode, type IccdScheda } from "./xml";
import { ICCD_ATTRIBUTION, ICCD_LICENSE, MANDATORY_FIELDS, SCHEDA_KINDS, TITLE_FIELDS } from "./schema";
import { ancestorsOf, indexThesaurus, normalizeTerm, type Thesaurus } from "./thesauri";

type Texts = NonNullable<InterchangeInput["texts"]>["it"];
type MetadataEntry = NonNullable<NonNullable<Texts>["metadata"]>[number];
type TagInput = NonNullable<InterchangeInput["tags"]>[number];
type RelationInput = NonNullable<InterchangeInput["relations"]>[number];

export type IccdProblem = { file: string; reason: string };
export type IccdConvertResult = {
  records: InterchangeInput[];
  /** Schede converted (object records), by kind (TSK). */
  byKind: Record<string, number>;
  /** Files not converted, with the reason. */
  rejected: IccdProblem[];
  /** Data left out of a scheda that was still converted (a date that could not be read…). */
  warnings: IccdProblem[];
};

// ---------------------------------------------------------------------------
// Dates

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
function romanToInt(s: string): number | undefined {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN[s[i]!];
    const next = ROMAN[s[i + 1] ?? ""] ?? 0;
    if (!v) return undefined;
    total += v < next ? -v : v;
  }
  return total > 0 && total < 100 ? total : undefined;
}

const BCE_RE = /\ba\.?\s*c\.?(?=\s|$|[);,])/i;
const CE_RE = /\bd\.?\s*c\.?(?=\s|$|[);,])/i;

/** A year as the interchange writes it (`-700` is 700 BCE); undefined outside ±9999 or for 0. */
const yearString = (y: number) => (y !== 0 && Math.abs(y) <= 9999 ? String(y) : undefined);

/**
 * A DTSI/DTSF value as an interchange Date: "1846", "1944/05/19", "1892/03", "700 a.C", "ca 1500".
 * Undefined for what is not a year ("fine II a.C", "post").
 */
export function parseIccdDate(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const s = raw.trim().replace(/\s+/g, " ");
  const bce = BCE_RE.test(s);
  const m = /^(?:ca\.?\s*)?(\d{1,4})(?:[/.-](\d{1,2})(?:[/.-](\d{1,2}))?)?(?:\s*(?:a\.?\s*c\.?|d\.?\s*c\.?))?\.?\s*(?:ca\.?)?$/i.exec(s);
  if (!m) return undefined;
  const year = Number(m[1]) * (bce ? -1 : 1);
  const y = yearString(year);
  if (!y) return undefined;
  if (bce || !m[2]) return y;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return y;
  const mm = String(month).padStart(2, "0");
  const yyyy = y.padStart(4, "0");
  if (!m[3]) return `${yyyy}-${mm}`;
  const day = Number(m[3]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > last) return `${yyyy}-${mm}`;
  return `${yyyy}-${mm}-${String(day).padStart(2, "0")}`;
}

/**
 * A century (DTZG) as a span of years: "XIX" → 1801–1900, "sec. XVIII" → 1701–1800, "VII secolo a.C"
 * → 700–601 BCE, "secc. XVI/ XIII a.C" → 1600–1201 BCE, "sec. XV/ XVI" → 1401–1600. Periods that are
 * not centuries ("Età del Bronzo finale") give nothing.
 */
const QUALIFIERS: [RegExp, number, number][] = [
  [/^(?:prima meta|i meta)\b/, 0, 0.5],
  [/^(?:seconda meta|ii meta)\b/, 0.5, 1],
  [/^(?:primo quarto)\b/, 0, 0.25],
  [/^(?:secondo quarto)\b/, 0.25, 0.5],
  [/^(?:terzo quarto)\b/, 0.5, 0.75],
  [/^(?:ultimo quarto|quarto quarto)\b/, 0.75, 1],
  [/^(?:inizio|inizi|primi anni)\b/, 0, 0.25],
  [/^(?:meta|metà)\b/, 0.25, 0.75],
  [/^(?:fine|ultimi anni)\b/, 0.75, 1],
];

/**
 * A century (DTZG, or a DTSI/DTSF written as one) as a span of years: "XIX" → 1801–1900, "sec. XVIII" →
 * 1701–1800, "VII secolo a.C" → 700–601 BCE, "secc. XVI/ XIII a.C" → 1600–1201 BCE, "sec. XV/ XVI" →
 * 1401–1600; a leading or given qualifier narrows it ("fine II a.C" → 125–101 BCE, "XVIII" with
 * "seconda metà" → 1751–1800). Periods that are not centuries ("Età del Bronzo finale") give nothing.
 */
export function parseCentury(raw: string | undefined, qualifier?: string): { start: string; end: string } | undefined {
  if (!raw) return undefined;
  let s = raw.trim();
  const bce = BCE_RE.test(s);
  s = s.replace(BCE_RE, " ").replace(CE_RE, " ").trim();
  const plain = (x: string) =>
    x
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/'/g, "")
      .trim();
  let frac: [number, number] = [0, 1];
  for (const q of [plain(s), qualifier ? plain(qualifier) : ""]) {
    const hit = QUALIFIERS.find(([re]) => re.test(q));
    if (!hit) continue;
    frac = [hit[1], hit[2]];
    if (q === plain(s)) s = s.slice(s.length - plain(s).replace(hit[0], "").trimStart().length).trim();
  }
  const m =
    /^(?:secc?\.?|secoli|secolo)?\s*([IVXLC]+)(?:\s*(?:sec\.?|secolo))?(?:\s*[/-]\s*(?:secc?\.?|secolo)?\s*([IVXLC]+)(?:\s*(?:sec\.?|secolo))?)?\s*$/i.exec(
      s,
    );
  if (!m) return undefined;
  const a = romanToInt(m[1]!.toUpperCase());
  const b = m[2] ? romanToInt(m[2].toUpperCase()) : a;
  if (!a || !b) return undefined;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (bce) {
    // the earlier century is the higher number; a qualifier applies to a single century
    const first = hi * 100;
    const last = (lo - 1) * 100 + 1;
    if (lo !== hi) return { start: String(-first), end: String(-last) };
    return { start: String(-(first - Math.round(frac[0] * 100))), end: String(-(first - Math.round(frac[1] * 100) + 1)) };
  }
  const first = (lo - 1) * 100 + 1;
  const last = hi * 100;
  if (lo !== hi) return { start: String(first), end: String(last) };
  return { start: String(first + Math.round(frac[0] * 100)), end: String(first - 1 + Math.round(frac[1] * 100)) };
}

const dateKey = (d: string) => {
  const neg = d.startsWith("-");
  const [y, m = "1", day = "1"] = (neg ? d.slice(1) : d).split("-");
  return (neg ? -Number(y) : Number(y)) * 10000 + Number(m) * 100 + Number(day);
};

/** The record's date span and how it is written, from the DT block. */
export function datesOf(root: IccdNode): { date?: { start?: string; end?: string }; display?: string; warning?: string } {
  const dt = findNode(root, "DT") ?? root;
  const dts = findNode(dt, "DTS");
  const si = textOf(dts, "DTSI");
  const sf = textOf(dts, "DTSF");
  const zg = textOf(dt, "DTZG");
  const zs = textOf(dt, "DTZS");
  let start = parseIccdDate(si) ?? parseCentury(si)?.start;
  let end = parseIccdDate(sf) ?? parseCentury(sf)?.end;
  const century = parseCentury(zg, zs);
  if (!start && century) start = century.start;
  if (!end && century) end = century.end;
  let warning: string | undefined;
  if (start && end && dateKey(start) > dateKey(end)) {
    warning = `date: DTSI ${si} is after DTSF ${sf}; left out`;
    start = end = undefined;
  }
  const yearsText = si && sf && si !== sf ? `${si} - ${sf}` : (si ?? sf);
  const ca = textOf(dts, "DTSV") === "ca" || textOf(dts, "DTSL") === "ca" ? "ca " : "";
  const zText = zg ? [zg, zs].filter(Boolean).join(" ") : undefined;
  const display = yearsText && (start || end) ? `${ca}${yearsText}` : (zText ?? yearsText);
  const date = start || end ? { ...(start ? { start } : {}), ...(end ? { end } : {}) } : undefined;
  return { date, display, warning };
}

// ---------------------------------------------------------------------------
// Ids and small helpers

const hash = (s: string, n = 8) => crypto.createHash("sha256").update(s).digest("hex").slice(0, n);
/** A readable, stable record id from a prefix and names; hashed when the slug would be too long or empty. */
function nameId(prefix: string, ...names: (string | undefined)[]): string {
  const joined = names.filter(Boolean).join(" ");
  const slug = slugifyLabel(joined).slice(0, 80).replace(/-+$/, "");
  return slug ? `${prefix}-${slug}` : `${prefix}-${hash(joined)}`;
}

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);
const sentence = (hint: string) => {
  const lower = hint === hint.toUpperCase() ? hint.toLowerCase() : hint;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
};

/** "Hayez Francesco" stays as written; ICCD writes names surname first. */
const isAnonymous = (name: string) => /^(anonimo|ignoto|autore non identificato|n\.?\s*r\.?)\b/i.test(name.trim());

const CODE_RE = /^[A-Za-z0-9_.-]{1,64}$/;

// ---------------------------------------------------------------------------
// Conversion of one scheda

export type ConvertContext = {
  thesaurus?: Thesaurus;
  index?: ReturnType<typeof indexThesaurus>;
};

export type SchedaRecords = { record: InterchangeInput; related: InterchangeInput[]; warnings: string[] };

/**
 * Every leaf field as metadata, in document order, labelled with its hint: "Autore – Nome scelto" for a
 * field inside a block ("AUTORE"), the hint alone for a field directly in a paragraph.
 */
/**
 * Fields already shown another way: as the readable lines above (materials, measures, conservation,
 * inventory), as the summary, or as the maker's related record. The rest are kept as they are.
 */
const MAPPED_FIELDS = new Set([
  "MTC",
  "MTCM",
  "MTCT",
  "MISU",
  "MISA",
  "MISL",
  "MISP",
  "MISN",
  "MISD",
  "MISS",
  "MISG",
  "MISZ",
  "MISM",
  "MIST",
  "MISV",
  "MISO",
  "STCC",
  "INVN",
  "AUTN",
  "DESO",
  "DESS",
  "DRS",
  "NSC",
]);

function allFieldsAsMetadata(root: IccdNode, skip: Set<string>): MetadataEntry[] {
  const out: MetadataEntry[] = [];
  const walk = (node: IccdNode, block: IccdNode | undefined, depth: number) => {
    for (const c of node.children) {
      if (c.children.length) {
        // paragraphs (depth 0: CD, OG, LC…) are not named in labels; sub-blocks (AUT, MIS…) are
        walk(c, depth >= 1 ? c : block, depth + 1);
      } else if (c.text && CODE_RE.test(c.code) && !skip.has(c.code)) {
        const own = c.hint ?? c.code;
        const same = block?.hint && block.hint.toLowerCase() === own.toLowerCase();
        const label = block?.hint && depth >= 2 && !same ? `${sentence(block.hint)} – ${own}` : sentence(own);
        out.push({ code: c.code, label: clip(label, 200), type: "text", value: clip(c.text, 20_000) });
      }
    }
  };
  walk(root, undefined, 0);
  return out;
}

/**
 * Measures of a MIS block as one line: "225 × 308 cm", "supporto primario: altezzaxlunghezza 122x171 mm".
 * Which field is a dimension is read from its hint, because codes changed meaning between versions of the
 * standard (MISP is the depth in 2.00, the part measured in 3.00 and 4.00); without hints, by code.
 */
function measuresOf(mis: IccdNode): string | undefined {
  const leaves = mis.children.filter((c) => c.text);
  const DIMENSION = /^(altezza|larghezza|profondit|lunghezza|diametro|spessore|peso|circonferenza)/i;
  const isDimension = (c: IccdNode) =>
    c.code !== "MISZ" && (c.hint ? DIMENSION.test(c.hint) : ["MISA", "MISL", "MISN", "MISD", "MISS", "MISG"].includes(c.code));
  const dims = leaves.filter(isDimension).map((c) => c.text!);
  const typed = [textOf(mis, "MISZ"), textOf(mis, "MISM")].filter(Boolean).join(" ");
  const main = dims.length ? dims.join(" × ") : typed;
  const validity = textOf(mis, "MIST") ?? textOf(mis, "MISV");
  if (!main) return validity;
  const part = leaves.find((c) => !isDimension(c) && /parte/i.test(c.hint ?? ""))?.text ?? textOf(mis, "MISO");
  return [part ? `${part}:` : "", main, textOf(mis, "MISU") ?? "", validity ? `(${validity})` : ""].filter(Boolean).join(" ");
}

/** A value of MTC (or MTCM/MTCT) split into its terms: "carta/ inchiostro di china" → two terms. */
const terms = (v: string) =>
  v
    .split(/\s*[/;,]\s*/)
    .map((t) => t.trim())
    .filter(Boolean);

function tagsFor(kind: string, root: IccdNode, ctx: ConvertContext): TagInput[] {
  if (!ctx.thesaurus || !ctx.index) return [];
  const out = new Map<string, TagInput>();
  for (const [field, vocabularies] of ctx.index.byField) {
    const usable = vocabularies.filter((v) => v.scheme.kinds.length === 0 || v.scheme.kinds.includes(kind));
    if (!usable.length) continue;
    for (const value of textsOf(root, field)) {
      // the whole value first; its parts ("carta/ inchiostro") only when the whole is no term
      const whole = usable.some((v) => v.terms.has(normalizeTerm(value)));
      const candidates = whole ? [value] : terms(value);
      for (const cand of candidates) {
        const key = normalizeTerm(cand);
        for (const voc of usable) {
          const concept = voc.terms.get(key);
          if (!concept) continue;
          const idOf = (iri: string) => `iccd:${voc.scheme.slug}:${iri.slice(iri.lastIndexOf("/") + 1) || hash(iri)}`.slice(0, 128);
          const id = idOf(concept.iri);
          if (out.has(id)) continue;
          const parents = [
            { id: `iccd:${voc.scheme.slug}`.slice(0, 128), name: { it: voc.scheme.title } },
            ...ancestorsOf(ctx.thesaurus, concept).map((a) => ({ id: idOf(a.iri), name: { it: a.label } })),
          ].slice(0, 20);
          out.set(id, { id, type: "common", field: `iccd-${voc.scheme.slug}`.slice(0, 64), name: { it: concept.label }, parents });
          break;
        }
      }
    }
  }
  return [...out.values()];
}

const TYPE = (key: keyof typeof MUSEUM_TYPES) => {
  const t = MUSEUM_TYPES[key];
  return { id: t.id, code: t.code, name: t.name };
};

const relation = (
  type: keyof typeof RELATION_LABELS,
  table: RelationInput["table"],
  id: string,
  interstitial: RelationInput["interstitial"] = [],
): RelationInput => ({
  type,
  table,
  id,
  label: RELATION_LABELS[type]!.label,
  reverseLabel: RELATION_LABELS[type]!.reverse,
  interstitial,
});

const source = { license: ICCD_LICENSE, attribution: ICCD_ATTRIBUTION };

/** Converts one parsed scheda; a string is the reason it cannot be. */
export function convertScheda(scheda: IccdScheda, ctx: ConvertContext = {}): SchedaRecords | string {
  const root = scheda.root;
  const cd = findNode(root, "CD");
  const kindCode = (textOf(cd, "TSK") ?? scheda.element).trim();
  const kindKey = Object.keys(SCHEDA_KINDS).find((k) => k.toUpperCase() === kindCode.toUpperCase());
  if (!kindKey) return `unknown scheda type ${kindCode} (known: ${Object.keys(SCHEDA_KINDS).join(", ")})`;
  const kind = SCHEDA_KINDS[kindKey]!;
  const missing = MANDATORY_FIELDS.filter((f) => !textOf(cd ?? root, f.code));
  if (missing.length)
    return `missing mandatory field${missing.length > 1 ? "s" : ""} ${missing.map((f) => `${f.code} (${f.name})`).join(", ")}`;
  const nctr = textOf(cd, "NCTR")!.trim();
  const nctn = textOf(cd, "NCTN")!.trim();
  const ncts = textOf(cd, "NCTS")?.trim() ?? "";
  const code = `${nctr}${nctn}${ncts}`;
  if (!/^[A-Za-z0-9]{1,60}$/.test(code)) return `NCTR/NCTN/NCTS ${code} is not a catalogue code (letters and digits)`;

  // Preferred label from the kind's title fields
  let label: string | undefined;
  for (const fields of TITLE_FIELDS[kind.family]) {
    const values = fields.map((f) => textOf(root, f));
    if (values.every(Boolean)) {
      label = [...new Set(values as string[])].join(" – ");
      break;
    }
  }
  if (!label) {
    const wanted = TITLE_FIELDS[kind.family].map((f) => f.join(" + ")).join(" or ");
    return `missing mandatory field: no title (${wanted})`;
  }

  const warnings: string[] = [];
  const related: InterchangeInput[] = [];
  const relations: RelationInput[] = [];
  const metadata: MetadataEntry[] = [];

  metadata.push({ code: "iccd_code", label: "Codice univoco ICCD", type: "text", value: code });

  // Makers: AUT blocks (AUTN name, AUTR role, AUTS attribution, AUTA dates, AUTP person/body)
  for (const aut of findAll(root, "AUT")) {
    const name = textOf(aut, "AUTN");
    if (!name) continue;
    if (isAnonymous(name)) continue;
    const isBody = (textOf(aut, "AUTP") ?? "").toUpperCase() === "E";
    const id = nameId("iccd-aut", name);
    const dates = textOf(aut, "AUTA");
    related.push({
      table: "ca_entities",
      id,
      type: TYPE(isBody ? "organisation" : "person"),
      texts: {
        it: {
          label: clip(name, 1000),
          ...(dates ? { dateDisplay: clip(dates, 200) } : {}),
          metadata: [
            ...(dates ? [{ code: "AUTA", label: "Dati anagrafici", type: "text" as const, value: dates }] : []),
            ...(textOf(aut, "AUTE") ? [{ code: "AUTE", label: "Mestiere", type: "text" as const, value: textOf(aut, "AUTE")! }] : []),
          ],
        },
      },
      source,
    });
    const interstitial = [
      ...(textOf(aut, "AUTR") ? [{ name: { it: "ruolo", en: "role", fr: "rôle" }, value: clip(textOf(aut, "AUTR")!, 1000) }] : []),
      ...(textOf(aut, "AUTS")
        ? [{ name: { it: "riferimento all'autore", en: "attribution", fr: "attribution" }, value: clip(textOf(aut, "AUTS")!, 1000) }]
        : []),
      ...(textOf(aut, "AUTM")
        ? [
            {
              name: { it: "motivazione dell'attribuzione", en: "basis of attribution", fr: "fondement de l'attribution" },
              value: clip(textOf(aut, "AUTM")!, 1000),
            },
          ]
        : []),
    ];
    if (!relations.some((r) => r.id === id && r.type === "creator")) relations.push(relation("creator", "ca_entities", id, interstitial));
  }

  // Places: the LC block (PVCS/PVCR/PVCP/PVCC/PVCL and LDCN)
  const lc = findNode(root, "LC");
  const pvc = lc ? (findNode(lc, "PVC") ?? lc) : undefined;
  const state = textOf(pvc, "PVCS");
  const region = textOf(pvc, "PVCR");
  const province = textOf(pvc, "PVCP");
  const comune = textOf(pvc, "PVCC");
  const locality = textOf(pvc, "PVCL");
  const ldcn = lc ? textOf(findNode(lc, "LDC") ?? lc, "LDCN") : undefined;
  const placeSource = { ...source };
  let regionId: string | undefined;
  if (region) {
    regionId = nameId("iccd-place-regione", region);
    related.push({
      table: "ca_places",
      id: regionId,
      type: TYPE("region"),
      texts: { it: { label: clip(region, 1000) } },
      source: placeSource,
    });
  }
  let comuneId: string | undefined;
  if (comune) {
    const nice =
      comune === comune.toUpperCase()
        ? comune.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())
        : comune;
    comuneId = nameId("iccd-place-comune", comune, province);
    related.push({
      table: "ca_places",
      id: comuneId,
      type: TYPE("city"),
      ...(regionId ? { parent: regionId } : {}),
      texts: {
        it: {
          label: clip(nice, 1000),
          metadata: [
            ...(province ? [{ code: "PVCP", label: "Provincia", type: "text" as const, value: province }] : []),
            ...(region ? [{ code: "PVCR", label: "Regione", type: "text" as const, value: region }] : []),
            ...(state ? [{ code: "PVCS", label: "Stato", type: "text" as const, value: state }] : []),
          ],
        },
      },
      source: placeSource,
    });
    relations.push(relation("located_in", "ca_places", comuneId));
  }
  if (ldcn) {
    const id = nameId("iccd-place-ldc", ldcn, comune ?? locality);
    const ldc = findNode(lc!, "LDC");
    related.push({
      table: "ca_places",
      id,
      type: TYPE("building"),
      ...(comuneId ? { parent: comuneId } : {}),
      texts: {
        it: {
          label: clip(ldcn, 1000),
          metadata: ["LDCT", "LDCQ", "LDCU", "LDCM"].flatMap((c) => {
            const n = ldc ? findAll(ldc, c)[0] : undefined;
            return n?.text ? [{ code: c, label: n.hint ?? c, type: "text" as const, value: n.text }] : [];
          }),
        },
      },
      source: placeSource,
    });
    relations.push(relation("located_in", "ca_places", id));
  }

  // Coordinates: GP (WGS84 decimal degrees), else the harvester's geocoding
  let coordinates: { lat: number; lng: number } | undefined;
  const gp = findNode(root, "GP") ?? findNode(root, "GPP");
  const fromXY = (x?: string, y?: string) => {
    const lng = Number(x?.replace(",", "."));
    const lat = Number(y?.replace(",", "."));
    return x && y && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && (lat !== 0 || lng !== 0)
      ? { lat, lng }
      : undefined;
  };
  if (gp) coordinates = fromXY(textOf(gp, "GPDPX"), textOf(gp, "GPDPY"));
  if (gp && !coordinates && textOf(gp, "GPDPX"))
    warnings.push(`coordinates GPDPX ${textOf(gp, "GPDPX")} GPDPY ${textOf(gp, "GPDPY")} are not WGS84 degrees; left out`);
  if (!coordinates && scheda.geocoded) coordinates = fromXY(scheda.geocoded.x, scheda.geocoded.y);

  // Dates
  const { date, display, warning } = datesOf(root);
  if (warning) warnings.push(warning);

  // Materials and techniques, measures, conservation, inventory: readable lines first
  const mtcValues: string[] = [];
  for (const mtc of findAll(root, "MTC")) {
    if (mtc.text) mtcValues.push(mtc.text);
    else {
      const parts = [...textsOf(mtc, "MTCM"), ...textsOf(mtc, "MTCT")];
      if (parts.length) mtcValues.push(parts.join("/ "));
    }
  }
  for (const v of mtcValues) metadata.push({ code: "medium", label: "Materia e tecnica", type: "text", value: clip(v, 20_000) });
  for (const mis of findAll(root, "MIS")) {
    const v = mis.text ?? measuresOf(mis);
    if (v) metadata.push({ code: "dimensions", label: "Misure", type: "text", value: clip(v, 20_000) });
  }
  for (const v of textsOf(root, "STCC"))
    metadata.push({ code: "condition", label: "Stato di conservazione", type: "text", value: clip(v, 20_000) });
  const inventory = textsOf(root, "INVN");
  for (const v of inventory) metadata.push({ code: "inventory", label: "Numero d'inventario", type: "text", value: clip(v, 20_000) });
  // Named makers are related records (shown and searched by name); an anonymous one stays a line of text.
  const makers = findAll(root, "AUT").flatMap((a) => {
    const n = textOf(a, "AUTN");
    if (!n || !isAnonymous(n)) return [];
    const role = [textOf(a, "AUTS"), textOf(a, "AUTR")].filter(Boolean).join(", ");
    return [role ? `${n} (${role})` : n];
  });
  for (const m of makers) metadata.push({ code: "maker", label: "Autore", type: "text", value: clip(m, 20_000) });
  const skip = new Set(MAPPED_FIELDS);
  // a measure written as one value (MIS with text) or anything mapped but empty in its readable form stays
  if (!mtcValues.length) for (const c of ["MTC", "MTCM", "MTCT"]) skip.delete(c);
  metadata.push(...allFieldsAsMetadata(root, skip));
  if (metadata.length > 500) {
    warnings.push(`${metadata.length - 500} field(s) beyond the 500 a record keeps were left out`);
    metadata.length = 500;
  }

  // Description: DESO / DES (object), DRS (intangible), NSC (historical notes) as the summary
  const summary = [...new Set(["DESO", "DESS", "DRS", "NSC"].flatMap((c) => textsOf(root, c)))].join("\n\n");

  // Access: ICCD's own access profile (ADSP 1 public; 2 personal data or a site not guarded; 3 reserved)
  const adsp = textOf(findNode(root, "AD") ?? root, "ADSP");
  const access = adsp === "3" ? 3 : adsp === "2" ? 2 : 1;

  const type = recordTypeOf({ type: "object", source: "iccd", fields: { scheda: kindKey, OGTD: textOf(root, "OGTD") } });
  const numero = inventory[0] && inventory[0].length <= 50 ? { number: inventory[0] } : undefined;

  const record: InterchangeInput = {
    table: "ca_objects",
    id: `iccd-${code}`,
    ...(type ? { type: { id: type.id, code: type.code, name: type.name } } : {}),
    access,
    texts: {
      it: {
        label: clip(label, 1000),
        ...(summary ? { summary: clip(summary, 20_000) } : {}),
        ...(display ? { dateDisplay: clip(display, 200) } : {}),
        metadata,
      },
    },
    ...(date ? { date } : {}),
    ...(numero ? { numero } : {}),
    ...(coordinates ? { coordinates } : {}),
    tags: tagsFor(kindKey, root, ctx),
    relations,
    source,
  };
  return { record, related, warnings };
}

// ---------------------------------------------------------------------------
// Files

/** The XML files of the paths given (directories are read recursively, in name order). */
export function listSchedaFiles(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p).sort()) walk(path.join(p, f));
    else if (/\.xml$/i.test(p)) out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

/**
 * Converts files. Each object record is validated against the interchange schema; a file that cannot be
 * read, is not a scheda, is of an unknown kind, lacks a mandatory field or repeats a scheda already
 * converted is reported with its reason, and the rest convert. People and places named by several
 * schede are written once (the first description wins).
 */
export function convertIccdFiles(files: string[], ctx: ConvertContext = {}): IccdConvertResult {
  if (ctx.thesaurus && !ctx.index) ctx = { ...ctx, index: indexThesaurus(ctx.thesaurus) };
  const records: InterchangeInput[] = [];
  const relatedById = new Map<string, InterchangeInput>();
  const firstFile = new Map<string, string>();
  const byKind: Record<string, number> = {};
  const rejected: IccdProblem[] = [];
  const warnings: IccdProblem[] = [];
  for (const file of files) {
    const name = path.basename(file);
    let scheda: IccdScheda;
    try {
      scheda = parseScheda(fs.readFileSync(file, "utf8"));
    } catch (err) {
      rejected.push({ file, reason: (err as Error).message });
      continue;
    }
    const res = convertScheda(scheda, ctx);
    if (typeof res === "string") {
      rejected.push({ file, reason: res });
      continue;
    }
    const id = res.record.id;
    const seen = firstFile.get(id);
    if (seen) {
      rejected.push({ file, reason: `duplicate scheda ${id.replace(/^iccd-/, "")} (already converted from ${path.basename(seen)})` });
      continue;
    }
    const valid = validateRecord(res.record);
    if (!valid.ok) {
      rejected.push({ file, reason: `not convertible: ${valid.reason}` });
      continue;
    }
    firstFile.set(id, file);
    records.push(res.record);
    const kind = (res.record.type && textOf(scheda.root, "TSK")) || scheda.element;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    for (const w of res.warnings) warnings.push({ file: name, reason: w });
    for (const r of res.related) {
      const key = `${r.table}/${r.id}`;
      const prev = relatedById.get(key);
      // a place first met without its region takes the region a later scheda gives
      if (prev) {
        if (!prev.parent && r.parent) prev.parent = r.parent;
      } else if (validateRecord(r).ok) relatedById.set(key, r);
    }
  }
  return { records: [...records, ...relatedById.values()], byKind, rejected, warnings };
}

/** Writes records as NDJSON. */
export function writeNdjson(file: string, records: InterchangeInput[]) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : ""));
}
