import type { Route } from "./+types/api-removeDoc";
import { deleteCollection } from "../workspace.server";
import { RemoveDocSchema } from "../workspace";
import { removeSearchCall } from "~/features/saved-searches/api.server";
import { isStoryBody, removeStoryCall } from "~/features/stories/api.server";
import { removeMoodboardCall } from "../moodboards-api.server";
import { apiContext, jsonCall, methodNotAllowed, ok } from "./api-common.server";

export const handle = { capability: "PRIVATE" };

/** POST /api/auth/docs/removeDoc {collection: "collections", name, locale}: deletes one of the user's collections. */
export async function action({ request, context, url }: Route.ActionArgs) {
  // Saved searches are documents of their own type (spec §7): the saved-search call answers them.
  const peek = await request.clone().json().catch(() => null);
  if (peek && typeof peek === "object" && (peek as { collection?: unknown }).collection === "searches") return removeSearchCall(context, url, peek);
  if (isStoryBody(peek)) return removeStoryCall(context, url, peek);
  if (peek && typeof peek === "object" && (peek as { collection?: unknown }).collection === "moodboards") return removeMoodboardCall(context, url, peek);
  return jsonCall(request, url, RemoveDocSchema, async (input, locale) => {
    await deleteCollection(apiContext(context, locale), input.name);
    return ok({ data: { id: input.name, removed: true } });
  });
}

export const loader = methodNotAllowed;
