import type { Route } from "./+types/api-verify-reset-password";
import { checkResetToken } from "../reset.server";
import { jsonFailure, localeOf, methodNotAllowed, readFields } from "../http.server";

export const handle = { capability: "PUBLIC" };

/**
 * POST /api/public/verify_reset_password {token} (spec §7): 200 {valid: true} while the link works; 406
 * 'Link reset password scaduto' when it is unknown, used or expired (spec §8).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const fields = await readFields(request);
  const owner = await checkResetToken({ database: context.database }, fields?.token ?? "");
  if (!owner) return jsonFailure(localeOf(fields), 406, "session.expired_reset_password");
  return Response.json({ valid: true }, { headers: { "Cache-Control": "no-store" } });
}

export const loader = methodNotAllowed;
