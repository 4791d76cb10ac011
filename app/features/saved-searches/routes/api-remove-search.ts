import { z } from "zod";
import type { Route } from "./+types/api-remove-search";
import { serviceContext } from "~/.server/context";
import { LOCALES } from "~/lib/locale";
import { deleteSavedSearch } from "../saved-searches.server";

export const handle = { capability: "PRIVATE" };

const NO_STORE = { "Cache-Control": "private, no-store" };
const Body = z.object({ locale: z.enum(LOCALES).default("it"), name: z.string().max(100) });

/**
 * POST /api/auth/docs/removeSearch {locale, name} (the `removeDoc` call for `collection: "searches"`):
 * deletes one of the user's saved searches. 200 {ok: true}; 404 for a missing id or another user's, alike.
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
  if (!body.success) return Response.json({ error: { code: 400, message: "expected {locale, name}" } }, { status: 400, headers: NO_STORE });
  const removed = await deleteSavedSearch(serviceContext(context, url), body.data.name);
  if (!removed) return Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: NO_STORE });
  return Response.json({ ok: true }, { headers: NO_STORE });
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
