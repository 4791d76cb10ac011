import { z } from "zod";
import type { Route } from "./+types/api-save-search";
import { serviceContext } from "~/.server/context";
import { translate, type MessageKey } from "~/i18n";
import { LOCALES } from "~/lib/locale";
import { createSavedSearch, serializeSavedSearch, updateSavedSearch } from "../saved-searches.server";

export const handle = { capability: "PRIVATE" };

const NO_STORE = { "Cache-Control": "private, no-store" };
const Body = z.object({
  locale: z.enum(LOCALES).default("it"),
  /** The saved search's id: present, the search is updated; absent, it is created. */
  name: z.string().max(100).optional(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * POST /api/auth/docs/saveSearch {locale, name?, data: {title, query, public, hero, alert}} — the JSON twin
 * of the save form (spec §4 save drawer: with an id it updates, without one it creates; the `saveDoc` call
 * for `collection: "searches"`). 201 or 200 with the search; 400 with the field's message in `locale`
 * ('Ricordati di inserire il titolo'); 403 for the hero flag without MANAGE_USERS; 404 for another user's
 * id; 409 at the per-user limit. The pages call the same service.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    raw = null;
  }
  const body = Body.safeParse(raw);
  if (!body.success) return Response.json({ error: { code: 400, message: "expected {locale, name?, data: {title, query, public, hero, alert}}" } }, { status: 400, headers: NO_STORE });
  const { locale, name, data } = body.data;
  const ctx = { ...serviceContext(context, url), locale };
  const result = name === undefined ? await createSavedSearch(ctx, data) : await updateSavedSearch(ctx, name, data);
  if (!result.ok) {
    const key = (Object.values(result.errors)[0] ?? "savedSearches.invalid") as MessageKey;
    return Response.json(
      { error: { code: result.status, message: translate(locale, key, result.params), fields: Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, translate(locale, v as MessageKey, result.params)])) } },
      { status: result.status, headers: NO_STORE },
    );
  }
  return Response.json({ data: serializeSavedSearch(result.search, locale) }, { status: name === undefined ? 201 : 200, headers: NO_STORE });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
