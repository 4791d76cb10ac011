import { z } from "zod";
import { serviceContext, type TecaLoadContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { LOCALES } from "~/lib/locale";
import { createSavedSearch, deleteSavedSearch, serializeSavedSearch, updateSavedSearch } from "./saved-searches.server";

/**
 * The saved searches' JSON calls on a parsed body, shared by their own routes (saveSearch, removeSearch) and
 * the workspace's saveDoc/removeDoc for `collection: "searches"` (spec §7).
 */

const NO_STORE = { "Cache-Control": "private, no-store" };
const SaveBody = z.object({
  locale: z.enum(LOCALES).default("it"),
  /** `saveDoc`'s document type, when it comes through saveDoc. */
  collection: z.literal("searches").optional(),
  /** The saved search's id: present, the search is updated; absent, it is created. */
  name: z.string().max(100).optional(),
  data: z.record(z.string(), z.unknown()),
});
const RemoveBody = z.object({
  collection: z.literal("searches").optional(),
  locale: z.enum(LOCALES).default("it"),
  name: z.string().max(100),
});

/** The call on a parsed JSON body: saveSearch, and saveDoc with `collection: "searches"` (workspace's api-saveDoc). */
export async function saveSearchCall(context: TecaLoadContext, url: URL, raw: unknown): Promise<Response> {
  const body = SaveBody.safeParse(raw);
  if (!body.success)
    return Response.json(
      { error: { code: 400, message: "expected {locale, name?, data: {title, query, public, hero, alert}}" } },
      { status: 400, headers: NO_STORE },
    );
  const { locale, name, data } = body.data;
  const ctx = { ...serviceContext(context, url), locale };
  const result = name === undefined ? await createSavedSearch(ctx, data) : await updateSavedSearch(ctx, name, data);
  if (!result.ok) {
    const key = (Object.values(result.errors)[0] ?? "savedSearches.invalid") as MessageKey;
    return Response.json(
      {
        error: {
          code: result.status,
          message: translate(locale, key, result.params),
          fields: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, translate(locale, v as MessageKey, result.params)])),
        },
      },
      { status: result.status, headers: NO_STORE },
    );
  }
  return Response.json(
    { data: serializeSavedSearch(result.search, locale) },
    { status: name === undefined ? 201 : 200, headers: NO_STORE },
  );
}

/** The call on a parsed JSON body: removeSearch, and removeDoc with `collection: "searches"` (workspace's api-removeDoc). */
export async function removeSearchCall(context: TecaLoadContext, url: URL, raw: unknown): Promise<Response> {
  const body = RemoveBody.safeParse(raw);
  if (!body.success) return Response.json({ error: { code: 400, message: "expected {locale, name}" } }, { status: 400, headers: NO_STORE });
  const removed = await deleteSavedSearch(serviceContext(context, url), body.data.name);
  if (!removed) return Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: NO_STORE });
  return Response.json({ ok: true }, { headers: NO_STORE });
}

/** A route action for one of the calls above: POST only (405 otherwise), the body read as JSON (null when it is not). */
export async function postedJson(
  args: { request: Request; context: TecaLoadContext; url: URL },
  call: (context: TecaLoadContext, url: URL, raw: unknown) => Promise<Response>,
): Promise<Response> {
  if (args.request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const raw: unknown = await args.request.json().catch(() => null);
  return call(args.context, args.url, raw);
}
