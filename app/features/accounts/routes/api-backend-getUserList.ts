import type { Route } from "./+types/api-backend-getUserList";
import { listUsers } from "../users.server";
import { UserListSchema } from "../users";
import { invalid, localeOf, ok, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/** GET /api/auth/backend/getUserList?q=&page=&pageSize= (spec §7): one page of users, by address. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(null, url);
  const query = UserListSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return invalid(locale, query.error);
  try {
    return ok(await listUsers(usersContext(context), query.data));
  } catch (err) {
    return refusal(err, locale);
  }
}
