import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db";
import type { ServiceContext } from "~/.server/context";
import { PUBLIC_VIEWER, publicRecord, recordVisible } from "~/.server/access";
import { translate } from "~/i18n";
import { RECORD_ID_PATTERN, TABLES, isTable, type TableName } from "~/lib/tables";
import { pickText, type Locale } from "~/lib/locale";
import { getSiteOptions } from "~/features/site/index.server";
import { harvestRecords, PUBLIC_INDEX } from "./harvest.server";
import { formatCovers, isMetadataPrefix, metadataOf, METADATA_FORMATS, type MetadataPrefix } from "./oai-formats.server";
import { decodeToken, encodeToken, TOKEN_TTL_SECONDS, type ResumptionState } from "./oai-token";
import { el, frag, XML_DECLARATION, type Xml, type XmlChild } from "./xml";

/**
 * OAI-PMH 2.0 (https://www.openarchives.org/OAI/openarchivesprotocol.html) over the public catalogue:
 * the six verbs, the protocol's errors, sets by table and by collection (decision 055), `oai_dc` and
 * `edm`, persistent deleted records and stateless resumption tokens (decision 050).
 */
export const OAI_PAGE_RECORDS = 100;
export const OAI_PAGE_IDENTIFIERS = 500;

export type OaiErrorCode =
  | "badArgument"
  | "badResumptionToken"
  | "badVerb"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noRecordsMatch"
  | "noMetadataFormats"
  | "noSetHierarchy";

class OaiError extends Error {
  constructor(
    readonly code: OaiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const VERBS = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: [] },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
  ListIdentifiers: { required: ["metadataPrefix"], optional: ["from", "until", "set"] },
  ListRecords: { required: ["metadataPrefix"], optional: ["from", "until", "set"] },
} as const satisfies Record<string, { required: string[]; optional: string[] }>;
type Verb = keyof typeof VERBS;
const LIST_VERBS = new Set<string>(["ListIdentifiers", "ListRecords", "ListSets"]);

/** A setSpec (the protocol's pattern). */
const SET_SPEC = /^[A-Za-z0-9\-_.!~*'()]+(?::[A-Za-z0-9\-_.!~*'()]+)*$/;

/**
 * Sets by collection (decision 055): `collection:{id}` for each public top-level record of ca_collections
 * (a fonds or a collection: no parent), holding the collection itself, the collections below it (by
 * parent_path) and every record related to any of them, in either direction; `collection` is their parent
 * set (every record in some collection).
 */
export const COLLECTION_SET = "collection";

/** The collection set a setSpec names: null = not a collection set, "*" = the parent set, else the root's id. */
function collectionOfSet(set: string | null): string | null {
  if (set === COLLECTION_SET) return "*";
  if (set?.startsWith(`${COLLECTION_SET}:`)) {
    const id = set.slice(COLLECTION_SET.length + 1);
    return RECORD_ID_PATTERN.test(id) ? id : "";
  }
  return null;
}

/** `c` (a ca_collections record) lies under a public top-level collection (the given one, or any: "*"). */
function underRoot(root: string, c: string): SQL {
  const alias = sql.raw(c);
  return sql`exists (select 1 from records root where root.table_name = 'ca_collections' and root.parent_id is null and ${publicRecord("root")}
    and root.id = split_part(coalesce(${alias}.parent_path, ${alias}.id), '/', 1)${root === "*" ? sql`` : sql` and root.id = ${root}`})`;
}

/** Record `r` belongs to the collection set of `root`: a collection under it, or related to one (either way). */
function inCollection(root: string, r: string): SQL {
  const a = sql.raw(r);
  return sql`(
    (${a}.table_name = 'ca_collections' and ${underRoot(root, r)})
    or exists (select 1 from relations cx join records c on c.table_name = 'ca_collections' and c.id = cx.to_id
      where cx.from_uid = ${a}.uid and cx.to_table = 'ca_collections' and ${underRoot(root, "c")})
    or exists (select 1 from relations cx join records c on c.uid = cx.from_uid and c.table_name = 'ca_collections'
      where cx.to_table = ${a}.table_name and cx.to_id = ${a}.id and ${underRoot(root, "c")}))`;
}

export type OaiOptions = {
  /** The site's origin (PUBLIC_URL), for the base URL, identifiers and record links. */
  origin: string;
  /** For tests: the clock. */
  now?: Date;
};

type Cursor = { ds: string; table: string; id: string };
type Item = { deleted: boolean; ds: string; table: TableName; id: string; uid: number | null };

/** An OAI date argument: its first instant and the first instant after it, and its granularity. */
export function parseOaiDate(value: string): { start: Date; next: Date; granularity: "day" | "seconds" } | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const secs = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/.exec(value);
  const m = day ?? secs;
  if (!m) return null;
  const [y, mo, d, h = "0", mi = "0", s = "0"] = m.slice(1).map((x) => x ?? "0");
  const start = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  // 2026-02-30 or 25:00:00 are not dates
  if (
    start.getUTCFullYear() !== Number(y) ||
    start.getUTCMonth() !== Number(mo) - 1 ||
    start.getUTCDate() !== Number(d) ||
    start.getUTCHours() !== Number(h) ||
    start.getUTCMinutes() !== Number(mi)
  )
    return null;
  const next = new Date(start.getTime() + (day ? 86_400_000 : 1000));
  return { start, next, granularity: day ? "day" : "seconds" };
}

const utcSeconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The host part of identifiers: oai:{host}:{table}/{id}. */
export function repositoryHost(origin: string): string {
  return new URL(origin).hostname;
}

export function oaiIdentifier(origin: string, table: string, id: string): string {
  return `oai:${repositoryHost(origin)}:${table}/${id}`;
}

function parseIdentifier(origin: string, identifier: string): { table: TableName; id: string } | null {
  const prefix = `oai:${repositoryHost(origin)}:`;
  if (!identifier.startsWith(prefix)) return null;
  const rest = identifier.slice(prefix.length);
  const slash = rest.indexOf("/");
  const table = rest.slice(0, slash);
  const id = rest.slice(slash + 1);
  return slash > 0 && isTable(table) && RECORD_ID_PATTERN.test(id) ? { table, id } : null;
}

/** The request's arguments, each given once (a repeated argument is a badArgument). */
function argumentsOf(params: URLSearchParams): { verb: string | null; args: Map<string, string>; repeated: string | null } {
  const args = new Map<string, string>();
  let repeated: string | null = null;
  for (const [k, v] of params) {
    if (args.has(k)) repeated = k;
    args.set(k, v);
  }
  const verb = args.get("verb") ?? null;
  args.delete("verb");
  return { verb, args, repeated };
}

/** Answers one OAI-PMH request (GET query or POST body, the same arguments) with the response document. */
export async function answerOai(ctx: Pick<ServiceContext, "database">, params: URLSearchParams, opts: OaiOptions): Promise<string> {
  const { database } = ctx;
  const now = opts.now ?? new Date();
  const baseUrl = `${opts.origin}/oai`;
  const { verb, args, repeated } = argumentsOf(params);
  let requestAttrs: Record<string, string> = {};
  let body: XmlChild;
  try {
    if (repeated === "verb") throw new OaiError("badVerb", "The verb argument is repeated.");
    if (!verb) throw new OaiError("badVerb", "The verb argument is missing.");
    if (!Object.hasOwn(VERBS, verb)) throw new OaiError("badVerb", `"${verb}" is not an OAI-PMH verb.`);
    const spec = VERBS[verb as Verb];
    if (repeated) throw new OaiError("badArgument", `The argument ${repeated} is repeated.`);
    const allowed = new Set<string>([...spec.required, ...spec.optional, ...(LIST_VERBS.has(verb) ? ["resumptionToken"] : [])]);
    for (const k of args.keys()) if (!allowed.has(k)) throw new OaiError("badArgument", `${verb} does not take the argument "${k}".`);
    if (args.has("resumptionToken")) {
      if (args.size > 1) throw new OaiError("badArgument", "resumptionToken is an exclusive argument.");
    } else {
      for (const k of spec.required) if (!args.get(k)) throw new OaiError("badArgument", `${verb} needs the argument ${k}.`);
    }
    // Only a request without badVerb or badArgument is echoed with its arguments.
    requestAttrs = { verb, ...Object.fromEntries(args) };
    body = await answerVerb(database, verb as Verb, args, { ...opts, now, baseUrl });
  } catch (err) {
    if (!(err instanceof OaiError)) throw err;
    if (err.code === "badVerb" || err.code === "badArgument") requestAttrs = {};
    body = el("error", { code: err.code }, err.message);
  }
  return (
    XML_DECLARATION +
    el(
      "OAI-PMH",
      {
        xmlns: "http://www.openarchives.org/OAI/2.0/",
        "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "xsi:schemaLocation": "http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd",
      },
      el("responseDate", {}, utcSeconds(now)),
      el("request", requestAttrs, baseUrl),
      body,
    ).xml
  );
}

type Ctx = OaiOptions & { now: Date; baseUrl: string };

async function answerVerb(database: Database, verb: Verb, args: Map<string, string>, ctx: Ctx): Promise<XmlChild> {
  switch (verb) {
    case "Identify":
      return identify(database, ctx);
    case "ListMetadataFormats":
      return listMetadataFormats(database, args.get("identifier"), ctx);
    case "ListSets":
      if (args.has("resumptionToken"))
        throw new OaiError("badResumptionToken", "ListSets is answered in one response: there is no token to resume.");
      return listSets(database);
    case "GetRecord":
      return getRecord(database, args.get("identifier")!, args.get("metadataPrefix")!, ctx);
    case "ListIdentifiers":
    case "ListRecords":
      return list(database, verb, args, ctx);
  }
}

const siteTitle = async (database: Database) => (await getSiteOptions({ database }, "it")).title || "Teca";

/** The earliest datestamp of any public record or tombstone. */
async function earliestDatestamp(database: Database): Promise<string> {
  const [row] = await database.rows<{ ds: string | null }>(sql`select to_char(least(
      (select min(r.updated_at) from records r where ${recordVisible(PUBLIC_VIEWER, "r")}),
      (select min(deleted_at) from record_tombstones)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ds`);
  return row?.ds ?? "2000-01-01T00:00:00Z";
}

async function identify(database: Database, ctx: Ctx): Promise<Xml> {
  const [title, earliest] = await Promise.all([siteTitle(database), earliestDatestamp(database)]);
  const host = repositoryHost(ctx.origin);
  const email = process.env.OAI_ADMIN_EMAIL || `webmaster@${host}`;
  // The oai-identifier description needs a domain name (letters first, at least one dot).
  const domain = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/.test(host);
  return el(
    "Identify",
    {},
    el("repositoryName", {}, title),
    el("baseURL", {}, ctx.baseUrl),
    el("protocolVersion", {}, "2.0"),
    el("adminEmail", {}, email),
    el("earliestDatestamp", {}, earliest),
    el("deletedRecord", {}, "persistent"),
    el("granularity", {}, "YYYY-MM-DDThh:mm:ssZ"),
    domain &&
      el(
        "description",
        {},
        el(
          "oai-identifier",
          {
            xmlns: "http://www.openarchives.org/OAI/2.0/oai-identifier",
            "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
            "xsi:schemaLocation":
              "http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd",
          },
          el("scheme", {}, "oai"),
          el("repositoryIdentifier", {}, host),
          el("delimiter", {}, ":"),
          el("sampleIdentifier", {}, `oai:${host}:ca_objects/1`),
        ),
      ),
    el(
      "description",
      {},
      dcDescription(
        "Teca catalogue. Records are public catalogue records (access level 1) only; restricted records and restricted media are never listed. " +
          "Identifiers are oai:{host}:{table}/{id}. Sets: one per catalogue table (setSpec = the table name), and one per top-level collection or fonds of the catalogue (setSpec = collection:{id}: the collection, its sub-collections and the records related to them; their parent set is collection). " +
          "Formats: oai_dc for every table; edm (Europeana Data Model) for objects, fonds and collections, and data objects. " +
          "Datestamps are when the record was last imported; a record deleted or made restricted is reported as deleted, persistently.",
      ),
    ),
  );
}

function dcDescription(text: string): Xml {
  return el(
    "oai_dc:dc",
    {
      "xmlns:oai_dc": "http://www.openarchives.org/OAI/2.0/oai_dc/",
      "xmlns:dc": "http://purl.org/dc/elements/1.1/",
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xsi:schemaLocation": "http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
    },
    el("dc:description", { "xml:lang": "en" }, text),
  );
}

/** A record that is public, or a tombstone of one that was (not public again since). */
async function findItem(database: Database, table: TableName, id: string): Promise<Item | null> {
  const [row] = await database.rows<{ deleted: boolean; ds: string; uid: number | string | null }>(sql`
    select false as deleted, to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ds, r.uid
      from records r where r.table_name = ${table} and r.id = ${id} and ${recordVisible(PUBLIC_VIEWER, "r")}
    union all
    select true, to_char(t.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), null
      from record_tombstones t where t.table_name = ${table} and t.id = ${id}
    order by 1 limit 1`);
  return row ? { deleted: row.deleted, ds: row.ds, table, id, uid: row.uid == null ? null : Number(row.uid) } : null;
}

async function listMetadataFormats(database: Database, identifier: string | undefined, ctx: Ctx): Promise<Xml> {
  let prefixes = Object.keys(METADATA_FORMATS) as MetadataPrefix[];
  if (identifier !== undefined) {
    const ref = parseIdentifier(ctx.origin, identifier);
    const item = ref && (await findItem(database, ref.table, ref.id));
    if (!item) throw new OaiError("idDoesNotExist", `No public record has the identifier "${identifier}".`);
    prefixes = prefixes.filter((p) => formatCovers(p, item.table));
  }
  if (!prefixes.length) throw new OaiError("noMetadataFormats", "No metadata format describes this item.");
  return el(
    "ListMetadataFormats",
    {},
    prefixes.map((p) =>
      el(
        "metadataFormat",
        {},
        el("metadataPrefix", {}, p),
        el("schema", {}, METADATA_FORMATS[p].schema),
        el("metadataNamespace", {}, METADATA_FORMATS[p].namespace),
      ),
    ),
  );
}

async function listSets(database: Database): Promise<Xml> {
  const [rows, collections] = await Promise.all([
    database.rows<{ table_name: string }>(sql`
    select distinct table_name from (
      select r.table_name from records r where ${recordVisible(PUBLIC_VIEWER, "r")}
      union select table_name from record_tombstones) x order by table_name`),
    // the public top-level collections, with their labels (the catalogue holds few: fonds, collections)
    database.rows<{ id: string; labels: Partial<Record<Locale, string>> | null }>(sql`
    select r.id, (select jsonb_object_agg(tt.locale, tt.label) from record_texts tt where tt.record_uid = r.uid) as labels
      from records r where r.table_name = 'ca_collections' and r.parent_id is null and ${recordVisible(PUBLIC_VIEWER, "r")}
      order by r.id`),
  ]);
  const tables = rows.map((r) => r.table_name).filter(isTable);
  // A list of sets has at least one set: a catalogue with no public record yet has none to offer.
  if (!tables.length) throw new OaiError("noSetHierarchy", "The catalogue has no public records yet, hence no sets.");
  return el(
    "ListSets",
    {},
    tables.map((t) =>
      el(
        "set",
        {},
        el("setSpec", {}, t),
        el("setName", {}, `${translate("en", `table.${t}`)} / ${translate("it", `table.${t}`)}`),
        el("setDescription", {}, dcDescription(`The public records of the catalogue table ${t} (${translate("en", `table.${t}`)}).`)),
      ),
    ),
    collections.length > 0 &&
      el(
        "set",
        {},
        el("setSpec", {}, COLLECTION_SET),
        el("setName", {}, "By collection / Per collezione"),
        el(
          "setDescription",
          {},
          dcDescription("The public records that belong to a collection or fonds of the catalogue: one subset per top-level collection."),
        ),
      ),
    collections.map((c) => {
      const label = pickText(c.labels ?? {}, "it")?.text ?? c.id;
      return el(
        "set",
        {},
        el("setSpec", {}, `${COLLECTION_SET}:${c.id}`),
        el("setName", {}, label),
        el(
          "setDescription",
          {},
          dcDescription(
            `The collection "${label}" (ca_collections/${c.id}): its own record, the collections below it and the public records related to them.`,
          ),
        ),
      );
    }),
  );
}

function header(item: Item, origin: string, collections: string[] = []): Xml {
  return el(
    "header",
    item.deleted ? { status: "deleted" } : {},
    el("identifier", {}, oaiIdentifier(origin, item.table, item.id)),
    el("datestamp", {}, `${item.ds.slice(0, 19)}Z`),
    el("setSpec", {}, item.table),
    collections.map((id) => el("setSpec", {}, `${COLLECTION_SET}:${id}`)),
  );
}

/** The top-level public collections each public record of a page belongs to (its collection sets). */
async function collectionsOf(database: Database, items: Item[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const uids = items.flatMap((i) => (i.uid !== null && !i.deleted ? [i.uid] : []));
  if (!uids.length) return out;
  const rows = await database.rows<{ uid: number | string; root: string }>(sql`
    with page as (select uid, table_name, id from records where uid = any(${`{${uids.join(",")}}`}::bigint[])),
    cols as (
      select p.uid, c.parent_path, c.id from page p join records c on c.uid = p.uid where c.table_name = 'ca_collections'
      union all
      select p.uid, c.parent_path, c.id from page p join relations x on x.from_uid = p.uid and x.to_table = 'ca_collections'
        join records c on c.table_name = 'ca_collections' and c.id = x.to_id
      union all
      select p.uid, c.parent_path, c.id from page p join relations x on x.to_table = p.table_name and x.to_id = p.id
        join records c on c.uid = x.from_uid and c.table_name = 'ca_collections'
    )
    select distinct cols.uid, root.id as root from cols join records root on root.table_name = 'ca_collections' and root.parent_id is null
      and ${publicRecord("root")} and root.id = split_part(coalesce(cols.parent_path, cols.id), '/', 1)
    order by 1, 2`);
  for (const r of rows) out.set(Number(r.uid), [...(out.get(Number(r.uid)) ?? []), r.root]);
  return out;
}

async function getRecord(database: Database, identifier: string, prefix: string, ctx: Ctx): Promise<Xml> {
  const ref = parseIdentifier(ctx.origin, identifier);
  const item = ref && (await findItem(database, ref.table, ref.id));
  if (!isMetadataPrefix(prefix))
    throw new OaiError("cannotDisseminateFormat", `The metadata format "${prefix}" is not supported (oai_dc, edm).`);
  if (!item) throw new OaiError("idDoesNotExist", `No public record has the identifier "${identifier}".`);
  if (!formatCovers(prefix, item.table))
    throw new OaiError("cannotDisseminateFormat", `The format ${prefix} does not describe records of ${item.table}.`);
  const [records] = await recordsXml(database, [item], prefix, ctx);
  return el("GetRecord", {}, records);
}

type ListArgs = { prefix: MetadataPrefix; set: string | null; from: string | null; until: string | null };

function listArgs(args: Map<string, string>): ListArgs {
  const prefix = args.get("metadataPrefix")!;
  const from = args.get("from") ?? null;
  const until = args.get("until") ?? null;
  const set = args.get("set") ?? null;
  const f = from !== null ? parseOaiDate(from) : null;
  const u = until !== null ? parseOaiDate(until) : null;
  if (from !== null && !f) throw new OaiError("badArgument", `from "${from}" is not a date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ).`);
  if (until !== null && !u) throw new OaiError("badArgument", `until "${until}" is not a date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ).`);
  if (f && u && f.granularity !== u.granularity) throw new OaiError("badArgument", "from and until must have the same granularity.");
  if (f && u && f.start > u.start) throw new OaiError("badArgument", "from is after until.");
  if (set !== null && !SET_SPEC.test(set)) throw new OaiError("badArgument", `"${set}" is not a setSpec.`);
  if (!isMetadataPrefix(prefix))
    throw new OaiError("cannotDisseminateFormat", `The metadata format "${prefix}" is not supported (oai_dc, edm).`);
  return { prefix, set, from, until };
}

/** The tables a list covers: the set's, within the format's. */
function listTables(a: ListArgs): TableName[] {
  const tables = TABLES.filter((t) => formatCovers(a.prefix, t));
  if (a.set === null) return tables;
  const collection = collectionOfSet(a.set);
  // a collection set spans the tables (an unknown collection id matches nothing)
  if (collection !== null) return collection ? tables : [];
  return tables.filter((t) => t === a.set);
}

/** The list's set condition beyond its tables: membership of a collection set, on records `r` or tombstones `t`. */
function setFilter(a: ListArgs, on: "r" | "t"): SQL {
  const collection = collectionOfSet(a.set);
  if (!collection) return sql`true`;
  if (on === "r") return inCollection(collection, "r");
  // a record that left the catalogue but still exists (made restricted) keeps its relations: its deletion is
  // listed in the set; one deleted outright has lost them, and is listed in its table's set only
  return sql`exists (select 1 from records tr where tr.table_name = t.table_name and tr.id = t.id and ${inCollection(collection, "tr")})`;
}

const textArray = (values: string[]) => sql`${`{${values.join(",")}}`}::text[]`;

/** The WHERE of a list over `col` (datestamp), `t` (table), `i` (id): the dates and the cursor. */
function rangeOf(a: ListArgs, after: Cursor | null, col: SQL, t: SQL, i: SQL): SQL {
  const f = a.from ? parseOaiDate(a.from)!.start.toISOString() : null;
  const u = a.until ? parseOaiDate(a.until)!.next.toISOString() : null;
  return sql`${f ? sql`${col} >= ${f}::timestamptz and ` : sql``}${u ? sql`${col} < ${u}::timestamptz and ` : sql``}${
    after ? sql`(${col}, ${t}, ${i}) > (${after.ds}::timestamptz, ${after.table}::text, ${after.id}::text) and ` : sql``
  }true`;
}

/** Tombstones whose record is not public again. */
const tombstoneLive = sql`not exists (select 1 from records r where r.table_name = t.table_name and r.id = t.id and ${recordVisible(PUBLIC_VIEWER, "r")})`;

/** One page of items after `after`: public records and tombstones by (datestamp, table, id). */
async function listItems(database: Database, a: ListArgs, after: Cursor | null, limit: number): Promise<Item[]> {
  const tables = listTables(a);
  if (!tables.length) return [];
  const rows = await database.rows<{ deleted: boolean; ds: string; table_name: string; id: string; uid: number | string | null }>(sql`
    select x.deleted, to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ds, x.table_name, x.id, x.uid from (
      (select false as deleted, r.updated_at as at, r.table_name, r.id, r.uid from records r
        where ${recordVisible(PUBLIC_VIEWER, "r")} and ${PUBLIC_INDEX} and r.table_name = any(${textArray(tables)})
          and ${rangeOf(a, after, sql`r.updated_at`, sql`r.table_name`, sql`r.id`)} and ${setFilter(a, "r")}
        order by r.updated_at, r.table_name, r.id limit ${limit})
      union all
      (select true, t.deleted_at, t.table_name, t.id, null from record_tombstones t
        where t.table_name = any(${textArray(tables)}) and ${rangeOf(a, after, sql`t.deleted_at`, sql`t.table_name`, sql`t.id`)} and ${tombstoneLive}
          and ${setFilter(a, "t")}
        order by t.deleted_at, t.table_name, t.id limit ${limit})
    ) x order by x.at, x.table_name, x.id limit ${limit}`);
  return rows.flatMap((r) =>
    isTable(r.table_name)
      ? [{ deleted: r.deleted, ds: r.ds, table: r.table_name, id: r.id, uid: r.uid == null ? null : Number(r.uid) }]
      : [],
  );
}

async function countItems(database: Database, a: ListArgs): Promise<number> {
  const tables = listTables(a);
  if (!tables.length) return 0;
  const [row] = await database.rows<{ n: number | string }>(sql`select
    (select count(*) from records r where ${recordVisible(PUBLIC_VIEWER, "r")} and ${PUBLIC_INDEX} and r.table_name = any(${textArray(tables)}) and ${rangeOf(a, null, sql`r.updated_at`, sql`r.table_name`, sql`r.id`)} and ${setFilter(a, "r")})
    + (select count(*) from record_tombstones t where t.table_name = any(${textArray(tables)}) and ${rangeOf(a, null, sql`t.deleted_at`, sql`t.table_name`, sql`t.id`)} and ${tombstoneLive} and ${setFilter(a, "t")}) as n`);
  return Number(row?.n ?? 0);
}

async function recordsXml(database: Database, items: Item[], prefix: MetadataPrefix, ctx: Ctx): Promise<Xml[]> {
  const [title, details, sets] = await Promise.all([
    siteTitle(database),
    harvestRecords(
      { database },
      items.flatMap((i) => (i.uid !== null && !i.deleted ? [i.uid] : [])),
      ctx.origin,
    ),
    collectionsOf(database, items),
  ]);
  return items.map((item) => {
    const r = item.uid !== null ? details.get(item.uid) : undefined;
    // A record made private between the two queries is left as a bare header of a deleted record.
    if (item.deleted || !r) return el("record", {}, header({ ...item, deleted: true }, ctx.origin));
    return el("record", {}, header(item, ctx.origin, sets.get(item.uid!)), el("metadata", {}, metadataOf(prefix, r, { siteTitle: title })));
  });
}

async function list(database: Database, verb: "ListIdentifiers" | "ListRecords", args: Map<string, string>, ctx: Ctx): Promise<Xml> {
  let state: Omit<ResumptionState, "v" | "exp">;
  const token = args.get("resumptionToken");
  if (token !== undefined) {
    const decoded = decodeToken(token, ctx.now.getTime());
    if (decoded === "expired") throw new OaiError("badResumptionToken", "The resumption token has expired: start the list again.");
    if (!decoded || decoded.verb !== verb) throw new OaiError("badResumptionToken", "The resumption token is not valid for this request.");
    // The token's arguments are checked as if they had been sent.
    const a = (() => {
      try {
        return listArgs(
          new Map(
            Object.entries({
              metadataPrefix: decoded.prefix,
              ...(decoded.from ? { from: decoded.from } : {}),
              ...(decoded.until ? { until: decoded.until } : {}),
              ...(decoded.set ? { set: decoded.set } : {}),
            }),
          ),
        );
      } catch {
        throw new OaiError("badResumptionToken", "The resumption token is not valid for this request.");
      }
    })();
    state = {
      verb,
      prefix: a.prefix,
      set: a.set,
      from: a.from,
      until: a.until,
      after: decoded.after,
      cursor: decoded.cursor,
      total: decoded.total,
    };
  } else {
    const a = listArgs(args);
    state = {
      verb,
      prefix: a.prefix,
      set: a.set,
      from: a.from,
      until: a.until,
      after: ["", "", ""],
      cursor: 0,
      total: await countItems(database, a),
    };
  }
  const a: ListArgs = { prefix: state.prefix as MetadataPrefix, set: state.set, from: state.from, until: state.until };
  const size = verb === "ListRecords" ? OAI_PAGE_RECORDS : OAI_PAGE_IDENTIFIERS;
  const after = state.after[0] ? { ds: state.after[0], table: state.after[1], id: state.after[2] } : null;
  const page = await listItems(database, a, after, size + 1);
  const more = page.length > size;
  const items = page.slice(0, size);
  // (a resumed list is empty only if its last records left the catalogue since the previous page)
  if (!items.length) throw new OaiError("noRecordsMatch", "No records match these arguments.");
  const last = items.at(-1);
  const exp = Math.floor(ctx.now.getTime() / 1000) + TOKEN_TTL_SECONDS;
  const total = Math.max(state.total, state.cursor + items.length);
  // The last page of a list carries an empty token (the protocol's end of list); a first page that is whole, none.
  const resumption =
    more && last
      ? el(
          "resumptionToken",
          { expirationDate: utcSeconds(new Date(exp * 1000)), completeListSize: total, cursor: state.cursor },
          encodeToken({ ...state, after: [last.ds, last.table, last.id], cursor: state.cursor + items.length, total, exp }),
        )
      : token
        ? el("resumptionToken", { completeListSize: total, cursor: state.cursor })
        : null;
  const content =
    verb === "ListRecords"
      ? await recordsXml(database, items, a.prefix, ctx)
      : await collectionsOf(database, items).then((sets) =>
          items.map((i) => header(i, ctx.origin, i.uid !== null ? sets.get(i.uid) : undefined)),
        );
  return el(verb, {}, frag(content), resumption);
}
