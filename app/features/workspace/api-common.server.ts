import type { z } from "zod";
import type { TecaLoadContext } from "~/.server/context";
import type { ServiceContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";
import { WorkspaceError } from "./workspace.server";
import { firstMessage, type CollectionSummary, type PinState } from "./workspace";
import type { CollectionView } from "./workspace.server";

/**
 * What the `/api/{auth,public}/docs/*` calls share (spec §7, decision 060): the JSON body (spec §7 adds the
 * locale to every body), answers never cached, one serialiser per resource, and one mapping of the
 * service's refusals to statuses and translated messages. Another user's collection answers 404 with the
 * same body as a missing one.
 */

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

export async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function localeOf(body: Record<string, unknown> | null, url: URL): Locale {
  const l = body?.locale ?? url.searchParams.get("locale");
  return isLocale(l) ? l : "it";
}

export const apiContext = (context: TecaLoadContext, locale: Locale): ServiceContext => ({
  database: context.database,
  viewer: context.viewer,
  locale,
});

export const ok = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });

export function fail(status: number, message: string, reason?: string) {
  return Response.json({ error: { code: status, message, ...(reason ? { reason } : {}) } }, { status, headers: NO_STORE });
}

export const badJson = (locale: Locale) => fail(400, translate(locale, "error.badRequest"));
export const invalid = (locale: Locale, error: z.ZodError) => fail(400, translate(locale, firstMessage(error) as MessageKey));

const STATUS: Record<WorkspaceError["code"], number> = { notFound: 404, invalid: 400, limit: 409, conflict: 409, forbidden: 403 };

/** A service refusal as JSON (other errors are rethrown to the server's handler). */
export function refusal(err: unknown, locale: Locale): Response {
  if (!(err instanceof WorkspaceError)) throw err;
  if (err.code === "notFound" && err.messageKey === "error.notFound") return fail(404, translate(locale, "error.notFound"));
  // `reason` tells a stale save ("conflict") from a refusal by a limit ("limit"), both 409.
  return fail(STATUS[err.code], translate(locale, err.messageKey as MessageKey, err.params), err.code);
}

/** Runs a POST call: a JSON object body validated by `schema`, then `run`; 400 for anything else. */
export async function jsonCall<S extends z.ZodType>(
  request: Request,
  url: URL,
  schema: S,
  run: (input: z.infer<S>, locale: Locale) => Promise<Response>,
): Promise<Response> {
  return parsedCall(await readJson(request), url, schema, run);
}

/** `jsonCall` on a body already read (null: not a JSON object, 400). */
export async function parsedCall<S extends z.ZodType>(
  body: Record<string, unknown> | null,
  url: URL,
  schema: S,
  run: (input: z.infer<S>, locale: Locale) => Promise<Response>,
): Promise<Response> {
  const locale = localeOf(body, url);
  if (!body) return badJson(locale);
  const input = schema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  try {
    return await run(input.data, locale);
  } catch (err) {
    return refusal(err, locale);
  }
}

export const methodNotAllowed = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });

/** A collection as the calls answer it (spec §3 "Save item": id, name, type, public, cover, items, date). */
export function collectionJson(c: CollectionSummary) {
  return {
    id: c.id,
    name: c.title,
    type: "collections" as const,
    public: c.public,
    slug: c.public ? c.publishedSlug : null,
    cover: c.cover.url,
    count: c.count,
    version: c.version,
    date: Math.floor(Date.parse(c.createdAt) / 1000),
    updated: Math.floor(Date.parse(c.updatedAt) / 1000),
    /** The caller's part (decision 061): "owner", or shared with them as "editor" or "reader" by `sharedBy`. */
    role: c.role,
    sharedBy: c.sharedBy,
  };
}

export function collectionWithItemsJson(c: CollectionView) {
  return { ...collectionJson(c), items: c.items.map((card) => ({ id: card.id, table: card.table, card })), hidden: c.hidden };
}

/** A published collection in a listing: its public address, never its private id or its owner. */
export function publishedSummaryJson(c: CollectionSummary) {
  return { slug: c.publishedSlug, name: c.title, type: "collections" as const, cover: c.cover.url, count: c.count };
}

/** A published collection for anyone: nothing that names its owner or its private id. */
export function publishedJson(c: CollectionView) {
  return {
    slug: c.publishedSlug,
    name: c.title,
    type: "collections" as const,
    cover: c.cover.url,
    count: c.items.length,
    hidden: c.hidden,
    items: c.items.map((card) => ({ id: card.id, table: card.table, card })),
  };
}

export function pinStateJson(s: PinState) {
  return {
    current: s.current,
    pins: s.pins.map((k) => ({ table: k.slice(0, k.indexOf("/")), id: k.slice(k.indexOf("/") + 1) })),
    collections: s.collections.map(collectionJson),
  };
}
