import type { Route } from "./+types/api-backend-upsert";
import { inviteUser, upsertUser } from "../users.server";
import { UpsertUserSchema } from "../users";
import { badJson, invalid, linkOrigin, localeOf, methodNotAllowed, ok, readBody, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/**
 * POST /api/auth/backend/upsert {id?, email, firstName?, lastName?, roles[], disabled?, password?, locale?}:
 * creates a user (no id, 201) or changes one (200). A user created without a password (and not disabled) is
 * mailed an invitation in `locale` (issue 31): `invitation` says whether it went ({sent, locale} or {sent:
 * false, reason}). Bad input answers 400 with field errors and changes nothing; a failed creation says
 * 'Impossibile creare l'utenza' (spec §8).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const body = await readBody(request);
  const locale = localeOf(body, url);
  if (!body) return badJson(locale);
  const creating = !body.id;
  const input = UpsertUserSchema.safeParse(body);
  if (!input.success) return invalid(locale, input.error, creating ? "users.createFailed" : "users.error.invalidForm");
  try {
    const ctx = usersContext(context);
    const { user, created } = await upsertUser(ctx, input.data);
    if (!created) return ok({ user }, 200);
    const invitation =
      input.data.password || user.disabled ? null : await inviteUser(ctx, user.id, { locale, origin: linkOrigin(context) });
    return ok({ user, invitation }, 201);
  } catch (err) {
    return refusal(err, locale, creating);
  }
}

export const loader = () => methodNotAllowed("POST");
