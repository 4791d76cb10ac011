import type { Route } from "./+types/api-saveUser";
import { savePins } from "../workspace.server";
import { SaveUserSchema } from "../workspace";
import { apiContext, jsonCall, methodNotAllowed, ok, pinStateJson } from "../http.server";

export const handle = { capability: "PRIVATE" };

/**
 * POST /api/auth/docs/saveUser {data: {pins: [{id, table, pinned?}], current?}} (spec §7): pins into (or,
 * with `pinned: false`, out of) the current collection, de-duplicated; `current` chooses that collection.
 * Answers the pin state. With no collection to pin into: 400 'workspace.error.noCollection'.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  return jsonCall(request, url, SaveUserSchema, async (input, locale) =>
    ok({ data: pinStateJson(await savePins(apiContext(context, locale), input.data)) }),
  );
}

export const loader = methodNotAllowed;
