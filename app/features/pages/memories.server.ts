import { sql } from "drizzle-orm";
import type { ServiceContext } from "~/.server/context";
import { can } from "~/.server/access";
import { sanitizeContentHtml } from "~/.server/content-html";
import type { Locale } from "~/lib/locale";
import { exactSlug, type PageContent } from "./pages";

/**
 * Memories (issue 34 §1, decision 115): sections and pages of remembrance, kept in `pages` as the content pages
 * are (kinds 'memory-section' and 'memory', under the prefixes `memories/sections/` and `memories/`), edited
 * by the same in-place editor with the same revisions. Reading: a visitor sees what is published, in the
 * URL's language or else in Italian (marked); an administrator also sees drafts.
 */

export type MemorySection = {
  slug: string;
  locale: Locale;
  title: string;
  /** The introduction, sanitised. */
  html: string;
  description: string;
  published: boolean;
  fallback: boolean;
};

/** A memory page as its card shows it (the "interviews" card). */
export type MemoryCard = {
  slug: string;
  locale: Locale;
  title: string;
  description: string;
  /** The first image of its text, if any. */
  image: { src: string; alt: string } | null;
  section: string;
  collection: string;
  published: boolean;
  /** Its address without the language prefix. */
  href: string;
};

export type MemoryPage = MemoryCard & { html: string; fallback: boolean; sectionTitle: string | null };

type Row = { slug: string; locale: Locale; title: string; content: Partial<PageContent> };

const SECTION_PREFIX = "memories/sections/";
const PAGE_PREFIX = "memories/";

/** The rows of a kind, one per item: the URL's language, else the Italian; drafts for administrators only. */
function chosen(ctx: ServiceContext, kind: "memory" | "memory-section") {
  const drafts = can(ctx.viewer, "ADMIN");
  return sql`(select distinct on (slug) slug, locale, title, content from pages
    where content->>'kind' = ${kind} and locale in ('it', ${ctx.locale}) and (${drafts} or (content->>'published')::boolean is true)
    order by slug, (locale = ${ctx.locale}) desc)`;
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** A memory page's address: under its collection when it has one. */
export const memoryHref = (slug: string, collection: string) => (collection ? `/memories/${collection}/${slug}` : `/memories/${slug}`);

const firstImage = (html: string) => {
  const tag = /<img\b[^>]*>/i.exec(html)?.[0];
  if (!tag) return null;
  const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1];
  if (!src) return null;
  return { src, alt: /\salt="([^"]*)"/i.exec(tag)?.[1] ?? "" };
};

function sectionOf(ctx: ServiceContext, r: Row): MemorySection {
  return {
    slug: r.slug.slice(SECTION_PREFIX.length),
    locale: r.locale,
    title: r.title,
    html: sanitizeContentHtml(str(r.content.html)),
    description: str(r.content.description),
    published: r.content.published === true,
    fallback: r.locale !== ctx.locale,
  };
}

function cardOf(r: Row, html: string): MemoryCard {
  const slug = r.slug.slice(PAGE_PREFIX.length);
  const collection = str(r.content.collection);
  return {
    slug,
    locale: r.locale,
    title: r.title,
    description: str(r.content.description),
    image: firstImage(html),
    section: str(r.content.section),
    collection,
    published: r.content.published === true,
    href: memoryHref(slug, collection),
  };
}

/** The sections, by title, each with how many memory pages the viewer may read in it. */
export async function listMemorySections(ctx: ServiceContext): Promise<(MemorySection & { count: number })[]> {
  const rows = await ctx.database.rows<Row & { n: number }>(sql`
    select s.slug, s.locale, s.title, s.content,
      (select count(*)::int from ${chosen(ctx, "memory")} m where m.content->>'section' = substr(s.slug, ${SECTION_PREFIX.length + 1})) as n
    from ${chosen(ctx, "memory-section")} s order by lower(s.title), s.slug`);
  return rows.map((r) => ({ ...sectionOf(ctx, r), count: Number(r.n) }));
}

/** A section and its memory pages (by title), or null (the 404 page): unknown, unpublished for this viewer, or not a valid slug. */
export async function getMemorySection(ctx: ServiceContext, slug: string): Promise<{ section: MemorySection; pages: MemoryCard[] } | null> {
  if (!exactSlug("memory-section", slug)) return null;
  const [row] = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content from ${chosen(ctx, "memory-section")} s where s.slug = ${SECTION_PREFIX + slug}`,
  );
  if (!row) return null;
  const pages = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content from ${chosen(ctx, "memory")} m where m.content->>'section' = ${slug} order by lower(m.title), m.slug`,
  );
  return { section: sectionOf(ctx, row), pages: pages.map((p) => cardOf(p, sanitizeContentHtml(str(p.content.html)))) };
}

/** The memory pages of a collection, by title (none: the 404 page). */
export async function listMemoryCollection(ctx: ServiceContext, collection: string): Promise<MemoryCard[]> {
  if (!exactSlug("memory", collection)) return [];
  const rows = await ctx.database.rows<Row>(
    sql`select slug, locale, title, content from ${chosen(ctx, "memory")} m where m.content->>'collection' = ${collection} order by lower(m.title), m.slug`,
  );
  return rows.map((p) => cardOf(p, sanitizeContentHtml(str(p.content.html))));
}

/** A memory page with its section's title, or null (the 404 page): unknown, unpublished for this viewer, or not a valid slug. */
export async function getMemoryPage(ctx: ServiceContext, slug: string): Promise<MemoryPage | null> {
  if (!exactSlug("memory", slug)) return null;
  const [row] = await ctx.database.rows<Row & { section_title: string | null }>(sql`
    select m.slug, m.locale, m.title, m.content,
      (select s.title from ${chosen(ctx, "memory-section")} s where s.slug = ${SECTION_PREFIX} || (m.content->>'section')) as section_title
    from ${chosen(ctx, "memory")} m where m.slug = ${PAGE_PREFIX + slug}`);
  if (!row) return null;
  // Sanitised when saved; again here, so that a row written any other way cannot carry markup either.
  const html = sanitizeContentHtml(str(row.content.html));
  return { ...cardOf(row, html), html, fallback: row.locale !== ctx.locale, sectionTitle: row.section_title };
}

/** The sections an editor may file a memory page under (every one, drafts too, in the editor's language or Italian). */
export async function memorySectionChoices(ctx: ServiceContext): Promise<{ slug: string; title: string }[]> {
  if (!can(ctx.viewer, "ADMIN")) return [];
  return (await listMemorySections(ctx)).map((s) => ({ slug: s.slug, title: s.title }));
}
