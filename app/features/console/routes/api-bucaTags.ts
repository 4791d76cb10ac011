import type { Route } from "./+types/api-bucaTags";
import { dropboxLookup } from "../http.server";
import { dropboxTags } from "../dropbox.server";

export const handle = { capability: "LOGIN_BACKEND" };

/** POST /api/auth/backend/bucaTags {q?, locale} (spec §7): the catalogue's tags matching q, to label an upload with. */
export async function action({ request, context, url }: Route.ActionArgs) {
  return dropboxLookup(request, context, url, dropboxTags);
}

export const loader = () =>
  Response.json({ error: { code: 405, message: "Method Not Allowed" } }, { status: 405, headers: { Allow: "POST" } });
