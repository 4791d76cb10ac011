import type { Route } from "./+types/api-addItems";
import { addToCollection } from "../workspace.server";
import { AddItemsSchema } from "../workspace";
import { apiContext, collectionJson, jsonCall, methodNotAllowed, ok } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/addItems {locale, collection, items: [{table, id}]} (decision 066): the search page's
 * bulk add. Answers {data: {added, skipped, collection}}; someone else's collection is 404 like a missing
 * one, bad input 400, over the item limit 409 (reason "limit") with nothing added.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  return jsonCall(request, url, AddItemsSchema, async (input, locale) => {
    const done = await addToCollection(apiContext(context, locale), input.collection, input.items);
    return ok({ data: { added: done.added, skipped: done.skipped, collection: collectionJson(done.collection) } });
  });
}

export const loader = methodNotAllowed;
