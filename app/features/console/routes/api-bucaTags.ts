import type { Route } from "./+types/api-bucaTags";
import { serviceContext } from "~/.server/context";
import { translate } from "~/i18n";
import { isLocale } from "~/lib/locale";
import { BucaTagsSchema } from "../dropbox";
import { dropboxTags } from "../dropbox.server";

export const handle = { capability: "LOGIN_BACKEND" };

const NO_STORE = { "Cache-Control": "private, no-store" };

/** POST /api/auth/backend/bucaTags {q?, locale} (spec §7): the catalogue's tags matching q, to label an upload with. */
export async function action({ request, context, url }: Route.ActionArgs) {
  let body: unknown = {};
  try {
    const type = request.headers.get("content-type") ?? "";
    body = type.includes("application/json") ? await request.json() : Object.fromEntries(await request.formData());
  } catch {
    body = null;
  }
  const input = BucaTagsSchema.safeParse(body ?? undefined);
  const locale = isLocale((body as { locale?: unknown } | null)?.locale) ? ((body as { locale: "it" | "en" | "fr" }).locale) : "it";
  if (!input.success) return Response.json({ error: { code: 400, message: translate(locale, "error.badRequest") } }, { status: 400, headers: NO_STORE });
  const ctx = { ...serviceContext(context, url), locale };
  return Response.json({ items: await dropboxTags(ctx, input.data.q) }, { headers: NO_STORE });
}

export const loader = () => Response.json({ error: { code: 405, message: "Method Not Allowed" } }, { status: 405, headers: { Allow: "POST" } });
