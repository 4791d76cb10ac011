import type { Route } from "./+types/api-saveDoc";
import { createCollection, updateCollection } from "~/features/workspace/index.server";
import { SaveDocSchema } from "~/features/workspace";
import { translate } from "~/i18n";
import { apiContext, collectionWithItemsJson, fail, methodNotAllowed, ok, parsedCall } from "~/features/workspace/index.server";
import { docCall } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/saveDoc {collection: "collections", locale, name?, data}: without `name` creates a
 * collection (`data.title`, optional `data.items`; 201); with it applies the changes given (rename with the
 * version read — a stale one is 409 —, publish, cover, add, remove, move, current).
 */
export async function action(args: Route.ActionArgs) {
  // Other types of document (searches, stories, moodboards) are answered by their own calls (desk/http.server.ts).
  return docCall("save", args, (context, url, body) =>
    parsedCall(body, url, SaveDocSchema, async (input, locale) => {
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
    }),
  );
}

export const loader = methodNotAllowed;
