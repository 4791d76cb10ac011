import type { Route } from "./+types/api-getDocs";
import { listCollections, listPublished } from "~/features/workspace/index.server";
import { GetDocsSchema } from "~/features/workspace";
import { apiContext, collectionJson, methodNotAllowed, ok, parsedCall, publishedSummaryJson } from "~/features/workspace/index.server";
import { docCall } from "../http.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/{public,auth}/docs/getDocs {collection: "collections", pubblico}: published collections (the
 * public call, or `pubblico: true`); a signed-in user's own with `pubblico: false` on the auth call. Nobody
 * lists another user's private collections (spec §6's listing, kept to what is public).
 */
export async function action(args: Route.ActionArgs) {
  const { context, url } = args;
  if (url.pathname.startsWith("/api/auth/") && context.viewer.kind !== "user")
    return Response.json({ error: { code: 401, message: "Unauthorized" } }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return docCall("get", args, (context, url, body, own) =>
    parsedCall(body, url, GetDocsSchema, async (input, locale) => {
      const ctx = apiContext(context, locale);
      if (own && input.pubblico === false) return ok({ data: (await listCollections(ctx)).map(collectionJson) });
      return ok({ data: (await listPublished(ctx)).map(publishedSummaryJson) });
    }),
  );
}

export const loader = methodNotAllowed;
