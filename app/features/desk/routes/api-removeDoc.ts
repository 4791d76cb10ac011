import type { Route } from "./+types/api-removeDoc";
import { deleteCollection } from "~/features/workspace/index.server";
import { RemoveDocSchema } from "~/features/workspace";
import { apiContext, methodNotAllowed, ok, parsedCall } from "~/features/workspace/index.server";
import { docCall } from "../http.server";

export const handle = { capability: "PRIVATE" };

/** POST /api/auth/docs/removeDoc {collection: "collections", name, locale}: deletes one of the user's collections (other types: desk/http.server.ts). */
export async function action(args: Route.ActionArgs) {
  // Other types of document (searches, stories, moodboards, uploads) are answered by their own calls (desk/http.server.ts).
  return docCall("remove", args, (context, url, body) =>
    parsedCall(body, url, RemoveDocSchema, async (input, locale) => {
      await deleteCollection(apiContext(context, locale), input.name);
      return ok({ data: { id: input.name, removed: true } });
    }),
  );
}

export const loader = methodNotAllowed;
