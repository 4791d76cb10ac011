import { sql } from "drizzle-orm";
import { catalogueChanged, registerCache } from "~/.server/caches";
import type { ServiceContext } from "~/.server/context";
import type { Database } from "~/.server/db";
import type { Locale } from "~/lib/locale";
import { DEFAULT_OPTIONS, TEXT_OPTION_KEYS, type SiteOptions } from "./options";

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Options read in the last seconds, per database: the root and the page loaders of one request both need them. */
const optionsCache = new WeakMap<Database, Map<Locale, { at: number; value: Promise<SiteOptions> }>>();
const OPTIONS_TTL_MS = 5_000;
// A settings save (app/features/settings) clears every process's caches: the options go with them.
registerCache((database) => optionsCache.delete(database as Database));

/**
 * Site options for a locale: that locale's document over the Italian one over defaults. The locale is an input,
 * not the request's: the Italian document is read for what is the same in every language.
 */
export function getSiteOptions(ctx: Pick<ServiceContext, "database">, locale: Locale): Promise<SiteOptions> {
  const { database } = ctx;
  let byLocale = optionsCache.get(database);
  if (!byLocale) optionsCache.set(database, (byLocale = new Map()));
  const hit = byLocale.get(locale);
  if (hit && hit.at > Date.now() - OPTIONS_TTL_MS) return hit.value;
  const value = readSiteOptions(database, locale);
  byLocale.set(locale, { at: Date.now(), value });
  value.catch(() => byLocale!.delete(locale));
  return value;
}

async function readSiteOptions(database: Database, locale: Locale): Promise<SiteOptions> {
  const rows = await database.rows<{ locale: string; options: Partial<SiteOptions> }>(
    sql`select locale, options from site_options where locale in ('it', ${locale})`,
  );
  const it = rows.find((r) => r.locale === "it")?.options ?? {};
  const own = locale === "it" ? {} : (rows.find((r) => r.locale === locale)?.options ?? {});
  const merged = { ...DEFAULT_OPTIONS, ...it, ...own } as SiteOptions;
  merged.textLang = Object.fromEntries(TEXT_OPTION_KEYS.map((k) => [k, k in own ? locale : "it"]));
  // Colours end up in a <style> element: only accept plain hex values.
  const c = merged.colors ?? DEFAULT_OPTIONS.colors;
  merged.colors = {
    primary: COLOR.test(c.primary) ? c.primary : DEFAULT_OPTIONS.colors.primary,
    primaryDark: COLOR.test(c.primaryDark) ? c.primaryDark : DEFAULT_OPTIONS.colors.primaryDark,
    primaryLight: COLOR.test(c.primaryLight) ? c.primaryLight : DEFAULT_OPTIONS.colors.primaryLight,
  };
  return merged;
}

export async function saveSiteOptions(ctx: Pick<ServiceContext, "database">, locale: Locale, options: Partial<SiteOptions>) {
  const { database } = ctx;
  await database.rows(sql`insert into site_options (locale, options) values (${locale}, ${JSON.stringify(options)}::jsonb)
    on conflict (locale) do update set options = excluded.options, updated_at = now()`);
  // the options shape every page: every cache of every process goes (this one's options, kept pages, counts)
  catalogueChanged(database);
}

/** A content page in the locale, falling back to Italian. */
export async function getPage<T = Record<string, unknown>>(ctx: Pick<ServiceContext, "database">, slug: string, locale: Locale) {
  const rows = await ctx.database.rows<{ locale: Locale; title: string; content: T }>(
    sql`select locale, title, content from pages where slug = ${slug} and locale in ('it', ${locale})
      order by (locale = ${locale}) desc limit 1`,
  );
  return rows[0] ?? null;
}

export async function savePage(ctx: Pick<ServiceContext, "database">, slug: string, locale: Locale, title: string, content: unknown) {
  await ctx.database.rows(sql`insert into pages (slug, locale, title, content) values (${slug}, ${locale}, ${title}, ${JSON.stringify(content)}::jsonb)
    on conflict (slug, locale) do update set title = excluded.title, content = excluded.content, updated_at = now()`);
}

/**
 * Summary and header field codes of a table: a role-specific entry of `summary_config` wins; else the site
 * options summaryPimcore / summaryHeader (spec §3, edited at /settings/contents) for the table when set;
 * else the default entry ('') imported with the data. `summaryFromOptions`: the summary list is the site's
 * explicit choice, which the record page shows in its summary section (decision 075).
 */
export async function getSummaryConfig(ctx: ServiceContext, table: string) {
  const roles = ["", ...ctx.viewer.roles];
  const [rows, options] = await Promise.all([
    ctx.database.rows<{ role: string; summary_fields: string[]; header_fields: string[] }>(
      sql`select role, summary_fields, header_fields from summary_config where table_name = ${table}`,
    ),
    getSiteOptions(ctx, "it"),
  ]);
  const applicable = rows.filter((r) => roles.includes(r.role)).sort((a, b) => (a.role === "" ? 1 : 0) - (b.role === "" ? 1 : 0));
  const best = applicable[0];
  const fromOption = (key: "summaryPimcore" | "summaryHeader") => {
    const v = (options as Record<string, unknown>)[key];
    const list = v && typeof v === "object" ? (v as Record<string, unknown>)[table] : undefined;
    return Array.isArray(list) && list.length && list.every((c) => typeof c === "string") ? (list as string[]) : null;
  };
  const byRole = best && best.role !== "";
  const summaryOption = byRole ? null : fromOption("summaryPimcore");
  const headerOption = byRole ? null : fromOption("summaryHeader");
  return {
    summaryFields: summaryOption ?? best?.summary_fields ?? [],
    headerFields: headerOption ?? best?.header_fields ?? [],
    summaryFromOptions: summaryOption !== null,
  };
}

export async function saveSummaryConfig(
  ctx: Pick<ServiceContext, "database">,
  table: string,
  role: string,
  summaryFields: string[],
  headerFields: string[],
) {
  await ctx.database.rows(sql`insert into summary_config (table_name, role, summary_fields, header_fields)
    values (${table}, ${role}, ${JSON.stringify(summaryFields)}::jsonb, ${JSON.stringify(headerFields)}::jsonb)
    on conflict (table_name, role) do update set summary_fields = excluded.summary_fields, header_fields = excluded.header_fields`);
}
