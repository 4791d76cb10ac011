import type { Route } from "./+types/api-change-password";
import { completePasswordReset } from "../reset.server";
import { clientOf, jsonFailure, jsonMessage, localeOf, methodNotAllowed, readFields } from "../http.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/public/change_password {token, password, confirmation?, locale?} (spec §7): completes a reset.
 * 200 'Password cambiata'; 406 for a spent, expired or unknown link; 400 with the rule's message or
 * 'Le password non corrispondono'.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const fields = await readFields(request);
  const locale = localeOf(fields);
  if (!fields) return jsonFailure(locale, 400, "password.error");
  const result = await completePasswordReset(
    { database: context.database },
    {
      token: fields?.token ?? "",
      password: fields?.password ?? "",
      confirmation: fields?.confirmation,
      address: clientOf(context).address,
    },
  );
  if (result.status === "expired") return jsonFailure(locale, 406, "session.expired_reset_password");
  if (result.status === "invalid") return jsonFailure(locale, 400, result.problem);
  return jsonMessage(locale, "password.changed");
}

export const loader = methodNotAllowed;
