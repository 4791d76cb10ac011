import type { Route } from "./+types/api-getDocBySlug";
import { getCollection, getPublishedCollection, WorkspaceError } from "../workspace.server";
import { CollectionIdSchema, GetDocBySlugSchema } from "../workspace";
import { getStoryBySlugCall, isStoryBody } from "~/features/stories/api.server";
import { apiContext, collectionWithItemsJson, jsonCall, methodNotAllowed, ok, publishedJson } from "./api-common.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/public/docs/getDocBySlug {slug}: a published collection, its restricted records left out for
 * viewers without access (`hidden` counts them); 404 once unpublished. On /api/auth/docs/ the signed-in
 * user also gets their own collections by id.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const own = url.pathname.startsWith("/api/auth/");
  if (own && context.viewer.kind !== "user")
    return Response.json({ error: { code: 401, message: "Unauthorized" } }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const peek = await request.clone().json().catch(() => null);
  if (isStoryBody(peek)) return getStoryBySlugCall(context, url, peek, own);
  return jsonCall(request, url, GetDocBySlugSchema, async (input, locale) => {
    const ctx = apiContext(context, locale);
    if (own && CollectionIdSchema.safeParse(input.slug).success) {
      try {
        return ok({ data: collectionWithItemsJson(await getCollection(ctx, input.slug)) });
      } catch (err) {
        if (!(err instanceof WorkspaceError && err.code === "notFound")) throw err;
      }
    }
    return ok({ data: publishedJson(await getPublishedCollection(ctx, input.slug)) });
  });
}

export const loader = methodNotAllowed;
