import type { Route } from "./+types/api-edit-password";
import { sessionCookie } from "~/.server/session";
import { changeOwnPassword } from "../reset.server";
import { clientOf, jsonFailure, jsonMessage, localeOf, methodNotAllowed, readFields } from "../http.server";

export const handle = { capability: "CHANGE_PASSWORD" };

/**
 * POST /api/auth/change_password {currentPassword, password, confirmation?, locale?}: the signed-in user
 * changes their own password (the JSON twin of /editPassword). 200 'Password cambiata' with a new session
 * cookie (every other session ends); 400 'La password attuale non è corretta.', the rule's message or
 * 'Le password non corrispondono'; 429 with Retry-After; 404 for SSO users; 401 for visitors (the guard).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const fields = await readFields(request);
  const locale = localeOf(fields);
  if (!fields) return jsonFailure(locale, 400, "password.error");
  const client = clientOf(context);
  const result = await changeOwnPassword(
    { database: context.database },
    {
      userId: context.viewer.userId ?? "",
      current: fields?.currentPassword ?? "",
      password: fields?.password ?? "",
      confirmation: fields?.confirmation,
      ...client,
    },
  );
  switch (result.status) {
    case "notFound":
      return Response.json({ error: { code: 404, message: "Not Found" } }, { status: 404, headers: { "Cache-Control": "no-store" } });
    case "limited":
      return jsonFailure(
        locale,
        429,
        "password.limited",
        { "Retry-After": String(result.retryAfter) },
        { minutes: Math.ceil(result.retryAfter / 60) },
      );
    case "wrong":
      return jsonFailure(locale, 400, "password.wrongCurrent");
    case "invalid":
      return jsonFailure(locale, 400, result.problem);
    case "ok":
      return jsonMessage(locale, "password.changed", {
        headers: { "Set-Cookie": sessionCookie(result.token, result.expiresAt, context.auth?.secure ?? false) },
      });
  }
}

export const loader = methodNotAllowed;
