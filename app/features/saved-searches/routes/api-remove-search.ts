import type { Route } from "./+types/api-remove-search";
import { removeSearchCall } from "../api.server";

export const handle = { capability: "PRIVATE" };

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
  return removeSearchCall(context, url, raw);
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
