import type { Route } from "./+types/api-backend-upsert";
import { upsertUser } from "../users.server";
import { UpsertUserSchema } from "../users";
import { badJson, invalid, localeOf, methodNotAllowed, ok, readBody, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/**
 * POST /api/auth/backend/upsert {id?, email, firstName?, lastName?, roles[], disabled?, password?, locale?}:
 * creates a user (no id, 201) or changes one (200). Bad input answers 400 with field errors and changes
 * nothing; a failed creation says 'Impossibile creare l'utenza' (spec §8).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const body = await readBody(request);
  const locale = localeOf(body, url);
  if (!body) return badJson(locale);
  const creating = !body.id;
  const input = UpsertUserSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error, creating ? "users.createFailed" : "users.error.invalidForm");
  try {
    const { user, created } = await upsertUser(usersContext(context), input.data);
    return ok({ user }, created ? 201 : 200);
  } catch (err) {
    return refusal(err, locale, creating);
  }
}

export const loader = () => methodNotAllowed("POST");
