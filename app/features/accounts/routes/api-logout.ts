import type { Route } from "./+types/api-logout";
import { isUiLocale } from "~/lib/locale";
import { logoutOf } from "../login.server";
import { logoutTarget } from "../redirect";

export const handle = { capability: "PUBLIC" };

/**
 * GET /api/auth/logout (spec §7): the session ends on the server and the browser goes back to `next`, the
 * public page it was on (the account menu gives it only from a public page; a local path only, else the
 * home page of `locale`: issue 31), never to the login page (a JSON client gets {ok: true}). A navigation started by another site is refused: a link elsewhere must
 * not sign anyone out.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return new Response("Forbidden: cross-site request", { status: 403 });
  return logout(request, context, url);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return logout(request, context, url);
}

async function logout(request: Request, context: Route.LoaderArgs["context"], url: URL) {
  const cookie = await logoutOf({ database: context.database, viewer: context.viewer }, context.auth);
  const headers = { "Set-Cookie": cookie, "Cache-Control": "no-store" };
  if (!(request.headers.get("accept") ?? "").includes("text/html")) return Response.json({ ok: true }, { headers });
  const locale = url.searchParams.get("locale");
  const target = logoutTarget(url.searchParams.get("next"), isUiLocale(locale) ? locale : "it");
  return new Response(null, { status: 302, headers: { ...headers, Location: target } });
}
