import type { Route } from "./+types/api-getDocBySlug";
import { isRefusal } from "~/.server/access";
import { getCollection, getPublishedCollection } from "~/features/workspace/index.server";
import { CollectionIdSchema, GetDocBySlugSchema } from "~/features/workspace";
import { apiContext, collectionWithItemsJson, methodNotAllowed, ok, parsedCall, publishedJson } from "~/features/workspace/index.server";
import { docCall } from "../http.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/public/docs/getDocBySlug {slug}: a published collection, its restricted records left out for
 * viewers without access (`hidden` counts them); 404 once unpublished. On /api/auth/docs/ the signed-in
 * user also gets their own collections by id.
 */
export async function action(args: Route.ActionArgs) {
  const { context, url } = args;
  if (url.pathname.startsWith("/api/auth/") && context.viewer.kind !== "user")
    return Response.json({ error: { code: 401, message: "Unauthorized" } }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return docCall("bySlug", args, (context, url, body, own) =>
    parsedCall(body, url, GetDocBySlugSchema, async (input, locale) => {
      const ctx = apiContext(context, locale);
      if (own && CollectionIdSchema.safeParse(input.slug).success) {
        try {
          return ok({ data: collectionWithItemsJson(await getCollection(ctx, input.slug)) });
        } catch (err) {
          // not theirs (or not there): perhaps a published one by that slug
          if (!isRefusal(err) || err.status !== 404) throw err;
        }
      }
      return ok({ data: publishedJson(await getPublishedCollection(ctx, input.slug)) });
    }),
  );
}

export const loader = methodNotAllowed;
