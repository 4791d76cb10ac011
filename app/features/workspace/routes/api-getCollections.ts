import { z } from "zod";
import type { Route } from "./+types/api-getCollections";
import { pinState } from "../workspace.server";
import { apiContext, collectionJson, jsonCall, methodNotAllowed, ok } from "../http.server";

export const handle = { capability: "PRIVATE" };

/** POST /api/auth/docs/getCollections {locale}: the user's collections, newest first, and the current one. */
export async function action({ request, context, url }: Route.ActionArgs) {
  return jsonCall(request, url, z.object({ locale: z.string().optional() }), async (_input, locale) => {
    const state = await pinState(apiContext(context, locale));
    return ok({ data: state.collections.map(collectionJson), current: state.current?.id ?? null });
  });
}

export const loader = methodNotAllowed;
