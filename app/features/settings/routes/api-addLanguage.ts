import { z } from "zod";
import type { Route } from "./+types/api-addLanguage";
import { translate, type MessageKey } from "~/i18n";
import { isUiLocale, type UiLocale } from "~/lib/locale";
import { readBody } from "~/features/accounts/index.server";
import { setLanguage, SettingsError } from "../settings.server";
import { settingsContext } from "../http.server";

/**
 * POST /api/auth/docs/addLanguage {locale, enabled?} (spec §7's `firebase/addLanguage`, mounted with the other
 * document calls under `docs`; decision 075): ADMIN enables a further interface language of the documented
 * list (`enabled: false` turns one off). 400 for a locale not on the list, 404 without ADMIN, 401 signed out
 * (the route guard), 409 when the languages changed meanwhile. Answers the language list: Italian plus those enabled.
 */
const NO_STORE = { "Cache-Control": "private, no-store" } as const;
const Body = z.object({ locale: z.string().max(10), enabled: z.boolean().optional(), lang: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readBody(request);
  // spec §7: every body carries the caller's locale; `locale` here is the language to add, so messages follow `lang`.
  const ui: UiLocale = isUiLocale(body?.lang) ? body.lang : "it";
  const parsed = Body.safeParse(body);
  if (!parsed.success) return fail(400, translate(ui, "error.badRequest"));
  try {
    const r = await setLanguage(settingsContext(context), parsed.data.locale, parsed.data.enabled ?? true);
    return Response.json(r, { headers: NO_STORE });
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    if (err.code === "conflict") return fail(409, translate(ui, "settings.conflict.title" as MessageKey));
    return fail(400, translate(ui, "settings.error.language" as MessageKey));
  }
}

function fail(status: number, message: string) {
  return Response.json({ error: { code: status, message } }, { status, headers: NO_STORE });
}

export const handle = { capability: "ADMIN" };
