import type { Route } from "./+types/api-reset-password";
import { requestPasswordReset } from "../reset.server";
import { botCheckRefusal, clientOf, jsonFailure, jsonMessage, linkOrigin, localeOf, methodNotAllowed, readFields } from "../http.server";

export const handle = { capability: "PUBLIC" };

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * POST /api/public/reset_password {email, locale?} (spec §7): 200 with 'Controlla la tua email…' for every
 * well-formed address, existing or not (the mail goes out after the reply); 400 for a malformed one; 429
 * with Retry-After past the limits. The bot check (BOT_CHECK, `botToken`) comes first: 400, and no mail.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const fields = await readFields(request);
  const locale = localeOf(fields);
  if (fields) {
    const refused = await botCheckRefusal(context, fields);
    if (refused) return jsonFailure(locale, 400, refused);
  }
  const email = (fields?.email ?? "").trim();
  if (!EMAIL.test(email) || email.length > 320) return jsonFailure(locale, 400, "reset.error");
  const result = await requestPasswordReset(
    { database: context.database },
    {
      email,
      locale,
      origin: linkOrigin(context),
      address: clientOf(context).address,
    },
  );
  if (result.status === "limited")
    return jsonFailure(
      locale,
      429,
      "reset.limited",
      { "Retry-After": String(result.retryAfter) },
      { minutes: Math.ceil(result.retryAfter / 60) },
    );
  return jsonMessage(locale, "reset.sent");
}

export const loader = methodNotAllowed;
