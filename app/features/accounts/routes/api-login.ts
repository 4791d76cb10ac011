import type { Route } from "./+types/api-login";
import { translate } from "~/i18n";
import { isLocale, localizePath } from "~/lib/locale";
import { jsonError } from "~/.server/errors";
import { currentProfile, loginWith } from "../login.server";
import { botCheckRefusal } from "../http.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/public/login {email, password, botToken?, locale?} as JSON or a form: the profile and the session
 * cookie. The bot check (BOT_CHECK, decision 047) comes first: a missing or wrong token is a 400 that counts
 * as nothing else (no failed sign-in, no audit row).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method Not Allowed");
  const type = request.headers.get("content-type") ?? "";
  let body: Record<string, unknown> = {};
  try {
    body = type.includes("application/json")
      ? ((await request.json()) as Record<string, unknown>)
      : Object.fromEntries(await request.formData());
  } catch {
    return jsonError(400, "Bad Request");
  }
  const locale = isLocale(body.locale) ? body.locale : "it";
  const email = typeof body.email === "string" ? body.email : "";
  const password = typeof body.password === "string" ? body.password : "";
  const refused = await botCheckRefusal(context, body);
  if (refused)
    return Response.json(
      { error: { code: 400, message: translate(locale, refused), botCheck: true } },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const { result, setCookie } = await loginWith({ database: context.database }, context.auth, { email, password });
  if (result.status === "limited")
    return Response.json(
      { error: { code: 429, message: translate(locale, "login.limited", { minutes: Math.ceil(result.retryAfter / 60) }) } },
      { status: 429, headers: { "Retry-After": String(result.retryAfter), "Cache-Control": "no-store" } },
    );
  // A second factor is due (decision 046): no session yet; the browser continues at the code page.
  if (result.status === "second_factor")
    return Response.json(
      { secondFactor: { next: `${localizePath("/login/2fa", locale)}` } },
      { status: 202, headers: { "Set-Cookie": setCookie!, "Cache-Control": "no-store" } },
    );
  if (result.status === "failed")
    return Response.json(
      { error: { code: 401, message: translate(locale, "login.errore") } },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  const profile = await currentProfile({ database: context.database, viewer: { ...context.viewer, kind: "user", userId: result.userId } });
  return Response.json({ user: profile }, { headers: { "Set-Cookie": setCookie!, "Cache-Control": "no-store" } });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
