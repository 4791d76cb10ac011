import type { Route } from "./+types/api-buca";
import { dropboxUpload, localeParam, outcomeJson } from "../http.server";

export const handle = { capability: "LOGIN_BACKEND" };

/**
 * POST /api/auth/backend/buca (spec §7), multipart: `files` (one or more), `kind` (image | document),
 * `target`, `tags`; the locale as `?locale=` (a form body carries none, spec §7). Staff only (LOGIN_BACKEND).
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const locale = localeParam(url.searchParams.get("locale"));
  if (request.method !== "POST")
    return Response.json({ error: { code: 405, message: "Method Not Allowed" } }, { status: 405, headers: { Allow: "POST" } });
  return outcomeJson(await dropboxUpload(request, context, url), locale);
}

export const loader = () =>
  Response.json({ error: { code: 405, message: "Method Not Allowed" } }, { status: 405, headers: { Allow: "POST" } });
