import { z } from "~/lib/zod";
import { LOCALES } from "~/lib/locale";

/**
 * Content pages (issue 16 §3, decision 072): `/{slug}` in each language. A slug is lower-case words joined by
 * hyphens and never the first segment of one of the app's own routes, so a page can never shadow them
 * (tests/integration/content-pages.test.ts checks this list against app/routes.ts).
 */
export const RESERVED_SLUGS = new Set([
  // app/routes.ts, today
  "cerca",
  "login",
  "account",
  "reset_password",
  "editpassword",
  "settings",
  "public",
  "sfogliatore",
  "print",
  "mappa",
  "api",
  "auth",
  "lang",
  "iiif",
  "oai",
  "ld",
  "sitemap.xml",
  "sitemaps",
  "robots.txt",
  "feed.atom",
  "en",
  "fr",
  "it",
  "de",
  "uploads",
  "shared",
  "console",
  "styleguide",
  "buca",
  "searches",
  "collections",
  "site",
  "workspace",
  // spec §2 routes still to come, and the server's own paths
  "annotazioni",
  "collections",
  "registro",
  "registro.csv",
  "requests",
  "requests.csv",
  "richieste",
  "scarica",
  "analytics",
  "memories",
  "print",
  "cataloga",
  "admin",
  "assets",
  "media",
  "healthz",
  "readyz",
  "favicon.ico",
  "home",
  // record tables' slugs (spec §3), whose pages live under them
  "oggetti",
  "occorrenze",
  "entita",
  "luoghi",
  "collezioni",
  "data",
  "fs",
]);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PageSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "pages.error.slugRequired")
  .max(80, "pages.error.slugLong")
  .regex(SLUG_PATTERN, "pages.error.slugFormat")
  .refine((s) => !RESERVED_SLUGS.has(s), "pages.error.slugReserved");

export const PAGE_FORMATS = ["markdown", "html"] as const;

/**
 * What a row of `pages` edited like a content page holds (decision 115): a content page (`/{slug}`), a memory
 * section (`/memories/sections/{slug}`) or a memory page (`/memories/{collection?}/{slug}`). The two memory
 * kinds keep their rows under a prefix with a slash, which no content page's slug can have.
 */
export const PAGE_KINDS = ["page", "memory", "memory-section"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** The `pages.slug` of an item of a kind. */
export function storedSlug(kind: PageKind, slug: string): string {
  return kind === "page" ? slug : kind === "memory" ? `memories/${slug}` : `memories/sections/${slug}`;
}

/**
 * A memory section's, memory page's or memory collection's slug: lower-case words joined by hyphens, never
 * `sections` (the list of sections' own address).
 */
export const MemorySlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "pages.error.slugRequired")
  .max(80, "pages.error.slugLong")
  .regex(SLUG_PATTERN, "pages.error.slugFormat")
  .refine((s) => s !== "sections", "pages.error.slugReserved");

/** A slug as an address has it: valid and exactly so (no case or space folding into another item). */
export function exactSlug(kind: PageKind, v: unknown): string | null {
  const r = (kind === "page" ? PageSlugSchema : MemorySlugSchema).safeParse(v);
  return r.success && r.data === v ? r.data : null;
}

export const PageInputSchema = z.object({
  slug: PageSlugSchema,
  locale: z.enum(LOCALES),
  title: z.string().trim().min(1, "pages.error.titleRequired").max(200, "pages.error.titleLong"),
  format: z.enum(PAGE_FORMATS).catch("markdown"),
  body: z.string().max(200_000, "pages.error.bodyLong"),
  description: z.string().trim().max(300, "pages.error.descriptionLong").default(""),
  published: z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean()),
});
export type PageInput = z.infer<typeof PageInputSchema> & { section?: string; collection?: string };

/** A memory section: a content page's fields (its body is the section's introduction), its own slug rule. */
export const MemorySectionInputSchema = PageInputSchema.extend({ slug: MemorySlugSchema });

/** A memory page: a content page's fields, the section it belongs to and optionally a collection. */
export const MemoryInputSchema = PageInputSchema.extend({
  slug: MemorySlugSchema,
  section: z.string().trim().min(1, "memories.error.section").pipe(MemorySlugSchema),
  collection: z.union([z.literal(""), MemorySlugSchema]).default(""),
});

/** The schema of a kind's input. */
export const inputSchemaOf = (kind: PageKind) =>
  kind === "memory" ? MemoryInputSchema : kind === "memory-section" ? MemorySectionInputSchema : PageInputSchema;

/** What a content page keeps in `pages.content` (the home page keeps other things under slug 'home'). */
export type PageContent = {
  kind: PageKind;
  format: (typeof PAGE_FORMATS)[number];
  /** What the admin typed. */
  source: string;
  /** The sanitised HTML rendered on the page. */
  html: string;
  description: string;
  published: boolean;
  /** A memory page's section and collection (decision 115). */
  section?: string;
  collection?: string;
};

/** What a page's revision holds: the fields its editor writes (the HTML is derived from them). */
export type PageValue = {
  title: string;
  format: PageContent["format"];
  source: string;
  description: string;
  published: boolean;
  section?: string;
  collection?: string;
};

/** What the in-place editor edits (decision 076): the body as HTML (a Markdown page is shown rendered). */
export type PageDraft = { title: string; html: string; description: string; published: boolean; section?: string; collection?: string };

/** A page's revision as the history compares it, field by field (the body's own lines: issue 31 §4). */
export function pageFieldsOf(v: unknown): Partial<PageValue> {
  const p = (v ?? {}) as Partial<PageValue>;
  return {
    title: p.title ?? "",
    description: p.description ?? "",
    published: p.published ?? false,
    format: p.format,
    source: p.source ?? "",
    ...(p.section !== undefined ? { section: p.section, collection: p.collection ?? "" } : {}),
  };
}

/** A page's revision as text for the difference and the conflict view: its fields, then its body line by line. */
export function pageTextOf(v: unknown): string {
  const p = (v ?? {}) as Partial<PageValue>;
  return [
    `title: ${p.title ?? ""}`,
    `description: ${p.description ?? ""}`,
    `format: ${p.format ?? ""}`,
    `published: ${p.published ? "yes" : "no"}`,
    ...(p.section !== undefined ? [`section: ${p.section}`, `collection: ${p.collection ?? ""}`] : []),
    "—",
    ...(p.source ?? "").split(/\r?\n/),
  ].join("\n");
}
