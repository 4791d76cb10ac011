import { z } from "zod";
import type { Route } from "./+types/api-pages";
import { serviceContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";
import { readBody } from "~/features/accounts/index.server";
import { getPageDraft, savePageDraft } from "../pages.server";
import { exactSlug, PAGE_KINDS, type PageKind } from "../pages";

/**
 * The content pages' in-place editor (decision 076), and the memory sections' and pages' (`kind` 'memory-section'
 * or 'memory', decision 115; a memory page's value also has `section` and `collection`). GET ?slug=&locale=: one language's version as the editor
 * edits it `{value: {title, html, description, published}, version, fallback, exists}`. POST {slug, locale,
 * value, version}: saves it (the HTML sanitised, a revision); 400 with the messages per field, 409 with the
 * current text `{error: {current}}` when `version` is stale, 404 for a slug that is no content page's or a
 * viewer without ADMIN (the guard answers 401 to visitors). The same shapes as the settings API, so the editors
 * share one client (use-settings-doc.ts).
 */
const NO_STORE = { "Cache-Control": "private, no-store" } as const;

const fail = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  Response.json({ error: { code: status, message, ...extra } }, { status, headers: NO_STORE });

const localeOf = (v: unknown): Locale => (isLocale(v) ? v : "it");

const kindOf = (v: unknown): PageKind | null =>
  v == null || v === "" ? "page" : (PAGE_KINDS as readonly unknown[]).includes(v) ? (v as PageKind) : null;

export async function loader({ context, url }: Route.LoaderArgs) {
  const kind = kindOf(url.searchParams.get("kind"));
  const slug = kind ? exactSlug(kind, url.searchParams.get("slug")) : null;
  if (!kind || !slug) return fail(404, "Not Found");
  return Response.json(await getPageDraft(serviceContext(context, url), slug, localeOf(url.searchParams.get("locale")), kind), {
    headers: NO_STORE,
  });
}

const BodySchema = z.object({
  slug: z.string().max(100),
  kind: z.enum(PAGE_KINDS).default("page"),
  locale: z.string().max(10),
  version: z.number().int().min(0),
  value: z.object({
    title: z.string().max(10_000),
    html: z.string().max(400_000),
    description: z.string().max(10_000),
    published: z.boolean(),
    section: z.string().max(200).optional(),
    collection: z.string().max(200).optional(),
  }),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) return fail(415, "Unsupported Media Type");
  const body = await readBody(request);
  const locale = localeOf(body?.locale);
  const parsed = BodySchema.safeParse(body);
  const slug = parsed.success ? exactSlug(parsed.data.kind, parsed.data.slug) : null;
  if (!parsed.success || !isLocale(parsed.data.locale)) return fail(400, translate(locale, "error.badRequest"));
  if (!slug) return fail(404, "Not Found");
  const r = await savePageDraft(
    serviceContext(context, url),
    { slug, locale, value: parsed.data.value, version: parsed.data.version, kind: parsed.data.kind },
    { address: context.auth?.address },
  );
  if (r.status === "conflict") return fail(409, translate(locale, "settings.conflict.title" as MessageKey), { current: r.current });
  if (r.status === "invalid") {
    const fields: Record<string, string[]> = {};
    for (const issue of r.issues) {
      const field = String(issue.path[0] ?? "form");
      const key = (/^(pages|memories)\./.test(issue.message) ? issue.message : "pages.error.invalid") as MessageKey;
      (fields[field === "body" ? "html" : field] ??= []).push(translate(locale, key));
    }
    return fail(400, translate(locale, "settings.error.summary" as MessageKey), { fields });
  }
  return Response.json({ status: r.status, version: r.version }, { headers: NO_STORE });
}

export const handle = { capability: "ADMIN" };
