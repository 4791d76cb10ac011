import type { Route } from "./+types/auth-oidc-callback";
import { finishOidc, loginWithError } from "../oidc.server";

export const handle = { capability: "PUBLIC" };

/**
 * GET /auth/oidc/callback: the provider's answer. Signed in, the browser goes where it asked to; refused
 * (consent denied, a bad or replayed state, the provider down), back to the login page with the reason.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const result = await finishOidc({ database: context.database }, context.auth, {
    requestUrl: new URL(request.url),
    cookieHeader: request.headers.get("cookie"),
  });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const c of result.setCookies) headers.append("Set-Cookie", c);
  headers.set("Location", result.status === "ok" ? result.location : loginWithError(result.locale, result.reason));
  return new Response(null, { status: 302, headers });
}
