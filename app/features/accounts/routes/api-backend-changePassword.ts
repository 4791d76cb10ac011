import type { Route } from "./+types/api-backend-changePassword";
import { changeUserPassword } from "../users.server";
import { ChangePasswordSchema } from "../users";
import { badJson, invalid, localeOf, methodNotAllowed, ok, readBody, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/** POST /api/auth/backend/changePassword {id, password, confirm?}: sets a user's password; their sessions end. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const body = await readBody(request);
  const locale = localeOf(body, url);
  if (!body) return badJson(locale);
  const input = ChangePasswordSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error);
  try {
    await changeUserPassword(usersContext(context), input.data.id, input.data.password);
    return ok({ ok: true });
  } catch (err) {
    return refusal(err, locale);
  }
}

export const loader = () => methodNotAllowed("POST");
