import type { Route } from "./+types/api-backend-audit";
import { listAudit } from "../users.server";
import { AuditQuerySchema } from "../users";
import { invalid, localeOf, ok, refusal, usersContext } from "../http.server";

export const handle = { capability: "MANAGE_USERS" };

/** GET /api/auth/backend/audit?user=&event=&page=&pageSize=: the audit log, newest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(null, url);
  const query = AuditQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return invalid(locale, query.error);
  try {
    return ok(await listAudit(usersContext(context), query.data));
  } catch (err) {
    return refusal(err, locale);
  }
}
