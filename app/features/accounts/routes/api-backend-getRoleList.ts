import type { Route } from "./+types/api-backend-getRoleList";
import { roleList } from "../users.server";
import { localeOf, ok, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/** GET /api/auth/backend/getRoleList (spec §7): the roles, their bits, and whether this viewer may give them. */
export async function loader({ context, url }: Route.LoaderArgs) {
  try {
    return ok({ roles: await roleList(usersContext(context)) });
  } catch (err) {
    return refusal(err, localeOf(null, url));
  }
}
