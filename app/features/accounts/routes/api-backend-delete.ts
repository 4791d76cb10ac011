import type { Route } from "./+types/api-backend-delete";
import { deleteUser } from "../users.server";
import { DeleteUserSchema } from "../users";
import { badJson, invalid, localeOf, methodNotAllowed, ok, readBody, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/** POST /api/auth/backend/delete {id}: removes a user (never oneself, never the last active Amministratore). */
export async function action({ request, context, url }: Route.ActionArgs) {
  const body = await readBody(request);
  const locale = localeOf(body, url);
  if (!body) return badJson(locale);
  const input = DeleteUserSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  try {
    await deleteUser(usersContext(context), input.data.id);
    return ok({ ok: true });
  } catch (err) {
    return refusal(err, locale);
  }
}

export const loader = () => methodNotAllowed("POST");
