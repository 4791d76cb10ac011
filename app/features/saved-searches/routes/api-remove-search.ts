import type { Route } from "./+types/api-remove-search";
import { postedJson, removeSearchCall } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/removeSearch {locale, name} (the `removeDoc` call for `collection: "searches"`):
 * deletes one of the user's saved searches. 200 {ok: true}; 404 for a missing id or another user's, alike.
 */
export async function action(args: Route.ActionArgs) {
  return postedJson(args, removeSearchCall);
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
