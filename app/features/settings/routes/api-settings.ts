import { z } from "zod";
import type { Route } from "./+types/api-settings";
import { translate, type MessageKey } from "~/i18n";
import { isLocale, type Locale } from "~/lib/locale";
import { readBody } from "~/features/accounts/index.server";
import { SETTINGS_PAGES } from "../items";
import { settingsMessage } from "../messages";
import { itemHistory, restoreRevision, saveItem, settingsItem, settingsPage, SettingsError } from "../settings.server";
import { settingsContext } from "../http.server";

/**
 * GET /api/auth/backend/settings[?key=&locale=][&history]: the site options as settings items (value, version,
 * who saved it last), or one item's revisions with their differences. POST {key, locale, value, version} saves one; {key, locale, restore, version} restores a
 * revision. 400 with the messages per field, 409 with the current value when `version` is stale, 404 for an
 * unknown item or a viewer without ADMIN (the guard answers 401 to visitors).
 */
const NO_STORE = { "Cache-Control": "private, no-store" } as const;

const localeOf = (v: unknown): Locale => (isLocale(v) ? v : "it");

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = settingsContext(context);
  const locale = localeOf(url.searchParams.get("locale"));
  const key = url.searchParams.get("key");
  try {
    if (key && url.searchParams.has("history")) return Response.json(await itemHistory(ctx, key, locale), { headers: NO_STORE });
    if (key) return Response.json(await settingsItem(ctx, key, locale), { headers: NO_STORE });
    const items = [];
    for (const page of SETTINGS_PAGES) for (const s of await settingsPage(ctx, page, locale)) items.push({ page, ...s });
    return Response.json({ items }, { headers: NO_STORE });
  } catch (err) {
    return refusal(err, locale);
  }
}

const BodySchema = z.object({
  key: z.string().min(1).max(100),
  locale: z.string().optional(),
  version: z.number().int().min(0),
  value: z.unknown().optional(),
  restore: z.number().int().min(1).optional(),
  clear: z.boolean().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = settingsContext(context);
  if (!(request.headers.get("content-type") ?? "").includes("application/json")) return fail(415, "Unsupported Media Type");
  const body = await readBody(request);
  const locale = localeOf(body?.locale);
  const parsed = BodySchema.safeParse(body);
  if (!parsed.success) return fail(400, translate(locale, "error.badRequest"));
  const b = parsed.data;
  try {
    const r =
      b.restore !== undefined
        ? await restoreRevision(ctx, { key: b.key, locale, version: b.restore, expectedVersion: b.version })
        : await saveItem(ctx, { key: b.key, locale, value: b.value, clear: b.clear, expectedVersion: b.version });
    return Response.json(r, { headers: NO_STORE });
  } catch (err) {
    return refusal(err, locale);
  }
}

function fail(status: number, message: string, extra: Record<string, unknown> = {}) {
  return Response.json({ error: { code: status, message, ...extra } }, { status, headers: NO_STORE });
}

function refusal(err: unknown, locale: Locale) {
  if (!(err instanceof SettingsError)) throw err;
  if (err.code === "conflict")
    return fail(409, translate(locale, "settings.conflict.title" as MessageKey), { current: err.detail.conflict });
  const fields = Object.fromEntries(
    Object.entries(err.detail.fields ?? {}).map(([f, list]) => [f, list.map((m) => settingsMessage(locale, m))]),
  );
  return fail(400, translate(locale, "settings.error.summary" as MessageKey), { fields });
}

export const handle = { capability: "ADMIN" };
