import type { Route } from "./+types/api-save-search";
import { postedJson, saveSearchCall } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/saveSearch {locale, name?, data: {title, query, public, hero, alert}} — the JSON twin
 * of the save form (spec §4 save drawer: with an id it updates, without one it creates; the `saveDoc` call
 * for `collection: "searches"`). 201 or 200 with the search; 400 with the field's message in `locale`
 * ('Ricordati di inserire il titolo'); 403 for the hero flag without MANAGE_USERS; 404 for another user's
 * id; 409 at the per-user limit. The pages call the same service.
 */
export async function action(args: Route.ActionArgs) {
  return postedJson(args, saveSearchCall);
}

export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
