import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { capabilities } from "~/.server/session";
import { audit } from "~/features/accounts/accounts.server";
import { hasCapability } from "~/lib/capabilities";
import { LOCALES, type Locale } from "~/lib/locale";
import { PageSlugSchema, type PageContent, type PageInput } from "./pages";
import { renderPageBody, sanitizeContentHtml } from "./sanitize.server";

/**
 * Content pages (issue 16 §3, decision 072), kept in the `pages` table (one row per slug and locale) with
 * `content.kind = 'page'`. Reading: a visitor sees a page only when published, in the URL's language or
 * else in Italian (marked as such); an admin also sees drafts. Writing needs ADMIN, checked here as well as by
 * the route guard; every save and removal is audited.
 */

export class PagesError extends Error {
  constructor(readonly code: "forbidden" | "notFound") {
    super(code);
  }
}

export type PublicPage = { slug: string; locale: Locale; title: string; html: string; description: string; published: boolean; fallback: boolean };
export type PageVersion = { locale: Locale; title: string; format: PageContent["format"]; source: string; description: string; published: boolean; updatedAt: Date };
export type PageListItem = { slug: string; versions: { locale: Locale; title: string; published: boolean; updatedAt: Date }[] };

const isAdmin = (ctx: ServiceContext) => ctx.viewer.kind === "user" && hasCapability(ctx.viewer.level, "ADMIN", capabilities());

function requireAdmin(ctx: ServiceContext) {
  if (!isAdmin(ctx)) throw new PagesError("forbidden");
  return { userId: ctx.viewer.userId ?? null, address: "" };
}

type Row = { slug: string; locale: Locale; title: string; content: Partial<PageContent>; updated_at: Date | string };

const asContent = (c: Partial<PageContent>) => ({
  format: c.format === "html" ? ("html" as const) : ("markdown" as const),
  source: typeof c.source === "string" ? c.source : "",
  html: typeof c.html === "string" ? c.html : "",
  description: typeof c.description === "string" ? c.description : "",
  published: c.published === true,
});

/** The page a visitor opens at `/{slug}`: null (the 404 page) when missing, unpublished, or not a valid slug. */
export async function getContentPage(ctx: ServiceContext, slug: string): Promise<PublicPage | null> {
  const valid = PageSlugSchema.safeParse(slug);
  if (!valid.success || valid.data !== slug) return null;
  const drafts = isAdmin(ctx);
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages
      where slug = ${slug} and locale in ('it', ${ctx.locale}) and content->>'kind' = 'page'
        and (${drafts} or (content->>'published')::boolean is true)
      order by (locale = ${ctx.locale}) desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const c = asContent(row.content);
  // Sanitised when saved; again here, so that a row written any other way cannot carry markup either.
  return { slug, locale: row.locale, title: row.title, html: sanitizeContentHtml(c.html), description: c.description, published: c.published, fallback: row.locale !== ctx.locale };
}

/** Every content page with its versions per language (the console's list). */
export async function listContentPages(ctx: ServiceContext): Promise<PageListItem[]> {
  requireAdmin(ctx);
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages where content->>'kind' = 'page' order by slug, locale`,
  );
  const bySlug = new Map<string, PageListItem>();
  for (const r of rows) {
    const item = bySlug.get(r.slug) ?? { slug: r.slug, versions: [] };
    item.versions.push({ locale: r.locale, title: r.title, published: r.content.published === true, updatedAt: new Date(r.updated_at) });
    bySlug.set(r.slug, item);
  }
  return [...bySlug.values()].map((p) => ({ ...p, versions: p.versions.sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale)) }));
}

/** One language's version of a page, for its editor (null: not written yet). */
export async function getPageVersion(ctx: ServiceContext, slug: string, locale: Locale): Promise<PageVersion | null> {
  requireAdmin(ctx);
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content, updated_at from pages where slug = ${slug} and locale = ${locale} and content->>'kind' = 'page'`,
  );
  const r = rows[0];
  if (!r) return null;
  const c = asContent(r.content);
  return { locale: r.locale, title: r.title, format: c.format, source: c.source, description: c.description, published: c.published, updatedAt: new Date(r.updated_at) };
}

/** Whether a slug already has a page in any language (a new page must not take over an existing one). */
export async function pageExists(ctx: ServiceContext, slug: string): Promise<boolean> {
  requireAdmin(ctx);
  const rows = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from pages where slug = ${slug}`);
  return (rows[0]?.n ?? 0) > 0;
}

/** Saves one language's version: the body rendered and sanitised on the server. */
export async function saveContentPage(ctx: ServiceContext, input: PageInput, opts: { address?: string } = {}): Promise<void> {
  const actor = { ...requireAdmin(ctx), address: opts.address ?? "" };
  const content: PageContent = {
    kind: "page",
    format: input.format,
    source: input.body,
    html: renderPageBody(input.format, input.body),
    description: input.description,
    published: input.published,
  };
  // Never overwrite the home page or anything else under the slug that is not a content page.
  const rows = await ctx.database.rows<{ slug: string }>(
    sql`insert into pages (slug, locale, title, content) values (${input.slug}, ${input.locale}, ${input.title}, ${JSON.stringify(content)}::jsonb)
      on conflict (slug, locale) do update set title = excluded.title, content = excluded.content, updated_at = now()
        where pages.content->>'kind' = 'page'
      returning slug`,
  );
  if (!rows.length) throw new PagesError("notFound");
  await audit(ctx.database, { event: "page_saved", actor, detail: { slug: input.slug, locale: input.locale, published: input.published } });
}

/** Removes one language's version of a page. */
export async function deleteContentPage(ctx: ServiceContext, slug: string, locale: Locale, opts: { address?: string } = {}): Promise<void> {
  const actor = { ...requireAdmin(ctx), address: opts.address ?? "" };
  const rows = await ctx.database.rows<{ slug: string }>(
    sql`delete from pages where slug = ${slug} and locale = ${locale} and content->>'kind' = 'page' returning slug`,
  );
  if (!rows.length) throw new PagesError("notFound");
  await audit(ctx.database, { event: "page_deleted", actor, detail: { slug, locale } });
}
