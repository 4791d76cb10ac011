import type { z } from "zod";
import { isRefusal } from "~/.server/access";
import type { ServiceContext, TecaLoadContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";
import { deleteUpload, listUploadsWithUses, UploadError } from "./editor/uploads.server";
import { GetUploadsSchema, RemoveUploadSchema, type UploadUse, useKey } from "./editor/uploads";
import { GetMoodboardsSchema, type Moodboard, type MoodboardSummary, RemoveMoodboardSchema, SaveMoodboardSchema } from "./moodboards";
import { createMoodboard, deleteMoodboard, listMoodboards, saveMoodboard } from "./moodboards.server";
import { type CollectionSummary, firstMessage, type PinState } from "./workspace";
import { type CollectionView, WorkspaceError } from "./workspace.server";

/**
 * The workspace's HTTP adapter. What the `/api/{auth,public}/docs/*` calls share (spec §7, decision 060): the
 * JSON body (spec §7 adds the locale to every body), answers never cached, one serialiser per resource, and
 * one mapping of the service's refusals to statuses and translated messages. Another user's collection
 * answers 404 with the same body as a missing one. Then the calls on moodboards and on uploads as documents.
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

const STATUS: Record<WorkspaceError["code"], number> = { invalid: 400, limit: 409, conflict: 409 };

/**
 * A service's refusal or domain error as JSON, in the language of the call's body (the route guard would answer
 * a `Refusal` in English); other errors are rethrown to the server's handler.
 */
export function refusal(err: unknown, locale: Locale): Response {
  if (isRefusal(err)) {
    if (err.status === 404 && err.messageKey === "error.notFound") return fail(404, translate(locale, "error.notFound"));
    // a refusal that says why (a share already gone, a shared user without the right): its `reason` as it always was
    return fail(err.status, translate(locale, err.messageKey as MessageKey), err.status === 404 ? "notFound" : "forbidden");
  }
  if (!(err instanceof WorkspaceError)) throw err;
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

// Moodboards

/**
 * saveDoc, removeDoc and getDocs with `collection: "moodboards"` (spec §7; decision 063): the document calls
 * answer moodboards with the same service as the editor page. Another user's board is the 404 of a missing one.
 */

export function moodboardJson(m: MoodboardSummary) {
  return {
    id: m.id,
    name: m.title,
    type: "moodboards" as const,
    coll: m.collectionId,
    background: m.background,
    count: m.count,
    cover: m.cover,
    version: m.version,
    date: Math.floor(Date.parse(m.createdAt) / 1000),
    updated: Math.floor(Date.parse(m.updatedAt) / 1000),
  };
}

export function moodboardFullJson(m: Moodboard) {
  return { ...moodboardJson(m), colours: m.colours, items: m.items };
}

async function moodboardCall(
  _context: TecaLoadContext,
  url: URL,
  body: Record<string, unknown> | null,
  go: (locale: ReturnType<typeof localeOf>) => Promise<Response>,
) {
  const locale = localeOf(body, url);
  try {
    return await go(locale);
  } catch (err) {
    return refusal(err, locale);
  }
}

export async function saveMoodboardCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null) {
  return moodboardCall(context, url, body, async (locale) => {
    const input = SaveMoodboardSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    const ctx = apiContext(context, locale);
    const { coll, version, ...content } = input.data.data;
    if (!input.data.name) {
      if (!coll) return fail(400, translate(locale, "moodboard.error.collection"));
      return ok({ data: moodboardFullJson(await createMoodboard(ctx, coll, content)) }, 201);
    }
    return ok({ data: moodboardFullJson(await saveMoodboard(ctx, input.data.name, { ...content, version, coll })) });
  });
}

export async function removeMoodboardCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null) {
  return moodboardCall(context, url, body, async (locale) => {
    const input = RemoveMoodboardSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    await deleteMoodboard(apiContext(context, locale), input.data.name);
    return ok({ data: { id: input.data.name, removed: true } });
  });
}

/** getDocs {collection: "moodboards", coll?}: on the auth call the signed-in user's own boards; moodboards are never published, so the public call lists none. */
export async function getMoodboardsCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null, own: boolean) {
  return moodboardCall(context, url, body, async (locale) => {
    const input = GetMoodboardsSchema.safeParse(body);
    if (!input.success) return invalid(locale, input.error);
    if (!own || context.viewer.kind !== "user") return ok({ data: [] });
    return ok({ data: (await listMoodboards(apiContext(context, locale), input.data.coll)).map(moodboardJson) });
  });
}

// Uploads

/**
 * The uploads as documents of the spec's calls (decision 067): `removeDoc {collection: "uploads", name: id}`
 * deletes one (another user's id: the 404 of a missing one; in use: 409 naming where), `getDocs {collection:
 * "uploads"}` lists the signed-in user's own with where each is used and the quota.
 */

/** Where an upload is used, in a sentence: «Title» (moodboard), «Title» (story)… */
export function usesText(locale: Locale, uses: UploadUse[]) {
  const where = uses.map((u) => translate(locale, useKey(u), { title: u.title })).join(", ");
  return translate(locale, "editor.upload.inUse", { where });
}

/** An upload refusal as the calls answer it: another user's or a missing one is not found, in the body's language. */
export function uploadRefusal(err: unknown, locale: Locale): Response {
  if (isRefusal(err)) return fail(404, translate(locale, "error.notFound"));
  if (!(err instanceof UploadError)) throw err;
  if (err.code === "inUse") {
    return Response.json(
      {
        error: {
          code: 409,
          message: usesText(locale, err.uses),
          reason: "inUse",
          uses: err.uses.map((u) => ({ type: u.type, id: u.id, coll: u.collectionId, name: u.title })),
        },
      },
      { status: 409, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  return fail(404, translate(locale, "error.notFound"));
}

export async function removeUploadCall(context: TecaLoadContext, url: URL, body: Record<string, unknown> | null): Promise<Response> {
  const locale = localeOf(body, url);
  const input = RemoveUploadSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  try {
    await deleteUpload(apiContext(context, locale), input.data.name);
    return ok({ data: { id: input.data.name, removed: true } });
  } catch (err) {
    return uploadRefusal(err, locale);
  }
}

export async function getUploadsCall(
  context: TecaLoadContext,
  url: URL,
  body: Record<string, unknown> | null,
  own: boolean,
): Promise<Response> {
  const locale = localeOf(body, url);
  const input = GetUploadsSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  // Uploads are never published as documents: the public call lists none.
  if (!own || context.viewer.kind !== "user") return ok({ data: [] });
  const { uploads, quota } = await listUploadsWithUses(apiContext(context, locale));
  return ok({
    data: uploads.map((u) => ({
      id: u.id,
      url: u.url,
      name: u.name,
      width: u.width,
      height: u.height,
      size: u.size,
      date: Math.floor(Date.parse(u.createdAt) / 1000),
      uses: u.uses.map((x) => ({ type: x.type, id: x.id, coll: x.collectionId, name: x.title })),
    })),
    quota,
  });
}
