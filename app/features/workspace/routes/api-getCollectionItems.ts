import type { Route } from "./+types/api-getCollectionItems";
import { getCollection } from "../workspace.server";
import { CollectionRequestSchema } from "../workspace";
import { apiContext, collectionWithItemsJson, jsonCall, methodNotAllowed, ok } from "../http.server";

export const handle = { capability: "PRIVATE" };

/** POST /api/auth/docs/getCollectionItems {locale, collection, type}: one of the user's collections with its records as cards. */
export async function action({ request, context, url }: Route.ActionArgs) {
  return jsonCall(request, url, CollectionRequestSchema, async (input, locale) =>
    ok({ data: collectionWithItemsJson(await getCollection(apiContext(context, locale), input.collection)) }),
  );
}

export const loader = methodNotAllowed;
