import type { Route } from "./+types/api-getDocs";
import { listCollections, listPublished } from "../workspace.server";
import { GetDocsSchema } from "../workspace";
import { getStoriesCall, isStoryBody } from "~/features/stories/api.server";
import { getMoodboardsCall } from "../moodboards-api.server";
import { apiContext, collectionJson, jsonCall, methodNotAllowed, ok, publishedSummaryJson } from "./api-common.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/{public,auth}/docs/getDocs {collection: "collections", pubblico}: published collections (the
 * public call, or `pubblico: true`); a signed-in user's own with `pubblico: false` on the auth call. Nobody
 * lists another user's private collections (spec §6's listing, kept to what is public).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const own = url.pathname.startsWith("/api/auth/");
  if (own && context.viewer.kind !== "user")
    return Response.json({ error: { code: 401, message: "Unauthorized" } }, { status: 401, headers: { "Cache-Control": "no-store" } });
  const peek = await request.clone().json().catch(() => null);
  if (isStoryBody(peek)) return getStoriesCall(context, url, peek, own);
  if (peek && typeof peek === "object" && (peek as { collection?: unknown }).collection === "moodboards") return getMoodboardsCall(context, url, peek, own);
  return jsonCall(request, url, GetDocsSchema, async (input, locale) => {
    const ctx = apiContext(context, locale);
    if (own && input.pubblico === false) return ok({ data: (await listCollections(ctx)).map(collectionJson) });
    return ok({ data: (await listPublished(ctx)).map(publishedSummaryJson) });
  });
}

export const loader = methodNotAllowed;
