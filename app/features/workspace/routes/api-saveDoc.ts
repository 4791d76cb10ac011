import type { Route } from "./+types/api-saveDoc";
import { createCollection, updateCollection } from "../workspace.server";
import { SaveDocSchema } from "../workspace";
import { translate } from "~/i18n";
import { saveSearchCall } from "~/features/saved-searches/api.server";
import { isStoryBody, saveStoryCall } from "~/features/stories/api.server";
import { saveMoodboardCall } from "../moodboards-api.server";
import { apiContext, collectionWithItemsJson, fail, jsonCall, methodNotAllowed, ok } from "./api-common.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/saveDoc {collection: "collections", locale, name?, data}: without `name` creates a
 * collection (`data.title`, optional `data.items`; 201); with it applies the changes given (rename with the
 * version read — a stale one is 409 —, publish, cover, add, remove, move, current).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  // Saved searches are documents of their own type (spec §7): the saved-search call answers them.
  const peek = await request.clone().json().catch(() => null);
  if (peek && typeof peek === "object" && (peek as { collection?: unknown }).collection === "searches") return saveSearchCall(context, url, peek);
  if (isStoryBody(peek)) return saveStoryCall(context, url, peek);
  if (peek && typeof peek === "object" && (peek as { collection?: unknown }).collection === "moodboards") return saveMoodboardCall(context, url, peek);
  return jsonCall(request, url, SaveDocSchema, async (input, locale) => {
    const ctx = apiContext(context, locale);
    if (!input.name) {
      if (!input.data.title) return fail(400, translate(locale, "workspace.error.title"));
      const created = await createCollection(ctx, { title: input.data.title, items: input.data.items ?? input.data.add });
      return ok({ data: collectionWithItemsJson(created) }, 201);
    }
    const { items, ...changes } = input.data;
    // On an existing collection `items` would replace the list: adding and removing are separate operations.
    if (items) return fail(400, translate(locale, "workspace.error.itemsOnCreate"));
    return ok({ data: collectionWithItemsJson(await updateCollection(ctx, input.name, changes)) });
  });
}

export const loader = methodNotAllowed;
