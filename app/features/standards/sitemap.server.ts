import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { PUBLIC_VIEWER, recordVisible } from "~/.server/access";
import { LOCALES, LOCALE_TAGS, localizePath, pickText, type Locale } from "~/lib/locale";
import { isTable, recordPath, type TableName } from "~/lib/tables";
import type { Localized } from "./harvest.server";
import { el, frag, XML_DECLARATION, type Xml } from "./xml";

/**
 * Sitemaps (sitemaps.org 0.9, decision 050): an index of one sitemap of the fixed pages and, per locale,
 * sitemaps of the public records of at most SITEMAP_URLS addresses each, with hreflang alternates among
 * it/en/fr and lastmod. Record sitemaps are streamed from the database in batches.
 */
export const SITEMAP_URLS = 50_000;
const BATCH = 2000;
const NS = { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9", "xmlns:xhtml": "http://www.w3.org/1999/xhtml" };

const hreflang = (l: Locale) => LOCALE_TAGS[l].slice(0, 2);

export async function publicRecordCount(ctx: Pick<ServiceContext, "database">): Promise<{ count: number; lastmod: string | null }> {
  const [row] = await ctx.database.rows<{ n: number | string; lastmod: string | null }>(
    sql`select count(*) as n, to_char(max(r.updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod from records r where ${recordVisible(PUBLIC_VIEWER, "r")}`,
  );
  return { count: Number(row?.n ?? 0), lastmod: row?.lastmod ?? null };
}

export async function sitemapIndex(ctx: Pick<ServiceContext, "database">, origin: string, perFile = SITEMAP_URLS): Promise<string> {
  const { count, lastmod } = await publicRecordCount(ctx);
  const parts = Math.ceil(count / perFile);
  const entry = (file: string) => el("sitemap", {}, el("loc", {}, `${origin}/sitemaps/${file}`), lastmod && el("lastmod", {}, lastmod));
  return (
    XML_DECLARATION +
    el(
      "sitemapindex",
      { xmlns: NS.xmlns },
      entry("pages.xml"),
      LOCALES.map((l) => Array.from({ length: parts }, (_, i) => entry(`${l}-${i + 1}.xml`))),
    ).xml
  );
}

function urlEntry(loc: string, alternates: Record<Locale, string>, lastmod: string | null): Xml {
  return el(
    "url",
    {},
    el("loc", {}, loc),
    lastmod && el("lastmod", {}, lastmod),
    LOCALES.map((l) => el("xhtml:link", { rel: "alternate", hreflang: hreflang(l), href: alternates[l] })),
    el("xhtml:link", { rel: "alternate", hreflang: "x-default", href: alternates.it }),
  );
}

/** The home and search pages in every locale. */
export function pagesSitemap(origin: string, lastmod: string | null): string {
  const paths = ["/", "/cerca"];
  return (
    XML_DECLARATION +
    el(
      "urlset",
      NS,
      paths.flatMap((p) => {
        const alternates = Object.fromEntries(LOCALES.map((l) => [l, `${origin}${localizePath(p, l)}`])) as Record<Locale, string>;
        return LOCALES.map((l) => urlEntry(alternates[l], alternates, lastmod));
      }),
    ).xml
  );
}

const SITEMAP_FILE = new RegExp(`^(${LOCALES.join("|")})-([1-9]\\d{0,5})\\.xml$`);

/** `it-1.xml` → { locale: "it", part: 1 }. */
export function parseSitemapFile(file: string): { locale: Locale; part: number } | null {
  const m = SITEMAP_FILE.exec(file);
  return m ? { locale: m[1] as Locale, part: Number(m[2]) } : null;
}

const recordUrl = (origin: string, table: TableName, id: string, labels: Localized, l: Locale) =>
  `${origin}${localizePath(recordPath(table, id, pickText(labels, l)?.text ?? id), l)}`;

/**
 * One locale's record sitemap, part `part` (records by table and id, `perFile` a part), as a stream
 * of UTF-8 chunks: one batch of records in memory at a time. Null when the part does not exist.
 */
export async function recordsSitemap(
  ctx: Pick<ServiceContext, "database">,
  origin: string,
  locale: Locale,
  part: number,
  perFile = SITEMAP_URLS,
): Promise<ReadableStream<Uint8Array> | null> {
  const { database } = ctx;
  const { count } = await publicRecordCount(ctx);
  if (part > Math.max(1, Math.ceil(count / perFile))) return null;
  // The record before the part's first: the keyset after it is walked in batches.
  const skip = (part - 1) * perFile;
  const [first] = skip
    ? await database.rows<{ table_name: string; id: string }>(
        sql`select r.table_name, r.id from records r where ${recordVisible(PUBLIC_VIEWER, "r")} order by r.table_name, r.id offset ${skip - 1} limit 1`,
      )
    : [];
  let after: { table: string; id: string } | null = first ? { table: first.table_name, id: first.id } : null;
  let sent = 0;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${XML_DECLARATION}<urlset xmlns="${NS.xmlns}" xmlns:xhtml="${NS["xmlns:xhtml"]}">`));
    },
    async pull(controller) {
      const limit = Math.min(BATCH, perFile - sent);
      const rows =
        limit > 0
          ? await database.rows<{ table_name: string; id: string; lastmod: string; labels: Localized | null }>(sql`
            select r.table_name, r.id, to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod,
              (select jsonb_object_agg(t.locale, t.label) from record_texts t where t.record_uid = r.uid) as labels
            from records r where ${recordVisible(PUBLIC_VIEWER, "r")}
              ${after ? sql`and (r.table_name, r.id) > (${after.table}::text, ${after.id}::text)` : sql``}
            order by r.table_name, r.id limit ${limit}`)
          : [];
      const xml = frag(
        rows.flatMap((r) => {
          if (!isTable(r.table_name)) return [];
          const alternates = Object.fromEntries(
            LOCALES.map((l) => [l, recordUrl(origin, r.table_name as TableName, r.id, r.labels ?? {}, l)]),
          ) as Record<Locale, string>;
          return [urlEntry(alternates[locale], alternates, r.lastmod)];
        }),
      ).xml;
      if (xml) controller.enqueue(encoder.encode(xml));
      sent += rows.length;
      const last = rows.at(-1);
      if (last) after = { table: last.table_name, id: last.id };
      if (rows.length < limit || sent >= perFile || !last) {
        controller.enqueue(encoder.encode("</urlset>"));
        controller.close();
      }
    },
  });
}
