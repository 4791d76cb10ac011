import { redirect } from "react-router";
import type { Route } from "./+types/auth-oidc-start";
import { isLocale } from "~/lib/locale";
import { loginWithError, startOidc } from "../oidc.server";

export const handle = { capability: "PUBLIC" };

/**
 * GET /auth/oidc/start?redirect=<local path>&locale=<it|en|fr>: to the OpenID provider, with a state, nonce
 * and PKCE challenge whose secrets stay on the server (decision 045). Signed-in viewers go straight back.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = isLocale(url.searchParams.get("locale")) ? (url.searchParams.get("locale") as "it" | "en" | "fr") : "it";
  const result = await startOidc({ database: context.database }, context.auth, {
    requestUrl: url,
    redirect: url.searchParams.get("redirect"),
    locale,
  });
  if (result.status !== "ok") throw redirect(loginWithError(locale, result.reason), { headers: { "Cache-Control": "no-store" } });
  throw redirect(result.location, { headers: { "Set-Cookie": result.setCookie, "Cache-Control": "no-store" } });
}
