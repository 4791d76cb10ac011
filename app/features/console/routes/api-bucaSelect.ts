import type { Route } from "./+types/api-bucaSelect";
import { serviceContext } from "~/.server/context";
import { translate } from "~/i18n";
import { isLocale } from "~/lib/locale";
import { BucaSelectSchema } from "../dropbox";
import { dropboxTargets } from "../dropbox.server";

export const handle = { capability: "LOGIN_BACKEND" };

const NO_STORE = { "Cache-Control": "private, no-store" };

/** POST /api/auth/backend/bucaSelect {q?, locale} (spec §7): the targets an upload can be meant for: the catalogue's tables, or records matching q. */
export async function action({ request, context, url }: Route.ActionArgs) {
  let body: unknown = {};
  try {
    const type = request.headers.get("content-type") ?? "";
    body = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    body = null;
  }
  const input = BucaSelectSchema.safeParse(body ?? undefined);
  const locale = isLocale((body as { locale?: unknown } | null)?.locale) ? ((body as { locale: "it" | "en" | "fr" }).locale) : "it";
  if (!input.success) return Response.json({ error: { code: 400, message: translate(locale, "error.badRequest") } }, { status: 400, headers: NO_STORE });
  const ctx = { ...serviceContext(context, url), locale };
  return Response.json({ items: await dropboxTargets(ctx, input.data.q) }, { headers: NO_STORE });
}

export const loader = () => Response.json({ error: { code: 405, message: "Method Not Allowed" } }, { status: 405, headers: { Allow: "POST" } });
