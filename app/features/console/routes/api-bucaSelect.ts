import type { Route } from "./+types/api-bucaSelect";
import { dropboxLookup } from "../http.server";
import { dropboxTargets } from "../dropbox.server";

export const handle = { capability: "LOGIN_BACKEND" };

/** POST /api/auth/backend/bucaSelect {q?, locale} (spec §7): the targets an upload can be meant for: the catalogue's tables, or records matching q. */
export async function action({ request, context, url }: Route.ActionArgs) {
  return dropboxLookup(request, context, url, dropboxTargets);
}

export const loader = () =>
  Response.json({ error: { code: 405, message: "Method Not Allowed" } }, { status: 405, headers: { Allow: "POST" } });
